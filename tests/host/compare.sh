#!/usr/bin/env bash
# algbench compare on result files built here: verdicts, intervals, exit codes.
. "$(dirname "$0")/../lib.sh"
tap_begin
dir=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$dir"' EXIT

# job ALG SIZE MBPS...: one result whose samples run 1 s each at the given MB/s,
# spread over 5 boots (rounds) as a merged A/B file has them: the boot is the
# unit compare counts.
job() {
	local alg=$1 size=$2; shift 2
	printf '%s\n' "$@" | jq -s --arg alg "$alg" --argjson size "$size" '{
		backend: "afalg", type: "skcipher", alg: $alg, driver: "x", op: "encrypt",
		keylen: 16, size: $size, threads: 1, mode: "sendmsg", kat: "pass",
		samples: (to_entries | map({ops: 1000, bytes: (.value * 1000000), ns: 1000000000,
			round: (.key % 5 + 1)}))}'
}
result() { # result FILE JOB...
	local f=$1; shift
	printf '%s\n' "$@" | jq -s '{schema: "algbench/1", run: {id: "t", host: {kernel: "k"}}, results: .}' >"$f"
	summarised "$f" # compare reads the samples; plot and ab-report the summaries
}
steady="100 101 99 100.5 99.5 100.2 99.8 100.1 99.9 100"
slow="90 91 89 90.5 89.5 90.2 89.8 90.1 89.9 90"
noisy="80 120 95 105 70 130 100 90 110 100"

result "$dir/base.json" "$(job 'cbc(aes)' 4096 $steady)" "$(job 'ctr(aes)' 4096 $steady)"
result "$dir/same.json" "$(job 'cbc(aes)' 4096 $steady)" "$(job 'ctr(aes)' 4096 $steady)"
result "$dir/slow.json" "$(job 'cbc(aes)' 4096 $slow)" "$(job 'ctr(aes)' 4096 $steady)"
result "$dir/noisy.json" "$(job 'cbc(aes)' 4096 $noisy)" "$(job 'ctr(aes)' 4096 $steady)"
slight="99 100 98 99.5 98.5 99.2 98.8 99.1 98.9 99"
result "$dir/slight.json" "$(job 'cbc(aes)' 4096 $slight)" "$(job 'ctr(aes)' 4096 $steady)"
result "$dir/lonely.json" "$(job 'cbc(aes)' 4096 $steady)" "$(job 'xts(aes)' 4096 $steady)"

