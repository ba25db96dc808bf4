#!/usr/bin/env bash
# lava/algbench-lava-report on canned conform TAP and result JSON: the exact
# lava-test-case calls it makes (a stub lava-test-case on PATH records its
# argv, as LAVA's own helper would receive it), and clear errors on bad files.
. "$(dirname "$0")/../lib.sh"
tap_begin
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
REPORT=$ALGBENCH_TOP/lava/algbench-lava-report
mkdir "$dir/bin"
cat >"$dir/bin/lava-test-case" <<'S'
#!/bin/sh
printf 'lava-test-case' >>"$LOG"
for a in "$@"; do printf ' [%s]' "$a" >>"$LOG"; done
echo >>"$LOG"
S
chmod +x "$dir/bin/lava-test-case"
export PATH="$dir/bin:$PATH" LOG="$dir/log"

cat >"$dir/c.tap" <<'T'
TAP version 13
1..3
ok 1 getalg sha256 reports a driver
not ok 2 getstat counts; encrypt $(touch /tmp/algbench-lava-injected)
ok 3 getstat deflate # SKIP no stats
# totals: pass 1 fail 1 skip 1
T
cat >"$dir/r.json" <<'J'
{"schema": "algbench/1", "run": {"id": "t"}, "results": [
 {"backend": "afalg", "alg": "gcm(aes)", "op": "encrypt", "keylen": 16, "keybits": 128, "size": 4096,
  "threads": 1, "mode": "sendmsg", "status": "ok", "kat": "pass", "mbps": {"median": 812.5}},
 {"backend": "openssl", "alg": "sha256", "op": "digest", "keylen": 0, "keybits": 0, "size": 16,
  "threads": 2, "mode": "evp", "status": "skipped", "kat": "skip", "mbps": null},
 {"backend": "kmod", "alg": "cbc(aes)", "op": "decrypt", "keylen": 16, "keybits": 128, "size": 16,
  "threads": 1, "mode": "sync", "status": "failed", "kat": "fail", "mbps": null}]}
J
expect_status "report conform TAP and a result" 0 "$REPORT" --tap "$dir/c.tap" --result "$dir/r.json"
cat >"$dir/want" <<'W'
lava-test-case [conform.getalg_sha256_reports_a_driver] [--result] [pass]
lava-test-case [conform.getstat_counts__encrypt___touch__tmp_algbench-lava-injected_] [--result] [fail]
lava-test-case [conform.getstat_deflate] [--result] [skip]
lava-test-case [bench.afalg.gcm_aes_.encrypt.k128.s4096.t1.sendmsg] [--result] [pass] [--measurement] [812.5] [--units] [MB/s]
lava-test-case [bench.openssl.sha256.digest.k0.s16.t2.evp] [--result] [skip]
lava-test-case [bench.kmod.cbc_aes_.decrypt.k128.s16.t1.sync] [--result] [fail]
W
if diff -u "$dir/want" "$dir/log"; then ok "the exact lava-test-case lines"; else not_ok "the exact lava-test-case lines"; fi
check "nothing in a TAP name ran" test ! -e /tmp/algbench-lava-injected

: >"$LOG"
echo nothing >"$dir/empty.tap"
expect_status "TAP without results refused" 2 "$REPORT" --tap "$dir/empty.tap"
echo '{"schema": "other"}' >"$dir/other.json"
expect_status "JSON of another schema refused" 2 "$REPORT" --result "$dir/other.json"
printf '{"schema": "algbench/1", "results": [' >"$dir/trunc.json"
expect_status "truncated JSON refused" 2 "$REPORT" --result "$dir/trunc.json"
expect_status "missing file refused" 2 "$REPORT" --tap "$dir/nope"
mkfifo "$dir/fifo"
# a FIFO with no writer: the report must refuse it at once, never wait (the
# timeout only ends a hang, and a hang fails the check)
for opt in --tap --result; do
	got=0
	timeout 20 "$REPORT" "$opt" "$dir/fifo" 2>"$dir/fifo.err" || got=$?
	if [ "$got" = 2 ] && grep -q "not a regular file" "$dir/fifo.err"; then
		ok "$opt FIFO refused, not waited on"
	else
		not_ok "$opt FIFO refused, not waited on (exit $got: $(cat "$dir/fifo.err"))"
	fi
done
expect_status "a directory refused" 2 "$REPORT" --result "$dir"
check "no lava-test-case calls for bad files" test ! -s "$LOG"
check "the definition says its format" grep -q '^  format: Lava-Test Test Definition 1.0$' "$ALGBENCH_TOP/lava/algbench.yaml"
check "the definition's run steps end with the report" grep -q '^    - lava/algbench-lava-report --tap' "$ALGBENCH_TOP/lava/algbench.yaml"

# lava/algbench-lava-files: what --print writes, --extract gets back from a
# log in lava-run's JSON-lines form (target lines with CRs, other lines between)
FILES=$ALGBENCH_TOP/lava/algbench-lava-files
(cd "$dir" && "$FILES" --print c.tap r.json) >"$dir/printed"
{
	echo '{"dt": "x", "lvl": "info", "msg": "start: 3.1 lava-test-shell"}'
	while IFS= read -r line; do printf '{"dt": "x", "lvl": "target", "msg": "%s\\r"}\n' "$line"; done <"$dir/printed"
	echo '{"dt": "x", "lvl": "debug", "msg": "end"}'
} >"$dir/lava.log"
expect_status "files extracted from a lava-run log" 0 "$FILES" --extract "$dir/lava.log" "$dir/got"
check "the extracted TAP is the printed one" cmp -s "$dir/c.tap" "$dir/got/c.tap"
check "the extracted JSON is the printed one" cmp -s "$dir/r.json" "$dir/got/r.json"
cut -c1-40 "$dir/lava.log" >"$dir/cut.log"
expect_status "a log without blocks: exit 1" 1 "$FILES" --extract "$dir/cut.log" "$dir/none"
expect_status "--print of a FIFO refused" 2 "$FILES" --print "$dir/fifo"

# lava/algbench-lava-job: required URLs, values quoted for YAML, control characters refused
JOB=$ALGBENCH_TOP/lava/algbench-lava-job
expect_status "job without --ramdisk refused" 2 "$JOB" --kernel file:///k --repository /r
expect_status "job value with a newline refused" 2 "$JOB" --kernel "$(printf 'a\nb')" --ramdisk r --repository g
expect_status "job --smp 0 refused" 2 "$JOB" --kernel k --ramdisk r --repository g --smp 0
"$JOB" --kernel "file:///it's" --ramdisk r --repository g --algs 'gcm(aes)' >"$dir/job.yaml"
check "job: a quote in a URL stays one YAML value" grep -qx "        url: 'file:///it''s'" "$dir/job.yaml"
check "job: the definition's path and params" grep -q "ALGS: 'gcm(aes)'" "$dir/job.yaml"
tap_end
