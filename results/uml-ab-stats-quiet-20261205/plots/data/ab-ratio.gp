do for [t in "pngcairo svg"] {
  if (t eq "svg") { set terminal svg size 1000,284 dynamic font "sans,11"; set output "results/uml-ab-stats-quiet-20261205/plots/ab-ratio.svg" }
  else { set terminal pngcairo size 1000,284 font "sans,10"; set output "results/uml-ab-stats-quiet-20261205/plots/ab-ratio.png" }
  set title "NEW/BASE throughput ratio per job: two-level bootstrap 95% interval, band 1 +- 2%\nred slower, blue faster, green same, grey inconclusive"
  set xlabel "NEW/BASE ratio of medians of boot medians"; set grid x; unset key
  set xrange [0.911052:1.12016]; set yrange [-1:8]; set ytics font ",8" noenhanced
  set object 1 rect from 0.98, graph 0 to 1.02, graph 1 fc rgb "#e4f2e4" fs solid 1.0 noborder behind
  set arrow 1 from 1, graph 0 to 1, graph 1 nohead dt 2
  set palette defined (1 "#d62728", 2 "#1f77b4", 3 "#2ca02c", 4 "#7f7f7f"); set cbrange [1:4]; unset colorbox
  plot "results/uml-ab-stats-quiet-20261205/plots/data/ab-ratio.dat" using 2:1:3:4:5:ytic(6) with xerrorbars pt 7 ps 0.6 lc palette
}
