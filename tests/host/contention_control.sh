#!/usr/bin/env bash
# scripts/contention-control's logic (issue 16 item 1), on the openssl backend
# with short windows: all-A on both CPUs, then A and B on one CPU each,
# started together by algbench run --start-at; the printed per-CPU figures
# and the ratio are the result files' own. The CRYPTO_STATS question itself
# needs a stats-on kernel and many CPUs (docs/scaling.md).
. "$(dirname "$0")/../lib.sh"
tap_begin
[ "$(nproc)" -ge 2 ] || skip_all "one CPU: the control needs two"
scratch_dir
CC=$ALGBENCH_TOP/scripts/contention-control

before=$EPOCHREALTIME
rc=0
"$CC" --out out --backend openssl --cpus 2 --seconds 0.02 --warmup 0 --repeats 3 --lead 3 >summary.txt 2>err.txt || rc=$?
check "exits 0" [ "$rc" = 0 ]
check "all-A: cbc(aes) on 2 threads, CPUs 0 and 1" \
	jqok '.results | length == 1 and .[0].alg == "cbc(aes)" and .[0].threads == 2 and
		([.[0].samples[0].per_cpu[].cpu] | sort) == [0, 1]' out/all-A.json
check "half/half: A on CPU 0, B (sha256) on CPU 1, one thread each" sh -c '
	jq -e ".results[0] | .alg == \"cbc(aes)\" and .threads == 1 and .samples[0].per_cpu[0].cpu == 0" out/half-A.json >/dev/null &&
	jq -e ".results[0] | .alg == \"sha256\" and .threads == 1 and .samples[0].per_cpu[0].cpu == 1" out/half-B.json >/dev/null'
check "both halves waited for one start time, after the script began" \
	jqok --argjson b "$before" '.start_at > $b and (.start_at | floor) as $t |
		(.started.half_a | fromdateiso8601) >= $t and (.started.half_b | fromdateiso8601) >= $t' out/contention.json
check "the ratio is half-A's per-CPU median over all-A's, from the files" sh -c '
	a=$(jq ".results[0].mbps.median / .results[0].threads" out/all-A.json)
	h=$(jq ".results[0].mbps.median / .results[0].threads" out/half-A.json)
	jq -e --argjson a "$a" --argjson h "$h" "(.ratio_a_per_cpu - \$h / \$a) | fabs < 1e-9" out/contention.json >/dev/null'
check "the summary prints A per CPU in both cases and the ratio" sh -c '
	grep -Eq "^all-A +cbc\(aes\) on 2 CPUs: [0-9.]+ MB/s per CPU \(cpu0 [0-9.]+, cpu1 [0-9.]+\)$" summary.txt &&
	grep -Eq "^half/half +cbc\(aes\) on 1 CPUs: [0-9.]+ MB/s per CPU \(cpu0 [0-9.]+\)$" summary.txt &&
	grep -Eq "^ratio +A per CPU, half/half over all-A: [0-9.]+ " summary.txt && cmp -s summary.txt out/summary.txt'
check "commands.txt has the three runs with --start-at on both halves" \
	sh -c '[ "$(wc -l <out/commands.txt)" = 3 ] && [ "$(grep -c -- "--start-at" out/commands.txt)" = 2 ]'
names_no_folder "the control wrote no absolute folder (scratch, checkout, build)" out \
	"$dir" "$ALGBENCH_TOP" "$(dirname "$(dirname "$ALGBENCH")")"
expect_status "one CPU is refused" 2 "$CC" --out o2 --backend openssl --cpus 1 2>/dev/null
expect_status "A = B is refused" 2 "$CC" --out o2 --backend openssl --alg-b 'cbc(aes)' 2>/dev/null
expect_status "a job that fails stops the control (exit 2)" 2 \
	"$CC" --out o3 --backend openssl --alg-a nosuchalg --cpus 2 --seconds 0.01 --warmup 0 --repeats 1 2>/dev/null

# Arguments are checked before anything runs, by algbench's own plan.
rc=0
"$CC" --out o4 --backend openssl --cpus 2 --size 1k --seconds 0.01 --warmup 0 --repeats 1 --lead 3 >/dev/null 2>&1 || rc=$?
check "--size 1k is algbench's 1024: the control runs and its figures say 1024" sh -c '
	[ "$0" = 0 ] && jq -e ".size == 1024" o4/contention.json >/dev/null' "$rc"
expect_status "a size algbench refuses stops the control before any run" 2 \
	"$CC" --out o5 --backend openssl --cpus 2 --size 1x 2>/dev/null
check "... nothing ran" [ ! -e o5/all-A.json ]
expect_status "a backend whose every mode would run (kmod without --mode) is refused up front" 2 \
	"$CC" --out o6 --backend kmod --cpus 2 2>/dev/null
check "... nothing ran" [ ! -e o6/commands.txt ]

# SIGTERM while the two pinned halves wait for their start: they are stopped
# too, not left to run.
"$CC" --out o7 --backend openssl --cpus 2 --seconds 0.01 --warmup 0 --repeats 1 --lead 600 >/dev/null 2>&1 &
cc=$!
kids=""
for _ in $(seq 600); do # until both halves are waiting (at most a minute)
	kids=$(pgrep -P "$cc" -x algbench | paste -sd' ')
	[ "$(wc -w <<<"$kids")" = 2 ] && [ "$(wc -l <o7/commands.txt 2>/dev/null)" = 3 ] && break
	sleep 0.1
done
kill -TERM "$cc"
rc=0
wait "$cc" || rc=$?
check "SIGTERM during half/half: exit 143" [ "$rc" = 143 ]
check "... and both pinned runs ($kids) are gone" sh -c '[ -n "$0" ] && for p in $0; do ! kill -0 "$p" 2>/dev/null || exit 1; done' "$kids"
[ -z "$kids" ] || kill -KILL $kids 2>/dev/null # a failed check leaves none behind

expect_status "algbench run --start-at in the past is refused" 2 \
	"$ALGBENCH" run --backend openssl --alg sha256 --start-at 1700000000 --quiet --json /dev/null 2>/dev/null
tap_end
