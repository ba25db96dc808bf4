#!/usr/bin/env bash
# algbench export --kcidb: result JSON, conform TAP and compare verdicts become
# KCIDB v5 JSON that validates against tests/kcidb-v5.schema.json; the schema
# rejects what KCIDB rejects (nulls, bad ids); bad inputs give clear errors.
. "$(dirname "$0")/../lib.sh"
tap_begin
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
SCHEMA=$ALGBENCH_TOP/tests/kcidb-v5.schema.json
valid() { python3 "$ALGBENCH_TOP/tests/host/kcidb_validate.py" "$SCHEMA" "$1"; }

cat >"$dir/r.json" <<'J'
{"schema": "algbench/1", "run": {"id": "t1", "host": {"kernel": "6.1.0-stats-on"}},
 "results": [
  {"backend": "afalg", "type": "aead", "alg": "gcm(aes)", "op": "encrypt", "keylen": 16, "keybits": 128,
   "size": 4096, "threads": 1, "mode": "sendmsg", "kat": "pass", "status": "ok",
   "mbps": {"median": 812.5, "min": 800, "max": 820, "mad": 3}},
  {"backend": "afalg", "type": "hash", "alg": "sha3-256", "op": "digest", "keylen": 0, "keybits": 0,
   "size": 16, "threads": 2, "mode": "sendmsg", "kat": "skip", "status": "skipped",
   "reason": "not in this kernel", "mbps": null}]}
J
cat >"$dir/c.tap" <<'T'
TAP version 13
1..3
ok 1 getalg sha256 reports a driver
not ok 2 getstat counts encrypt
ok 3 getstat deflate # SKIP no stats in this kernel
# totals: pass 1 fail 1 skip 1
T
cat >"$dir/cmp.json" <<'J'
{"schema": "algbench-compare/1", "threshold": 0.02,
 "pairs": [{"job": {"backend": "kmod", "type": "skcipher", "alg": "cbc(aes)", "op": "encrypt", "keylen": 16,
   "size": 16, "threads": 1, "mode": "sync"}, "ratio": 0.845, "verdict": "slower"}],
 "one_sided": [{"job": {"backend": "kmod", "alg": "xts(aes)", "size": 16, "threads": 1}, "only_in": "base"}]}
J

expect_status "export of result + TAP + compare" 0 "$ALGBENCH" export --kcidb -o "$dir/k.json" \
	"$dir/r.json" "$dir/c.tap" "$dir/cmp.json"
check "output validates against the v5 schema" valid "$dir/k.json"
check "version 5.0, one checkout and build named by the kernel" test "$(jq -c '[.version, .checkouts[0].id, .builds[0].checkout_id]' "$dir/k.json")" = \
	'[{"major":5,"minor":0},"algbench:6_1_0-stats-on","algbench:6_1_0-stats-on"]'
check "throughput is DONE with {value, unit}" test "$(jq -c '.tests[0] | [.path, .status, .number]' "$dir/k.json")" = \
	'["algbench.bench.afalg.gcm_aes_.encrypt.k128.s4096.t1.sendmsg","DONE",{"unit":"MB/s","value":812.5}]'
check "skipped job is SKIP with its reason" test "$(jq -c '.tests[1] | [.status, .comment]' "$dir/k.json")" = '["SKIP","not in this kernel"]'
check "TAP lines: PASS, FAIL, SKIP" test "$(jq -c '[.tests[2,3,4] | .path + "=" + .status]' "$dir/k.json")" = \
	'["algbench.conform.getalg_sha256_reports_a_driver=PASS","algbench.conform.getstat_counts_encrypt=FAIL","algbench.conform.getstat_deflate=SKIP"]'
check "compare: slower is FAIL with the ratio, one-sided is MISS" test "$(jq -c '[.tests[5].status, .tests[5].number.value, .tests[6].status]' "$dir/k.json")" = '["FAIL",0.845,"MISS"]'
check "ids are unique" test "$(jq '[.tests[].id] | unique | length' "$dir/k.json")" = 7

# What KCIDB rejects, the schema rejects.
jq '.tests[0].comment = null' "$dir/k.json" >"$dir/null.json"
expect_status "schema rejects a null" 1 valid "$dir/null.json"
jq '.tests[0].id = "noorigin"' "$dir/k.json" >"$dir/badid.json"
expect_status "schema rejects an id without origin:" 1 valid "$dir/badid.json"
jq '.tests[0].path = "a..b"' "$dir/k.json" >"$dir/badpath.json"
expect_status "schema rejects an empty path component" 1 valid "$dir/badpath.json"
jq '.tests[0].status = "OK"' "$dir/k.json" >"$dir/badst.json"
expect_status "schema rejects an unknown status" 1 valid "$dir/badst.json"
jq '.version.major = 4' "$dir/k.json" >"$dir/v4.json"
expect_status "schema rejects another major version" 1 valid "$dir/v4.json"

# Untrusted inputs: clear errors, exit 2.
expect_status "bad --origin refused" 2 "$ALGBENCH" export --kcidb --origin 'Bad:x' "$dir/r.json"
echo '{"schema": "algbench/1", "results": 7}' >"$dir/bad1.json"
out=$("$ALGBENCH" export --kcidb "$dir/bad1.json" 2>&1 >/dev/null); st=$?
check "results not an array: exit 2, names the file" test "$st" = 2 -a -n "$(echo "$out" | grep "algbench export: $dir/bad1.json")"
echo '{"schema": "algbench/1", "results": [{"mbps": {"median": "x"}, "alg": 5, "status": null}]}' >"$dir/bad2.json"
expect_status "wrong field types do not crash" 0 "$ALGBENCH" export --kcidb -o "$dir/k2.json" "$dir/bad2.json"
check "... and still validate" valid "$dir/k2.json"
printf '{"schema": "algbench/1", "results": [' >"$dir/trunc.json"
expect_status "truncated JSON refused" 2 "$ALGBENCH" export --kcidb "$dir/trunc.json"
echo "hello" >"$dir/notap.txt"
expect_status "text without TAP lines refused" 2 "$ALGBENCH" export --kcidb "$dir/notap.txt"
# compare writes "ratio": null where a side has no median: a test without a value, not an error
jq '.pairs[0].ratio = null | .pairs[0].verdict = "inconclusive"' "$dir/cmp.json" >"$dir/cmp-null.json"
expect_status "compare's null ratio is exported (exit 0)" 0 "$ALGBENCH" export --kcidb -o "$dir/kn.json" "$dir/cmp-null.json"
check "... as a DONE test without a number" jqok '.tests[0].status == "DONE" and (.tests[0] | has("number") | not)' "$dir/kn.json"
err=$("$ALGBENCH" export --kcidb --kernel "$(printf 'a\377b')" "$dir/cmp.json" 2>&1 >/dev/null)
check "--kernel that is not UTF-8: exit 2, says so (not 'out of memory')" \
	sh -c '[ "$1" = 2 ] && echo "$0" | grep -q "algbench export: --kernel: .*not UTF-8" && ! echo "$0" | grep -q memory' \
	"$err" "$("$ALGBENCH" export --kcidb --kernel "$(printf 'a\377b')" "$dir/cmp.json" >/dev/null 2>&1; echo $?)"
echo '{"schema": "other"}' >"$dir/other.json"
expect_status "unknown JSON schema refused" 2 "$ALGBENCH" export --kcidb "$dir/other.json"
expect_status "missing file refused" 2 "$ALGBENCH" export --kcidb "$dir/nope.json"
expect_status "without --kcidb refused" 2 "$ALGBENCH" export "$dir/r.json"
tap_end
