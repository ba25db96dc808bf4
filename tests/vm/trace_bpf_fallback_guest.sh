#!/usr/bin/env bash
# Runs in a Debian 6.12 guest (trace_bpf_fallback.sh boots it twice). TAP.
#   trace_bpf_fallback_guest.sh lockdown  booted with lockdown=confidentiality
#   trace_bpf_fallback_guest.sh caps      booted as usual; root in a user namespace
# Lockdown for confidentiality withholds bpf_probe_read_kernel from every
# BPF program, so the verifier itself refuses the engine's programs: both
# the lockdown reason and the verifier's own line are what a user sees.
# The tracefs engine is locked down too (tracefs files refuse to open), so
# auto gives the BPF reason and then tracefs's.
. /opt/algbench/tests/lib.sh
mode=${1:?usage: trace_bpf_fallback_guest.sh lockdown|caps}
out=$(mktemp -d)
sec=/sys/kernel/security
tap_begin
echo "# kernel: $(uname -r); command line: $(cat /proc/cmdline)"

if [ "$mode" = caps ]; then
	# Root in a user namespace, as in a container: uid 0 there, no capability
	# in the kernel's own namespace, so bpf() itself says EPERM.
	ns=(unshare --user --map-root-user)
	check "a user namespace with uid 0 in it" sh -c "[ \"\$(${ns[*]} id -u)\" = 0 ]"
	expect_status "root in a user namespace: --engine bpf exits 1" 1 \
		sh -c "${ns[*]} algbench trace --engine bpf -- true 2>$out/caps.err"
	sed 's/^/# /' "$out/caps.err"
	check "... the reason: not permitted although root, the capabilities named" \
		grep -q 'BPF engine: loading the programs: Operation not permitted: not permitted although root (needs CAP_BPF with CAP_PERFMON, or CAP_SYS_ADMIN' "$out/caps.err"
	"${ns[@]}" algbench trace --json "$out/auto.json" -- true >/dev/null 2>"$out/auto.err"
	rc=$?
	sed "s/^/# auto (exit $rc): /" "$out/auto.err"
	check "auto: says why not the BPF engine" grep -q 'not the BPF engine: .*although root' "$out/auto.err"
	# tracefs checks file permissions only, and the namespace's root is the real one's uid
	check "auto: then counts with the tracefs engine (exit $rc)" \
		sh -c "[ $rc = 0 ] && jq -e '.engine == \"tracefs\"' $out/auto.json >/dev/null"
	algbench trace --json "$out/back.json" -- true >/dev/null 2>"$out/back.err" || sed 's/^/# back: /' "$out/back.err"
	check "outside the namespace: auto picks bpf" jqok '.engine == "bpf"' "$out/back.json"
	tap_end
	exit
fi

# Without securityfs (as this guest boots): the verifier's line says which helper is refused.
expect_status "no securityfs: --engine bpf exits 1" 1 sh -c "algbench trace --engine bpf -- true 2>$out/nosec.err"
sed 's/^/# /' "$out/nosec.err"
check "no securityfs: the verifier's refusal of bpf_probe_read_kernel is quoted" \
	grep -q 'BPF engine: loading the programs: .*; the verifier said: program of this type cannot use helper bpf_probe_read' "$out/nosec.err"
check "no securityfs: ... and the likely cause, lockdown=confidentiality, named" \
	grep -q 'withholds the helpers that read kernel memory from BPF programs, as lockdown=confidentiality does' "$out/nosec.err"

# With securityfs, as systemd mounts it: the lockdown is named.
grep -q " $sec securityfs " /proc/mounts || mount -t securityfs securityfs $sec
echo "# $sec/lockdown: $(cat $sec/lockdown)"
check "lockdown=confidentiality is in force" grep -q '\[confidentiality\]' $sec/lockdown
expect_status "--engine bpf exits 1" 1 sh -c "algbench trace --engine bpf -- true 2>$out/bpf.err"
sed 's/^/# /' "$out/bpf.err"
check "--engine bpf: the reason names lockdown=confidentiality" \
	grep -q 'BPF engine: loading the programs: .*the kernel is locked down for confidentiality (lockdown=confidentiality in /sys/kernel/security/lockdown)' "$out/bpf.err"
check "--engine bpf: ... and quotes the verifier" grep -q '; the verifier said: program of this type cannot use helper bpf_probe_read' "$out/bpf.err"
check "--engine bpf-fast: the same refusal" sh -c 'algbench trace --engine bpf-fast -- true 2>&1 | grep -q "locked down for confidentiality"'
# Not root under lockdown: bpf() refuses before the verifier, and that is the reason given.
cp "$(command -v algbench)" /tmp/algbench-user && chmod 755 /tmp/algbench-user
su -s /bin/sh nobody -c '/tmp/algbench-user trace --engine bpf -- true' 2>"$out/user.err"
check "not root (lockdown too): the reason is not root, not lockdown" \
	sh -c "grep -q 'BPF engine: .*not permitted: not root' $out/user.err && ! grep 'BPF engine:' $out/user.err | grep -q 'locked down'"
sed 's/^/# /' "$out/user.err"
algbench trace --json "$out/auto.json" -- true >/dev/null 2>"$out/auto.err"
rc=$?
sed "s/^/# auto (exit $rc): /" "$out/auto.err"
check "auto: says why not the BPF engine (lockdown)" \
	grep -q '^algbench trace: not the BPF engine: .*locked down for confidentiality' "$out/auto.err"
check "auto: then tries the tracefs engine, refused by lockdown too (exit $rc)" \
	sh -c "[ $rc = 1 ] && grep -q '^algbench trace: /sys/kernel/tracing is tracefs but has no README: the kernel disabled tracing at boot' $out/auto.err"
tap_end
