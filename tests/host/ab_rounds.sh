#!/usr/bin/env bash
# scripts/ab-stats --rounds auto, without a VM: --look judges the rounds a run
# has so far by compare's sequential rule (the step every look of --rounds
# auto and of scripts/ab-hardware --rounds auto takes), --headline stops on
# the jobs named, --merge --rounds auto judges every round there, --dry-run
# on rounds already there estimates the rest; and the options it refuses.
# The rounds are synthetic: NEW's cbc(aes) 5% slower, sha256 2% slower (on
# the band's edge, which no number of boots decides), each boot jittered by
# at most 1% (a fixed sequence, so the verdicts are fixed).
. "$(dirname "$0")/../lib.sh"
tap_begin
AB=$ALGBENCH_TOP/scripts/ab-stats
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

# rounds OUT K: rounds 1..K of both sides (boots.tsv rows of 30 s each)
rounds() {
	local out=$1 n=$2 k v slow
	mkdir -p "$out/rounds"
	printf 'round\tvariant\trelease\tmode\twall_s\texit\n' >"$out/boots.tsv"
	for k in $(seq 1 "$n"); do
		for v in stats-off stats-on; do
			slow=1
			[ "$v" = stats-off ] || slow=1.05
			jq -n --arg v "$v" --argjson k "$k" --argjson slow "$slow" '
				# a fixed jitter per boot and side, within 1%
				def jit: ((($k * 7 + (if $v == "stats-on" then 3 else 0 end)) % 11) - 5) / 500 + 1;
				def job(alg; size; ns): { backend: "kmod", type: (if alg == "sha256" then "hash" else "skcipher" end),
					alg: alg, driver: (alg + "-generic"), op: (if alg == "sha256" then "digest" else "encrypt" end),
					keylen: (if alg == "sha256" then 0 else 16 end), size: size, threads: 1, mode: "sync", kat: "pass",
					samples: [range(3) as $i | { ops: 100, bytes: (100 * size),
						ns: ((ns * jit * (1 + $i / 1000)) | floor) }] };
				{ schema: "algbench/1", run: { id: ($v + "-r" + ($k | tostring)), host: { kernel: ("6.1-algbench-" + $v) } },
				  results: [ job("cbc(aes)"; 16; 100000 * $slow), job("sha256"; 4096; 2000000 * (1 + ($slow - 1) * 0.4)) ] }' \
				>"$out/rounds/$v-r$k.json"
			printf '%s\t%s\t6.1-algbench-%s\thardware\t30\t0\n' "$k" "$v" "$v" >>"$out/boots.tsv"
		done
	done
}

rounds "$dir/r5" 5
got=$("$AB" --look --max-rounds 12 --out "$dir/r5" 2>"$dir/err5") || got="exit $?"
check "--look at 5 boots a side, cap 12: continue (no look of the rule before 6) (got '$got')" [ "$got" = continue ]
check "... looks.tsv has its row: 5 boots, 2 pairs, none decided" \
	awk -F'\t' 'NR == 2 { ok = ($1 == 5 && $2 == 2 && $3 == 0 && $9 == "-") } END { exit !ok }' "$dir/r5/looks.tsv"
check "... and stderr says what the look saw" grep -q "^ab-stats: look after 5 of at most 12 boots a side: 0 of 2 pairs decided" "$dir/err5"
check "... and leaves no look.json behind" test ! -e "$dir/r5/look.json"

rounds "$dir/r6" 6
got=$("$AB" --look --max-rounds 12 --headline 'cbc(aes)' --out "$dir/r6" 2>/dev/null) || got="exit $?"
check "--look at 6 with --headline cbc(aes): stop, the headline decided (got '$got')" \
	[ "$got" = "stop: every --headline pair decided (1 of them)" ]
check "... looks.tsv: 1 slower, headline 1 of 1" \
	awk -F'\t' 'NR == 2 { ok = ($1 == 6 && $4 == 1 && $7 == 1 && $8 == 1) } END { exit !ok }' "$dir/r6/looks.tsv"
got=$("$AB" --look --out "$dir/r6" 2>/dev/null) || got="exit $?"
check "--look at 6 without --headline: sha256 on the band's edge, continue (got '$got')" [ "$got" = continue ]
got=$("$AB" --look --max-rounds 6 --out "$dir/r6" 2>/dev/null) || got="exit $?"
check "--look at the cap (6 of 6): stop (got '$got')" [ "$got" = "stop: the cap of 6 boots a side" ]

