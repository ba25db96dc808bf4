#!/usr/bin/env bash
# scripts/ab-series --bisect on real kernels, deterministic (--icount): the
# series stats-off, stats-off, stats-on, stats-on (the A/B pair, built by
# scripts/kernel/build-variants and cached), one in-kernel job whose cost
# CONFIG_CRYPTO_STATS raises by about 5% (kmod sync gcm(aes), 16 B). The
# first against the last is slower; the second is good, the third bad, and
# it is named; the fourth kernel is booted only as the last.
. "$(dirname "$0")/../lib.sh"
tap_begin
skip_unless_built algbench.ko
scratch_dir
out=$PWD/series
t0=$SECONDS
"$ALGBENCH_TOP/scripts/ab-series" --kernels stats-off,stats-off,stats-on,stats-on --bisect --rounds 2 \
	--out "$out" -- --backend kmod --mode sync --alg 'gcm(aes)' --keys 128 --sizes 16 --threads 1 \
	--seconds 0.2 --repeats 2 --warmup 0 >log 2>err && rc=0 || rc=$?
check "ab-series --bisect: exit 1, the last is slower ($rc, $((SECONDS - t0)) s)" [ "$rc" = 1 ]
sed 's/^/#   /' err | grep "ab-series: \(bisect\|round\)"
sed 's/^/#   /' "$out/boots.tsv"
check "every kernel booted twice, each the release it is named for" \
	awk -F'\t' 'NR > 1 { n[$2]++; if ($6 != 0 || $3 !~ ("-algbench-" substr($2, 4) "$")) bad = 1 }
		END { exit bad || length(n) != 4 || n["01-stats-off"] != 2 || n["04-stats-on"] != 2 }' "$out/boots.tsv"
check "the first against the last: encrypt and decrypt slower, by about 5%" \
	jqok '.pairs | length == 2 and all(.[]; .verdict == "slower" and .ratio > 0.9 and .ratio < 0.98)' \
	"$out/steps/bisect-check/compare.json"
check "kernel 2 good, kernel 3 bad" \
	[ "$(awk -F'\t' 'NR > 1 { print $2 ":" $6 }' "$out/bisect.tsv" | paste -sd' ')" = "02-stats-off:good 03-stats-on:bad" ]
check "the first bad kernel named: 03-stats-on" grep -q "^ab-series: bisect: first bad: 03-stats-on;" err
check "the report says it, with the decisions and no chance term" \
	sh -c 'grep -q "^First bad kernel: \*\*03-stats-on\*\*" "$0" && grep -q "^3 decisions by compare.s rule. Deterministic" "$0"' \
	"$out/report.md"
names_no_folder "the series folder names no absolute folder (scratch, checkout)" "$out" "$PWD" "$ALGBENCH_TOP"
tap_end
