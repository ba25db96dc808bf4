do for [t in "pngcairo svg"] {
  if (t eq "svg") { set terminal svg size 1000,246 dynamic font "sans,11"; set output "../ab-ratio.svg" }
  else { set terminal pngcairo size 1000,246 font "sans,10"; set output "../ab-ratio.png" }
  set title "NEW uml-stats-on / BASE uml-stats-off: throughput ratio per job\ntwo-level bootstrap 95% interval, band 1 +- 2%; off the axis: arrow at the edge, values right" noenhanced
  set xlabel "NEW/BASE ratio of medians of boot medians (log scale)"
  set grid x; set key outside below center horizontal noenhanced
  set lmargin 38; set rmargin 24
  set logscale x; set xrange [0.5:2]; set yrange [2:-1]
  set xtics ("0.5" 0.5, "0.67" 0.6667, "0.8" 0.8, "0.9" 0.9, "1" 1, "1.11" 1.1111, "1.25" 1.25, "1.5" 1.5, "2" 2)
  set ytics font ",8" noenhanced
  set object 1 rect from 0.98, graph 0 to 1.02, graph 1 fc rgb "#cde9dd" fs solid 1.0 noborder behind
  set arrow 1 from 1, graph 0 to 1, graph 1 nohead dt 2 lc rgb "#444444"
  set style arrow 2 head filled size screen 0.012,25 lw 1.5 lc rgb "#000000"
  plot "ab-ratio.dat" using 3:1:($4-$3):(0):ytic(9) with vectors nohead lw 1.5 lc rgb "#777777" notitle, \
       "" using ($6 > 0 ? $3 * 1.1 : NaN):1:($3 - $3 * 1.1):(0) with vectors arrowstyle 2 notitle, \
       "" using ($7 > 0 ? $4 / 1.1 : NaN):1:($4 - $4 / 1.1):(0) with vectors arrowstyle 2 notitle, \
       "" using (2):1:8 with labels left offset 1,0 font ",8" noenhanced notitle, \
       "" using ($5 == 1 ? $2 : NaN):1 with points pt 11 ps 1.3 lc rgb "#D55E00" title "slower", \
       "" using ($5 == 2 ? $2 : NaN):1 with points pt 9 ps 1.3 lc rgb "#0072B2" title "faster", \
       "" using ($5 == 3 ? $2 : NaN):1 with points pt 7 ps 1.3 lc rgb "#009E73" title "same", \
       "" using ($5 == 4 ? $2 : NaN):1 with points pt 6 ps 1.3 lc rgb "#000000" title "inconclusive", \
       keyentry with boxes fs solid 1.0 fc rgb "#cde9dd" title "band (same)"
}