expect_status "identical runs: exit 0" 0 "$ALGBENCH" compare "$dir/base.json" "$dir/same.json" --json "$dir/same.cmp"
check "identical runs: verdict same" [ "$(jq -r '.pairs[0].verdict' "$dir/same.cmp")" = same ]
expect_status "10% slower: exit 1" 1 "$ALGBENCH" compare "$dir/base.json" "$dir/slow.json" --json "$dir/slow.cmp"
check "10% slower: verdict slower, ratio 0.9" sh -c '[ "$(jq -r ".pairs[] | select(.job.alg == \"cbc(aes)\") | \"\(.verdict) \(.ratio * 1000 | round)\"" "$0")" = "slower 900" ]' "$dir/slow.cmp"
check "10% slower: interval below 1, p < 0.01" sh -c 'jq -e ".pairs[] | select(.job.alg == \"cbc(aes)\") | .ci95[1] < 1 and .p < 0.01" "$0" >/dev/null' "$dir/slow.cmp"
check "unchanged job beside it: same" sh -c 'jq -e ".pairs[] | select(.job.alg == \"ctr(aes)\") | .verdict == \"same\"" "$0" >/dev/null' "$dir/slow.cmp"
expect_status "reversed: faster, exit 0" 0 "$ALGBENCH" compare "$dir/slow.json" "$dir/base.json" --json "$dir/fast.cmp"
check "reversed: verdict faster" sh -c 'jq -e "[.pairs[].verdict] | index(\"faster\") != null" "$0" >/dev/null' "$dir/fast.cmp"
"$ALGBENCH" compare "$dir/base.json" "$dir/noisy.json" --json "$dir/noisy.cmp" >/dev/null
check "CV above 5%: inconclusive, never same" sh -c 'jq -e ".pairs[] | select(.job.alg == \"cbc(aes)\") | .verdict == \"inconclusive\"" "$0" >/dev/null' "$dir/noisy.cmp"
"$ALGBENCH" compare "$dir/base.json" "$dir/slight.json" --json "$dir/slight.cmp" >/dev/null
check "1% slower, interval inside the 2% band: same" sh -c 'jq -e ".pairs[] | select(.job.alg == \"cbc(aes)\") | .verdict == \"same\" and .ci95[0] >= 0.98" "$0" >/dev/null' "$dir/slight.cmp"
# Five boots of two samples: the two-level interval is [0.984, 0.996].
"$ALGBENCH" compare --threshold 0.3 "$dir/base.json" "$dir/slight.json" --json "$dir/slight5.cmp" >/dev/null
check "1% slower, interval below the 0.3% band: slower" sh -c 'jq -e ".pairs[] | select(.job.alg == \"cbc(aes)\") | .verdict == \"slower\" and .ci95[1] < 0.997" "$0" >/dev/null' "$dir/slight5.cmp"
"$ALGBENCH" compare --threshold 1 "$dir/base.json" "$dir/slight.json" --json "$dir/slight1.cmp" >/dev/null
check "1% slower, interval across the 1% edge: inconclusive" sh -c 'jq -e ".pairs[] | select(.job.alg == \"cbc(aes)\") | .verdict == \"inconclusive\" and .ci95[0] < 0.99 and .ci95[1] > 0.99" "$0" >/dev/null' "$dir/slight1.cmp"
expect_status "job on one side only: exit 2" 2 "$ALGBENCH" compare "$dir/base.json" "$dir/lonely.json"
# (on stderr, outside the markdown table: compare.md stays a table)
check "one-sided jobs are listed on stderr, not in the markdown" sh -c '"$0" compare "$1" "$2" 2>&1 >/dev/null | grep -q "only in new: afalg skcipher xts(aes)" && ! "$0" compare "$1" "$2" 2>/dev/null | grep -q "only in"' "$ALGBENCH" "$dir/base.json" "$dir/lonely.json"
check "compare JSON writes alpha as 0.05 (not 0.050000000000000003)" grep -q '"alpha": 0.05,' "$dir/slow.cmp"
check "a 20% threshold lets a 10% change pass" sh -c '"$0" compare --threshold 20 "$1" "$2" >/dev/null' "$ALGBENCH" "$dir/base.json" "$dir/slow.json"
# What scripts/ab-report prints comes from the JSON, computed once here: the
# job key, each side's driver, boot medians of ns/op (ns x threads / ops), the
# median of those, their difference and its range over every pair of boots.
check "pair JSON: key, drivers, 5 boot medians of ns/op a side, delta and its range" jqok '
	.pairs[] | select(.job.alg == "cbc(aes)") | .key == "afalg skcipher cbc(aes) encrypt 16 4096 1 sendmsg"
	and .base.driver == "x" and .new.driver == "x" and (.base.boot_ns_per_op | length) == 5
	and .base.ns_per_op == (.base.boot_ns_per_op | sort | .[2])
	and (.delta_ns_per_op - (.new.ns_per_op - .base.ns_per_op) | fabs) < 1e-9
	and (.delta_ns_per_op_range[0] - ((.new.boot_ns_per_op | min) - (.base.boot_ns_per_op | max)) | fabs) < 1e-9
	and (.delta_ns_per_op_range[1] - ((.new.boot_ns_per_op | max) - (.base.boot_ns_per_op | min)) | fabs) < 1e-9' "$dir/slow.cmp"
ALGBENCH=$ALGBENCH "$ALGBENCH_TOP/scripts/ab-report" --base "$dir/base.json" --new "$dir/slow.json" --out "$dir/abr" >/dev/null
check "ab-report's headline row: drivers, ns/op, delta and range as compare.json has them" grep -qF \
	"| afalg | sendmsg | cbc(aes) | encrypt | 4096 | 1 | x | x | 1000000 | 1000000 | +0 [+0, +0] | 0.9001 | [0.8944, 0.9058] | slower |" \
	"$dir/abr/report.md"
# Strings from a result file reach the terminal and markdown escaped
jq '.results[0].alg = "cbc(aes)\u001b]0;pwned\u0007 <b>|"' "$dir/base.json" >"$dir/esc-a.json"
jq '.results[0].alg = "cbc(aes)\u001b]0;pwned\u0007 <b>|"' "$dir/same.json" >"$dir/esc-b.json"
"$ALGBENCH" compare "$dir/esc-a.json" "$dir/esc-b.json" >"$dir/esc.md" 2>&1
# (a name with control bytes is JSON in the job key: \u001B, its backslash markdown-escaped)
check "an escape sequence in a job name is printed as \\u001B, HTML and '|' escaped" sh -c \
	'! grep -q "$(printf "\033")" "$0" && grep -qF "\"cbc(aes)\\\\u001B]0;pwned\\\\u0007 &lt;b&gt;\|\"" "$0"' "$dir/esc.md"
