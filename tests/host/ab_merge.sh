#!/usr/bin/env bash
# scripts/ab-stats --merge: each side's rounds become one algbench/1 result per
# job, with every round's samples and medians recomputed over all of them.
. "$(dirname "$0")/../lib.sh"
tap_begin
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
mkdir -p "$out/rounds"
printf 'round\tvariant\trelease\tmode\twall_s\texit\n' >"$out/boots.tsv"
round() { # VARIANT K NS1 NS2: a result file with one job, two 4096-byte samples
	jq -n --arg v "$1" --argjson k "$2" --argjson a "$3" --argjson b "$4" '
		{ schema: "algbench/1", run: { id: ("r" + ($k | tostring)), host: { kernel: ("6.1-algbench-" + $v) } },
		  results: [ { backend: "afalg", type: "hash", alg: "sha256", driver: "sha256-avx2", op: "digest",
			       keylen: 0, size: 4096, threads: 1, mode: "sync", kat: "pass",
			       samples: [ { ops: 1, bytes: 4096, ns: $a }, { ops: 1, bytes: 4096, ns: $b } ] } ] }' \
		>"$out/rounds/$1-r$2.json"
	printf '%s\t%s\t6.1-algbench-%s\thardware\t1\t0\n' "$2" "$1" "$1" >>"$out/boots.tsv"
}
round stats-off 1 1000 2000
round stats-on 1 1000 1000
round stats-off 2 4000 4000
round stats-on 2 2000 2000
rc=0
"$ALGBENCH_TOP/scripts/ab-stats" --merge --rounds 2 --out "$out" >/dev/null 2>&1 || rc=$?
check "ab-stats --merge exits 0 (got $rc)" [ "$rc" = 0 ]
base=$out/base-stats-off.json new=$out/new-stats-on.json
# stats-off MB/s: 4096, 2048, 1024, 1024 -> median 1536; ns/op median 3000.
check "BASE: one job, 4 samples from rounds 1 and 2, median 1536 MB/s, 3000 ns/op" \
	jqok '(.results | length) == 1 and (.results[0].samples | length) == 4 and .results[0].rounds == 2
		and ([.results[0].samples[].round] | unique) == [1, 2] and .results[0].mbps.median == 1536
		and .results[0].mbps.min == 1024 and .results[0].mbps.max == 4096
		and .results[0].ns_per_op_median == 3000' "$base"
check "BASE: run.ab says stats-off, hardware, 2 boots" \
	jqok '.run.ab == { variant: "stats-off", mode: "hardware", smp: 2, rounds: 2 } and (.run.boots | length) == 2' "$base"
