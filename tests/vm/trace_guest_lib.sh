# Sourced by the guest halves of the algbench trace tests (trace_guest.sh,
# trace_cleanup_guest.sh): TAP begun, the kernel said, a scratch folder in
# $out, tracefs at $T, and no_group, which holds when algbench left no probe
# and no event group behind.
# shellcheck shell=bash
. /opt/algbench/tests/lib.sh
T=/sys/kernel/tracing
# shellcheck disable=SC2034 # the sourcing test's scratch folder
out=$(mktemp -d)
tap_begin
uname -r | sed 's/^/# kernel: /'

no_group() { [ ! -e $T/events/algbench ] && ! grep -q ':algbench/' $T/dynamic_events $T/kprobe_events; }
