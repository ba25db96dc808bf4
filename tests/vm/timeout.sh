#!/usr/bin/env bash
# A guest command that never ends is killed at --timeout, with exit 124 and
# no QEMU of that run left behind.
. "$(dirname "$0")/../lib.sh"
tap_begin
start=$SECONDS
log=$(mktemp)
expect_status "never-ending command stopped by --timeout" 124 "$VMRUN" --timeout 60 -- sleep 100000 2>"$log"
# an idle guest waits for no CPU, but its boot may have on a busy host: the
# bound is the runner's cap (10 x --timeout), far below the end of sleep
check "stopped by the timeout, not at the end of sleep" [ $((SECONDS - start)) -lt 660 ]
check "the timeout is reported with the console log" grep -q 'did not finish within 60s.*Console log: ' "$log"
# The run's work folder names its QEMU's initramfs: no process may still hold it.
work=$(sed -n 's|.*Console log: \(.*\)/console.log|\1|p' "$log")
check "no QEMU of this run left running" sh -c '[ -n "$0" ] && ! pgrep -f "$0/initramfs.img" >/dev/null' "$work"
rm -f "$log"
tap_end
