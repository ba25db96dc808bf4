#!/usr/bin/env bash
# algbench compare on result files built here: verdicts, intervals, exit codes.
. "$(dirname "$0")/../lib.sh"
echo "TAP version 13"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

# job ALG SIZE MBPS...: one result whose samples run 1 s each at the given MB/s.
job() {
	local alg=$1 size=$2; shift 2
	printf '%s\n' "$@" | jq -s --arg alg "$alg" --argjson size "$size" '{
		backend: "afalg", type: "skcipher", alg: $alg, driver: "x", op: "encrypt",
		keylen: 16, size: $size, threads: 1, mode: "sendmsg", kat: "pass",
		samples: map({ops: 1000, bytes: (. * 1000000), ns: 1000000000})}'
}
result() { # result FILE JOB...
	local f=$1; shift
	printf '%s\n' "$@" | jq -s '{schema: "algbench/1", run: {id: "t", host: {kernel: "k"}}, results: .}' >"$f"
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
"$ALGBENCH" compare --threshold 0.5 "$dir/base.json" "$dir/slight.json" --json "$dir/slight5.cmp" >/dev/null
check "1% slower, interval below the 0.5% band: slower" sh -c 'jq -e ".pairs[] | select(.job.alg == \"cbc(aes)\") | .verdict == \"slower\" and .ci95[1] < 0.995" "$0" >/dev/null' "$dir/slight5.cmp"
"$ALGBENCH" compare --threshold 1 "$dir/base.json" "$dir/slight.json" --json "$dir/slight1.cmp" >/dev/null
check "1% slower, interval across the 1% edge: inconclusive" sh -c 'jq -e ".pairs[] | select(.job.alg == \"cbc(aes)\") | .verdict == \"inconclusive\" and .ci95[0] < 0.99 and .ci95[1] > 0.99" "$0" >/dev/null' "$dir/slight1.cmp"
expect_status "job on one side only: exit 2" 2 "$ALGBENCH" compare "$dir/base.json" "$dir/lonely.json"
check "one-sided jobs are listed" sh -c '"$0" compare "$1" "$2" | grep -q "only in new: afalg skcipher xts(aes)"' "$ALGBENCH" "$dir/base.json" "$dir/lonely.json"
check "a 20% threshold lets a 10% change pass" sh -c '"$0" compare --threshold 20 "$1" "$2" >/dev/null' "$ALGBENCH" "$dir/base.json" "$dir/slow.json"
echo '{"schema": "other"}' >"$dir/bad.json"
expect_status "not a result file: exit 2" 2 "$ALGBENCH" compare "$dir/base.json" "$dir/bad.json"
expect_status "missing file: exit 2" 2 "$ALGBENCH" compare "$dir/base.json" "$dir/nope.json"
expect_status "bad threshold: exit 2" 2 "$ALGBENCH" compare --threshold abc "$dir/base.json" "$dir/same.json"
# an empty value is no number (it was taken as 0: issue 11, defect 19)
expect_status "--threshold '': exit 2, not a threshold of 0" 2 "$ALGBENCH" compare --threshold "" "$dir/base.json" "$dir/same.json"
"$ALGBENCH" compare "$dir/base.json" "$dir/slow.json" --json "$dir/plot.cmp" >/dev/null
check "plot: charts from results and a comparison" "$ALGBENCH" plot "$dir/base.json" "$dir/slow.json" --compare "$dir/plot.cmp" --out "$dir/charts"
check "plot: PNG files are PNG" sh -c 'for f in "$0"/cbc_aes_-size.png "$0"/ab-ratio.png; do head -c 8 "$f" | od -An -c | grep -q "P   N   G" || exit 1; done' "$dir/charts"
check "plot: SVG files are SVG" grep -q '<svg' "$dir/charts/ab-ratio.svg" "$dir/charts/cbc_aes_-threads.svg"
expect_status "plot: no --out is a usage error" 2 "$ALGBENCH" plot "$dir/base.json"
tap_end
