do for [t in "pngcairo svg"] {
  if (t eq "svg") { set terminal svg size 1000,613 dynamic font "sans,11"; set output "../series-sha256-4096-kmod-sync.svg" }
  else { set terminal pngcairo size 1000,613 font "sans,10"; set output "../series-sha256-4096-kmod-sync.png" }
  set key outside below center horizontal maxcols 2 samplen 4 spacing 1.1 font ",9" noenhanced
  set lmargin 12; set rmargin 4
  set title "sha256 4096 B, kmod sync: across 11 kernels\n-icount: guest time counts instructions" noenhanced
  set ylabel "MB/s (median; bars: min..max), guest time"; set grid ytics
  set xrange [0.5:11.5]; set yrange [0:*]
  set xtics rotate by 30 right ("6.1.170-3" 1, "6.1.172-1" 2, "6.1.174-1" 3, "6.1.176-1" 4, "6.1.177-1" 5, "6.1.180-1" 6, "6.1.187-1" 7, "6.1.190-1" 8, "6.1.192-1" 9, "6.1.192-2" 10, "6.1.192-3" 11)
  set bmargin 8
  plot "series-sha256-4096-kmod-sync.dat" index 0 using 1:2:3:4 with yerrorlines lw 2 pt 7 ps 1.2 lc rgb "#0072B2" title "digest t1"
}
