#!/usr/bin/env bash
# scripts/ab-series without a VM: --dry-run lists Debian's ABI ranges from
# apt (upstream version, headers, the plan); bad ranges and lists are
# refused with exit 2 before anything runs; --merge over synthetic rounds of
# four kernels (the third 6% slower, deterministic) finds the one step that
# moved and no other, compares only the jobs both kernels ran, and reports.
. "$(dirname "$0")/../lib.sh"
tap_begin
S=$ALGBENCH_TOP/scripts/ab-series
scratch_dir

# Refusals, each before any download, build or boot.
refused() { # NAME WANT ARGS...
	local name=$1 want=$2 rc=0
	shift 2
	"$S" "$@" >/dev/null 2>err || rc=$?
	check "$name: exit 2 ($rc), says '$want'" sh -c '[ "$0" = 2 ] && grep -qF -- "$1" err' "$rc" "$want"
}
refused "no --kernels" "--kernels LIST is needed" --dry-run
refused "one kernel" "names 1 kernel; a series needs two at least" --kernels stats-off --dry-run
refused "an empty item" "an empty item" --kernels stats-off,,stats-on --dry-run
refused "a range across series" "a range is debian:6.1.0-N..6.1.0-M or debian:6.12.N..6.12.M" --kernels debian:6.1.0-47..6.12.118 --dry-run
refused "--rounds 0" "is not a number of boots per kernel" --kernels stats-off,stats-on --rounds 0 --dry-run
refused "--merge without --out" "--merge needs --out DIR" --kernels stats-off,stats-on --merge
refused "a UML kernel beside a QEMU one" "a User-Mode Linux kernel is in a series of UML kernels only" --kernels uml-stats-off,stats-on --dry-run
refused "UML kernels with --deterministic" "UML kernels run in host time: --deterministic is QEMU's -icount" --kernels uml-stats-off,uml-stats-on --deterministic --dry-run

# Debian's ABIs come from apt: checked where apt knows them.
if apt-cache show linux-image-6.1.0-57-amd64 >/dev/null 2>&1 && apt-cache show linux-image-6.1.0-47-amd64 >/dev/null 2>&1; then
	refused "a reversed range" "runs from the older ABI to the newer (57 is not before 47)" --kernels debian:6.1.0-57..6.1.0-47 --dry-run
	refused "an unknown ABI" "apt has no linux-image-6.1.0-999-amd64 (unknown ABI" --kernels debian:6.1.0-47..6.1.0-999 --dry-run
	"$S" --kernels debian:6.1.0-47..6.1.0-57 --dry-run >dry 2>err && rc=0 || rc=$?
	sed 's/^/#   /' dry
	check "--dry-run of 6.1.0-47..57: exit 0 ($rc), a row per ABI apt has, in order" \
		sh -c '[ "$0" = 0 ] && awk "NR > 1 && /debian:6.1.0-/ { print \$3 }" dry | sort -c -V && [ "$(grep -c "debian:6.1.0-" dry)" -ge 2 ]' "$rc"
	check "... each with its Debian version and upstream release" \
		grep -qE '^1 +01-6\.1\.0-47-amd64 +debian:6\.1\.0-47-amd64 +6\.1\.[0-9]+-[0-9]+ +6\.1\.[0-9]+ +(yes|no)' dry
	check "... the plan: kernels x 2 boots, deterministic, minutes" grep -qE '^plan: [0-9]+ kernels x 2 boots = [0-9]+ boots, deterministic; about [0-9]+ min' dry
else
	skip "Debian 6.1 ranges" "apt knows no linux-image-6.1.0-47/57-amd64 (run apt-get update)"
fi

# --merge: four kernels' rounds as a run leaves them, no VM. ns per op:
# kernels 1 and 2 at 1000, 3 and 4 at 1060 (5.7% slower throughput); kernel
# 3 also ran a job the others did not (compared nowhere, listed).
out=$PWD/series
mkdir -p "$out/rounds"
printf 'round\tvariant\trelease\tmode\twall_s\texit\n' >"$out/boots.tsv"
round() { # LABEL K NS [EXTRA]
	jq -n --arg v "$1" --argjson k "$2" --argjson ns "$3" --arg extra "${4:-}" '
		def job($alg): { backend: "kmod", type: "aead", alg: $alg, driver: "d", op: "encrypt",
			keylen: 16, size: 16, threads: 1, mode: "sync", kat: "pass",
			samples: [ { ops: 1000, bytes: 16000, ns: ($ns * 1000) }, { ops: 1000, bytes: 16000, ns: ($ns * 1000) } ] };
		{ schema: "algbench/1", run: { id: ($v + "-r" + ($k | tostring)), host: { kernel: $v } },
		  results: ([job("gcm(aes)")] + (if $extra == "" then [] else [job($extra)] end)) }' >"$out/rounds/$1-r$2.json"
	printf '%s\t%s\t%s\tdeterministic\t20\t0\n' "$2" "$1" "$1" >>"$out/boots.tsv"
}
for k in 1 2; do
	round 01-stats-off "$k" 1000
	round 02-stats-off "$k" 1000
	round 03-stats-on "$k" 1060 "ccm(aes)"
	round 04-stats-on "$k" 1060
