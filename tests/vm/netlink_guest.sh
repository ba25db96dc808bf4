#!/usr/bin/env bash
# Runs in the guest (see netlink.sh): TAP, one line per check.
. /opt/algbench/tests/lib.sh
# shellcheck disable=SC2034 # read by tests/lib.sh's helpers: the guest's algbench is on PATH
ALGBENCH=algbench
out=$(mktemp) err=$(mktemp)
tap_begin

algbench conform --tap >"$out" 2>"$err"; rc=$?
sed 's/^/# conform: /' "$out"
check "conform --tap exits 0 (every check passed or skipped)" [ "$rc" = 0 ]
check "conform prints a plan and a kselftest totals line with fail:0" \
	sh -c "grep -q '^1\.\.[0-9]' '$out' && grep -q '^# Totals: pass:[0-9]* fail:0 ' '$out'"
check "conform on Debian 6.1 decides stats off from /boot/config" \
	grep -q 'stats expected off (auto: CONFIG_CRYPTO_STATS=n in /boot/config-' "$out"
expect_status "conform --expect-stats on fails on a kernel without stats" 1 \
	sh -c 'algbench conform --tap --expect-stats on >/dev/null 2>&1'
expect_status "conform --expect-stats bogus is a usage error" 2 \
	sh -c 'algbench conform --expect-stats bogus 2>/dev/null'

algbench nl stat sha256 >"$out" 2>"$err"; rc=$?
sed 's/^/# nl stat: /' "$out"
check "nl stat sha256 exits 0 and reports -ENOTSUPP (524)" \
	sh -c "[ $rc = 0 ] && grep -q 'no crypto statistics: GETSTAT answered -ENOTSUPP (524)' '$out'"
check "nl stat sha256 --json: status unsupported, errno 524" \
	sh -c "algbench nl stat sha256 --json | jq -e '.status == \"unsupported\" and .errno == 524' >/dev/null"
expect_status "nl stat of an unknown name still exits 0 without stats (the stub answers first)" 0 \
	sh -c 'algbench nl stat algbench-no-such-alg >/dev/null'

algbench nl get sha256 >"$out" 2>"$err"; rc=$?
sed 's/^/# nl get: /' "$out"
check "nl get sha256 exits 0 with digestsize 32" sh -c "[ $rc = 0 ] && grep -q '^digestsize: 32$' '$out'"
drv=$(sed -n 's/^driver: *//p' "$out")
check "nl get sha256 names a driver /proc/crypto lists" grep -q "^driver *: $drv\$" /proc/crypto
check "nl get sha256 --json: type shash, blocksize 64" \
	sh -c "algbench nl get sha256 --json | jq -e '.type == \"shash\" and .blocksize == 64' >/dev/null"
check "nl get --driver picks that driver" \
	sh -c "algbench nl get sha256 --driver '$drv' --json | jq -e '.driver == \"$drv\"' >/dev/null"
expect_status "nl get of an unknown name exits 1" 1 sh -c 'algbench nl get algbench-no-such-alg 2>/dev/null'
check "nl get of an unknown name says ENOENT plainly" \
	sh -c "algbench nl get algbench-no-such-alg 2>&1 | grep -q \"no algorithm 'algbench-no-such-alg' in the running kernel.*ENOENT\""
expect_status "nl get without NAME is a usage error" 2 sh -c 'algbench nl get 2>/dev/null'

algbench nl list --json >"$out" 2>"$err"; rc=$?
check "nl list --json exits 0 with a JSON array" sh -c "[ $rc = 0 ] && jq -e 'type == \"array\"' '$out' >/dev/null"
n_json=$(jq length "$out")
n_proc=$(grep -c '^name ' /proc/crypto)
echo "# nl list --json: $n_json algorithms; /proc/crypto: $n_proc"
check "nl list --json has one entry per /proc/crypto algorithm" [ "$n_json" = "$n_proc" ]
# The guest has no /dev/fd, so no process substitution: compare files.
jq -r '.[].driver' "$out" | sort >"$out.a"
sed -n 's/^driver *: //p' /proc/crypto | sort >"$out.b"
check "nl list --json drivers equal /proc/crypto's" cmp -s "$out.a" "$out.b"
jq -r '.[] | "\(.driver) \(.priority)"' "$out" | sort >"$out.a"
awk -F': ' '/^driver/{d=$2} /^priority/{print d, $2}' /proc/crypto | sort >"$out.b"
check "nl list --json priorities equal /proc/crypto's" cmp -s "$out.a" "$out.b"
rm -f "$out.a" "$out.b"
check "nl list --json has gcm(aes) as an aead with ivsize 12" \
	sh -c "jq -e 'any(.[]; .name == \"gcm(aes)\" and .type == \"aead\" and .ivsize == 12)' '$out' >/dev/null"
check "nl list (text) has a header and one row per algorithm" \
	sh -c "[ \$(algbench nl list | wc -l) = \$(( $n_proc + 1 )) ]"
rm -f "$out" "$err"
tap_end
