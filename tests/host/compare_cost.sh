#!/usr/bin/env bash
# algbench compare's cost is bounded (docs/statistics.md): the shapes that
# took minutes (one job over 20,000 boots: 240 s; 20,000 jobs of one boot
# each: 58 s) finish with the verdicts they had, and the work each pair did
# is the one stated: no resampling for a pair too few boots can judge, and
# bootstrap iterations x values per iteration within the pair's share of the
# budget, never below the floor. No clock is read: ctest's timeout is the limit.
. "$(dirname "$0")/../lib.sh"
tap_begin
scratch_dir

# rounds FILE N MBPS: one job over N boots, one sample each
rounds() {
	jq -n --argjson n "$2" --argjson v "$3" '{schema: "algbench/1", run: {id: "r"}, results: [{
		backend: "afalg", type: "skcipher", alg: "cbc(aes)", driver: "d", op: "encrypt",
		keylen: 16, size: 4096, threads: 1, mode: "sendmsg", kat: "pass",
		samples: [range($n) | {ops: 1000, bytes: ($v * 1000000 * (1 + (. % 7) / 1000)),
			ns: 1000000000, round: (. + 1)}]}]}' >"$1"
}
rounds base.json 20000 100
rounds same.json 20000 100
rounds slow.json 20000 90
expect_status "1 job x 20,000 boots, identical sides: exit 0" 0 quiet "$ALGBENCH" compare base.json same.json --json same.cmp
check "... verdict same (as before the bound)" jqok '.pairs[0].verdict == "same"' same.cmp
# values per iteration: 20,000 units + 20,000 samples a side = 80,000, so the
# budget (5e7 a pair) allows 625 iterations: the floor, 1,000, applies
check "... 1,000 bootstrap iterations (the floor: 80,000 values each), not 10,000" \
	jqok '.pairs[0].bootstrap_iterations == 1000' same.cmp
expect_status "1 job x 20,000 boots, NEW 10% slower: exit 1" 1 quiet "$ALGBENCH" compare base.json slow.json --json slow.cmp
check "... verdict slower, interval below 1" jqok '.pairs[0].verdict == "slower" and .pairs[0].ci95[1] < 1' slow.cmp

# jobs FILE N: N jobs (sizes 1..N), one boot each
jobs() {
	jq -n --argjson n "$2" '{schema: "algbench/1", run: {id: "j"}, results: [range($n) | {
		backend: "afalg", type: "skcipher", alg: "cbc(aes)", driver: "d", op: "encrypt",
		keylen: 16, size: (. + 1), threads: 1, mode: "sendmsg", kat: "pass",
		samples: [range(5) as $s | {ops: 1000, bytes: (100000000 + $s), ns: 1000000000}]}]}' >"$1"
}
jobs jobs-a.json 20000
jobs jobs-b.json 20000
expect_status "20,000 jobs of one boot a side: exit 0 (inconclusive is not slower)" 0 \
	quiet "$ALGBENCH" compare jobs-a.json jobs-b.json --json jobs.cmp
check "... 20,000 pairs, every one inconclusive: 1 vs 1 boots" \
	jqok '(.pairs | length) == 20000 and all(.pairs[]; .verdict == "inconclusive" and (.reason | startswith("1 vs 1 boots")))' jobs.cmp
check "... and none resampled: no bootstrap iteration, no interval, no p" \
	jqok 'all(.pairs[]; .bootstrap_iterations == 0 and .ci95 == [null, null] and .p == null)' jobs.cmp
tap_end
