#!/usr/bin/env bash
# algbench-tcrypt-table, scripts/kmod/tcrypt-compare's table: medians, spreads
# and ratios from raw lines as the script writes them, and raw lines that are
# not (they come from a guest's dmesg and algbench.ko's replies) refused with
# their number, exit 2, no table.
. "$(dirname "$0")/../lib.sh"
tap_begin
build=${ALGBENCH_BUILD_DIR:-$ALGBENCH_TOP/build}
table=$build/bin/algbench-tcrypt-table
[ -x "$table" ] || skip_all "$table not built"
scratch_dir

# Three repeats of gcm(aes) and sha256 (ops in ns; tcrypt's "in 1 seconds"
# as 10^9 ns), two of cbc(aes) (cycles over operations), 16384 B gcm on the
# algbench side only (not among tcrypt's aead sizes).
cat >raw <<'RAW'
algbench gcm(aes)-128 16 ops_per_s 3000 1000000 gcm-aesni
tcrypt gcm(aes)-128 16 ops_per_s 2000000 1000000000 gcm-aesni
algbench gcm(aes)-128 16384 ops_per_s 100 1000000 gcm-aesni
tcrypt sha256 256 ops_per_s 500000 1000000000 sha256-avx2
algbench sha256 256 ops_per_s 450 1000000 sha256-avx2
algbench cbc(aes)-128 16 cycles_per_op 1600 8 cbc-aes-aesni
tcrypt cbc(aes)-128 16 cycles_per_op 180 1 cbc-aes-aesni
algbench gcm(aes)-128 16 ops_per_s 2000 1000000 gcm-aesni
tcrypt gcm(aes)-128 16 ops_per_s 2000000 1000000000 gcm-aesni
algbench gcm(aes)-128 16384 ops_per_s 110 1000000 gcm-aesni
tcrypt sha256 256 ops_per_s 400000 1000000000 sha256-avx2
algbench sha256 256 ops_per_s 500 1000000 sha256-avx2
algbench cbc(aes)-128 16 cycles_per_op 1760 8 cbc-aes-aesni
tcrypt cbc(aes)-128 16 cycles_per_op 220 1 cbc-aes-aesni
# repeat 3: a second algbench driver for gcm(aes), as after a module arrived
algbench gcm(aes)-128 16 ops_per_s 1000 1000000 generic-gcm-aesni
tcrypt gcm(aes)-128 16 ops_per_s 1000000 1000000000 gcm-aesni
algbench gcm(aes)-128 16384 ops_per_s 120 1000000 gcm-aesni
tcrypt sha256 256 ops_per_s 500000 1000000000 sha256-avx2
algbench sha256 256 ops_per_s 500 1000000 sha256-avx2
RAW
out=$("$table" <raw 2>err) && rc=0 || rc=$?
check "a table from three repeats: exit 0 ($rc)" [ "$rc" = 0 ]
sed 's/^/#   /' <<<"$out"
row() { grep -E "^$1 " <<<"$out" | tr -s ' '; }
check "each algorithm's drivers, each side, once each" \
	grep -qx '# gcm(aes)-128: algbench driver gcm-aesni generic-gcm-aesni, tcrypt driver gcm-aesni' <<<"$out"
