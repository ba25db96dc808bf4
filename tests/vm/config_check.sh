#!/usr/bin/env bash
# Inside Debian's kernel (no /proc/config.gz: CONFIG_IKCONFIG is off there),
# `algbench config-check --running` finds /boot/config-$(uname -r), reads it
# and reports no errors. One boot.
. "$(dirname "$0")/../lib.sh"
tap_begin
out=$("$VMRUN" -- sh -c 'uname -r; algbench config-check --running --json; echo "status=$?"' 2>/dev/null)
rel=$(head -n1 <<<"$out")
json=$(sed -n '2,/^}/p' <<<"$out")
check "guest ran config-check --running (status 0)" grep -qx "status=0" <<<"$out"
check "--running read /boot/config-$rel" [ "$(jq -r .config.source <<<"$json")" = "/boot/config-$rel" ]
check "the running config is x86_64 Linux 6.1 with no errors" [ "$(jq -r '"\(.config.arch) \(.config.version | startswith("6.1.")) \(.summary.error)"' <<<"$json")" = "x86_64 true 0" ]
tap_end
