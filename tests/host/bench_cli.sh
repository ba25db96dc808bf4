#!/usr/bin/env bash
# `algbench run/suite/list` flags: bad input exits 2 with a message naming it;
# an openssl run (no kernel needed) prints valid algbench/1 JSON on stdout.
. "$(dirname "$0")/../lib.sh"
tap_begin
A=$ALGBENCH
quick=(--backend openssl --seconds 0.01 --repeats 2 --warmup 0)
says() { # says NAME PATTERN CMD...: exit 2 and PATTERN on stderr
	local name=$1 pat=$2 got=0 err; shift 2
	err=$("$@" 2>&1 >/dev/null) || got=$?
	if [ "$got" = 2 ] && grep -q -- "$pat" <<<"$err"; then ok "$name"; else not_ok "$name (exit $got: $err)"; fi
}
says "--sizes 0 exits 2 naming the size" "size '0'" "$A" run --sizes 0
# numbers that wrap in strtoull must be refused, not taken modulo 2^64 (issue 11, defect 17)
says "--sizes 18014398509481985k (wraps to 1024) exits 2" "size '18014398509481985k'" "$A" run --dry-run --sizes 18014398509481985k
says "--repeats ' -18446744073709551615' (wraps to 1) exits 2" "-18446744073709551615'" "$A" run --dry-run --repeats " -18446744073709551615"
says "--keys -18446744073709551488 (wraps to 128) exits 2" "key size '-18446744073709551488'" "$A" run --dry-run --keys -18446744073709551488
# an empty list item is refused, never skipped, in every list option
says "--sizes 16,,32 exits 2 naming the empty item" "empty item in '16,,32'" "$A" run --dry-run --sizes 16,,32
says "--sizes 16, (trailing comma) exits 2" "empty item in '16,'" "$A" run --dry-run --sizes 16,
says "--threads ,1 (leading comma) exits 2" "empty item in ',1'" "$A" run --dry-run --threads ,1
says "--backend openssl,,afalg exits 2" "empty item" "$A" suite --dry-run --backend openssl,,afalg
says "--op encrypt,,decrypt exits 2" "empty item in 'encrypt,,decrypt'" \
	"$A" run --dry-run --op encrypt,,decrypt
says "--sizes '' exits 2" "empty item in ''" "$A" run --dry-run --sizes ''
says "--alg 'sha256,,gcm(aes)' exits 2" "empty algorithm name" "$A" run --dry-run --alg 'sha256,,gcm(aes)'
says "--json '' exits 2: an empty path names nothing" "--json: '' is empty" "$A" run --dry-run --json ''
says "--threads ' 1' (a blank) exits 2" "threads ' 1'" "$A" run --dry-run --threads " 1"
says "--threads 0 exits 2" "threads '0'" "$A" run --threads 0
says "more threads than CPUs exits 2" "must be 1\.\." "$A" run --threads 100000
says "unknown algorithm exits 2" "unknown algorithm 'gcm(des)'" "$A" run --alg 'gcm(des)'
says "unknown backend exits 2" "unknown backend 'qat'" "$A" suite --backend qat
says "a name neither the catalogue nor /proc/crypto has exits 2" \
	"unknown algorithm 'nosuch-generic': not in the catalogue" "$A" run --dry-run --alg nosuch-generic
# a driver of a type no backend runs (cipher, rng, akcipher, kpp), from this kernel's own list
other=$(awk -F' *: ' '/^driver/ {d = $2} /^type/ && $2 ~ /^(cipher|rng|akcipher|kpp)$/ {print d " " $2; exit}' \
	/proc/crypto 2>/dev/null)
if [ -n "$other" ]; then
	says "--alg ${other% *} (a ${other#* }) exits 2 naming its type" \
		"the kernel lists it as ${other#* }, a type algbench does not run" "$A" run --dry-run --alg "${other% *}"
else
	skip "--alg with a type no backend runs exits 2" "this kernel's /proc/crypto lists no cipher, rng, akcipher or kpp"
