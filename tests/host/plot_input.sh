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
summarised good.json evil.json tick.json macro.json

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
jq '.results[0].samples = [] | .results[0].mbps = null' good.json >empty.json
expect_status "no usable samples (no stored summary): error" 2 "$ALGBENCH" plot empty.json --out o5
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
summarised many.json
expect_status "plot of 18 lines of one algorithm: exit 0" 0 "$ALGBENCH" plot many.json --out o12
check "... three size charts of 6 lines, one per mode, and no 18-line chart" sh -c \
	'for m in sendmsg vmsplice aio; do [ -s "$0/cbc_aes_-afalg-$m-size.png" ] || exit 1; done; [ ! -e "$0/cbc_aes_-size.png" ]' o12
# a readable height: at most 50 pairs a page, the pairs shared evenly (120: three pages of 40)
jq -n '{schema: "algbench-compare/1", mode: "wallclock", threshold: 0.02, pairs: [range(120) | {
	job: {backend: "afalg", alg: "cbc(aes)", op: "encrypt", mode: "sendmsg", keylen: 16, size: (. + 1), threads: 1},
	ratio: 1, ci95: [0.99, 1.01], verdict: "same"}]}' >many.cmp
expect_status "plot --compare of 120 pairs: exit 0" 0 "$ALGBENCH" plot --compare many.cmp --out o11
check "... on three pages of 40 rows (ab-ratio-1..3.png), none beyond" sh -c \
	'for i in 1 2 3; do [ -s "$0/ab-ratio-$i.png" ] && [ "$(wc -l <"$0/data/ab-ratio-$i.dat")" = 40 ] || exit 1; done; [ ! -e "$0/ab-ratio-4.png" ]' o11
# the ratio axis: fixed 0.5..2 on a log scale whatever the data; a ratio or an
# interval end beyond it is drawn at the edge with an arrow and its value beside
jq -n '{schema: "algbench-compare/1", mode: "wallclock", threshold: 0.02,
	base: {id: "b1", kernel: "6.1.0-57-amd64"}, new: {id: "n1", kernel: "6.12.118+deb12-amd64"}, pairs: [
	{job: {backend: "kmod", alg: "deflate", op: "compress", mode: "sync", keylen: 0, size: 16, threads: 1},
	 ratio: 9.6, ci95: [3.3, 18.1], verdict: "faster"},
	{job: {backend: "kmod", alg: "cbc(aes)", op: "encrypt", mode: "sync", keylen: 16, size: 16, threads: 1},
	 ratio: 0.93, ci95: [0.91, 0.95], verdict: "slower"},
	{job: {backend: "kmod", alg: "sha256", op: "digest", mode: "sync", keylen: 0, size: 16, threads: 1},
	 ratio: 1.2, ci95: [0.3, 1.9], verdict: "inconclusive"}]}' >off.cmp
expect_status "plot --compare with an interval out to 18.1: exit 0" 0 "$ALGBENCH" plot --compare off.cmp --out o13
check "... the axis is 0.5..2, log scale, not stretched to 18.1" sh -c \
	'grep -q "set logscale x; set xrange \[0.5:2\]" "$0"' o13/data/ab-ratio.gp
check "... the off-scale row: ratio and high end clipped to 2, arrow flags, true values as text" \
	grep -q '^0 2 2 2 2 0 1 "9.6 \[3.3, 18.1\]" "kmod deflate compress 16 B t1 sync"$' o13/data/ab-ratio.dat
check "... a low end clipped to 0.5 the same way; an unkeyed job has no k0" sh -c \
	'grep -q "^2 1.2 0.5 1.9 4 1 0 \"1.2 \[0.3, 1.9\]\" \"kmod sha256 digest 16 B t1 sync\"$" "$0" && ! grep -q " k0 " "$0"' o13/data/ab-ratio.dat
check "... the verdict is a marker shape as well as a colour (slower pt 11, faster pt 9, same pt 7, inconclusive pt 6)" sh -c \
	'for v in "1 ? \$2 : NaN):1 with points pt 11" "2 ? \$2 : NaN):1 with points pt 9" "3 ? \$2 : NaN):1 with points pt 7" "4 ? \$2 : NaN):1 with points pt 6"; do grep -qF "$v" "$0" || exit 1; done' o13/data/ab-ratio.gp
check "... NEW and BASE named in the title (from the compare file)" \
	grep -qF 'NEW 6.12.118+deb12-amd64 / BASE 6.1.0-57-amd64' o13/data/ab-ratio.gp
