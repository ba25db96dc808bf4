#!/usr/bin/env bash
# algbench trace (issue 14): on Debian's 6.12 (return probes with $arg<N>),
# then on the default 6.1 (the entry-probe fallback), one boot each.
. "$(dirname "$0")/../lib.sh"
mods=aesni_intel,sha256_ssse3,gcm,ctr
rc=0
nice -n 19 "$VMRUN" --kernel debian-6.12 --smp 2 --modules $mods -- bash /opt/algbench/tests/vm/trace_guest.sh || rc=1
nice -n 19 "$VMRUN" --smp 2 --modules $mods -- bash /opt/algbench/tests/vm/trace_guest.sh || rc=1
exit $rc