fi
says "unknown option exits 2" "unknown option" "$A" run --frobnicate
says "cbc(aes) with 100-byte payloads leaves no job" "no jobs" "$A" run --alg 'cbc(aes)' --sizes 100
says "list rejects arguments" "unexpected argument" "$A" list extra
check "run --help tells the flags" sh -c '"$0" run --help | grep -q -- "--threads LIST"' "$A"
check "suite --dry-run covers every catalogue row" \
	sh -c '"$0" suite --dry-run | awk "{print \$3}" | sort -u | grep -c . | grep -qx 16' "$A"
# A dry run only prints: no modprobe, no debugfs mount, once or per kmod job.
# (LeakSanitizer cannot run under ptrace: the sanitizer build skips leak checks here.)
check "suite --dry-run starts no process and mounts nothing" sh -c \
	'ASAN_OPTIONS=detect_leaks=0 strace -f -qq -e trace=execve,mount -o "$1" "$0" suite --dry-run >/dev/null && [ "$(grep -c "execve\|mount(" "$1")" = 1 ]' \
	"$A" "$(mktemp)"
json=$("$A" run "${quick[@]}" --alg 'sha256,gcm(aes)' --keys 128 --sizes 64 --json - 2>/dev/null)
check "run --json - prints valid JSON" jqok . <<<"$json"
check "schema is algbench/1 with one result per job" \
	jq -e '.schema == "algbench/1" and (.results | length) == 3' <<<"$json"
check "every openssl job passed its KAT and has samples" \
	jq -e 'all(.results[]; .kat == "pass" and .status == "ok" and (.samples | length) == 2 and .mbps.median > 0)' <<<"$json"
# What runs us, as CPUID says: "none" without the hypervisor flag, "tcg" only
# for QEMU's TCG CPU, otherwise a named hypervisor (this build host: bhyve).
virt=$(jq -r .run.host.virtualized <<<"$json")
if ! grep -qw hypervisor /proc/cpuinfo; then want_re='^none$'
elif grep -q 'QEMU TCG' /proc/cpuinfo; then want_re='^tcg$'
else want_re='^(kvm|hyperv|vmware|xen|bhyve|acrn|parallels|other:.+|unknown)$'; fi
check "run.host.virtualized '$virt' is what CPUID says (tcg only under QEMU TCG)" \
	grep -Eq "$want_re" <<<"$virt"
cs=$(cat /sys/devices/system/clocksource/clocksource0/current_clocksource 2>/dev/null || echo unknown)
check "run.host.clocksource is the kernel's current clocksource" \
	jq -e --arg cs "$cs" '.run.host.clocksource == $cs' <<<"$json"
# The cycle counter is the binary's architecture's (the arm64 cross build's
# runs here under qemu-user, so not uname's): x86's TSC, rate not stated;
# arm64's CNTVCT_EL0 at CNTFRQ_EL0's rate; or unavailable with the reason.
# Samples carry cycles exactly when it is usable.
case $(readelf -h "$A" 2>/dev/null | sed -n 's/^ *Machine: *//p') in
*X86-64* | *80386*) counter=tsc ;;
*AArch64*) counter=cntvct_el0 ;;
*) counter=none ;;
esac
check "run.host.cycle_counter is $counter: usable with its rate, or unavailable with the reason" \
	jq -e --arg n "$counter" '.run.host.cycle_counter | .name == $n and
		(if has("hz") then (if $n == "cntvct_el0" then .hz > 0 else .hz == null end)
		 else (.unavailable | length) > 0 end)' <<<"$json"
check "samples carry cycles (and results cycles_per_byte) exactly when the counter is usable" \
	jq -e '(.run.host.cycle_counter | has("hz")) as $u | all(.results[];
		(.cycles_per_byte != null) == $u and all(.samples[]; has("cycles") == $u))' <<<"$json"
