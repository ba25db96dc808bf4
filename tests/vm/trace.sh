#!/usr/bin/env bash
# algbench trace (issue 14): on Debian's 6.12 (return probes with $arg<N>),
# then on the default 6.1 (the entry-probe fallback), one boot each.
. "$(dirname "$0")/../lib.sh"
mods=aesni_intel,sha256_ssse3,gcm,ctr
# One vCPU: installing and removing probes patches kernel text (int3, then
# the new bytes, with an IPI in between). Under multi-threaded TCG another
# vCPU can still run the int3 after the patch completed: seen once here as
# "Oops: int3" in ttwu_do_activate and a panic on 6.12 with --smp 2, most
# likely QEMU TCG and cross-modifying code; not seen with one vCPU. The counts checked do
# not depend on the CPU count (each job's threads come from its JSON).
rc=0
nice -n 19 "$VMRUN" --kernel debian-6.12 --smp 1 --modules $mods -- bash /opt/algbench/tests/vm/trace_guest.sh || rc=1
nice -n 19 "$VMRUN" --smp 1 --modules $mods -- bash /opt/algbench/tests/vm/trace_guest.sh || rc=1
exit $rc
