do for [t in "pngcairo svg"] {
  if (t eq "svg") { set terminal svg size 1000,680 dynamic font "sans,11"; set output "../gcm_aes_-afalg-sendmsg-size.svg" }
  else { set terminal pngcairo size 1000,680 font "sans,10"; set output "../gcm_aes_-afalg-sendmsg-size.png" }
  set key outside below center horizontal maxcols 2 samplen 4 spacing 1.1 font ",9" noenhanced
  set lmargin 12; set rmargin 4
  set title "gcm(aes) afalg sendmsg: throughput against size (median, min-max of samples)\nBASE 6.1.0-57-amd64 (solid) against NEW 6.12.118+deb12-amd64 (dashed)" noenhanced
  set xlabel "bytes per operation"; set ylabel "MB/s"; set grid
  set logscale x 2; set logscale y
  plot "gcm_aes_-afalg-sendmsg-size.dat" index 0 using 1:2:3:4 with yerrorlines lw 1.5 ps 1.1 dt 1 pt 7 lc rgb "#0072B2" title columnheader(1), \
       "gcm_aes_-afalg-sendmsg-size.dat" index 1 using 1:2:3:4 with yerrorlines lw 1.5 ps 1.1 dt 2 pt 7 lc rgb "#0072B2" title columnheader(1), \
       "gcm_aes_-afalg-sendmsg-size.dat" index 2 using 1:2:3:4 with yerrorlines lw 1.5 ps 1.1 dt 1 pt 5 lc rgb "#D55E00" title columnheader(1), \
       "gcm_aes_-afalg-sendmsg-size.dat" index 3 using 1:2:3:4 with yerrorlines lw 1.5 ps 1.1 dt 2 pt 5 lc rgb "#D55E00" title columnheader(1), \
       "gcm_aes_-afalg-sendmsg-size.dat" index 4 using 1:2:3:4 with yerrorlines lw 1.5 ps 1.1 dt 1 pt 9 lc rgb "#009E73" title columnheader(1), \
       "gcm_aes_-afalg-sendmsg-size.dat" index 5 using 1:2:3:4 with yerrorlines lw 1.5 ps 1.1 dt 2 pt 9 lc rgb "#009E73" title columnheader(1), \
       "gcm_aes_-afalg-sendmsg-size.dat" index 6 using 1:2:3:4 with yerrorlines lw 1.5 ps 1.1 dt 1 pt 11 lc rgb "#CC79A7" title columnheader(1), \
       "gcm_aes_-afalg-sendmsg-size.dat" index 7 using 1:2:3:4 with yerrorlines lw 1.5 ps 1.1 dt 2 pt 11 lc rgb "#CC79A7" title columnheader(1)
}
