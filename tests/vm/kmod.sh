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
build=${ALGBENCH_BUILD_DIR:-$ALGBENCH_TOP/build}
if ! ls "$build"/kmod/*/algbench.ko >/dev/null 2>&1; then
	echo "1..0 # SKIP algbench.ko not built in $build/kmod (no kernel headers at configure time)"
	exit 0
fi
kargs=()
if [ -n "$kernel" ]; then
	if [ -d "$kernel" ]; then
		rel=$(basename "$kernel")
		if [ ! -f "$build/kmod/$rel/algbench.ko" ]; then
			echo "1..0 # SKIP algbench.ko not built for $rel in $build/kmod (re-run cmake after its headers are fetched)"
			exit 0
		fi
	fi
	kargs=(--kernel "$kernel")
fi
exec "$VMRUN" "${kargs[@]}" --smp 2 --timeout 500 -- bash /opt/algbench/tests/vm/kmod_guest.sh
