do for [t in "pngcairo svg"] {
  if (t eq "svg") { set terminal svg size 1000,600 dynamic font "sans,11"; set output "../cbc_aes_-threads.svg" }
  else { set terminal pngcairo size 1000,600 font "sans,10"; set output "../cbc_aes_-threads.png" }
  set title "cbc(aes): throughput against threads (median, min-max of samples)" noenhanced
  set xlabel "threads"; set ylabel "MB/s"; set grid; set key outside right noenhanced
  set logscale x 2; set xtics 1, 2; unset logscale y
  plot for [i=0:1] "cbc_aes_-threads.dat" index i using 1:2:3:4 with yerrorlines title columnheader(1)
}
