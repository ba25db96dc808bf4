#!/usr/bin/env bash
# The harness and algbench.ko at 8 vCPUs (issue 16 item 2): see smp8_guest.sh.
# TCG runs 8 vCPUs on the host's cores, so every job is short.
. "$(dirname "$0")/../lib.sh"
skip_unless_built algbench.ko
exec "$VMRUN" --smp 8 --timeout 540 -- bash /opt/algbench/tests/vm/smp8_guest.sh
