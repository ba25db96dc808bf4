#!/usr/bin/env bash
# Loading algbench.ko, and each way it fails, on Debian's 6.1 (issue 21):
# see kmod_load_guest.sh. Three boots, one per kernel command line:
# plain (not root, missing, build folder, vermagic with 6.12's module,
# conform as nobody), module.sig_enforce=1 (EKEYREJECTED) and
# lockdown=integrity (EPERM). Each boot prints its own TAP.
. "$(dirname "$0")/../lib.sh"
skip_unless_built algbench.ko
build=${ALGBENCH_BUILD_DIR:-$ALGBENCH_TOP/build}
share=$(mktemp -d)
trap 'rm -rf "$share"' EXIT
# another kernel's module for the vermagic case: Debian 6.12's, if built
ko612=$(ls "$build"/kmod/6.12.*/algbench.ko 2>/dev/null | tail -n1)
if [ -n "$ko612" ]; then mkdir "$share/kmod612" && cp "$ko612" "$share/kmod612/"; fi
guest=/opt/algbench/tests/vm/kmod_load_guest.sh
rc=0
nice -n 19 "$VMRUN" --share "$share" --timeout 500 -- bash $guest plain || rc=1
nice -n 19 "$VMRUN" --append "module.sig_enforce=1" --timeout 400 -- bash $guest sig_enforce || rc=1
nice -n 19 "$VMRUN" --append "lockdown=integrity" --timeout 400 -- bash $guest lockdown || rc=1
exit $rc