# The boot is the unit: one run per side is one boot, whatever its samples.
jq '.results[].samples[] |= del(.round)' "$dir/base.json" >"$dir/base1.json"
jq '.results[].samples[] |= del(.round)' "$dir/slow.json" >"$dir/slow1.json"
"$ALGBENCH" compare "$dir/base1.json" "$dir/slow1.json" --json "$dir/one.cmp" >/dev/null
check "one run a side (10 samples, no rounds): inconclusive, 1 vs 1 boots" sh -c 'jq -e "all(.pairs[]; .verdict == \"inconclusive\" and (.reason | test(\"1 vs 1 boots\")) and .base.boots == 1)" "$0" >/dev/null' "$dir/one.cmp"
# Deterministic mode (run.ab.mode): instructions per op, range over boots, no p.
det() { # det FILE NS...: one boot per NS value, 100 ops of 16 B each, ns = NS x 100
	local f=$1; shift
	printf '%s\n' "$@" | jq -s '{schema: "algbench/1", run: {id: "d", ab: {mode: "deterministic"}},
		results: [{backend: "kmod", type: "skcipher", alg: "cbc(aes)", op: "encrypt", keylen: 16,
			size: 16, threads: 1, mode: "sync", kat: "pass",
			samples: (to_entries | map({ops: 100, bytes: 1600, ns: (.value * 100), round: (.key + 1)}))}]}' >"$f"
	summarised "$f"
}
det "$dir/d-off.json" 512 512 512.5
det "$dir/d-on.json" 606 606 605.5
rc=0
"$ALGBENCH" compare "$dir/d-off.json" "$dir/d-on.json" --json "$dir/d.cmp" >"$dir/d.md" || rc=$?
check "deterministic: +94 ns/op (512 -> 606), slower, exit 1 (got $rc)" sh -c '[ "$1" = 1 ] && jq -e ".mode == \"deterministic\" and .pairs[0].verdict == \"slower\" and .pairs[0].delta_ns_per_op == 94 and .pairs[0].p == null and .pairs[0].base.max_boot_dev < 0.001" "$0" >/dev/null' "$dir/d.cmp" "$rc"
# (to 15 significant digits: compare's JSON prints reals so, alpha 0.05 as 0.05)
check "deterministic: the range covers every pair of boots" sh -c 'jq -e "(.pairs[0].ci95[0] - 512 / 606 | fabs) < 1e-12 and (.pairs[0].ci95[1] - 512.5 / 605.5 | fabs) < 1e-12" "$0" >/dev/null' "$dir/d.cmp"
check "deterministic table: ns/op columns" grep -q "| 3/3 | 512.0 | 606.0 | +94.0 |" "$dir/d.md"
det "$dir/d-one.json" 512
"$ALGBENCH" compare "$dir/d-one.json" "$dir/d-on.json" --json "$dir/d1.cmp" >/dev/null
check "deterministic: one boot is too few (needs 2)" sh -c 'jq -e ".pairs[0].verdict == \"inconclusive\" and (.pairs[0].reason | test(\"needs 2\"))" "$0" >/dev/null' "$dir/d1.cmp"
# ab-report --instructions: a wallclock run's ns/op difference over a
# deterministic run's instructions/op difference for the same job: 47 / 94.
for f in w-off w-on; do
	[ $f = w-off ] && v="1000 1001 999 1000.5 999.5" || v="1047 1048 1046 1047.5 1046.5"
	# shellcheck disable=SC2086 # the boots' values are words
	det "$dir/$f.json" $v
	jq 'del(.run.ab)' "$dir/$f.json" >"$dir/$f.tmp" && mv "$dir/$f.tmp" "$dir/$f.json"
done
rc=0
ALGBENCH=$ALGBENCH "$ALGBENCH_TOP/scripts/ab-report" --base "$dir/w-off.json" --new "$dir/w-on.json" --mode wallclock \
	--instructions "$dir/d.cmp" --out "$dir/abi" >/dev/null || rc=$?
check "ab-report --instructions: exit 1, compare's for a slower new side (got $rc)" [ "$rc" = 1 ]
check "ab-report --instructions: +47 ns over +94 instructions is 0.5 ns per instruction" grep -qF \
	"| kmod | sync | cbc(aes) | encrypt | 16 | 1 | ? | +47 | 94 | 0.5 |" "$dir/abi/report.md"
