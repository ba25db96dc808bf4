#!/usr/bin/env bash
# Loading algbench.ko, and each way it fails, on Debian's 6.1 (issue 21):
# see kmod_load_guest.sh. Three boots, one per kernel command line:
# plain (not root, missing, build folder, vermagic with 6.12's module,
# conform as nobody), module.sig_enforce=1 (EKEYREJECTED) and
# lockdown=integrity (EPERM), each for an unsigned module and for one signed
# as DKMS signs, by a key the kernel does not trust. Each boot prints its
# own TAP.
. "$(dirname "$0")/../lib.sh"
skip_unless_built algbench.ko
build=${ALGBENCH_BUILD_DIR:-$ALGBENCH_TOP/build}
share=$(mktemp -d)
trap 'rm -rf "$share"' EXIT
# another kernel's module for the vermagic case: Debian 6.12's, if built
ko612=$(ls "$build"/kmod/6.12.*/algbench.ko 2>/dev/null | tail -n1)
if [ -n "$ko612" ]; then mkdir "$share/kmod612" && cp "$ko612" "$share/kmod612/"; fi
# a module signed as DKMS signs (its own key pair, "DKMS module signing key"),
# with a key no kernel here trusts: the Secure Boot host before mokutil --import
sign_file=$(ls "$ALGBENCH_CACHE"/debian/6.1.*/usr/lib/linux-kbuild-*/scripts/sign-file 2>/dev/null | head -n1)
ko61=$(ls "$build"/kmod/6.1.*/algbench.ko 2>/dev/null | head -n1)
if [ -x "$sign_file" ] && [ -n "$ko61" ] && command -v openssl >/dev/null; then
	mkdir "$share/signed"
	cp "$ko61" "$share/signed/"
	openssl req -new -x509 -nodes -days 36500 -subj "/CN=DKMS module signing key" \
		-newkey rsa:2048 -keyout "$share/signed/mok.key" -outform DER -out "$share/signed/mok.pub" 2>/dev/null &&
		"$sign_file" sha256 "$share/signed/mok.key" "$share/signed/mok.pub" "$share/signed/algbench.ko" ||
		rm -rf "$share/signed"
fi
guest=/opt/algbench/tests/vm/kmod_load_guest.sh
rc=0
nice -n 19 "$VMRUN" --share "$share" --timeout 500 -- bash $guest plain || rc=1
nice -n 19 "$VMRUN" --share "$share" --append "module.sig_enforce=1" --timeout 400 -- bash $guest sig_enforce || rc=1
nice -n 19 "$VMRUN" --share "$share" --append "lockdown=integrity" --timeout 400 -- bash $guest lockdown || rc=1
exit $rc
