#!/usr/bin/env bash
# CPU hotplug during algbench.ko jobs (issue 29, N5), in one 2-vCPU Debian
# guest: see kmod_hotplug_guest.sh for what is checked.
#
#   tests/vm/kmod_hotplug.sh [KERNEL]
#
# KERNEL (or $KERNEL): what scripts/vm/run --kernel takes (default: Debian's
# 6.1). CTest runs vm_kmod_hotplug (6.1) and vm_kmod_hotplug_612 (Debian's
# 6.12, a directory under the VM cache).
. "$(dirname "$0")/../lib.sh"
kernel=${1:-${KERNEL:-}}
skip_unless_built algbench.ko "$kernel"
kargs=()
[ -z "$kernel" ] || kargs=(--kernel "$kernel")
exec "$VMRUN" "${kargs[@]}" --smp 2 --timeout 500 -- bash /opt/algbench/tests/vm/kmod_hotplug_guest.sh
