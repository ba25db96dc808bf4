#!/usr/bin/env bash
# Runs in a guest booted with lockdown=confidentiality (trace_bpf_fallback.sh). TAP.
# Lockdown for confidentiality withholds bpf_probe_read_kernel from every
# BPF program, so the verifier itself refuses the engine's programs: both
# the lockdown reason and the verifier's own line are what a user sees.
# The tracefs engine is locked down too (tracefs files refuse to open), so
# auto gives the BPF reason and then tracefs's.
. /opt/algbench/tests/lib.sh
out=$(mktemp -d)
sec=/sys/kernel/security
tap_begin
echo "# kernel: $(uname -r); command line: $(cat /proc/cmdline)"

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
algbench trace --json "$out/auto.json" -- true >/dev/null 2>"$out/auto.err"
rc=$?
sed "s/^/# auto (exit $rc): /" "$out/auto.err"
check "auto: says why not the BPF engine (lockdown)" \
	grep -q '^algbench trace: not the BPF engine: .*locked down for confidentiality' "$out/auto.err"
check "auto: then tries the tracefs engine, refused by lockdown too (exit $rc)" \
	sh -c "[ $rc = 1 ] && grep -q '^algbench trace: /sys/kernel/tracing is tracefs but has no README: the kernel disabled tracing at boot' $out/auto.err"
tap_end
