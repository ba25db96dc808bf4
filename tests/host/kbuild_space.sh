#!/usr/bin/env bash
# kmod/kbuild.sh builds into an OUT path with a space (issue 11 defect 16):
# make takes no spaces in M= or include paths. Skips without Debian's headers.
. "$(dirname "$0")/../lib.sh"
tap_begin
cache=$ALGBENCH_CACHE
kdir=$(ls -d "$cache"/debian/6.1.*/usr/src/linux-headers-6.1.*-amd64 2>/dev/null | head -n1)
[ -n "$kdir" ] || skip_all "no Debian 6.1 headers in $cache"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/with space"
"$ALGBENCH_TOP/kmod/kbuild.sh" "$tmp/with space" "$kdir" >"$tmp/log" 2>&1
rc=$?
check "kbuild.sh with a space in OUT: exit 0" [ "$rc" = 0 ]
check "... and algbench.ko is there" [ -f "$(ls "$tmp/with space"/*/algbench.ko 2>/dev/null | head -n1)" ]
[ "$rc" = 0 ] || sed 's/^/# /' "$tmp/log" | tail -20
tap_end
