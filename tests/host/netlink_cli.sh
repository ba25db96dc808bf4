#!/usr/bin/env bash
# `algbench nl` and `algbench conform` on the command line: usage errors exit
# 2 with a message, --help exits 0. Needs no kernel support.
. "$(dirname "$0")/../lib.sh"
tap_begin
expect_status "nl without a subcommand is a usage error" 2 "$ALGBENCH" nl
expect_status "nl frob is a usage error" 2 "$ALGBENCH" nl frob
check "nl frob names the unknown subcommand" sh -c "'$ALGBENCH' nl frob 2>&1 | grep -q \"unknown subcommand 'frob'\""
expect_status "nl stat without NAME is a usage error" 2 "$ALGBENCH" nl stat
expect_status "nl list with a stray argument is a usage error" 2 "$ALGBENCH" nl list extra
expect_status "nl --help exits 0" 0 "$ALGBENCH" nl --help
check "nl --help tells about -ENOTSUPP" sh -c "'$ALGBENCH' nl --help | grep -q ENOTSUPP"
expect_status "conform --bogus is a usage error" 2 "$ALGBENCH" conform --bogus
expect_status "conform --expect-stats maybe is a usage error" 2 "$ALGBENCH" conform --expect-stats maybe
expect_status "conform --help exits 0" 0 "$ALGBENCH" conform --help
# --as-version is X.Y[.Z], digits only (issue 11, defect 19): -1.5 wrapped, 6.1junk was read as 6.1
for v in -1.5 6.1junk 6.1.x 4294967296.1; do
	check "conform --as-version $v is refused as not a version" sh -c '"$0" conform --as-version "$1" 2>&1 >/dev/null | grep -q "is not a kernel version"' "$ALGBENCH" "$v"
done
for v in 6.1 6.10 6.1.0; do
	check "conform --as-version $v is a version" sh -c '! "$0" conform --as-version "$1" 2>&1 >/dev/null | grep -q "is not a kernel version"' "$ALGBENCH" "$v"
done
# Build hosts often have no crypto_user: then the error must name the fix,
# modprobe where modules load, else the config (host_nomod has the whole message).
if ! "$ALGBENCH" nl list >/dev/null 2>&1; then
	fix='modprobe crypto_user'
	[ -d /proc/self ] && [ ! -e /proc/modules ] && fix='CONFIG_CRYPTO_USER=y'
	check "without crypto_user, nl list says how to get it ($fix)" \
		sh -c "'$ALGBENCH' nl list 2>&1 | grep -qF '$fix'"
fi
tap_end
