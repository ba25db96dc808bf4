#!/usr/bin/env bash
# Probe events on algbench_trace.ko in one guest: see trace_probe_guest.sh.
#
#   tests/vm/trace_probe.sh [KERNEL]
#
# KERNEL: what scripts/vm/run --kernel takes (default: its own, Debian's
# 6.1). CTest runs vm_trace_probe (6.1: return probes without $argN) and
# vm_trace_probe_612 (Debian's 6.12, a directory under the VM cache).
. "$(dirname "$0")/../lib.sh"
kernel=${1:-${KERNEL:-}}
build=${ALGBENCH_BUILD_DIR:-$TESTS_TOP/build}
if ! ls "$build"/kmod/*/algbench_trace.ko >/dev/null 2>&1; then
	echo "1..0 # SKIP algbench_trace.ko not built in $build/kmod (no kernel headers at configure time)"
	exit 0
fi
kargs=()
if [ -n "$kernel" ]; then
	if [ -d "$kernel" ] && [ ! -f "$build/kmod/$(basename "$kernel")/algbench_trace.ko" ]; then
		echo "1..0 # SKIP algbench_trace.ko not built for $(basename "$kernel") in $build/kmod (re-run cmake after its headers are fetched)"
		exit 0
	fi
	kargs=(--kernel "$kernel")
fi
exec "$VMRUN" "${kargs[@]}" --smp 2 --timeout 400 -- bash /opt/algbench/tests/vm/trace_probe_guest.sh