rc=0
err=$("$AB" --look --max-rounds 12 --headline 'cbc(aes),sha265' --out "$dir/r6" 2>&1 >/dev/null) || rc=$?
check "--headline naming no job of the run: exit 2 (got $rc), saying which and the run's algorithms" \
	sh -c '[ "$0" = 2 ] && echo "$1" | grep -qF "no job of this run is of '\''sha265'\'' (its algorithms: cbc(aes),sha256)"' "$rc" "$err"
rc=0
err=$("$AB" --look --max-rounds 12 --headline 'cbc(aes),rfc7539(chacha20,poly1305)' --out "$dir/r6" 2>&1 >/dev/null) || rc=$?
check "--headline splits outside parentheses: rfc7539(chacha20,poly1305) is one name (got $rc)" \
	sh -c '[ "$0" = 2 ] && echo "$1" | grep -qF "no job of this run is of '\''rfc7539(chacha20,poly1305)'\''"' "$rc" "$err"

rc=0
"$AB" --merge --rounds auto --max-rounds 12 --out "$dir/r6" >"$dir/r6/out.md" 2>/dev/null || rc=$?
check "--merge --rounds auto --max-rounds 12: the 6 rounds judged by the rule, cbc(aes) slower: exit 1 (got $rc)" [ "$rc" = 1 ]
check "... compare.json: sequential over 6 boots a side, cbc(aes) slower decided at 6" \
	jqok '.sequential.max_boots == 12 and .sequential.boots == 6
		and ([.pairs[] | select(.job.alg == "cbc(aes)")][0] | .verdict == "slower" and .sequential.decided_at == 6)' \
	"$dir/r6/compare.json"
check "... commands.txt records the merge with its rule" grep -q -- "--rounds 6 --max-rounds 12 --merge --out" "$dir/r6/commands.txt"

rounds "$dir/r2" 2
rc=0
"$AB" --dry-run --wallclock --out "$dir/r2" >/dev/null 2>"$dir/err2" || rc=$?
check "--dry-run on 2 rounds already there: exit 0 (got $rc), no boot" \
	sh -c '[ "$0" = 0 ] && grep -q "judging the 2 rounds already in" "$1"' "$rc" "$dir/err2"
check "... estimate.txt: boots a side and minutes at the 60 s pairs boots.tsv shows" \
	grep -Eq "^estimate after 2 boots a side: 2 pairs undecided; about [0-9]+ boots a side should decide them \([0-9]+ more pairs of boots, about [0-9]+ min at 60 s a pair\)" \
	"$dir/r2/estimate.txt"
check "... and writes no merged verdict (a dry run)" test ! -e "$dir/r2/compare.json"

# what it refuses, each before anything is written
refuse() { # WHAT WORDS ARGS...
	local what=$1 words=$2 rc=0 err
	shift 2
	err=$("$AB" "$@" 2>&1 >/dev/null) || rc=$?
	check "refused: $what (exit $rc)" sh -c '[ "$0" = 2 ] && echo "$1" | grep -qF -- "$2"' "$rc" "$err" "$words"
}
refuse "--rounds neither a number nor auto" "is neither a positive number nor auto" --rounds many --out "$dir/x"
refuse "--max-rounds 1" "not a cap of 2..64" --rounds auto --max-rounds 1 --out "$dir/x"
refuse "--max-rounds 65" "not a cap of 2..64" --rounds auto --max-rounds 65 --out "$dir/x"
refuse "--max-rounds with fixed rounds" "--max-rounds is the cap of --rounds auto" --rounds 4 --max-rounds 8 --out "$dir/x"
refuse "--max-rounds below --merge's rounds" "below --rounds 6" --merge --rounds 6 --max-rounds 4 --out "$dir/r6"
refuse "--headline without --rounds auto" "add --rounds auto" --headline 'cbc(aes)' --out "$dir/x"
refuse "--headline with a character outside a name" "comma-separated" --rounds auto --headline 'cbc(aes);rm' --out "$dir/x"
refuse "--dry-run with --merge" "excludes --here and --merge" --dry-run --merge --out "$dir/x"
refuse "--dry-run with fixed rounds" "drop --rounds 4" --dry-run --rounds 4 --out "$dir/x"
refuse "--look without --out" "--look needs --out" --look
refuse "--rounds auto with --here" "scripts/ab-hardware --rounds auto" --rounds auto --here 1 --out "$dir/x"
check "... and no refused command made its --out folder" test ! -e "$dir/x"
tap_end
