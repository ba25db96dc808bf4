#!/usr/bin/env bash
# algbench.ko in one Debian guest: see kmod_guest.sh for what is checked.
#
#   tests/vm/kmod.sh [KERNEL]
#
# KERNEL (or $KERNEL): what scripts/vm/run --kernel takes (default: its own
# default, Debian's 6.1). One boot per kernel; CTest runs vm_kmod (6.1) and
# vm_kmod_612 (Debian's 6.12, a directory under the VM cache).
. "$(dirname "$0")/../lib.sh"
kernel=${1:-${KERNEL:-}}
skip_unless_built algbench.ko "$kernel"
kargs=()
[ -z "$kernel" ] || kargs=(--kernel "$kernel")
exec "$VMRUN" "${kargs[@]}" --smp 2 --timeout 500 -- bash /opt/algbench/tests/vm/kmod_guest.sh