done
"$S" --kernels stats-off,stats-off,stats-on,stats-on --rounds 2 --merge --out "$out" >/dev/null 2>err && rc=0 || rc=$?
check "--merge: exit 1, a step is slower ($rc)" [ "$rc" = 1 ]
verdicts=$(awk -F'\t' 'NR > 1 { print $1 ":" $8 }' "$out/steps.tsv" | paste -sd' ')
check "steps: 01-02 same, 02-03 slower, 03-04 same, the whole series slower (got: $verdicts)" \
	[ "$verdicts" = "01-02:same 02-03:slower 03-04:same whole:slower" ]
check "the slower step's ratio: 1000/1060" awk -F'\t' '$1 == "02-03" { exit !($5 > 0.9433 && $5 < 0.9435) }' "$out/steps.tsv"
check "the report's one change point is 02-03, with the job" \
	sh -c '[ "$(grep -cE "^### [0-9]+-[0-9]+: " "$0")" = 1 ] && grep -q "^### 02-03: 02-stats-off" "$0" &&
		grep -q "^- kmod sync gcm(aes) encrypt k128 16 B t1: slower, 0.9434" "$0"' "$out/report.md"
check "a job one kernel alone ran is compared nowhere and listed in its steps" \
	sh -c 'grep -q "ccm(aes)" "$0/steps/02-03/only.txt" && grep -q "ccm(aes)" "$0/steps/03-04/only.txt" && ! grep -q "ccm" "$0/steps.tsv"' "$out"
check "built kernels: no changelog, said" grep -q "Not two Debian kernel packages: no changelog to read." "$out/report.md"
check "the chart across the kernels: drawn, the 02-03 step marked slower, the kernels on the axis" \
	sh -c 'test -s "$0/plots/series-gcm_aes_-16-kmod-sync.png" && g="$0/plots/data/series-gcm_aes_-16-kmod-sync.gp" &&
		grep -q "set arrow from 2.5, graph 0 to 2.5, graph 1" "$g" && grep -q "\"slower\" at 2.5" "$g" &&
		[ "$(grep -c "set arrow" "$g")" = 1 ] && grep -q "\"03-stats-on\" 3" "$g"' "$out"
