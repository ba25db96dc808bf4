# scripts/vm/run's substrate for an arm64 guest under qemu-system-aarch64
# -M virt -cpu max (TCG): Debian's arm64 kernels, a folder or an arm64 Image,
# with Debian's arm64 busybox, bash, kmod and jq and an arm64 cross build. The
# functions every substrate defines are listed in scripts/vm/run.
# shellcheck shell=bash
# shellcheck disable=SC2034,SC2154 # a substrate reads scripts/vm/run's options and sets its variables (the list there)
. "$(dirname "${BASH_SOURCE[0]}")/qemu.sh"

substrate_build_dir() { echo build-arm64; }
substrate_build_ok() {
	[[ $1 == *AArch64* ]] ||
		die "--arch arm64: $build/bin/algbench is built for $1, not arm64; pass an arm64 cross build (cmake -DCMAKE_TOOLCHAIN_FILE=cmake/toolchain-aarch64.cmake) with --build or ALGBENCH_BUILD_DIR"
}

substrate_options() {
	local m
	[ "$accel" != kvm ] || die "--accel kvm --arch arm64: KVM runs guests of the host's own architecture only ($(uname -m) here); an arm64 guest is emulated (TCG): drop --accel"
	accel=tcg
	# An x86 driver cannot load in an arm64 guest.
	for m in $extra_modules; do
		[[ ,$ALGBENCH_ACCEL_MODULES, != *,$m,* ]] ||
			die "--modules $m --arch arm64: an x86 driver (arch/x86/crypto), absent from an arm64 kernel; the arm64 ones are ALGBENCH_ACCEL_MODULES_ARM64 ($ALGBENCH_ACCEL_MODULES_ARM64)"
	done
}

substrate_kernel_name() {
	{ [ "$kernel" != debian-uml ] && ! is_variant "$kernel"; } ||
		die "--kernel $kernel --arch arm64: that kernel is built for x86 (or User-Mode Linux on x86); an arm64 guest boots debian-6.1, debian-6.12, debian:ABI-arm64, a folder or an arm64 Image"
	case $kernel in
	debian:*-amd64) die "--kernel $kernel --arch arm64: an x86 ABI; the arm64 one ends in -arm64 (e.g. debian:${kernel#debian:}), or drop --arch" ;;
	esac
	# (--check judges the plan, not this machine's packages: a caller may
	# install them after asking)
	[ "$check_only" = 0 ] || return 0
	command -v qemu-system-aarch64 >/dev/null || die "--arch arm64: qemu-system-aarch64 not found; run scripts/setup arm64 (qemu-system-arm)"
	[ -e /lib/ld-linux-aarch64.so.1 ] && [ -e /proc/sys/fs/binfmt_misc/qemu-aarch64 ] ||
		die "--arch arm64: the arm64 libc (libc6:arm64) or binfmt_misc's qemu-aarch64 entry is missing (arm64's ld.so lists the guest programs' libraries through it); run scripts/setup arm64"
}

substrate_image() {
	qemu_tree_image
	is_arm64_image "$bzimage" || die "--kernel '$kernel' --arch arm64: $bzimage is not an arm64 Image (no ARM\\x64 magic at 0x38)"
	release=${bzimage##*/vmlinuz-}
	[ "$release" != "$bzimage" ] || release=$(strings -n 8 "$bzimage" | sed -n 's/^Linux version \([0-9][0-9.]*[^ ]*\) (.*/\1/p' | head -n1)
	return 0
}

# The guest's programs are Debian's arm64 ones (ARM64_TOOLS), unpacked into
# the cache; VM_USERLAND tells scripts/vm/lib.sh where.
substrate_userland() {
	local t
	VM_USERLAND=$(debian_arm64_userland) || exit 2
	tool_paths=()
	for t in $ARM64_TOOLS; do tool_paths+=("$VM_USERLAND/$t"); done
}

# virt's virtio console and PCI drivers are modules in Debian's arm64 kernel.
substrate_conf() {
	echo "VM_MODULES=virtio_pci virtio_console af_alg algif_hash algif_skcipher algif_aead algif_rng crypto_user $extra_modules"
	echo "VM_OUT=/dev/hvc0"
	echo "VM_ERR=/dev/hvc1"
}

# virt has one UART (ttyAMA0, the console): the command's stdout and stderr
# are virtio consoles instead, /dev/hvc0 and /dev/hvc1 in the guest. GICv3:
# GICv2 stops at 8 vCPUs.
substrate_boot_args() {
	boot_image=$bzimage
	qemu="qemu-system-aarch64"
	qemu_machine_args
	qemu_share_args "$share" results
	qemu_args=(-M "virt,gic-version=3" "${qemu_args[@]}"
		-append "console=ttyAMA0 panic=-1 rdinit=/init loglevel=6 nokaslr${append:+ $append}"
		-device virtio-serial-pci
		-chardev "file,id=out,path=$work/out.log" -device "virtconsole,chardev=out"
		-chardev "file,id=err,path=$work/err.log" -device "virtconsole,chardev=err"
		-device virtio-rng-pci "${share_args[@]}")
}
