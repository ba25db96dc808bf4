do for [t in "pngcairo svg"] {
  if (t eq "svg") { set terminal svg size 1000,2352 dynamic font "sans,11"; set output "results/debian-6.1-vs-6.12/deterministic/plots/ab-ratio.svg" }
  else { set terminal pngcairo size 1000,2352 font "sans,10"; set output "results/debian-6.1-vs-6.12/deterministic/plots/ab-ratio.png" }
  set title "NEW/BASE throughput ratio per job, 95% bootstrap interval"
  set xlabel "ratio of medians"; set grid x; unset key
  set yrange [-1:124]; set ytics font ",8" noenhanced
  set arrow 1 from 1, graph 0 to 1, graph 1 nohead dt 2
  plot "results/debian-6.1-vs-6.12/deterministic/plots/data/ab-ratio.dat" using 2:1:3:4:ytic(5) with xerrorbars pt 7 ps 0.6
}
