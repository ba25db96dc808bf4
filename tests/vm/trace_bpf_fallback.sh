#!/usr/bin/env bash
# algbench trace's BPF engine refused by a real kernel (issue 22), Debian's
# 6.12, two short boots (see trace_bpf_fallback_guest.sh):
#   lockdown  booted with lockdown=confidentiality: the verifier refuses
#   caps      root in a user namespace (a container's): bpf() refuses
# The other reasons are checked where they arise: no BTF, not root and BTF
# hidden in vm_trace_bpf, the build without libbpf in host_bpf_off;
# docs/trace.md says which cannot be provoked here.
. "$(dirname "$0")/../lib.sh"
skip_unless_built algbench.ko
rc=0
for mode in lockdown caps; do
	args=(--kernel debian-6.12 --smp 1 --timeout 600)
	[ "$mode" = lockdown ] && args+=(--append lockdown=confidentiality)
	echo "# ---- $mode: scripts/vm/run ${args[*]}"
	nice -n 19 "$VMRUN" "${args[@]}" -- bash /opt/algbench/tests/vm/trace_bpf_fallback_guest.sh $mode || rc=1
done
exit $rc
