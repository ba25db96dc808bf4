#!/usr/bin/env bash
# algbench trace's BPF engine (issue 22): Debian's 6.12 and 6.1 and the
# stats-off A/B kernel (BTF, fentry/fexit), one boot each, and the trace
# kernel (6.12 built without BTF: the fallback). The built kernels boot when
# scripts/kernel/build-variants has built them (scripts/test does). See
# trace_bpf_guest.sh.
. "$(dirname "$0")/../lib.sh"
mods=aesni_intel,sha256_ssse3,gcm,ctr,deflate
skip_unless_built algbench.ko
rc=0
# One vCPU, as vm_trace: attaching patches kernel text (see trace.sh).
for k in debian-6.12 debian-6.1; do
	nice -n 19 "$VMRUN" --kernel $k --smp 1 --timeout 1800 --modules $mods -- bash /opt/algbench/tests/vm/trace_bpf_guest.sh || rc=1
done
# Built kernels: never built from here (minutes), only when cached.
for k in stats-off trace; do
	if ls "$ALGBENCH_CACHE"/kernels/$k/boot/vmlinuz-* >/dev/null 2>&1; then
		nice -n 19 "$VMRUN" --kernel $k --smp 1 --timeout 1800 -- bash /opt/algbench/tests/vm/trace_bpf_guest.sh || rc=1
	else
		echo "# the $k kernel is not built yet: its boot is left out"
	fi
done
exit $rc
