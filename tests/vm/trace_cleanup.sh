#!/usr/bin/env bash
# algbench trace on Debian's 6.12 with others' triggers on its events and a
# terminal's Ctrl-C for a command that left its process group (issue 20
# defect 10), one boot, one vCPU (as trace.sh: probe patching under TCG).
. "$(dirname "$0")/../lib.sh"
skip_unless_built algbench.ko
exec nice -n 19 "$VMRUN" --kernel debian-6.12 --smp 1 --modules aesni_intel,sha256_ssse3 -- \
	bash /opt/algbench/tests/vm/trace_cleanup_guest.sh