# gcm 16: algbench 3e6, 2e6, 1e6 ops/s (median 2e6, spread 100%), tcrypt 2e6, 2e6, 1e6 (2e6, 50%)
check "gcm(aes) 16: the medians, the spreads, the ratio" [ "$(row 'gcm\(aes\)-128 +16')" = "gcm(aes)-128 16 ops_per_s 2000000.0 100.0 2000000.0 50.0 1.000" ]
check "gcm(aes) 16384: algbench alone, tcrypt and the ratio '-'" [ "$(row 'gcm\(aes\)-128 +16384')" = "gcm(aes)-128 16384 ops_per_s 110000.0 18.2 - - -" ]
# sha256 256: algbench 450000, 500000, 500000 (500000, 10%); tcrypt 500000, 400000, 500000 (500000, 20%)
check "sha256 256: medians of odd counts, the spreads" [ "$(row 'sha256 +256')" = "sha256 256 ops_per_s 500000.0 10.0 500000.0 20.0 1.000" ]
# cbc 16: algbench 200, 220 cycles/op (210), tcrypt 180, 220 (200): throughput ratio 200/210
check "cbc(aes) 16: cycles/op, even count, the inverse ratio" [ "$(row 'cbc\(aes\)-128 +16')" = "cbc(aes)-128 16 cycles_per_op 210.0 9.5 200.0 20.0 0.952" ]
check "the footer counts the repeats" grep -qx '# repeats per side: 3; spread = (max - min) / median' <<<"$out"
check "nothing on stderr" [ ! -s err ]

refused() { # refused NAME LINE WANT: LINE after a good one is refused as line 2, saying WANT
	local out rc=0
	out=$(printf 'algbench sha256 16 ops_per_s 1 1 sha256-generic\n%s\n' "$2" | "$table" 2>&1) || rc=$?
	if [ "$rc" = 2 ] && grep -q "^algbench-tcrypt-table: line 2: .*$3" <<<"$out" && ! grep -q '^alg ' <<<"$out"; then
		ok "$1"
	else
		not_ok "$1 (exit $rc: $out)"
	fi
}
refused "six fields: refused" 'tcrypt sha256 16 ops_per_s 1 sha256-generic' '6 fields'
refused "eight fields: refused" 'tcrypt sha256 16 ops_per_s 1 1 sha256-generic x' 'more than 7 fields'
refused "an unknown side: refused" 'openssl sha256 16 ops_per_s 1 1 d' "side 'openssl'"
refused "a negative count (strtoull would take it): refused" 'tcrypt sha256 16 ops_per_s -1 1 d' 'not a count'
refused "a count over zero: refused" 'tcrypt sha256 16 ops_per_s 5 0 d' 'not a count over a positive count'
refused "a hex count: refused" 'tcrypt sha256 16 ops_per_s 0x10 1 d' 'not a count'
refused "size 0: refused" 'tcrypt sha256 0 ops_per_s 1 1 d' "size '0'"
refused "an unknown metric: refused" 'tcrypt sha256 16 MB_per_s 1 1 d' "metric 'MB_per_s'"
refused "one algorithm measured two ways: refused" 'tcrypt sha256 64 cycles_per_op 1 1 d' 'measured as ops_per_s before'
refused "a driver with a shell's characters: refused" 'tcrypt sha256 16 ops_per_s 1 1 $(reboot)' 'not a kernel name'
refused "an algorithm name of 200 bytes: refused" "tcrypt $(printf 'a%.0s' {1..200}) 16 ops_per_s 1 1 d" 'not a kernel name'
refused "a line of 600 bytes: refused" "$(printf 'x%.0s' {1..600})" 'longer than 512 bytes'
rc=0
printf 'algbench sha256 16 ops_per_s 1 1 d\nalgbench sha\000-256 16 ops_per_s 1 1 d\n' | "$table" >out 2>err || rc=$?
check "a NUL byte: exit 2, said, no table ($rc)" sh -c '[ "$0" = 2 ] && grep -q "line 2: a NUL byte" err && [ ! -s out ]' "$rc"
rc=0
out=$("$table" </dev/null) || rc=$?
check "no lines: exit 0, the header and 0 repeats" sh -c '[ "$0" = 0 ] && echo "$1" | grep -q "^alg " && echo "$1" | grep -q "repeats per side: 0;"' "$rc" "$out"
expect_status "an operand: usage, exit 2" 2 "$table" raw
check "--help says the line format" sh -c '"$0" --help | grep -q "SIDE ALG SIZE METRIC NUM DEN DRIVER"' "$table"
tap_end