check "the report links it" grep -q "^- \[series-gcm_aes_-16-kmod-sync\](plots/series-gcm_aes_-16-kmod-sync.png)" "$out/report.md"
ab=${ALGBENCH_BUILD_DIR:-$ALGBENCH_TOP/build}/bin/algbench
k=("$out"/kernels/*.json)
"$ab" plot --series --steps "$out/steps/01-02/compare.json" "${k[@]}" --out p1 >/dev/null 2>err && rc=0 || rc=$?
check "plot --series with fewer --steps than steps: exit 2 ($rc), says so" sh -c '[ "$0" = 2 ] && grep -q "4 inputs make 3 steps" err' "$rc"
"$ab" plot --series --xlabels 'a,b,`id`,d' "${k[@]}" --out p2 >/dev/null 2>err && rc=0 || rc=$?
check "plot --series --xlabels with a backtick: exit 2 ($rc), refused" sh -c '[ "$0" = 2 ] && grep -q "could interpret" err' "$rc"
"$ab" plot --steps x.json "${k[@]}" --out p3 >/dev/null 2>err && rc=0 || rc=$?
check "plot --steps without --series: exit 2 ($rc)" sh -c '[ "$0" = 2 ] && grep -q "are for --series" err' "$rc"
names_no_folder "ab-series --merge wrote no absolute folder (scratch, checkout)" "$out" "$PWD" "$ALGBENCH_TOP"
# --rounds auto over the same rounds: deterministic, a look after each
# round from the first; round 1 decides nothing (2 boots a side needed),
# round 2 every step.
"$S" --kernels stats-off,stats-off,stats-on,stats-on --rounds auto --merge --out "$out" >/dev/null 2>err && rc=0 || rc=$?
check "--rounds auto --merge: exit 1 ($rc), the same verdicts" \
	sh -c '[ "$0" = 1 ] && [ "$(awk -F"\t" "NR > 1 { print \$1 \":\" \$8 }" "$1" | paste -sd" ")" = "01-02:same 02-03:slower 03-04:same whole:slower" ]' \
	"$rc" "$out/steps.tsv"
check "... a look after rounds 1 and 2; after 2 no step undecided" \
	sh -c 'grep -q "look after round 1: 3 of 3 steps undecided" "$0" && grep -q "look after round 2: 0 of 3 steps undecided" "$0"' err
check "... the rule in the steps' compare: sequential, cap 2" jqok '.sequential.max_boots == 2' "$out/steps/02-03/compare.json"
check "... commands.txt says --rounds auto --max-rounds 2" grep -q -- "--rounds auto --max-rounds 2 --deterministic --merge" "$out/commands.txt"
refused "--max-rounds without auto" "--max-rounds is the cap of --rounds auto" --kernels stats-off,stats-on --rounds 3 --max-rounds 5 --dry-run

# --bisect over the same rounds (--merge: no boot): the first and the last
# differ, the second is good, the third the first bad.
"$S" --kernels stats-off,stats-off,stats-on,stats-on --rounds 2 --bisect --merge --out "$out" >/dev/null 2>err && rc=0 || rc=$?
check "--bisect: exit 1, the last is slower ($rc)" [ "$rc" = 1 ]
sed 's/^/#   /' err
check "... stderr names the first bad: 03-stats-on" grep -q "^ab-series: bisect: first bad: 03-stats-on;" err
check "... bisect.tsv: kernel 2 good, kernel 3 bad, nothing else booted" \
	[ "$(awk -F'\t' 'NR > 1 { print $2 ":" $6 }' "$out/bisect.tsv" | paste -sd' ')" = "02-stats-off:good 03-stats-on:bad" ]
check "... the report: first bad, last good, 3 decisions, no chance term (deterministic)" \
	sh -c 'grep -q "^First bad kernel: \*\*03-stats-on\*\* (-); the last good: 02-stats-off (-)." "$0" &&
		grep -q "^3 decisions by compare.s rule. Deterministic" "$0"' "$out/report.md"
# a kernel between that is neither: 1015 and 1030 ns a boot straddle the 2% edge
for k in 1 2; do round 05-mixed "$k" $((1000 + 15 * k)); done
mixed=$PWD/mixed
mkdir -p "$mixed/rounds"
cp "$out/rounds/01-stats-off-r"* "$out/rounds/04-stats-on-r"* "$mixed/rounds/"
for k in 1 2; do
	cp "$out/rounds/05-mixed-r$k.json" "$mixed/rounds/02-mixed-r$k.json"
	cp "$out/rounds/01-stats-off-r$k.json" "$mixed/rounds/03-stats-off-r$k.json"
	mv "$mixed/rounds/04-stats-on-r$k.json" "$mixed/rounds/03-stats-on-r$k.json"
	rm -f "$mixed/rounds/03-stats-off-r$k.json"
done
refused "--bisect at an undecided kernel" "bisect: 02-mixed is neither good nor bad at 2 rounds" \
	--kernels stats-off,mixed,stats-on --rounds 2 --bisect --merge --out "$mixed"
"$S" --kernels stats-off,stats-off --rounds 2 --bisect --merge --out "$out" >/dev/null 2>err && rc=0 || rc=$?
check "--bisect where the last moved nothing: exit 0, says so ($rc)" \
	sh -c '[ "$0" = 0 ] && grep -q "moved no job beyond the threshold from 01-stats-off: nothing to bisect" err' "$rc"
# A kernel without headers skips its kmod jobs (status skipped, no
# samples): a step compares what both measured and lists the rest.
skipped=$PWD/skipped
mkdir -p "$skipped/rounds"
for k in 1 2; do
	cp "$out/rounds/03-stats-on-r$k.json" "$skipped/rounds/01-a-r$k.json" # gcm and ccm measured
	jq '.results |= map(if .alg == "gcm(aes)" then .status = "skipped" | .samples = [] else . end)' \
		"$out/rounds/03-stats-on-r$k.json" >"$skipped/rounds/02-b-r$k.json"
done
"$S" --kernels a,b --rounds 2 --merge --out "$skipped" >/dev/null 2>err && rc=0 || rc=$?
check "a job one kernel skipped: exit 0 ($rc), only ccm(aes) compared, gcm(aes) listed as measured on one side" \
	sh -c '[ "$0" = 0 ] && [ "$(cut -f4 "$1/steps.tsv" | grep -c "ccm(aes)")" = 2 ] && ! grep -q "gcm" "$1/steps.tsv" &&
		grep -q "only in BASE: kmod aead gcm(aes)" "$1/steps/01-02/only.txt"' "$rc" "$skipped"
rm "$out/rounds/04-stats-on-r2.json"
refused "--merge with a round missing" "no $out/rounds/04-stats-on-r2.json" --kernels stats-off,stats-off,stats-on,stats-on --rounds 2 --merge --out "$out"
tap_end
