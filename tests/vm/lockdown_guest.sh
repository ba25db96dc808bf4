#!/usr/bin/env bash
# Runs in a Debian 6.1 guest (tests/vm/lockdown.sh boots it twice). TAP.
#   lockdown_guest.sh boot     the kernel was booted with lockdown=integrity
#   lockdown_guest.sh runtime  booted without; algbench.ko is loaded, then
#                              lockdown is raised to integrity
# Lockdown in integrity mode refuses to open debugfs files that can be
# written (and to load modules without a valid signature); algbench.ko's
# control interface is a device node, /dev/algbench, which it does not touch.
. /opt/algbench/tests/lib.sh
mode=${1:?usage: lockdown_guest.sh boot|runtime}
sec=/sys/kernel/security
mountpoint -q "$sec" || mount -t securityfs securityfs "$sec"
level() { sed -n 's/.*\[\([a-z]*\)\].*/\1/p' "$sec/lockdown"; }
DEV=/dev/algbench
echo "# /sys/kernel/security/lockdown: $(cat "$sec/lockdown")"
echo "# kernel: $(uname -r); command line: $(cat /proc/cmdline)"
dmesg -c >/dev/null

if [ "$mode" = boot ]; then
	check "lockdown=integrity on the command line is in force ([integrity])" test "$(level)" = integrity
	check "the algbench.ko built here carries no signature (modinfo: no signer)" \
		test -z "$(modinfo -F signer algbench 2>/dev/null)"
	rc=0
	out=$(modprobe algbench 2>&1) || rc=$?
	echo "# modprobe algbench: exit $rc: $out"
	dmesg | sed 's/^/# dmesg: /'
	check "lockdown refuses the unsigned module (modprobe exit $rc, not loaded)" \
		test "$rc" != 0 -a ! -e /sys/module/algbench
	check "... and the kernel says why: 'unsigned module loading is restricted'" \
		sh -c 'dmesg | grep -q "Lockdown: .*unsigned module loading is restricted"'
	rc=0
	out=$(algbench kmod 'type=aead alg=gcm(aes) size=64 ms=20' 2>&1) || rc=$?
	echo "# algbench kmod: exit $rc: $out"
	check "algbench kmod: no module is a usage-level failure (exit 2) naming algbench.ko" \
		bash -c '[ "$0" = 2 ] && grep -q "algbench.ko" <<<"$1"' "$rc" "$out"
	tap_end
	exit
fi

check "booted without lockdown ([none])" test "$(level)" = none
check "modprobe algbench (unsigned: loads while the kernel is not locked down)" modprobe algbench
check "modprobe algbench_trace (its writable debugfs file 'call' is the witness)" modprobe algbench_trace
check "$DEV: a character device made by devtmpfs, root's, mode 600" \
	test -c "$DEV" -a "$(stat -c '%a %u' "$DEV" 2>/dev/null)" = "600 0"
echo integrity >"$sec/lockdown"
check "lockdown raised to integrity at run time ($(cat "$sec/lockdown"))" test "$(level)" = integrity
err=$( (echo 5 >/sys/kernel/debug/algbench_trace/call) 2>&1)
check "under lockdown a writable debugfs file cannot be opened (${err:-no error})" \
	test -n "$err" -a -z "${err##*Operation not permitted*}"
dmesg | grep Lockdown | sed 's/^/# dmesg: /'
rc=0
algbench kmod 'type=aead alg=gcm(aes) keylen=16 size=4096 ms=100 cpus=all' >/tmp/r 2>/tmp/e || rc=$?
sed 's/^/# /' /tmp/r /tmp/e
check "algbench kmod through $DEV under lockdown: exit $rc, status=0, ops > 0" \
	sh -c '[ "$0" = 0 ] && grep -qx status=0 /tmp/r && grep -q "^ops=[1-9]" /tmp/r' "$rc"
check "the read-only debugfs result (diagnostics) stays readable under lockdown and holds that reply" \
	cmp -s /sys/kernel/debug/algbench/result /tmp/r
rc=0
set -- --backend kmod --alg 'gcm(aes),sha256,deflate' --keys 128 --mode sync,async --sizes 1024 --threads 1,all \
	--seconds 0.05 --warmup 0 --repeats 1
jobs=$(algbench run --dry-run "$@" | grep -vc "^#") # one line per job, then "# N jobs"
algbench run "$@" --quiet --json /tmp/l.json 2>/tmp/l.err || rc=$?
sed 's/^/# /' /tmp/l.err
jq -r '.results[] | "# \(.backend) \(.mode) \(.alg) \(.op) x\(.threads): \(.status), kat \(.kat)"' /tmp/l.json
check "run --backend kmod under lockdown: exit $rc, all $jobs jobs ok, each KAT passed" \
	jqok --argjson n "$jobs" '(.results | length) == $n and all(.results[]; .status == "ok" and .kat == "pass")' /tmp/l.json
check "rmmod algbench_trace" rmmod algbench_trace
rc=0
out=$(modprobe algbench_trace 2>&1) || rc=$?
check "loading an unsigned module now is refused (modprobe exit $rc: $out)" test "$rc" != 0
check "rmmod algbench" rmmod algbench
tap_end
