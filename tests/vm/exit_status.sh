#!/usr/bin/env bash
# The runner returns the guest command's exit status and its output.
. "$(dirname "$0")/../lib.sh"
tap_begin
expect_status "guest 'exit 7' gives 7" 7 "$VMRUN" -- sh -c 'exit 7'
out=$("$VMRUN" -- sh -c 'echo out-line; echo err-line >&2' 2>/dev/null)
check "guest stdout comes back on stdout" [ "$out" = out-line ]
share=$(mktemp -d)
"$VMRUN" --share "$share" -- sh -c 'echo shared > /results/file' >/dev/null 2>&1
check "--share DIR appears at /results" [ "$(cat "$share/file" 2>/dev/null)" = shared ]
rm -rf "$share"
tap_end
