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
skip_unless_built algbench_trace.ko "$kernel"
exec "$VMRUN" ${kernel:+--kernel "$kernel"} --smp 2 --timeout 400 -- bash /opt/algbench/tests/vm/trace_probe_guest.sh
