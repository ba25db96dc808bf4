do for [t in "pngcairo svg"] {
  if (t eq "svg") { set terminal svg size 1000,696 dynamic font "sans,11"; set output "../xts_aes_-afalg-sendmsg-efficiency.svg" }
  else { set terminal pngcairo size 1000,696 font "sans,10"; set output "../xts_aes_-afalg-sendmsg-efficiency.png" }
  set key outside below center horizontal maxcols 2 samplen 4 spacing 1.1 font ",9" noenhanced
  set lmargin 12; set rmargin 4
  set title "xts(aes) afalg sendmsg: scaling efficiency T(N)/(N*T(1)) of the median, 1 = perfect\nBASE 6.1.0-57-amd64 (solid) against NEW 6.12.118+deb12-amd64 (dashed)\n2 vCPUs under TCG, each a host thread (the host's CPUs are not recorded)" noenhanced
  set xlabel "threads"; set ylabel "efficiency"; set grid
  set logscale x 2; set xtics 1, 2; set yrange [0:*]
  plot "xts_aes_-afalg-sendmsg-threads.dat" index 0 using 1:5 with linespoints lw 1.5 ps 1.1 dt 1 pt 7 lc rgb "#0072B2" title columnheader(1), \
       "xts_aes_-afalg-sendmsg-threads.dat" index 1 using 1:5 with linespoints lw 1.5 ps 1.1 dt 2 pt 7 lc rgb "#0072B2" title columnheader(1), \
       "xts_aes_-afalg-sendmsg-threads.dat" index 2 using 1:5 with linespoints lw 1.5 ps 1.1 dt 1 pt 5 lc rgb "#D55E00" title columnheader(1), \
       "xts_aes_-afalg-sendmsg-threads.dat" index 3 using 1:5 with linespoints lw 1.5 ps 1.1 dt 2 pt 5 lc rgb "#D55E00" title columnheader(1), \
       "xts_aes_-afalg-sendmsg-threads.dat" index 4 using 1:5 with linespoints lw 1.5 ps 1.1 dt 1 pt 9 lc rgb "#009E73" title columnheader(1), \
       "xts_aes_-afalg-sendmsg-threads.dat" index 5 using 1:5 with linespoints lw 1.5 ps 1.1 dt 2 pt 9 lc rgb "#009E73" title columnheader(1), \
       "xts_aes_-afalg-sendmsg-threads.dat" index 6 using 1:5 with linespoints lw 1.5 ps 1.1 dt 1 pt 11 lc rgb "#CC79A7" title columnheader(1), \
       "xts_aes_-afalg-sendmsg-threads.dat" index 7 using 1:5 with linespoints lw 1.5 ps 1.1 dt 2 pt 11 lc rgb "#CC79A7" title columnheader(1), \
       1 with lines dt 2 lc rgb "#888888" notitle
}
