#!/usr/bin/env bash
# The benchmark against a real kernel (Debian's 6.1 in one VM boot): see
# bench_guest.sh for the checks.
. "$(dirname "$0")/../lib.sh"
exec "$VMRUN" --smp 2 --modules "$ALGBENCH_ACCEL_MODULES" --timeout 400 -- bash /opt/algbench/tests/vm/bench_guest.sh
