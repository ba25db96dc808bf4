#!/usr/bin/env bash
# algbench_em.ko in Debian's 6.12 guest (one boot): see em_guest.sh.
. "$(dirname "$0")/../lib.sh"
build=${ALGBENCH_BUILD_DIR:-$ALGBENCH_TOP/build}
cache=$ALGBENCH_CACHE
kdir=$(ls -d "$cache"/debian/6.12.*/boot 2>/dev/null | tail -n1)
kdir=${kdir%/boot}
if [ -z "$kdir" ]; then
	echo "1..0 # SKIP Debian 6.12 not fetched (no $cache/debian/6.12.*): the runtime energy model needs 6.9+"
	exit 0
fi
if ! ls "$build"/kmod/6.12.*/algbench_em.ko >/dev/null 2>&1; then
	echo "1..0 # SKIP algbench_em.ko not built in $build/kmod/6.12.* (re-run cmake after the 6.12 headers are cached)"
	exit 0
fi
exec "$VMRUN" --kernel "$kdir" --smp 2 --timeout 500 -- bash /opt/algbench/tests/vm/em_guest.sh
