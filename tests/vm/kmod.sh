#!/usr/bin/env bash
# algbench.ko in Debian's 6.1 guest: see kmod_guest.sh for what is checked.
. "$(dirname "$0")/../lib.sh"
build=${ALGBENCH_BUILD_DIR:-$TESTS_TOP/build}
if ! ls "$build"/kmod/*/algbench.ko >/dev/null 2>&1; then
	echo "1..0 # SKIP algbench.ko not built in $build/kmod (no kernel headers at configure time)"
	exit 0
fi
exec "$VMRUN" --smp 2 --timeout 500 -- bash /opt/algbench/tests/vm/kmod_guest.sh