jq '.new.kernel = "k\" ; system(\"touch pwned3\") ; \""' off.cmp >evilk.cmp
expect_status "a compare file whose new.kernel gnuplot could run: refused (exit 2)" 2 "$ALGBENCH" plot --compare evilk.cmp --out o14
check "... no code ran, nothing written" sh -c '[ ! -e pwned3 ] && [ ! -e o14 ]'
# A/B size charts: BASE and NEW (matched by run.id to the compare file) in the
# title, one dash type per kernel, a marker and an Okabe-Ito colour per series
abfile() { # abfile FILE ID KERNEL MBPS
	jq -n --arg id "$2" --arg k "$3" --argjson v "$4" '{schema: "algbench/1",
		run: {id: $id, host: {kernel: $k}, ab: {variant: $k, mode: "wallclock"}}, results: [
		(16, 4096) as $z | (16, 32) as $kl | {backend: "kmod", type: "skcipher", alg: "cbc(aes)",
		 driver: "x", op: "encrypt", keylen: $kl, size: $z, threads: 1, mode: "sync", kat: "pass",
		 samples: [range(2) | {ops: 1000, bytes: ($v * 1000000), ns: 1000000000}]}]}' >"$1"
}
abfile b.json b1 6.1.0-57-amd64 100
abfile n.json n1 6.12.118+deb12-amd64 90
summarised b.json n.json
expect_status "plot BASE NEW --compare: exit 0" 0 "$ALGBENCH" plot b.json n.json --compare off.cmp --out o15
check "... the size chart's title names BASE (solid) and NEW (dashed)" \
	grep -qF 'BASE 6.1.0-57-amd64 (solid) against NEW 6.12.118+deb12-amd64 (dashed)' o15/data/cbc_aes_-size.gp
check "... BASE's lines dt 1, NEW's dt 2; a series keeps its marker and colour across kernels" sh -c \
	'grep -q "index 0 .* dt 1 pt 7 lc rgb \"#0072B2\"" "$0" && grep -q "index 1 .* dt 2 pt 7 lc rgb \"#0072B2\"" "$0" &&
	 grep -q "index 2 .* dt 1 pt 5 lc rgb \"#D55E00\"" "$0" && grep -q "index 3 .* dt 2 pt 5 lc rgb \"#D55E00\"" "$0"' o15/data/cbc_aes_-size.gp
check "... the legend is below the plot, which keeps its width" grep -q 'set key outside below' o15/data/cbc_aes_-size.gp
check "... keys in bits (k128, k256)" sh -c 'grep -q "k128 t1" "$0" && grep -q "k256 t1" "$0" && ! grep -q "k16 \|k32 " "$0"' o15/data/cbc_aes_-size.dat
# more than 8 series of one backend and mode: pages of 8, the rule in the title
jq -n '{schema: "algbench/1", run: {id: "t", host: {kernel: "k"}}, results: [
	range(1; 19) as $t | (16, 4096) as $z |
	{backend: "afalg", type: "skcipher", alg: "cbc(aes)", driver: "x", op: "encrypt", keylen: 16,
	 size: $z, threads: $t, mode: "sendmsg", kat: "pass",
	 samples: [range(2) | {ops: 1000, bytes: ($z * 1000), ns: 1000000}]}]}' >pages.json
summarised pages.json
expect_status "plot of 18 series of one backend and mode: exit 0" 0 "$ALGBENCH" plot pages.json --out o16
check "... three size pages (8, 8, 2 lines), no single chart" sh -c \
	'for i in 1 2 3; do [ -s "$0/cbc_aes_-afalg-sendmsg-$i-size.png" ] || exit 1; done
	 [ "$(grep -c "^\"" "$0/data/cbc_aes_-afalg-sendmsg-1-size.dat")" = 8 ] && [ "$(grep -c "^\"" "$0/data/cbc_aes_-afalg-sendmsg-3-size.dat")" = 2 ] &&
	 [ ! -e "$0/cbc_aes_-size.png" ] && grep -qF "(page 2 of 3)" "$0/data/cbc_aes_-afalg-sendmsg-2-size.gp"' o16
# a TCG guest's threads and efficiency charts say how many vCPUs shared how many host CPUs
jq -n '{schema: "algbench/1", run: {id: "t", host: {kernel: "k", nproc: 64, virtualized: "tcg"}}, results: [
	(1, 2, 4) as $t | {backend: "openssl", type: "hash", alg: "sha256", driver: "x", op: "digest", keylen: 0,
	 size: 256, threads: $t, mode: "evp", kat: "pass",
	 samples: [range(2) | {ops: 1000, bytes: 256000, ns: ($t * 1000000)}]}]}' >tcg.json
summarised tcg.json
expect_status "plot of a 64-vCPU TCG run: exit 0" 0 "$ALGBENCH" plot tcg.json --out o17
check "... its efficiency chart: 64 vCPUs under TCG, the host's CPUs not recorded" \
	grep -qF '64 vCPUs under TCG, each a host thread' o17/data/sha256-efficiency.gp
expect_status "plot --host-cpus 2: exit 0" 0 "$ALGBENCH" plot tcg.json --host-cpus 2 --out o18
check "... threads and efficiency charts: 64 vCPUs on 2 host CPUs (TCG)" sh -c \
	'grep -qF "64 vCPUs on 2 host CPUs (TCG)" "$0/sha256-threads.gp" && grep -qF "64 vCPUs on 2 host CPUs (TCG)" "$0/sha256-efficiency.gp"' o18/data
check "... and an unkeyed job's legend has no k0" sh -c '! grep -q "k0" "$0"' o18/data/sha256-threads.dat
expect_status "plot --host-cpus 0: usage error" 2 "$ALGBENCH" plot tcg.json --host-cpus 0 --out o19
expect_status "plot --host-cpus two: usage error" 2 "$ALGBENCH" plot tcg.json --host-cpus two --out o19
tap_end
