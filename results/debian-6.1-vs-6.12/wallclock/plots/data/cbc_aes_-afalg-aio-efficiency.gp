do for [t in "pngcairo svg"] {
  if (t eq "svg") { set terminal svg size 1000,764 dynamic font "sans,11"; set output "../cbc_aes_-afalg-aio-efficiency.svg" }
  else { set terminal pngcairo size 1000,764 font "sans,10"; set output "../cbc_aes_-afalg-aio-efficiency.png" }
  set key outside below center horizontal maxcols 2 samplen 4 spacing 1.1 font ",9" noenhanced
  set lmargin 12; set rmargin 4
  set title "cbc(aes) afalg aio: scaling efficiency T(N)/(N*T(1)) of the median, 1 = perfect\nBASE 6.1.0-57-amd64 (solid) against NEW 6.12.118+deb12-amd64 (dashed)\n2 vCPUs under TCG, each a host thread (the host's CPUs are not recorded)" noenhanced
  set xlabel "threads"; set ylabel "efficiency"; set grid
  set logscale x 2; set xtics 1, 2; set yrange [0:*]
  plot "cbc_aes_-afalg-aio-threads.dat" index 0 using 1:5 with linespoints lw 1.5 ps 1.1 dt 1 pt 7 lc rgb "#0072B2" title columnheader(1), \
       "cbc_aes_-afalg-aio-threads.dat" index 1 using 1:5 with linespoints lw 1.5 ps 1.1 dt 2 pt 7 lc rgb "#0072B2" title columnheader(1), \
       "cbc_aes_-afalg-aio-threads.dat" index 2 using 1:5 with linespoints lw 1.5 ps 1.1 dt 1 pt 5 lc rgb "#D55E00" title columnheader(1), \
       "cbc_aes_-afalg-aio-threads.dat" index 3 using 1:5 with linespoints lw 1.5 ps 1.1 dt 2 pt 5 lc rgb "#D55E00" title columnheader(1), \
       "cbc_aes_-afalg-aio-threads.dat" index 4 using 1:5 with linespoints lw 1.5 ps 1.1 dt 1 pt 9 lc rgb "#009E73" title columnheader(1), \
       "cbc_aes_-afalg-aio-threads.dat" index 5 using 1:5 with linespoints lw 1.5 ps 1.1 dt 2 pt 9 lc rgb "#009E73" title columnheader(1), \
       "cbc_aes_-afalg-aio-threads.dat" index 6 using 1:5 with linespoints lw 1.5 ps 1.1 dt 1 pt 11 lc rgb "#CC79A7" title columnheader(1), \
       "cbc_aes_-afalg-aio-threads.dat" index 7 using 1:5 with linespoints lw 1.5 ps 1.1 dt 2 pt 11 lc rgb "#CC79A7" title columnheader(1), \
       "cbc_aes_-afalg-aio-threads.dat" index 8 using 1:5 with linespoints lw 1.5 ps 1.1 dt 1 pt 13 lc rgb "#E69F00" title columnheader(1), \
       "cbc_aes_-afalg-aio-threads.dat" index 9 using 1:5 with linespoints lw 1.5 ps 1.1 dt 2 pt 13 lc rgb "#E69F00" title columnheader(1), \
       "cbc_aes_-afalg-aio-threads.dat" index 10 using 1:5 with linespoints lw 1.5 ps 1.1 dt 1 pt 6 lc rgb "#56B4E9" title columnheader(1), \
       "cbc_aes_-afalg-aio-threads.dat" index 11 using 1:5 with linespoints lw 1.5 ps 1.1 dt 2 pt 6 lc rgb "#56B4E9" title columnheader(1), \
       "cbc_aes_-afalg-aio-threads.dat" index 12 using 1:5 with linespoints lw 1.5 ps 1.1 dt 1 pt 4 lc rgb "#000000" title columnheader(1), \
       "cbc_aes_-afalg-aio-threads.dat" index 13 using 1:5 with linespoints lw 1.5 ps 1.1 dt 2 pt 4 lc rgb "#000000" title columnheader(1), \
       "cbc_aes_-afalg-aio-threads.dat" index 14 using 1:5 with linespoints lw 1.5 ps 1.1 dt 1 pt 8 lc rgb "#888888" title columnheader(1), \
       "cbc_aes_-afalg-aio-threads.dat" index 15 using 1:5 with linespoints lw 1.5 ps 1.1 dt 2 pt 8 lc rgb "#888888" title columnheader(1), \
       1 with lines dt 2 lc rgb "#888888" notitle
}