dir=$(mktemp -d)
"$A" run "${quick[@]}" --alg sha256 --sizes 64 --json "$dir" >/dev/null 2>&1
check "--json DIR writes DIR/<run-id>.json" sh -c 'ls "$0"/*.json >/dev/null && jq -e ".results[0].alg == \"sha256\"" "$0"/*.json >/dev/null' "$dir"
check "no temporary file is left behind" sh -c '! ls "$0" | grep -q tmp' "$dir"
# One exit rule for run and suite (issue 33): a skip that says why is no failure.
expect_status "crc32c in openssl alone is skipped: run exits 0" 0 \
	"$A" run "${quick[@]}" --alg crc32c --sizes 64 --quiet --json "$dir/skip.json"
check "... and the result says skipped, with the reason" \
	jqok '.results | length == 1 and .[0].status == "skipped" and (.[0].reason | length) > 0' "$dir/skip.json"
expect_status "suite exits 0 for the same skip" 0 \
	"$A" suite "${quick[@]}" --alg crc32c --sizes 64 --threads 1 --quiet --json "$dir/skip.json"
check "run --help and suite --help state the one rule" sh -c \
	'for c in run suite; do "$0" $c --help | tr "\n" " " | grep -q "Exit status: 0 no job failed (a job skipped .* is not a failure); 1 a job failed .* 128 + N stopped by signal N" || exit 1; done' "$A"
# Combinations that keep nothing or make no sense: usage errors before any job.
says "--quiet without --json, --csv or --markdown is refused" "--quiet alone would keep nothing" \
	"$A" run "${quick[@]}" --alg sha256 --sizes 64 --quiet
says "--csv with --markdown is refused" "choose one" "$A" run "${quick[@]}" --csv --markdown
says "--csv with --json - is refused" "both print on stdout" "$A" suite "${quick[@]}" --csv --json -
says "--markdown with --dry-run is refused" "--dry-run prints the job list" "$A" run --dry-run --markdown
says "--mode evp --backend afalg is refused, naming afalg's modes" \
	"--mode evp: no chosen backend has it (afalg: sendmsg, vmsplice, aio)" "$A" run --backend afalg --mode evp
check "--mode evp --backend afalg,openssl plans openssl's jobs only" sh -c \
	'"$0" run --dry-run --backend afalg,openssl --mode evp --alg sha256 | awk "!/^#/ {print \$1, \$2}" | sort -u | grep -qx "openssl evp"' "$A"
# --csv: a header with the units, a row per job, the JSON's own digits.
"$A" run "${quick[@]}" --alg 'sha256,gcm(aes),crc32c' --keys 128 --sizes 64 --csv \
	--json "$dir/csv.json" >"$dir/out.csv" 2>/dev/null
csv_header=backend,mode,alg,key_bits,op,size_bytes,threads,kat,median_MB_per_s,min_MB_per_s,max_MB_per_s,mad_MB_per_s,ns_per_op_median,cycles_per_byte,driver,status,reason
check "--csv: the header names each column and its unit" test "$(head -1 "$dir/out.csv")" = "$csv_header"
check "--csv: one row per job ($(($(wc -l <"$dir/out.csv") - 1)) rows, $(jq '.results | length' "$dir/csv.json") jobs)" \
	test "$(($(wc -l <"$dir/out.csv") - 1))" = "$(jq '.results | length' "$dir/csv.json")"
