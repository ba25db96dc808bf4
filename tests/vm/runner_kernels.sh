#!/usr/bin/env bash
# scripts/vm/run's kernel names (debian-6.1, debian-6.12, debian:ABI), its
# errors, and what it leaves behind (issue 11 defects 16 and 18). Three boots.
. "$(dirname "$0")/../lib.sh"
tap_begin
help=$("$VMRUN" --help)
check "--help lists debian-6.12 and debian:ABI" grep -q 'debian-6.12.*debian:ABI\|debian:ABI' <<<"$help"
for k in debian-7 bogus-kernel debian:no-such-abi; do
	err=$("$VMRUN" --kernel "$k" -- true 2>&1 >/dev/null); rc=$?
	check "--kernel $k: exit 2 with a message naming it" [ "$rc" = 2 -a -n "$(grep -F -- "${k#debian:}" <<<"$err")" ]
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/t" "$tmp/share,with,commas"
# Boot 1: 6.12, a --share path with commas, .ko.xz modules load.
out=$(TMPDIR=$tmp/t "$VMRUN" --kernel debian-6.12 --share "$tmp/share,with,commas" -- \
	sh -c 'uname -r; modprobe crypto_user && grep -c "^crypto_user " /proc/modules; echo shared >/results/f' 2>"$tmp/err1")
rc=$?
check "debian-6.12 boots (uname -r 6.12.*)" [ "$rc" = 0 -a "$(sed -n 1p <<<"$out" | cut -c1-5)" = 6.12. ]
check "6.12's .ko.xz modules load (modprobe crypto_user)" [ "$(sed -n 2p <<<"$out")" = 1 ]
check "--share path with commas reaches /results" [ "$(cat "$tmp/share,with,commas/f" 2>/dev/null)" = shared ]
check "no /tmp/algbench-vm.* left after a run" [ -z "$(ls "$tmp/t")" ]

# Boot 2: a tree without boot/config-REL, no --share.
root=$(bash -c '. "$1/scripts/vm/lib.sh" && debian_kernel_root' vm "$ALGBENCH_TOP")
rel=$(basename "$(ls "$root"/boot/vmlinuz-* | head -n1)"); rel=${rel#vmlinuz-}
mkdir -p "$tmp/tree/boot" "$tmp/tree/lib/modules"
ln -s "$root/boot/vmlinuz-$rel" "$tmp/tree/boot/vmlinuz-$rel"
ln -s "$root/lib/modules/$rel" "$tmp/tree/lib/modules/$rel"
out=$(TMPDIR=$tmp/t "$VMRUN" --kernel "$tmp/tree" -- uname -r 2>"$tmp/err2")
rc=$?
check "a tree without boot/config-REL boots" [ "$rc" = 0 -a "$out" = "$rel" ]
check "... and says boot/config-$rel is missing" grep -q "no boot/config-$rel" "$tmp/err2"

# Boot 3: the default kernel, no --share: nothing left in TMPDIR.
out=$(TMPDIR=$tmp/t "$VMRUN" -- echo fine 2>/dev/null)
check "default kernel, no --share: exit 0" [ "$out" = fine ]
check "no /tmp/algbench-vm.* or /tmp/algbench-results.* left" [ -z "$(ls "$tmp/t")" ]
[ "$tap_failed" = 0 ] || { echo "# boot 1 stderr:"; sed 's/^/# /' "$tmp/err1"; echo "# boot 2 stderr:"; sed 's/^/# /' "$tmp/err2"; }
tap_end
