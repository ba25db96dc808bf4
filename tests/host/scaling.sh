#!/usr/bin/env bash
# Per-CPU samples and scaling (issue 16 item 1): a real run keeps every
# thread's ops, bytes and ns with its CPU, the summary prints T(N)/(N*T(1)),
# plot draws throughput and efficiency against threads, merge keeps per_cpu,
# and files without per_cpu still load in compare, merge, plot and report.
. "$(dirname "$0")/../lib.sh"
tap_begin
scratch_dir

ncpu=$(nproc)
threads=1
[ "$ncpu" -ge 2 ] && threads=1,2
"$ALGBENCH" run --backend openssl --alg 'cbc(aes)' --keys 128 --op encrypt --sizes 1024 \
	--threads "$threads" --seconds 0.02 --warmup 0 --repeats 2 --json run.json >table.txt 2>&1
check "run exits 0" [ $? = 0 ]
check "every sample has one per_cpu entry per thread, each with its CPU, ops > 0" jqok '
	all(.results[]; .threads as $t | all(.samples[]; (.per_cpu | length) == $t and
		([.per_cpu[].cpu] | unique | length) == $t and all(.per_cpu[]; .ops > 0 and .ns > 0)))' run.json
check "per_cpu sums to the sample's ops and bytes" jqok '
	all(.results[].samples[]; .ops == ([.per_cpu[].ops] | add) and .bytes == ([.per_cpu[].bytes] | add))' run.json
check "harness_ns from the second sample on, not on the first" jqok '
	all(.results[]; (.samples[0] | has("harness_ns") | not) and .samples[1].harness_ns > 0)' run.json
# the medians scripts read instead of computing (contention-control, smp-scaling):
# the one median, of an even count the mean of the middle two (2 samples here)
check "per_cpu_mbps: each CPU's median MB/s over the samples, the mean of the middle two" jqok '
	def med: sort | if length % 2 == 1 then .[(length - 1) / 2] else (.[length / 2 - 1] + .[length / 2]) / 2 end;
	all(.results[]; . as $r | (.per_cpu_mbps | length) == .threads and all(.per_cpu_mbps[]; . as $c |
		($r.samples | map(.per_cpu[] | select(.cpu == $c.cpu) | .bytes * 1000 / .ns) | med) as $want
		| (.mbps_median - $want | fabs) <= 1e-9 * $want))' run.json
check "harness_ns_median: the median of the samples' harness_ns" jqok '
	all(.results[]; .harness_ns_median == ([.samples[].harness_ns // empty] | sort | (.[0] + .[-1]) / 2))' run.json
if [ "$ncpu" -ge 2 ]; then
	check "the summary prints the 2-thread efficiency" \
		grep -Eq '^# scaling openssl evp cbc\(aes\) 128-bit encrypt 1024: T\(N\)/\(N\*T\(1\)\) N=2 [0-9]+\.[0-9]{3}$' table.txt
else
	ok "# SKIP one CPU: no 2-thread efficiency"
fi

# threads 1, 2, 4 of one job at 100, 150, 200 MB/s: efficiency 1, 0.75, 0.5
jq -n '{schema: "algbench/1", run: {id: "t", host: {kernel: "k"}}, results: [
	(1, 2, 4) as $t | {backend: "kmod", type: "skcipher", alg: "cbc(aes)", driver: "x",
	  op: "encrypt", keylen: 16, size: 4096, threads: $t, mode: "sync", kat: "pass", status: "ok", mbps: {median: ({"1": 100, "2": 150, "4": 200}[$t | tostring])},
	  samples: [range(3) | {ops: 10, bytes: ({"1": 100, "2": 150, "4": 200}[$t | tostring] * 1000000),
	    ns: 1000000000, per_cpu: [range($t) as $c | {cpu: $c, ops: 1, bytes: 1, ns: 1}]}]}]}' >scale.json
summarised scale.json
"$ALGBENCH" plot scale.json --out p >plot.txt 2>&1
check "plot: size chart skipped (one size), threads and efficiency drawn" grep -qx "plot: 2 charts (PNG and SVG) in p" plot.txt
check "efficiency chart is a PNG" sh -c 'head -c 8 p/cbc_aes_-efficiency.png | od -An -c | grep -q "P   N   G"'
check "efficiency data: 1 at 1 thread, 0.75 at 2, 0.5 at 4" \
	sh -c 'awk "NF==5 {printf \"%s=%s \", \$1, \$5}" p/data/cbc_aes_-threads.dat | grep -qx "1=1 2=0.75 4=0.5 "'
check "efficiency script: log2 x, integer ticks" grep -q 'set logscale x 2; set xtics 1, 2' p/data/cbc_aes_-efficiency.gp
jq '.results |= map(select(.threads > 1))' scale.json >no1.json
"$ALGBENCH" plot no1.json --out p2 >plot2.txt 2>&1
check "without a 1-thread result: threads chart only, no efficiency" \
	sh -c 'grep -qx "plot: 1 charts (PNG and SVG) in p2" plot2.txt && [ ! -e p2/cbc_aes_-efficiency.png ]'
jq '.results[].alg = "x\"; system(\"touch pwned\"); \""' scale.json >evil.json
expect_status "a gnuplot-active alg is still refused" 2 "$ALGBENCH" plot evil.json --out p3 2>/dev/null
check "nothing ran" [ ! -e pwned ]

"$ALGBENCH" merge --out merged.json scale.json scale.json >/dev/null 2>&1
check "merge keeps per_cpu in every sample" jqok '
	all(.results[]; .threads as $t | (.samples | length) == 6 and all(.samples[]; (.per_cpu | length) == $t))' merged.json

# files from before per_cpu: everything still loads
jq 'del(.results[].samples[].per_cpu)' scale.json >old.json
expect_status "old file: compare" 0 sh -c '"$0" compare old.json scale.json >/dev/null 2>&1' "$ALGBENCH"
expect_status "old file: merge" 0 sh -c '"$0" merge --out m2.json old.json scale.json >/dev/null 2>&1' "$ALGBENCH"
expect_status "old file: plot" 0 sh -c '"$0" plot old.json --out p4 >/dev/null 2>&1' "$ALGBENCH"
expect_status "old file: report" 0 sh -c '"$0" report old.json --out r >/dev/null 2>&1' "$ALGBENCH"
tap_end
