#!/usr/bin/env bash
# The arm64 cross build on a real arm64 kernel (docs/arm64.md), one boot of
# scripts/vm/run --arch arm64: Debian's arm64 KERNEL (default debian-6.1;
# CTest's vm_arm64_guest and vm_arm64_guest_612) in qemu-system-aarch64 -M
# virt -cpu max (TCG) with the arm64 accelerated modules loaded. What the
# guest checks is in arm64_guest.sh. Registered in a cross build only.
#
#   tests/vm/arm64.sh [KERNEL]
. "$(dirname "$0")/../lib.sh"
kernel=${1:-${KERNEL:-debian-6.1}}
A=$ALGBENCH
case $(readelf -h "$A" 2>/dev/null | sed -n 's/^ *Machine: *//p') in
*AArch64*) ;;
*) tap_begin; skip_all "$A is not an arm64 build (cmake -DCMAKE_TOOLCHAIN_FILE=cmake/toolchain-aarch64.cmake)" ;;
esac
command -v qemu-system-aarch64 >/dev/null || { tap_begin; skip_all "no qemu-system-aarch64: scripts/setup arm64 installs qemu-system-arm"; }
[ -e /proc/sys/fs/binfmt_misc/qemu-aarch64 ] && [ -e /lib/ld-linux-aarch64.so.1 ] ||
	{ tap_begin; skip_all "no binfmt_misc qemu-aarch64 entry or no arm64 libc (arm64's ld.so lists the guest's libraries through it): scripts/setup arm64"; }
exec "$VMRUN" --arch arm64 --kernel "$kernel" --smp 2 --modules "$ALGBENCH_ACCEL_MODULES_ARM64" --timeout 900 \
	-- bash /opt/algbench/tests/vm/arm64_guest.sh "$ALGBENCH_ACCEL_MODULES_ARM64"
