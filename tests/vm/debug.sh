#!/usr/bin/env bash
# The three modules under the kernel's own debug tools, one boot of the debug
# kernel (scripts/kernel/build-variants --print-root debug: 6.12 with KASAN,
# KFENCE, lockdep, atomic-sleep checks, debugobjects, kmemleak, UBSAN) with 4
# vCPUs: see debug_guest.sh for what runs there. Any report of those tools
# in the kernel log, or a kmemleak suspect, fails the test.
# CTest label "debug" (ctest -L debug, scripts/test --debug): not in the
# default run; the kernel's build and this boot are long (docs/ab-kernels.md).
# SKIPs (exit 77) when the debug kernel or its modules are not built.
. "$(dirname "$0")/../lib.sh"
tap_begin
root=$ALGBENCH_CACHE/kernels/debug
build=${ALGBENCH_BUILD_DIR:-$ALGBENCH_TOP/build}
if [ ! -d "$root/boot" ]; then
	echo "1..0 # SKIP the debug kernel is not built (scripts/kernel/build-variants --print-root debug, then re-run cmake; a long build: docs/ab-kernels.md)"
	exit 77
fi
for f in "$root"/boot/vmlinuz-*; do rel=${f##*/vmlinuz-}; done
for ko in algbench.ko algbench_trace.ko algbench_em.ko; do
	if [ ! -f "$build/kmod/$rel/$ko" ]; then
		echo "1..0 # SKIP $ko not built for $rel in $build/kmod (re-run cmake after the debug kernel is built)"
		exit 77
	fi
done
share=$(mktemp -d)
trap 'rm -rf "$share"' EXIT
start=$(date +%s)
# 4 vCPUs under TCG (two host cores here); the debug checks make the guest
# slow, hence the long timeout: a bound, never an expectation. pci=noacpi:
# PCI interrupts from the BIOS's routing table, not ACPI's _PRT, whose AML
# loop ran past ACPI's 30 s loop timeout in this slow guest, leaving the
# virtio devices (9p share) without an interrupt (the kernel has no PCI_MSI).
boot_guest "debug kernel" "$share" --kernel debug --smp 4 --mem 3G --timeout 5400 --append pci=noacpi --share "$share" \
	-- bash /opt/algbench/tests/vm/debug_guest.sh
check "the debug guest ran its checks (exit $rc)" [ "$rc" = 0 ]
# ($out is the guest's TAP as it printed it; boot_guest only shows it with
# "#   " before each line)
check "it booted the debug kernel $rel on 4 CPUs" grep -qxF "# $rel, 4 CPUs" <<<"$out"
check "the guest's own checks all passed" grep -q '^# Totals: pass:[0-9]* fail:0 ' <<<"$out"
echo "# wall time: $(($(date +%s) - start)) s"
tap_end
