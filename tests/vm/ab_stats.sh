#!/usr/bin/env bash
# scripts/ab-stats alternates the kernels (ABAB) and merges each side's rounds:
# --rounds auto in deterministic (--icount) mode, whose cap is the 2 rounds
# the range over boots needs, with a stand-in for `algbench run`
# (tests/vm/ab_standin.sh, real AF_ALG digests in the guest): a look after
# each round, the pilot's estimate after the first.
. "$(dirname "$0")/../lib.sh"
tap_begin
out=$(mktemp -d) err=$(mktemp)
trap 'rm -rf "$out" "$err"' EXIT
rc=0
"$ALGBENCH_TOP/scripts/ab-stats" --smp 1 --rounds auto --deterministic --out "$out" \
	--guest-cmd /opt/algbench/tests/vm/ab_standin.sh -- --alg sha256 >/dev/null 2>"$err" || rc=$?
check "ab-stats exits 0 (got $rc)" [ "$rc" = 0 ]
[ "$rc" = 0 ] || sed 's/^/#   /' "$err"
sed 's/^/#   /' "$out/boots.tsv"
order=$(awk -F'\t' 'NR > 1 { printf "%s ", $2 }' "$out/boots.tsv")
check "boots alternate stats-off, stats-on, stats-off, stats-on" [ "$order" = "stats-off stats-on stats-off stats-on " ]
check "every boot ran the release of its variant" \
	awk -F'\t' 'NR > 1 && ($3 !~ ("-algbench-" $2 "$") || $6 != 0) { bad = 1 } END { exit bad }' "$out/boots.tsv"
for v in stats-off stats-on; do
	for k in 1 2; do
		got=$(jq -r '.run.host.kernel' "$out/rounds/$v-r$k.json" 2>/dev/null)
		check "round $k of $v came from a $v kernel ($got)" [ "${got%-algbench-"$v"}" != "$got" ]
	done
done
check "a look after each round; the second, at the cap of 2, stops" \
	awk -F'\t' 'NR == 2 { a = ($1 == 1 && $9 == "-") } NR == 3 { b = ($1 == 2 && $9 != "-") } END { exit !(a && b && NR == 3) }' \
	"$out/looks.tsv"
check "the pilot's estimate after 1 boot a side is written" grep -q "^estimate after 1 boot a side: 1 pair undecided; about 2 boots a side" "$out/estimate.txt"
check "stderr says where it stopped" grep -q "^ab-stats: stopped after 2 boots a side" "$err"
base=$out/base-stats-off.json new=$out/new-stats-on.json
check "BASE is algbench/1 from 2 stats-off boots with crypto_stats n" \
	jqok '.schema == "algbench/1" and .run.ab.variant == "stats-off" and (.run.boots | length) == 2
		and all(.run.boots[]; .run.host.crypto_stats == "n")' "$base"
check "NEW is algbench/1 from 2 stats-on boots with crypto_stats y" \
	jqok '.schema == "algbench/1" and .run.ab.variant == "stats-on" and (.run.boots | length) == 2
		and all(.run.boots[]; .run.host.crypto_stats == "y")' "$new"
check "every boot's guest command got exactly the run arguments (--alg sha256)" \
	jqok -s 'all(.[].run.boots[].run.argv; . == ["--alg", "sha256"])' "$base" "$new"
for f in "$base" "$new"; do
	check "$(basename "$f"): one job with both rounds' 6 samples and a median" \
		jqok '(.results | length) == 1 and .results[0].rounds == 2 and (.results[0].samples | length) == 6
			and ([.results[0].samples[].round] | unique) == [1, 2] and .results[0].mbps.median > 0' "$f"
done
# The folder can move and names no machine (docs/result-json.md, "Paths"):
# commands.txt as typed at the checkout's top, compare.json's sides from OUT.
check "compare.json names the merged files from OUT, judged with the cap of 2" \
	jqok '.base.file == "base-stats-off.json" and .new.file == "new-stats-on.json"
		and .sequential.max_boots == 2 and .sequential.stop' "$out/compare.json"
check "commands.txt names OUT and its rounds as the checkout's top would ($(basename "$out"))" sh -c \
	'grep -qF -- "--out $1 --" "$0" && grep -qF -- "--share $1/rounds --" "$0"' "$out/commands.txt" "$(basename "$out")"
names_no_folder "nothing in OUT names the output folder, the checkout or the build by its absolute path" "$out" \
	"$out" "$ALGBENCH_TOP" "${ALGBENCH_BUILD_DIR:-$ALGBENCH_TOP/build}"
tap_end