rc=0
# shellcheck disable=SC2034 # err is read by the eval'd check below
err=$(ALGBENCH=$ALGBENCH "$ALGBENCH_TOP/scripts/ab-report" --base "$dir/w-off.json" --new "$dir/w-on.json" \
	--instructions "$dir/slow.cmp" --out "$dir/abi2" 2>&1 >/dev/null) || rc=$?
check "ab-report --instructions with a wallclock comparison: exit 2, says it must be deterministic" \
	eval '[ "$rc" = 2 ] && grep -q "mode must be deterministic" <<<"$err"'
expect_status "deterministic against wallclock: exit 2" 2 "$ALGBENCH" compare "$dir/d-off.json" "$dir/base.json"
echo '{"schema": "other"}' >"$dir/bad.json"
expect_status "not a result file: exit 2" 2 "$ALGBENCH" compare "$dir/base.json" "$dir/bad.json"
expect_status "missing file: exit 2" 2 "$ALGBENCH" compare "$dir/base.json" "$dir/nope.json"
expect_status "bad threshold: exit 2" 2 "$ALGBENCH" compare --threshold abc "$dir/base.json" "$dir/same.json"
# an empty value is no number (it was taken as 0: issue 11, defect 19)
expect_status "--threshold '': exit 2, not a threshold of 0" 2 "$ALGBENCH" compare --threshold "" "$dir/base.json" "$dir/same.json"
"$ALGBENCH" compare "$dir/base.json" "$dir/slow.json" --json "$dir/plot.cmp" >/dev/null
check "plot: charts from results and a comparison" "$ALGBENCH" plot "$dir/base.json" "$dir/slow.json" --compare "$dir/plot.cmp" --out "$dir/charts"
check "plot: PNG files are PNG" sh -c 'head -c 8 "$0"/ab-ratio.png | od -An -c | grep -q "P   N   G"' "$dir/charts"
check "plot: SVG files are SVG" grep -q '<svg' "$dir/charts/ab-ratio.svg"
check "plot: one size and one thread count make no line chart" test ! -e "$dir/charts/cbc_aes_-size.png" -a ! -e "$dir/charts/cbc_aes_-threads.png"
check "plot: the ratio chart draws the band of the comparison's threshold" grep -q "rect from 0.98, graph 0 to 1.02" "$dir/charts/data/ab-ratio.gp"
# Two inputs, two sizes: one line per input, named by its kernel.
result "$dir/k1.json" "$(job 'cbc(aes)' 16 $steady)" "$(job 'cbc(aes)' 4096 $steady)"
result "$dir/k2.json" "$(job 'cbc(aes)' 16 $slow)" "$(job 'cbc(aes)' 4096 $slow)"
jq '.run.host.kernel = "6.1.0-57-amd64"' "$dir/k1.json" >"$dir/k1a.json"
jq '.run.host.kernel = "6.12.118+deb12-amd64"' "$dir/k2.json" >"$dir/k2a.json"
"$ALGBENCH" plot "$dir/k1a.json" "$dir/k2a.json" --out "$dir/two" >/dev/null 2>&1
check "plot: a line per input file, its kernel in the legend" sh -c 'grep -q "^\"6.1.0-57-amd64: afalg sendmsg encrypt k128 t1\"" "$0" && grep -q "^\"6.12.118+deb12-amd64: afalg sendmsg encrypt k128 t1\"" "$0"' "$dir/two/data/cbc_aes_-size.dat"
jq '.run.host.kernel = "x\" ; system(\"touch /tmp/pwned\") ; \""' "$dir/k1.json" >"$dir/k1evil.json"
expect_status "plot: a kernel name gnuplot could run is refused (exit 2)" 2 "$ALGBENCH" plot "$dir/k1evil.json" --out "$dir/evil" 2>/dev/null
expect_status "plot: no --out is a usage error" 2 "$ALGBENCH" plot "$dir/base.json"
# A results folder names no machine's folders (docs/result-json.md, "Paths"):
# compare names each side from the JSON's folder, plot's scripts name their
# data and charts from data/, where they run; moved, the folder re-renders.
check "compare --json names the sides from its folder: base.json, slow.json" \
	jqok '.base.file == "base.json" and .new.file == "slow.json"' "$dir/plot.cmp"
