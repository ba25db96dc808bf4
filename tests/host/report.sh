#!/usr/bin/env bash
# algbench report: the per-layer table and charts from one result file.
. "$(dirname "$0")/../lib.sh"
tap_begin
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

row() { # row BACKEND MODE SIZE MBPS: one 1-thread gcm(aes)-128 encrypt result
	jq -n --arg b "$1" --arg m "$2" --argjson z "$3" --argjson v "$4" '{
		backend: $b, type: "aead", alg: "gcm(aes)", driver: "generic-gcm-aesni", op: "encrypt",
		keylen: 16, size: $z, threads: 1, mode: $m, kat: "pass", status: "ok",
		seconds: 0.5, repeats: 2, mbps: { median: $v, min: ($v * 9 / 10), max: ($v * 11 / 10) },
		samples: [ { ops: 1, bytes: ($v * 900), ns: 1000000 }, { ops: 1, bytes: ($v * 1100), ns: 1000000 } ] }'
}
{
	row kmod sync 16 100; row afalg sendmsg 16 25; row afalg vmsplice 16 50; row openssl evp 16 200
	row kmod sync 4096 400; row afalg sendmsg 4096 300; row openssl evp 4096 200
	# two threads and a failed job: not part of the table
	row kmod sync 16 999 | jq '.threads = 2'; row kmod sync 64 5 | jq '.kat = "fail"'
} | jq -s '{ schema: "algbench/1", run: { id: "r1", host: { kernel: "6.1.0-57-amd64", nproc: 2,
	virtualized: "tcg", clocksource: "tsc", cpu_model: "QEMU" } }, results: . }' >"$dir/r.json"
rc=0
"$ALGBENCH" report "$dir/r.json" --out "$dir/rep" >/dev/null 2>"$dir/err" || rc=$?
check "report exits 0 (got $rc)" [ "$rc" = 0 ]
# each job's two samples are 10% either side of its median: min..max in brackets, and every
# number rounded to its spread's half-width (docs/statistics.md, "Rounding to the spread")
check "16 B row: kmod 100, sendmsg 25, vmsplice 50, OpenSSL 200 with min..max; ratios 0.25, 0.5, 0.5 with their ranges" \
	grep -qF "| 16 | 100 (90..110) | - | 25 (22..28) | 50 (45..55) | - | 200 (180..220) | 0.25 (0.20..0.31) | 0.5 (0.4..0.6) | 0.5 (0.4..0.6) |" "$dir/rep/report.md"
check "4096 B row: no vmsplice job, its ratio '-'; kmod/OpenSSL 2.0 (1.6..2.4)" \
	grep -qF "| 4096 | 400 (360..440) | - | 300 (270..330) | - | - | 200 (180..220) | 0.8 (0.6..0.9) | - | 2.0 (1.6..2.4) |" "$dir/rep/report.md"
check "the substrate and the load are named (a file without loadavg: not recorded)" \
	grep -q "^Substrate: .*\. Load average" "$dir/rep/report.md"
check "2-thread and failed jobs stay out (no 999, no 64 B row)" sh -c '! grep -q "999\|^| 64 |" "$0"' "$dir/rep/report.md"
check "the section names the drivers and the chart" sh -c 'grep -q "kmod sync (in-kernel) generic-gcm-aesni;" "$0" && grep -q "(plots/gcm_aes_-size.png)" "$0"' "$dir/rep/report.md"
check "the key in bits as run's table and --keys name it: (encrypt, k128, 1 thread)" grep -qF "## gcm(aes) (encrypt, k128, 1 thread)" "$dir/rep/report.md"
check "one boot: the page says one run (one boot)" grep -q "one run (one boot)" "$dir/rep/report.md"
check "the size chart is drawn (PNG)" sh -c 'head -c 8 "$0" | od -An -c | grep -q "P   N   G"' "$dir/rep/plots/gcm_aes_-size.png"
check "report.md names its input from its own folder: From ../r.json" grep -q "^From \.\./r\.json (run" "$dir/rep/report.md"
names_no_folder "report wrote no absolute folder (scratch, checkout, build)" "$dir/rep" \
	"$dir" "$ALGBENCH_TOP" "$(dirname "$(dirname "$ALGBENCH")")"
