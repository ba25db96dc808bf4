#!/usr/bin/env bash
# algbench_em.ko in Debian's 6.12 guest (one boot): see em_guest.sh. The
# runtime energy model needs 6.9+, so the kernel is Debian's newest 6.12 by
# name (scripts/vm/run fetches it if the cache lacks it).
. "$(dirname "$0")/../lib.sh"
if ! kdir=$("$VMRUN" --kernel debian-6.12 --print-root); then
	skip_all "Debian 6.12 cannot be fetched (see above): the runtime energy model needs 6.9+"
fi
skip_unless_built algbench_em.ko "$kdir"
exec "$VMRUN" --kernel debian-6.12 --smp 2 --timeout 500 -- bash /opt/algbench/tests/vm/em_guest.sh