mkdir "$dir/sub"
"$ALGBENCH" compare "$dir/base.json" "$dir/slow.json" --json "$dir/sub/x.cmp" >/dev/null
check "... and from a folder below: ../base.json" jqok '.base.file == "../base.json"' "$dir/sub/x.cmp"
check "... to stdout, from the working directory" sh -c 'cd "$0/sub" && "$1" compare ../base.json "$0/slow.json" --json - 2>/dev/null |
	jq -e ".base.file == \"../base.json\" and .new.file == \"../slow.json\"" >/dev/null' "$dir" "$ALGBENCH"
mv "$dir/charts" "$dir/moved" && rm "$dir/moved/ab-ratio.png"
check "plot's folder, moved, re-renders from data/: cd data && gnuplot ab-ratio.gp" sh -c \
	'cd "$0/data" && gnuplot ab-ratio.gp 2>/dev/null && head -c 8 ../ab-ratio.png | od -An -c | grep -q "P   N   G"' "$dir/moved"
names_no_folder "compare, plot and ab-report wrote no absolute folder (scratch, checkout, build)" "$dir" \
	"$dir" "$ALGBENCH_TOP" "$(dirname "$(dirname "$ALGBENCH")")"
check "ab-report names its inputs from its folder and its command from the checkout's top" sh -c \
	'grep -qF "\`../base.json\`" "$0" && grep -qF -- "--base base.json --new slow.json --out abr " "$0"' "$dir/abr/report.md"
# The sequential rule (compare --sequential MAX): boots jittered by at most
# 1%, two samples each; seqjob ALG LEVEL BOOTS.
seqjob() {
	jq -n --arg alg "$1" --argjson level "$2" --argjson boots "$3" '
		[1.0, 1.01, 0.99, 1.005, 0.995, 1.002, 0.998, 1.001, 0.999, 1.003] as $j | {
		backend: "afalg", type: "skcipher", alg: $alg, driver: "x", op: "encrypt",
		keylen: 16, size: 4096, threads: 1, mode: "sendmsg", kat: "pass",
		samples: [range(1; $boots + 1) as $r | range(2) as $k |
			{ops: 1000, bytes: ($level * $j[$r - 1] * (1 + $k / 1000) * 1000000 | floor),
			 ns: 1000000000, round: $r}]}'
}
for n in 5 6 8; do
	result "$dir/sb$n.json" "$(seqjob 'cbc(aes)' 100 $n)"
	result "$dir/sn$n.json" "$(seqjob 'cbc(aes)' 95 $n)"
done
expect_status "sequential, 5% slower, 5 boots a side: exit 0" 0 "$ALGBENCH" compare --sequential 12 "$dir/sb5.json" "$dir/sn5.json" --json "$dir/s5.cmp"
check "... undecided (5 boots can reach no look's level), boot another pair, boots a side that would decide" jqok '
	.pairs[0].verdict == "inconclusive" and .pairs[0].sequential.verdict == "undecided"
	and .sequential.stop == false and .sequential.boots == 5 and .sequential.looks[0].boots == 6
	and (.pairs[0].boots_needed.boots | type) == "number"' "$dir/s5.cmp"
expect_status "sequential, 5% slower, 6 boots a side: slower, exit 1" 1 "$ALGBENCH" compare --sequential 12 "$dir/sb6.json" "$dir/sn6.json" --json "$dir/s6.cmp"
check "... decided at 6 (p 2/924 under the look's level), all decided: stop" jqok '
	.pairs[0].verdict == "slower" and .pairs[0].sequential.decided_at == 6
	and (.pairs[0].sequential.p - 2 / 924 | fabs) < 1e-12
	and .pairs[0].sequential.p <= .sequential.looks[0].level
	and .pairs[0].sequential.interval[1] < 0.98 and .sequential.stop and .sequential.all_decided' "$dir/s6.cmp"
"$ALGBENCH" compare --sequential 12 "$dir/sb8.json" "$dir/sn8.json" --json "$dir/s8.cmp" >/dev/null
check "the looks are replayed from the rounds: 8 boots still say decided at 6" jqok '
	.pairs[0].verdict == "slower" and .pairs[0].sequential.decided_at == 6' "$dir/s8.cmp"
"$ALGBENCH" compare --sequential 12 "$dir/sb8.json" "$dir/sb8.json" --json "$dir/saa.cmp" >/dev/null
check "A/A, 8 boots: same (interval inside the band at a look's level), never slower/faster" jqok '
	.pairs[0].verdict == "same" and .pairs[0].sequential.interval[0] >= 0.98
	and .pairs[0].sequential.interval[1] <= 1.02' "$dir/saa.cmp"