echo '{"schema":"algbench/1","run":{},"results":[]}' >"$dir/empty.json"
expect_status "no usable job: exit 2" 2 "$ALGBENCH" report "$dir/empty.json" --out "$dir/rep2" 2>/dev/null
expect_status "not a result file: exit 2" 2 "$ALGBENCH" report /etc/hostname --out "$dir/rep3" 2>/dev/null
expect_status "no --out: exit 2" 2 "$ALGBENCH" report "$dir/r.json" 2>/dev/null
# strings from the file are escaped for markdown and HTML
jq '.run.host.cpu_model = "Q | `x` <img src=x onerror=alert(1)>" | .results[0].driver = "<script>alert(1)</script>"' \
	"$dir/r.json" >"$dir/html.json"
rc=0
"$ALGBENCH" report "$dir/html.json" --out "$dir/rep4" >/dev/null 2>&1 || rc=$?
check "a host and a driver with markdown and HTML in them: exit 0 (got $rc)" [ "$rc" = 0 ]
want='Q \| \`x\` &lt;img src=x onerror=alert(1)&gt;,'
check "a '|', backquote or HTML tag from the file is escaped in report.md" sh -c \
	'grep -qF -- "$1" "$0" && grep -qF "&lt;script&gt;alert(1)&lt;/script&gt;" "$0" && ! grep -q "<img\|<script" "$0"' \
	"$dir/rep4/report.md" "$want"
# a name plot refuses: report refuses too, before it writes anything
jq '.run.host.kernel = "k | `x`"' "$dir/r.json" >"$dir/pipe.json"
expect_status "a kernel name gnuplot could interpret: exit 2" 2 "$ALGBENCH" report "$dir/pipe.json" --out "$dir/rep5"
check "... and nothing is written (no $dir/rep5)" test ! -e "$dir/rep5"
# three boots merged: the page says so; an algorithm measured at one size has no chart, and no link
{ row kmod sync 16 100; row openssl evp 16 200; } | jq -s '{ schema: "algbench/1",
	run: { id: "m", host: { kernel: "6.1" }, boots: [ {}, {}, {} ] }, results: . }' >"$dir/boots.json"
rc=0
"$ALGBENCH" report "$dir/boots.json" --out "$dir/rep6" >/dev/null 2>&1 || rc=$?
check "three boots merged: exit 0 (got $rc)" [ "$rc" = 0 ]
check "merged three-boot file: 'the samples of 3 boots merged', not 'one run'" sh -c \
	'grep -q "the samples of 3 boots merged" "$0" && ! grep -q "one run" "$0"' "$dir/rep6/report.md"
check "one size: no chart drawn, none linked" sh -c '! grep -q "plots/" "$0" && test ! -e "$1"' \
	"$dir/rep6/report.md" "$dir/rep6/plots/gcm_aes_-size.png"
# without gnuplot (a PATH that has none): report.md all the same, the charts skipped with a note
rc=0
PATH=/nonexistent "$ALGBENCH" report "$dir/r.json" --out "$dir/rep7" >/dev/null 2>"$dir/err7" || rc=$?
check "no gnuplot: exit 0 (got $rc)" [ "$rc" = 0 ]
check "no gnuplot: report.md has the table and says the charts were skipped, linking none" sh -c \
	'grep -q "^| 4096 |" "$0" && grep -q "^Charts skipped: gnuplot was not found" "$0" && ! grep -q "plots/" "$0"' \
	"$dir/rep7/report.md"
check "no gnuplot: stderr says so with the command's prefix" grep -q "^algbench report: gnuplot not found: charts skipped" "$dir/err7"
tap_end
