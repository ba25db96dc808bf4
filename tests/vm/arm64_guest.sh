#!/usr/bin/env bash
# Runs in the arm64 guest (tests/vm/arm64.sh boots it with scripts/vm/run
# --arch arm64): the Crypto Extensions drivers bound once their modules
# load (-cpu max has AES, PMULL, SHA1/2/3, SHA512); the cross-built
# algbench.ko (and algbench_trace.ko, algbench_em.ko where built) load;
# algbench run's KATs pass on kmod, AF_ALG and OpenSSL, on the CE drivers;
# the host facts name the CPU from MIDR, say tcg, count cntvct_el0 ticks;
# algbench trace counts the CE driver's calls exactly; conform passes; and
# why AF_ALG's ciphers need crypto_user. TAP.
#
#   arm64_guest.sh ACCEL_MODULES (comma-separated: what the runner was told to load)
. "$(dirname "$0")/../lib.sh"
tap_begin
rel=$(uname -r)
check "uname -m is aarch64 ($rel)" test "$(uname -m)" = aarch64
# Every accelerated module the runner loaded, by /sys/module (names with _).
missing=""
for m in ${1//,/ }; do [ -d "/sys/module/${m//-/_}" ] || missing="$missing $m"; done
check "the arm64 accelerated modules are loaded (${1//,/ })${missing:+; missing:$missing}" test -z "$missing"
drivers=$(sed -n 's/^driver *: //p' /proc/crypto | tr '\n' ' ')
for d in sha256-ce sha1-ce sha512-ce sha3-256-ce cbc-aes-ce ctr-aes-ce xts-aes-ce gcm-aes-ce ccm-aes-ce chacha20-neon poly1305-neon; do
	check "$d is registered" grep -qw -- "$d" <<<"$drivers"
done

# algbench.ko and its companions, cross-built for this kernel (kmod/ in the
# arm64 cross build; the runner ships build/kmod/REL).
check "modprobe algbench (cross-built against Debian's arm64 headers for $rel)" modprobe algbench
check "/dev/algbench is there" test -c /dev/algbench
check "modprobe algbench_trace" modprobe algbench_trace
if [ -n "$(modinfo -F filename algbench_em 2>/dev/null)" ]; then
	check "insmod and rmmod algbench_em (the 6.9+ energy-model module)" sh -c 'modprobe algbench_em && rmmod algbench_em'
else
	skip "algbench_em loads" "not built for $rel (the runtime energy model is from 6.9)"
fi

r=/tmp/r.json
algbench run --backend kmod,afalg,openssl --alg 'sha256,cbc(aes),gcm(aes)' --keys 128 --sizes 4096 \
	--seconds 0.1 --repeats 1 --warmup 0 --quiet --json "$r" >/tmp/run.out 2>&1
rc=$?
check "algbench run --backend kmod,afalg,openssl exits 0 (exit $rc)" test "$rc" = 0
for b in kmod afalg openssl; do
	check "$b: sha256, cbc(aes) and gcm(aes) ran and every job passed its KAT" \
		jqok --arg b "$b" '[.results[] | select(.backend == $b)] as $j | ($j | map(.alg) | unique) == ["cbc(aes)", "gcm(aes)", "sha256"] and ($j | all(.status == "ok" and .kat == "pass"))' "$r"
done
for b in kmod afalg; do
	check "$b's jobs ran on the CE drivers (sha256-ce, cbc-aes-ce, gcm-aes-ce)" \
		jqok --arg b "$b" '[.results[] | select(.backend == $b) | .driver] | unique == ["cbc-aes-ce", "gcm-aes-ce", "sha256-ce"]' "$r"
done
echo "# jobs per backend: $(jq -r '[.results[] | .backend] | group_by(.) | map("\(.[0]) \(length)") | join(", ")' "$r" 2>/dev/null)"
check "run.host.cpu_model is MIDR decoded (QEMU's max CPU: implementer 0, part 0x051)" \
	jqok '.run.host.cpu_model | test("\\(MIDR 0x000f0510\\)$")' "$r"
check "run.host.virtualized is tcg (QEMU's max CPU is TCG's)" jqok '.run.host.virtualized == "tcg"' "$r"
check "run.host.cycle_counter is cntvct_el0 with its rate" \
	jqok '.run.host.cycle_counter | .name == "cntvct_el0" and .hz > 0' "$r"
check "every sample carries cntvct_el0's ticks, every job a cycles_per_byte" \
	jqok '[.results[] | select(.status == "ok")] | length > 0 and all(.[]; .cycles_per_byte > 0 and all(.samples[]; .cycles > 0))' "$r"

# algbench trace (the tracefs engine: kprobes on arm64) counts the CE
# driver's calls exactly: count=N jobs make N timed calls; the set-up's own
# are the count=0 job's, so N = (count=N) - (count=0).
traced() { # JSON COUNT
	algbench trace --json "$1" -- algbench kmod "type=aead alg=gcm(aes) keylen=16 size=4096 op=encrypt count=$2" \
		>/dev/null 2>>/tmp/trace.err
}
enc() { jq '[.drivers[] | select(.driver == "gcm-aes-ce") | .encrypt_cnt] | add // 0' "$1" 2>/dev/null; }
traced /tmp/t0.json 0
traced /tmp/t1.json 1000
rc=$?
grep -E 'probe|^driver|^gcm-aes-ce' /tmp/trace.err | sed 's/^/# trace: /'
check "algbench trace -- algbench kmod exits 0 ($(jq -r .mode /tmp/t1.json 2>/dev/null))" test "$rc" = 0
e0=$(enc /tmp/t0.json) e1=$(enc /tmp/t1.json)
check "trace: gcm-aes-ce encrypt_cnt grows by exactly 1000 for 1000 encryptions ($e1 - $e0)" \
	test "$((${e1:-0} - ${e0:-0}))" = 1000

algbench conform --tap >/tmp/conform.tap 2>/tmp/conform.err
rc=$?
sed 's/^/# conform: /' /tmp/conform.tap
check "conform --tap exits 0 (exit $rc)" test "$rc" = 0
check "conform's totals say fail:0" grep -q '^# Totals: pass:[1-9][0-9]* fail:0 ' /tmp/conform.tap

# libkcapi asks crypto_user (a NETLINK_CRYPTO socket) for a cipher's block
# and IV sizes. Without the module, and with no modprobe for the kernel to
# load it on demand (an initramfs of busybox insmod only), that socket fails
# with EPROTONOSUPPORT: AF_ALG's ciphers fail as "Protocol not supported".
# The hashes do not ask. Module autoloading is switched off for this check.
old=$(cat /proc/sys/kernel/modprobe)
echo >/proc/sys/kernel/modprobe
rmmod crypto_user
algbench run --backend afalg --alg 'cbc(aes),sha256' --keys 128 --sizes 4096 --seconds 0.05 --repeats 1 \
	--warmup 0 --quiet --json /tmp/nocu.json >/dev/null 2>&1
echo "$old" >/proc/sys/kernel/modprobe
modprobe crypto_user
check "without crypto_user (no autoload), AF_ALG's cbc(aes) fails with 'Protocol not supported'" \
	jqok 'any(.results[]; .alg == "cbc(aes)" and .status != "ok" and (.reason | test("Protocol not supported")))' /tmp/nocu.json
check "... while sha256 runs" jqok 'all(.results[] | select(.alg == "sha256"); .status == "ok")' /tmp/nocu.json
kernel_log_clean "no WARN, BUG or Oops in the kernel log"
if [ "$tap_failed" != 0 ]; then
	sed 's/^/# run: /' /tmp/run.out | tail -n 20
	jq -c '.results[] | select(.status != "ok" or .kat != "pass") | {backend, alg, mode, status, kat, driver, reason}' "$r" 2>/dev/null | head -n 10 | sed 's/^/# /'
fi
tap_end
