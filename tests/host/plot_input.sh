#!/usr/bin/env bash
# algbench plot and compare on hostile or unusable input (issue 11 defects 1, 3, 4, 5, 13):
# strings that gnuplot could run are refused, no data or the wrong schema is an
# error, compare --json - leaves stdout to the JSON, bad --out paths fail with a message,
# samples compare cannot use are errors naming the job.
. "$(dirname "$0")/../lib.sh"
tap_begin
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir" || exit 1

result() { # result FILE ALG
	jq -n --arg alg "$2" '{schema: "algbench/1", run: {id: "t", host: {kernel: "k"}}, results: [
		{backend: "afalg", type: "skcipher", alg: $alg, driver: "x", op: "encrypt", keylen: 16,
		 size: 4096, threads: 1, mode: "sendmsg", kat: "pass",
		 samples: [range(5) | {ops: 1000, bytes: 4096000, ns: 1000000000}]}]}' >"$1"
}
result good.json 'cbc(aes)'
result evil.json 'x" ; system("touch '"$dir"'/pwned") ; print "'
result tick.json 'x`touch '"$dir"'/pwned2`'
result macro.json 'x @pwn \n'

expect_status "alg with a quote and system(): refused" 2 "$ALGBENCH" plot evil.json --out o1
[ ! -e pwned ] && ok "no code ran from the quoted alg" || not_ok "no code ran from the quoted alg"
expect_status "alg with backquotes: refused" 2 "$ALGBENCH" plot tick.json --out o2
[ ! -e pwned2 ] && ok "no code ran from the backquoted alg" || not_ok "no code ran from the backquoted alg"
expect_status "alg with @ and backslash: refused" 2 "$ALGBENCH" plot macro.json --out o3
"$ALGBENCH" plot evil.json --out o1 2>err.txt
grep -q 'algbench plot: evil.json: alg' err.txt && ok "the refusal names the file and the field" ||
	not_ok "the refusal names the file and the field"

echo '{"schema": "other", "rows": []}' >wrong.json
expect_status "wrong schema: error" 2 "$ALGBENCH" plot wrong.json --out o4
jq '.results[0].samples = []' good.json >empty.json
expect_status "no usable samples: error" 2 "$ALGBENCH" plot empty.json --out o5
echo '{"schema": "algbench-compare/1", "pairs": []}' >nopairs.cmp
expect_status "--compare with no pairs: error" 2 "$ALGBENCH" plot --compare nopairs.cmp --out o6

mkdir o7 && : >o7/data
expect_status "DIR/data is a file: error" 2 "$ALGBENCH" plot good.json --out o7
# --out '' is no folder (it made "/data" of DIR/data): refused as an empty value
got=0
"$ALGBENCH" plot good.json --out '' 2>err.txt || got=$?
if [ "$got" = 2 ] && grep -q "algbench plot: --out: '' is empty; give DIR" err.txt && ! grep -q /data err.txt; then
	ok "plot --out '': refused as empty, /data never named"
else
	not_ok "plot --out '': refused as empty, /data never named (exit $got: $(cat err.txt))"
fi
expect_status "report --out '': refused" 2 "$ALGBENCH" report good.json --out ''
expect_status "--out longer than 400 bytes: error" 2 "$ALGBENCH" plot good.json --out "$(printf 'd%.0s' {1..450})"
[ -z "$(ls -d ddd* 2>/dev/null)" ] && ok "no truncated directory left behind" || not_ok "no truncated directory left behind"

"$ALGBENCH" compare good.json good.json --json - >cmp.out 2>/dev/null
jq -e '.schema == "algbench-compare/1"' cmp.out >/dev/null && ok "compare --json -: stdout is JSON only" ||
	not_ok "compare --json -: stdout is JSON only"
jq '.results[0].samples[1] |= del(.ns)' good.json >nons.json
jq '.results[0].samples[1].ns = "abc"' good.json >strns.json
jq '.results[0].samples |= map(.bytes = 0)' good.json >zero.json
jq '.results[0].samples[0].bytes = -5' good.json >neg.json
for f in nons strns zero neg; do
	expect_status "compare: $f sample is an error, not a verdict" 2 "$ALGBENCH" compare $f.json good.json
done
"$ALGBENCH" compare good.json strns.json 2>err.txt >/dev/null
grep -q 'strns.json: job .*cbc(aes).*sample 1' err.txt && ok "compare's error names the file, the job and the sample" ||
	not_ok "compare's error names the file, the job and the sample"
expect_status "plot of a good file still works" 0 "$ALGBENCH" plot good.json --out o8
# a refused name reaches the terminal escaped, and nothing is written before the input is accepted
result esc.json "$(printf 'x\033]0;pwned\007')"
"$ALGBENCH" plot esc.json --out o9 2>err9.txt >/dev/null
check "plot's refusal prints the name with its escape sequence as \\x1b" sh -c \
	'! grep -q "$(printf "\033")" "$0" && grep -qF "x\x1b]0;pwned\x07" "$0"' err9.txt
check "... and writes nothing (no o9)" test ! -e o9
echo '{"pairs": [{"job": {"backend": "a`b`"}}]}' >badcmp.json
expect_status "plot --compare with a bad name: exit 2" 2 "$ALGBENCH" plot good.json --compare badcmp.json --out o10
check "... and no chart of the good file was written first (no o10)" test ! -e o10
# 18 lines (3 modes x 6 thread counts) are a legend, not a chart: one chart per backend and mode
jq -n '{schema: "algbench/1", run: {id: "t", host: {kernel: "k"}}, results: [
	("sendmsg", "vmsplice", "aio") as $m | (1, 2, 3, 4, 5, 6) as $t | (16, 4096) as $z |
	{backend: "afalg", type: "skcipher", alg: "cbc(aes)", driver: "x", op: "encrypt", keylen: 16,
	 size: $z, threads: $t, mode: $m, kat: "pass",
	 samples: [range(2) | {ops: 1000, bytes: ($z * 1000), ns: 1000000}]}]}' >many.json
expect_status "plot of 18 lines of one algorithm: exit 0" 0 "$ALGBENCH" plot many.json --out o12
check "... three size charts of 6 lines, one per mode, and no 18-line chart" sh -c \
	'for m in sendmsg vmsplice aio; do [ -s "$0/cbc_aes_-afalg-$m-size.png" ] || exit 1; done; [ ! -e "$0/cbc_aes_-size.png" ]' o12
# more pairs than one cairo image holds (1,812 at 18 pixels a row): pages
jq -n '{schema: "algbench-compare/1", mode: "wallclock", threshold: 0.02, pairs: [range(2000) | {
	job: {backend: "afalg", alg: "cbc(aes)", op: "encrypt", mode: "sendmsg", keylen: 16, size: (. + 1), threads: 1},
	ratio: 1, ci95: [0.99, 1.01], verdict: "same"}]}' >many.cmp
expect_status "plot --compare of 2,000 pairs: exit 0" 0 "$ALGBENCH" plot --compare many.cmp --out o11
check "... on four pages of 500 (ab-ratio-1..4.png), none beyond" sh -c \
	'for i in 1 2 3 4; do [ -s "$0/ab-ratio-$i.png" ] || exit 1; done; [ ! -e "$0/ab-ratio-5.png" ]' o11
tap_end