# The CSV's medians and the result file's, as each spells them, in the rows' order.
same_medians() {
	local csv_medians json_medians
	csv_medians=$(python3 -c 'import csv, sys
for row in csv.DictReader(open(sys.argv[1])):
    if row["median_MB_per_s"]:
        print(row["median_MB_per_s"])' "$dir/out.csv")
	json_medians=$(grep -o '"median": [^,}]*' "$dir/csv.json" | sed 's/.*: //')
	echo "# medians: CSV $(echo $csv_medians), JSON $(echo $json_medians)"
	[ -n "$csv_medians" ] && [ "$csv_medians" = "$json_medians" ]
}
check "--csv: each median is the result JSON's text, digit for digit" same_medians
check "--csv: the skipped crc32c row says skipped with its reason" \
	grep -q '^openssl,evp,crc32c,0,digest,64,1,skip,,,,,,,,skipped,.' "$dir/out.csv"
"$A" run "${quick[@]}" --alg 'sha256,crc32c' --sizes 64,256 --markdown >"$dir/out.md" 2>/dev/null
check "--markdown: a GitHub table, header and alignment row" sh -c \
	'head -1 "$0" | grep -q "^| backend | mode | alg | key \[bit\] | op | size \[B\] | threads | median \[MB/s\] | min \[MB/s\] | max \[MB/s\] | driver | status |$" && sed -n 2p "$0" | grep -q "^|---|---|.*|---:|---:|---:|---|---|$"' "$dir/out.md"
check "--markdown: 4 job rows, each with the header's 12 cells" sh -c \
	'[ "$(tail -n +3 "$0" | grep -c "^| openssl | evp ")" = 4 ] && [ "$(tail -n +3 "$0" | awk -F" [|] " "{print NF}" | sort -u)" = 12 ]' "$dir/out.md"
check "--markdown: a skipped job's reason in its status cell" grep -q '| skipped: .* |$' "$dir/out.md"
# --quick: the short plan, and options given beside it win wherever they stand.
"$A" run --quick --dry-run >"$dir/quick.txt"
check "--quick plans 66 jobs: cbc(aes), gcm(aes), sha256, lzo at 64 and 16384 B, 1 thread, key 128" sh -c \
	'grep -qx "# 66 jobs" "$0" && [ "$(grep -v "^#" "$0" | awk "{print \$3}" | sort -u | tr "\n" " ")" = "cbc(aes) gcm(aes) lzo sha256 " ] &&
	 [ "$(grep -v "^#" "$0" | awk "{print \$6, \$7}" | sort -u | tr "\n" " ")" = "16384 1 64 1 " ] &&
	 ! grep -v "^#" "$0" | awk "\$4 != 128 && \$4 != 0" | grep -q .' "$dir/quick.txt"
check "--quick covers every backend and mode (afalg 3, openssl 1, kmod 2)" sh -c \
	'[ "$(grep -v "^#" "$0" | awk "{print \$1 \"/\" \$2}" | sort -u | tr "\n" " ")" = "afalg/aio afalg/sendmsg afalg/vmsplice kmod/async kmod/sync openssl/evp " ]' "$dir/quick.txt"
check "--quick --sizes 4096 and --sizes 4096 --quick both keep 4096" sh -c \
	'for a in "--quick --sizes 4096" "--sizes 4096 --quick"; do "$0" run $a --dry-run | grep -v "^#" | awk "{print \$6}" | sort -u | grep -qx 4096 || exit 1; done' "$A"
check "run --help lists --quick's plan" sh -c '"$0" run --help | tr -s " \n" " " | grep -q -- "--alg .cbc(aes),gcm(aes),sha256,lzo. --keys 128 --sizes 64,16384 --threads 1 --seconds 0.25 --repeats 3 --warmup 0.05; an option given as well wins"' "$A"
# Progress and ETA on stderr for run as for suite, on a terminal only.
if command -v script >/dev/null; then
	st=0 && TERM=xterm script -qec "$A run ${quick[*]} --alg sha256 --sizes 16,64 --csv 2>&1 >/dev/null" /dev/null >"$dir/tty.txt" || st=$?
	check "run on a terminal draws progress with an ETA on stderr (exit $st)" \
		sh -c '[ "$1" = 0 ] && grep -q "\[2/2\] .* elapsed, ETA " "$2"' sh "$st" "$dir/tty.txt"
else
	skip "run on a terminal draws progress with an ETA on stderr" "script(1) not installed (util-linux)"
fi
"$A" run "${quick[@]}" --alg sha256 --sizes 16,64 >/dev/null 2>"$dir/notty.txt"
check "stderr not a terminal: no progress line" sh -c '! grep -q ETA "$0"' "$dir/notty.txt"
# --interleave: the jobs take turns, one sample each per pass; the progress
# line names the job in flight, so the order is seen there.
if command -v script >/dev/null; then
	st=0 && TERM=xterm script -qec "$A run ${quick[*]} --repeats 3 --alg sha256 --sizes 16,64 --interleave --csv 2>&1 >/dev/null" /dev/null >"$dir/il-tty.txt" || st=$?
	order=$(tr '\r' '\n' <"$dir/il-tty.txt" | sed -n 's/^.*\[\([0-9]*\/[0-9]*\)\] .* sha256 \([0-9]*\) B x1.*$/\1:\2/p' | tr '\n' ' ')
	check "--interleave: 3 passes of the 2 jobs, in turn (exit $st; $order)" \
		[ "$order" = "1/6:16 2/6:64 3/6:16 4/6:64 5/6:16 6/6:64 " ]
else
	skip "--interleave: 3 passes of the 2 jobs, in turn" "script(1) not installed (util-linux)"
fi
"$A" run "${quick[@]}" --repeats 3 --alg sha256 --sizes 16,64 --interleave --json "$dir/il.json" >/dev/null 2>&1
check "--interleave: each job's 3 samples, repeats 3, \"interleaved\": true, a summary" jqok \
	'[.results[] | (.samples | length) == 3 and .repeats == 3 and .interleaved == true and .mbps.median > 0] == [true, true]' "$dir/il.json"
"$A" run "${quick[@]}" --alg sha256 --sizes 16 --json "$dir/plain.json" >/dev/null 2>&1
check "without it, no \"interleaved\" in the result" jqok '.results[0] | has("interleaved") | not' "$dir/plain.json"
expect_status "--interleave --trace: refused (a job's counters need it whole), exit 2" 2 \
	"$A" run "${quick[@]}" --alg sha256 --interleave --trace --json "$dir/x.json"
# Ctrl-C in the middle of a long sample (issue 11, defect 10): the job in
# flight stops at once and is not saved, the finished one is, exit 130.
# Two 4-second jobs; the signal comes once the first one's row is printed.
"$A" run --backend openssl --alg sha256 --sizes 16,64 --seconds 4 --repeats 1 --warmup 0 \
	--json "$dir/sig.json" >"$dir/sig.out" 2>"$dir/sig.err" &
pid=$!
for _ in $(seq 300); do grep -q ' pass ' "$dir/sig.out" && break; sleep 0.1; done
# job 1's row comes before its result is saved: give job 2 time to start
sleep 1
sent=$SECONDS
kill -INT "$pid"
rc=0
wait "$pid" || rc=$?
waited=$((SECONDS - sent))
check "SIGINT during a 4 s sample: exit 130 (got $rc) within 2 s (took ${waited}s)" test "$rc" = 130 -a "$waited" -le 2
check "the finished job is saved, the interrupted one is not" \
	jqok '(.results | length) == 1 and .results[0].size == 16 and .results[0].status == "ok"' "$dir/sig.json"
check "stderr names the job that was stopped" grep -q "openssl evp sha256 64 B stopped by signal 2; not saved" "$dir/sig.err"
# The result file's folder vanishes mid-run (issue 11, defect 9): the rewrite
# after the next job fails with a message, the run goes on, exit 1 at the end.
mkdir -p "$dir/gone"
"$A" run --backend openssl --alg sha256 --sizes 16,64,256 --seconds 1 --repeats 1 --warmup 0 \
	--json "$dir/gone/r.json" >"$dir/gone.out" 2>"$dir/gone.err" &
pid=$!
for _ in $(seq 300); do grep -q ' pass ' "$dir/gone.out" && break; sleep 0.1; done
rm -rf "$dir/gone"
rc=0
wait "$pid" || rc=$?
check "result folder removed mid-run: exit 1 (got $rc), every job still ran" \
	sh -c '[ "$1" = 1 ] && [ "$(grep -c " pass " "$0")" = 3 ]' "$dir/gone.out" "$rc"
check "and it says the result file could not be written" grep -q "cannot \(update the result file\|write\)" "$dir/gone.err"
rm -rf "$dir"
tap_end