expect_status "more boots than the cap: exit 2" 2 "$ALGBENCH" compare --sequential 6 "$dir/sb8.json" "$dir/sn8.json"
expect_status "--sequential 0: exit 2" 2 "$ALGBENCH" compare --sequential 0 "$dir/sb8.json" "$dir/sn8.json"
"$ALGBENCH" compare --sequential 12 "$dir/d-off.json" "$dir/d-on.json" --json "$dir/dseq.cmp" >/dev/null
check "deterministic --sequential: the range's verdict (slower at 3 boots), stop" jqok '
	.pairs[0].verdict == "slower" and .sequential.stop and .sequential.rule == "deterministic: range over boots"' "$dir/dseq.cmp"
check "fixed rounds by default: no sequential block, verdicts as before" jqok '
	(has("sequential") | not) and .pairs[0].verdict == "slower"' "$dir/slow.cmp"
check "fixed rounds, an inconclusive pair: boots a side that would decide, and its spread" jqok '
	.pairs[] | select(.job.alg == "cbc(aes)") | .boots_needed.boots >= 3 and .boots_needed.noise_log_sd > 0' "$dir/noisy.cmp"
# Host tuning: every boot's governor, turbo, SMT and topology, checked by
# compare (report/tuning.c). The same host: said in the JSON, no warning.
check "one host in every boot: host_tuning same, each side's boot listed, no warning" sh -c '
	jq -e ".host_tuning.same and (.host_tuning.boots | map(.side) == [\"base\", \"new\"])" "$0" >/dev/null &&
	! "$1" compare "$2" "$3" 2>&1 | grep -q WARNING' "$dir/same.cmp" "$ALGBENCH" "$dir/base.json" "$dir/same.json"
# A merged file's boots, one with another governor whose name is markdown
# and HTML: the warning first, the boots' table, the name escaped.
jq '.run.boots = [{round: 1, run: {host: {governor: "performance", turbo: "off", smt: "on", packages: 1, cores: 4}}},
	{round: 2, run: {host: {governor: "<b>x|y</b>", turbo: "off", smt: "on", packages: 1, cores: 4}}}]' \
	"$dir/same.json" >"$dir/tuned.json"
jq '.run.boots = [{round: 1, run: {host: {governor: "performance", turbo: "off", smt: "on", packages: 1, cores: 4}}},
	{round: 2, run: {host: {governor: "performance", turbo: "off", smt: "on", packages: 1, cores: 4}}}]' \
	"$dir/same.json" >"$dir/tuned2.json"
rc=0
"$ALGBENCH" compare "$dir/tuned2.json" "$dir/tuned.json" --json "$dir/tuned.cmp" >"$dir/tuned.md" 2>"$dir/tuned.err" || rc=$?
check "a boot with another governor: exit $rc as before (0), the warning on stderr and first in the markdown" sh -c '
	[ "$0" = 0 ] && grep -q "governor/turbo/SMT/topology differ" "$1" &&
	head -n1 "$2" | grep -q "^\*\*WARNING: the host.s governor/turbo/SMT/topology differ"' "$rc" "$dir/tuned.err" "$dir/tuned.md"
check "... its table lists all 4 boots, the hostile name escaped" sh -c '
	[ "$(grep -c "^| \(base\|new\) | [12] |" "$0")" = 4 ] && ! grep -q "<b>" "$0" && ! grep -q "x|y" "$0"' "$dir/tuned.md"
ALGBENCH=$ALGBENCH "$ALGBENCH_TOP/scripts/ab-report" --base "$dir/tuned2.json" --new "$dir/tuned.json" --out "$dir/abt" >/dev/null
check "ab-report of it: report.md warns of the tuning, as compare.json says" \
	grep -q "^- \*\*WARNING: the host's governor/turbo/SMT/topology differ between boots" "$dir/abt/report.md"
check "ab-report of one host: no such warning" sh -c '! grep -q "governor/turbo/SMT/topology differ" "$0"' "$dir/abr/report.md"
check "... host_tuning in the JSON: not the same, new round 2's governor as the file says" jqok '
	(.host_tuning.same | not) and (.host_tuning.boots | length) == 4
	and .host_tuning.boots[3].governor == "<b>x|y</b>" and .host_tuning.boots[3].cores == 4' "$dir/tuned.cmp"
tap_end
