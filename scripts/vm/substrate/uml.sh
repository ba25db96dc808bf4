# scripts/vm/run's substrate for a User-Mode Linux kernel (ARCH=um): an x86
# host process, no QEMU; kernel code at native speed, one CPU, the generic C
# crypto drivers (docs/uml.md). The built uml-* variants, Debian's
# user-mode-linux (debian-uml), or a folder with boot/linux-REL. The
# functions every substrate defines are listed in scripts/vm/run.
# shellcheck shell=bash
# shellcheck disable=SC2034,SC2154 # a substrate reads scripts/vm/run's options and sets its variables (the list there)

# What QEMU offers and User-Mode Linux cannot, refused, never ignored. A named
# UML kernel is checked before anything is built; a folder is known to be UML
# only once it is read (boot/linux-REL).
# A UML kernel runs this host's x86 programs.
substrate_build_dir() { echo build; }
substrate_build_ok() { x86_build_ok "$1" "$build"; }

substrate_options() {
	local m
	[ "$arch" = x86_64 ] || die "--kernel '$kernel' --arch $arch: a User-Mode Linux kernel runs as an x86 host process, not in an arm64 guest"
	[ -z "$smp_given" ] || [ "$smp_given" = 1 ] ||
		die "--smp $smp_given: User-Mode Linux 6.1 has one CPU (no SMP for ARCH=um); drop --smp or use a QEMU kernel"
	[ "$icount" = 0 ] || die "--icount: instruction counting is QEMU's (-icount); User-Mode Linux runs natively in host time"
	[ "$accel" != kvm ] || die "--accel $accel: User-Mode Linux needs no accelerator (it is a host process); drop --accel"
	for m in $extra_modules; do
		[[ ,$ALGBENCH_ACCEL_MODULES, != *,$m,* ]] ||
			die "--modules $m: an x86 driver (arch/x86/crypto); User-Mode Linux builds the generic C drivers only"
	done
	# ASan's shadow is a fixed range from 0x7fff8000 up; UML maps a process's
	# dynamic loader at 0x40000000, inside it, so every ASan program aborts.
	# (The build is not --check's to judge: its caller may build after asking.)
	[ "$check_only" = 1 ] || ! readelf -d "$build/bin/algbench" 2>/dev/null | grep -q 'libasan' ||
		die "$build is an AddressSanitizer build (ALGBENCH_SANITIZE): its programs cannot run under User-Mode Linux (UML maps them inside ASan's fixed shadow range); use a build without it, or a QEMU kernel"
	smp=1
}

# Every name that reaches this substrate is a UML kernel (substrate_for).
substrate_kernel_name() { :; }

substrate_image() {
	image=$(ls "$kernel_root"/boot/linux-* | head -n1)
	[ -x "$image" ] && [ "$(head -c4 "$image")" = $'\x7fELF' ] ||
		die "--kernel '$kernel': $image is not an executable ELF file (a User-Mode Linux kernel is one)"
	release=${image##*/linux-}
	bzimage=$image # the base initramfs' cache key names the kernel by this file
}

# The guest's programs are the host's (busybox and the HOST_TOOLS).
substrate_userland() { host_tool_paths; }

substrate_share_kind() { echo hostfs; }

# The share is hostfs's root on the kernel command line (hostfs=, below): one
# word there, ended by a comma.
substrate_conf() {
	[[ $share != *[[:space:],\"]* ]] ||
		die "--share '$share': User-Mode Linux's hostfs= cannot name a path with a blank, comma or quote; choose another folder"
	echo "VM_MODULES=af_alg algif_hash algif_skcipher algif_aead algif_rng crypto_user $extra_modules"
	echo "VM_OUT=/dev/ttyS1"
	echo "VM_ERR=/dev/ttyS2"
}

# The same initramfs and channels as QEMU's on host file descriptors (con0,
# the console, on fd 5; ssl1 and ssl2, the guest's ttyS1 and ttyS2, on 3 and
# 4), its control folder in the run's folder. No panic=: a UML reboot starts
# the kernel again; a panicking UML exits. hostfs=SHARE makes every hostfs
# mount in the guest a path below the share (without it a guest mounts any
# host folder, / included); the guest mounts the share as hostfs's root.
# That confines the paths the guest names, not a guest that means harm: the
# kernel joins the two strings (fs/hostfs/hostfs_kern.c), so ".." and links
# in the share lead out, and the UML kernel is a host process with the
# rights of whoever runs it (docs/uml.md).
substrate_boot_args() {
	uml_args=(mem="$mem" initrd="$work/initramfs.img" rdinit=/init loglevel=6 uml_dir="$work" umid=algbench
		hostfs="$share" con=null "con0=null,fd:5" ssl=null "ssl1=null,fd:3" "ssl2=null,fd:4" ${append:+$append})
}

# A UML kernel is a process group of its own (setsid): the kernel and one
# host process per guest address space.
substrate_start() {
	setsid "$image" "${uml_args[@]}" </dev/null >/dev/null 2>&1 3>>"$work/out.log" 4>>"$work/err.log" 5>>"$console" &
	guest_pid=$!
}
substrate_kill() { kill -9 -- "-$1" 2>/dev/null; }