check "NEW: median 3072 MB/s over both rounds" jqok '.results[0].mbps.median == 3072' "$new"
# rounds without boots.tsv rows: how they were measured must be said, never assumed
nb=$(mktemp -d)
mkdir -p "$nb/rounds"
cp "$out"/rounds/*.json "$nb/rounds/"
rc=0
err=$("$ALGBENCH_TOP/scripts/ab-stats" --merge --rounds 2 --out "$nb" 2>&1 >/dev/null) || rc=$?
check "--merge without boots.tsv rows and without a mode: exit 2, asks for --wallclock or --deterministic (exit $rc)" \
	sh -c '[ "$0" = 2 ] && echo "$1" | grep -q -- "--merge --wallclock" && [ ! -e "$2/base-stats-off.json" ]' "$rc" "$err" "$nb"
rc=0
"$ALGBENCH_TOP/scripts/ab-stats" --merge --wallclock --rounds 2 --out "$nb" >/dev/null 2>&1 || rc=$?
check "... with --wallclock: merged as wallclock, compare gives a p (exit $rc)" \
	jqok '.mode == "wallclock" and (.pairs[0].few_samples or .pairs[0].p != null)' "$nb/compare.json"
rm -rf "$nb"
rm "$out/rounds/stats-on-r2.json"
expect_status "a missing round is an error (exit 2)" 2 "$ALGBENCH_TOP/scripts/ab-stats" --merge --rounds 2 --out "$out" 2>/dev/null
expect_status "--here on a kernel that is no variant is an error (exit 2)" 2 \
	"$ALGBENCH_TOP/scripts/ab-stats" --here 1 --out "$out" 2>/dev/null

# Any two kernels: --base/--new name the sides; files are called by label.
# Two threads: ns/op is ns*threads/ops (one op's latency on one thread), as
# bench/core/stats.c computes it, and cycles per byte survive the merge.
gen=$(mktemp -d)
mkdir -p "$gen/rounds"
printf 'round\tvariant\trelease\tmode\twall_s\texit\n' >"$gen/boots.tsv"
for side in 6.1.0-50-amd64 6.1.0-53-amd64; do
	jq -n --arg v "$side" '
		{ schema: "algbench/1", run: { id: "r1", host: { kernel: $v } },
		  results: [ { backend: "kmod", type: "aead", alg: "gcm(aes)", driver: "generic-gcm-aesni", op: "encrypt",
			       keylen: 16, size: 16, threads: 2, mode: "sync", kat: "pass",
			       samples: [ { ops: 100, bytes: 1600, ns: 50000, cycles: 3200 } ] } ] }' >"$gen/rounds/$side-r1.json"
	printf '1\t%s\t%s\thardware\t1\t0\n' "$side" "$side" >>"$gen/boots.tsv"
done
rc=0
"$ALGBENCH_TOP/scripts/ab-stats" --base 6.1.0-50-amd64 --new 6.1.0-53-amd64 --merge --rounds 1 --out "$gen" >/dev/null 2>&1 || rc=$?
check "--base/--new --merge exits 0 (got $rc)" [ "$rc" = 0 ]
check "the sides are named by label: base-6.1.0-50-amd64.json, new-6.1.0-53-amd64.json" \
	test -s "$gen/base-6.1.0-50-amd64.json" -a -s "$gen/new-6.1.0-53-amd64.json"
check "2 threads: ns/op 1000 (50000 ns * 2 threads / 100 ops), 2 cycles/B" \
	jqok '.results[0].ns_per_op_median == 1000 and .results[0].cycles_per_byte == 2' "$gen/base-6.1.0-50-amd64.json"
# --here with named kernels: the side is the one whose name is uname -r.
cat >"$gen/fake-run" <<'EOF2'
#!/bin/sh
# called as: fake-run run ARGS... --out FILE
for a; do last=$a; done
echo '{"schema":"algbench/1","run":{},"results":[]}' >"$last"
EOF2
chmod +x "$gen/fake-run"
rc=0
"$ALGBENCH_TOP/scripts/ab-stats" --base "$(uname -r)" --new other-kernel --here 1 --out "$gen" \
	--guest-cmd "$gen/fake-run" -- --backend openssl >/dev/null 2>&1 || rc=$?
check "--here with --base naming the running kernel writes rounds/$(uname -r)-r1.json (exit $rc)" \
	test "$rc" = 0 -a -s "$gen/rounds/$(uname -r)-r1.json"
expect_status "--here on a kernel neither --base nor --new names is an error (exit 2)" 2 \
	"$ALGBENCH_TOP/scripts/ab-stats" --base k1 --new k2 --here 1 --out "$gen" --guest-cmd "$gen/fake-run" 2>/dev/null
# --trace new: one kernel, probes on for the NEW side only. The stand-in
# records its arguments and, when it got --trace, carries counters as
# `algbench run --trace` does; DROP_TRACE=1 makes it forget them.
cat >"$gen/trace-run" <<'EOF2'
#!/bin/sh
# called as: trace-run run [--trace] ARGS... --out FILE
shift
trace=null
[ "$1" = --trace ] && [ -z "$DROP_TRACE" ] && trace='{"mode":"fprobe","drivers":[]}'
argv=$(for a; do [ "$a" = --out ] && break; printf '%s\n' "$a"; done | jq -R . | jq -sc .)
for a; do last=$a; done
jq -n --argjson trace "$trace" --argjson argv "$argv" '
	{ schema: "algbench/1", run: { id: "t", argv: $argv, host: { kernel: "k" } },
	  results: [ { backend: "afalg", type: "hash", alg: "sha256", driver: "sha256-generic", op: "digest",
		       keylen: 0, size: 16, threads: 1, mode: "sendmsg", kat: "pass",
		       samples: [ { ops: 10, bytes: 160, ns: 1000 } ] } | if $trace then .trace = $trace else . end ] }' >"$last"
EOF2
chmod +x "$gen/trace-run"
tr=$gen/trace rel=$(uname -r)
rc=0
"$ALGBENCH_TOP/scripts/ab-stats" --base "$rel" --new "$rel" --trace new --here 1 --out "$tr" \
	--guest-cmd "$gen/trace-run" -- --alg sha256 >/dev/null 2>&1 || rc=$?
check "--trace new --here 1 on the one kernel runs both sides (exit $rc): rounds/$rel-r1.json, $rel+trace-r1.json" \
	test "$rc" = 0 -a -s "$tr/rounds/$rel-r1.json" -a -s "$tr/rounds/$rel+trace-r1.json"
check "the base side ran without --trace, the new side with it, before the run arguments" \
	jqok -n --slurpfile b "$tr/rounds/$rel-r1.json" --slurpfile n "$tr/rounds/$rel+trace-r1.json" \
	'($b[0].run.argv | index("--trace")) == null and $n[0].run.argv[0:3] == ["--trace", "--alg", "sha256"]'
check "commands.txt records --trace new" grep -q -- "--trace new" "$tr/commands.txt"
rc=0
"$ALGBENCH_TOP/scripts/ab-stats" --base "$rel" --new "$rel" --trace new --merge --rounds 1 --out "$tr" >/dev/null 2>&1 || rc=$?
check "--trace new --merge names the traced side: new-$rel+trace.json, run.ab.variant $rel+trace (exit $rc)" \
	jqok --arg v "$rel+trace" '.run.ab.variant == $v and .results[0].trace.mode == "fprobe"' "$tr/new-$rel+trace.json"
check "... and the other side base-$rel.json, without counters" \
	jqok '.results[0] | has("trace") | not' "$tr/base-$rel.json"
names_no_folder "ab-stats --here and --merge wrote no absolute folder (scratch, checkout, build)" "$tr" \
	"$gen" "$ALGBENCH_TOP" "$(dirname "$(dirname "$ALGBENCH")")"
rc=0
err=$(DROP_TRACE=1 "$ALGBENCH_TOP/scripts/ab-stats" --base "$rel" --new "$rel" --trace new --here 2 --out "$tr" \
	--guest-cmd "$gen/trace-run" -- --alg sha256 2>&1 >/dev/null) || rc=$?
check "a traced round without trace counters fails, naming the round (exit $rc)" \
	sh -c '[ "$0" = 2 ] && printf "%s" "$1" | grep -q "round 2, .*+trace: a result .* has no trace counters"' "$rc" "$err"
expect_status "--trace with a side other than base or new: exit 2" 2 \
	"$ALGBENCH_TOP/scripts/ab-stats" --trace both --merge --out "$tr" 2>/dev/null
# algbench merge itself: inputs are single runs of algbench/1.
expect_status "merge of an already merged file (samples with a round): exit 2" 2 \
	"$ALGBENCH" merge -o "$gen/x.json" "$gen/base-6.1.0-50-amd64.json" 2>/dev/null
echo '{"schema":"algbench/1","results":[]}' >"$gen/norun.json"
expect_status "merge of a file without a run object: exit 2" 2 "$ALGBENCH" merge -o "$gen/x.json" "$gen/norun.json" 2>/dev/null
jq '.results[0].samples[0].ns = "abc"' "$gen/rounds/6.1.0-50-amd64-r1.json" >"$gen/badns.json"
check "merge names the job and sample of a bad sample, exit 2" sh -c \
	'"$0" merge -o "$1/x.json" "$1/badns.json" 2>&1 >/dev/null | grep -q "job kmod aead gcm(aes) encrypt 16 16 2 sync: sample 0"; [ $? = 0 ] && ! "$0" merge -o "$1/x.json" "$1/badns.json" 2>/dev/null' "$ALGBENCH" "$gen"
expect_status "merge without -o: exit 2" 2 "$ALGBENCH" merge "$gen/rounds/6.1.0-50-amd64-r1.json" 2>/dev/null
check "no file is left where a merge failed" test ! -e "$gen/x.json"
rm -rf "$gen"
tap_end
