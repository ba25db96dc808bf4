do for [t in "pngcairo svg"] {
  if (t eq "svg") { set terminal svg size 1000,600 dynamic font "sans,11"; set output "../sha256-efficiency.svg" }
  else { set terminal pngcairo size 1000,600 font "sans,10"; set output "../sha256-efficiency.png" }
  set title "sha256: scaling efficiency T(N)/(N*T(1)) of the median, 1 = perfect" noenhanced
  set xlabel "threads"; set ylabel "efficiency"; set grid; set key outside right noenhanced
  set logscale x 2; set xtics 1, 2; set yrange [0:*]
  plot for [i=0:0] "sha256-threads.dat" index i using 1:5 with linespoints title columnheader(1), 1 with lines dt 2 lc rgb "#888888" notitle
}
