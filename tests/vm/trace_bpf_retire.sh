#!/usr/bin/env bash
# algbench trace's BPF engine when an algorithm goes away during the traced
# command (issue 22): Debian 6.12, one boot (see trace_bpf_retire_guest.sh).
. "$(dirname "$0")/../lib.sh"
skip_unless_built algbench.ko
nice -n 19 "$VMRUN" --kernel debian-6.12 --smp 1 --timeout 900 --modules twofish_generic \
	-- bash /opt/algbench/tests/vm/trace_bpf_retire_guest.sh
