#!/usr/bin/env bash
# Algorithms and drivers outside the catalogue, named as the running kernel
# lists them (Debian's 6.1, one boot): see kernel_alg_guest.sh for the checks.
. "$(dirname "$0")/../lib.sh"
skip_unless_built algbench.ko
exec "$VMRUN" --smp 2 --modules "$ALGBENCH_ACCEL_MODULES,sha3_generic,blake2b_generic,xxhash_generic,ghash_generic" \
	--timeout 300 -- bash /opt/algbench/tests/vm/kernel_alg_guest.sh
