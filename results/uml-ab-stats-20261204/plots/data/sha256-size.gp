do for [t in "pngcairo svg"] {
  if (t eq "svg") { set terminal svg size 1000,629 dynamic font "sans,11"; set output "../sha256-size.svg" }
  else { set terminal pngcairo size 1000,629 font "sans,10"; set output "../sha256-size.png" }
  set key outside below center horizontal maxcols 2 samplen 4 spacing 1.1 font ",9" noenhanced
  set lmargin 12; set rmargin 4
  set title "sha256: throughput against size (median, min-max of samples)\nBASE uml-stats-off (solid) against NEW uml-stats-on (dashed)" noenhanced
  set xlabel "bytes per operation"; set ylabel "MB/s"; set grid
  set logscale x 2; set logscale y
  plot "sha256-size.dat" index 0 using 1:2:3:4 with yerrorlines lw 1.5 ps 1.1 dt 1 pt 7 lc rgb "#0072B2" title columnheader(1), \
       "sha256-size.dat" index 1 using 1:2:3:4 with yerrorlines lw 1.5 ps 1.1 dt 2 pt 7 lc rgb "#0072B2" title columnheader(1)
}
