do for [t in "pngcairo svg"] {
  if (t eq "svg") { set terminal svg size 1000,600 dynamic font "sans,11"; set output "results/uml-ab-stats-quiet-20261205/plots/sha256-size.svg" }
  else { set terminal pngcairo size 1000,600 font "sans,10"; set output "results/uml-ab-stats-quiet-20261205/plots/sha256-size.png" }
  set title "sha256: throughput against size (median, min-max of samples)" noenhanced
  set xlabel "bytes per operation"; set ylabel "MB/s"; set grid; set key outside right font ",8" noenhanced
  set logscale x 2; set logscale y
  plot for [i=0:1] "results/uml-ab-stats-quiet-20261205/plots/data/sha256-size.dat" index i using 1:2:3:4 with yerrorlines title columnheader(1)
}
