do for [t in "pngcairo svg"] {
  if (t eq "svg") { set terminal svg size 1000,646 dynamic font "sans,11"; set output "../cbc_aes_-efficiency.svg" }
  else { set terminal pngcairo size 1000,646 font "sans,10"; set output "../cbc_aes_-efficiency.png" }
  set key outside below center horizontal maxcols 1 samplen 4 spacing 1.1 font ",9" noenhanced
  set lmargin 12; set rmargin 4
  set title "cbc(aes): scaling efficiency T(N)/(N*T(1)) of the median, 1 = perfect\n64 vCPUs on 2 host CPUs (TCG): past that many threads, this is the host's scheduling" noenhanced
  set xlabel "threads"; set ylabel "efficiency"; set grid
  set logscale x 2; set xtics 1, 2; set yrange [0:*]
  plot "cbc_aes_-threads.dat" index 0 using 1:5 with linespoints lw 1.5 ps 1.1 dt 1 pt 7 lc rgb "#0072B2" title columnheader(1), \
       "cbc_aes_-threads.dat" index 1 using 1:5 with linespoints lw 1.5 ps 1.1 dt 1 pt 5 lc rgb "#D55E00" title columnheader(1), \
       1 with lines dt 2 lc rgb "#888888" notitle
}
