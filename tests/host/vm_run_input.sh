#!/usr/bin/env bash
# scripts/vm/run and scripts/vm/guest-init on hostile input (issue 20 defect
# 11): --modules text is names, never shell code; --timeout is bounded before
# any arithmetic; --kernel FILE must be a kernel image before anything is built
# or booted; --append cannot replace the guest's init; --arch refuses what
# does not apply to the guest's architecture; guest-init runs only as PID 1. No check here boots a guest when the fix is in (each refusal comes
# first); without it they boot, hence the timeouts.
. "$(dirname "$0")/../lib.sh"
tap_begin
scratch_dir
mkdir cache share

# refused NAME ARGS...: exit 2 at once with a message naming the option.
refused() {
	local name=$1 opt=$2 rc=0 err; shift
	# --timeout 60 first: the option under test, later, wins
	err=$(timeout 300 "$VMRUN" --timeout 60 --share "$dir/share" "$@" -- true 2>&1 >/dev/null) || rc=$?
	if [ "$rc" = 2 ] && grep -q -- "$opt" <<<"$err"; then ok "$name"; else not_ok "$name (exit $rc: $(head -c 300 <<<"$err"))"; fi
}

refused "--modules with \$(...): refused, exit 2" --modules 'af_alg,x$(touch /results/pwned)'
check "... and nothing ran it" [ ! -e share/pwned ]
refused "--modules with a space: refused" --modules 'gcm ctr'
refused "--modules with a leading '-' (a modprobe option): refused" --modules '-r,gcm'
refused "--timeout 9223372036854775807: refused, not a wrapped deadline" --timeout 9223372036854775807
refused "--timeout 604801: refused (more than a week)" --timeout 604801
refused "--timeout 0: refused" --timeout 0
# A cache of its own for these two: what a --kernel FILE would build shows there.
export ALGBENCH_CACHE=$dir/cache
refused "--kernel /etc/passwd: refused, not a bzImage" --kernel /etc/passwd
check "... and no initramfs was built or cached for it" [ -z "$(ls -A cache/initramfs 2>/dev/null)" ]
mkdir -p tree/boot && cp /etc/passwd tree/boot/vmlinuz-1.0
refused "--kernel TREE whose vmlinuz is no kernel: refused" --kernel "$dir/tree"
check "... and no initramfs was built or cached for it" [ -z "$(ls -A cache/initramfs 2>/dev/null)" ]
unset ALGBENCH_CACHE
refused "--append rdinit=/bin/sh: refused (replaces the runner)" --append 'quiet rdinit=/bin/sh'
refused "--append init=/bin/sh: refused" --append 'init=/bin/sh'
refused "--append with a newline: refused" --append "$(printf 'a\nb')"
# --arch: what does not apply to the guest's architecture is refused before
# anything is fetched or booted.
refused "--arch sparc: refused" --arch sparc
refused "--arch arm64 --accel kvm: refused (KVM runs the host's architecture only)" --arch arm64 --accel kvm
refused "--arch arm64 --kernel stats-on: refused (an x86 build)" --arch arm64 --kernel stats-on
refused "--arch arm64 --kernel debian-uml: refused" --arch arm64 --kernel debian-uml
refused "--arch arm64 --modules aesni_intel: refused (an x86 driver)" --arch arm64 --modules af_alg,aesni_intel
refused "--modules sha2_ce on x86: refused (an arm64 driver)" --modules sha2_ce
refused "--kernel debian:6.1.0-57-arm64 without --arch arm64: refused" --kernel debian:6.1.0-57-arm64
mkdir -p x86build/bin && cp /bin/true x86build/bin/algbench
refused "--arch arm64 with an x86 build: refused, names the build" --arch arm64 --build "$dir/x86build"
if [ -e /lib/ld-linux-aarch64.so.1 ]; then
	mkdir -p armbuild/bin && cp /lib/ld-linux-aarch64.so.1 armbuild/bin/algbench
	refused "an arm64 build in an x86 guest: refused, says --arch arm64" --build "$dir/armbuild"
else
	skip "an arm64 build in an x86 guest: refused" "no arm64 ELF file here (libc6:arm64, scripts/setup arm64)"
fi
# User-Mode Linux's refusals come before its kernel is built (an empty cache
# would otherwise start a build of minutes first), and --check gives a run's
# refusals without building, fetching or caching a kernel.
export ALGBENCH_CACHE=$dir/empty
refused "--kernel uml-stats-on --smp 2, empty cache: refused before any build" --smp 2 --kernel uml-stats-on
refused "--kernel uml-stats-off --icount: refused" --icount --kernel uml-stats-off
refused "--kernel debian-uml --accel kvm: refused" --accel kvm --kernel debian-uml
check "... and no kernel was built or fetched for them" sh -c '[ -z "$(ls -A "$0/kernels" "$0/debian" 2>/dev/null)" ]' "$ALGBENCH_CACHE"
checked() { # checked NAME WANT ARGS...: scripts/vm/run --check ARGS gives WANT, at once
	local name=$1 want=$2 rc=0 err
	shift 2
	err=$(timeout 60 "$VMRUN" --check "$@" 2>&1) || rc=$?
	if [ "$rc" = "$want" ]; then ok "$name"; else not_ok "$name (exit $rc, want $want: $(head -c 300 <<<"$err"))"; fi
}
checked "--check --kernel uml-stats-on --smp 2: exit 2" 2 --kernel uml-stats-on --smp 2
# (the sanitized tree's build passes --check too: a run refuses it under
# UML, vm_uml checks that, but the build is not --check's to judge)
checked "--check --kernel uml-stats-on: exit 0, nothing built" 0 --kernel uml-stats-on
# This tree's x86 programs in an arm64 guest: a run refuses them, --check
# does not (scripts/bench --arch arm64 asks before it builds build-arm64).
refused "--arch arm64 with this tree's x86 build: refused" "not arm64" --arch arm64 --kernel debian-6.1
checked "... --check does not judge the build: exit 0" 0 --arch arm64 --kernel debian-6.1
checked "--check --kernel stats-on --arch arm64: exit 2" 2 --kernel stats-on --arch arm64
checked "--check --kernel trace --icount --smp 2: exit 2" 2 --kernel trace --icount --smp 2
checked "--check --kernel /etc/passwd: exit 2 (not a bzImage)" 2 --kernel /etc/passwd
checked "--check --print-root: exit 2 (one fetches, the other never)" 2 --print-root
check "... and --check cached no kernel and no initramfs" \
	sh -c '[ -z "$(ls -A "$0/kernels" "$0/debian" "$0/initramfs" "$0/pvh" 2>/dev/null)" ]' "$ALGBENCH_CACHE"
unset ALGBENCH_CACHE
help=$("$VMRUN" --help)
check "--help says what --modules and --timeout accept" sh -c 'echo "$0" | grep -q "A-Za-z0-9_-" && echo "$0" | grep -q 604800' "$help"

# guest-init on a host: in a user and mount namespace of its own, so that even
# a guest-init that goes on mounts nothing here and cannot power off the host.
if unshare -rm true 2>/dev/null; then
	rc=0
	err=$(unshare -rm sh "$ALGBENCH_TOP/scripts/vm/guest-init" 2>&1) || rc=$?
	check "guest-init not as PID 1: exit 2, says it runs only as PID 1" sh -c '[ "$0" = 2 ] && echo "$1" | grep -q "only as PID 1"' "$rc" "$err"
else
	skip "guest-init not as PID 1: exit 2" "unshare -rm (user namespaces) unavailable here"
fi
tap_end
