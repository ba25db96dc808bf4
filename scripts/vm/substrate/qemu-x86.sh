# scripts/vm/run's substrate for an x86-64 guest under qemu-system-x86_64
# (TCG, or KVM where it boots): Debian's amd64 kernels, the built variants, a
# folder or a bzImage. The functions every substrate defines are listed in
# scripts/vm/run; they read its option variables.
# shellcheck shell=bash
# shellcheck disable=SC2034,SC2154 # a substrate reads scripts/vm/run's options and sets its variables (the list there)
. "$(dirname "${BASH_SOURCE[0]}")/qemu.sh"

substrate_build_dir() { echo build; }
substrate_build_ok() { x86_build_ok "$1" "$build"; }

substrate_options() {
	local m
	# An arm64 driver cannot load in an x86 guest.
	for m in $extra_modules; do
		[[ ,$ALGBENCH_ACCEL_MODULES_ARM64, != *,$m,* ]] ||
			die "--modules $m: an arm64 driver (arch/arm64/crypto), absent from an x86 kernel; use --arch arm64, or ALGBENCH_ACCEL_MODULES ($ALGBENCH_ACCEL_MODULES)"
	done
}

substrate_kernel_name() {
	[[ $kernel != debian:*-arm64 ]] || die "--kernel $kernel: an arm64 kernel; add --arch arm64"
}

# Checked before anything is built or cached: a file that is no kernel image
# would cost an initramfs and two QEMU boots, each failing.
substrate_image() {
	[ "$check_only" = 1 ] || command -v qemu-system-x86_64 >/dev/null || die "qemu-system-x86_64 not found; run scripts/setup"
	qemu_tree_image
	is_arm64_image "$bzimage" && die "--kernel '$kernel': $bzimage is an arm64 Image; add --arch arm64"
	is_bzimage "$bzimage" || die "--kernel '$kernel': $bzimage is not an x86 bzImage (no HdrS boot header at 0x202)"
	release=${bzimage##*/vmlinuz-}
	[ "$release" != "$bzimage" ] || release=$(strings -n 8 "$bzimage" | sed -n 's/^\([0-9][0-9.]*[^ ]*\) (.*/\1/p' | head -n1)
	return 0
}

# The guest's programs are the host's (busybox and the HOST_TOOLS).
substrate_userland() { host_tool_paths; }

# algbench-vm.conf's lines that are the substrate's (guest-init reads them).
substrate_conf() {
	echo "VM_MODULES=af_alg algif_hash algif_skcipher algif_aead algif_rng crypto_user $extra_modules"
	echo "VM_OUT=/dev/ttyS1"
	echo "VM_ERR=/dev/ttyS2"
}

substrate_boot_args() {
	boot_image=$bzimage
	local vmlinux
	vmlinux=$(pvh_vmlinux "$bzimage") && [ -n "$vmlinux" ] && boot_image=$vmlinux
	qemu="qemu-system-x86_64"
	qemu_machine_args
	qemu_share_args "$share" results
	qemu_args+=(-append "console=ttyS0 panic=-1 no_timer_check rdinit=/init loglevel=6 nokaslr${append:+ $append}"
		-chardev "file,id=out,path=$work/out.log" -serial chardev:out
		-chardev "file,id=err,path=$work/err.log" -serial chardev:err
		-device virtio-rng-pci "${share_args[@]}")
}

# pvh_vmlinux BZIMAGE: the ELF kernel inside BZIMAGE (cached under
# $ALGBENCH_CACHE/pvh) when it has the PVH entry note (Xen ELF note 18,
# PHYS32_ENTRY: CONFIG_PVH), which QEMU's -kernel starts directly; nothing
# otherwise. The same kernel on the same machine, without the bzImage's
# real-mode setup and its decompressor: under TCG that decompression is ~3 s
# of every boot of Debian's xz (6.1) or zstd (6.12) kernels. The payload is
# where the boot protocol (2.08+, Documentation/x86/boot.rst) says:
# payload_offset (0x248) after the (setup_sects + 1) * 512 bytes of setup,
# payload_length (0x24c) long; every format but gzip ends in the 4-byte
# uncompressed size (arch/x86/boot/compressed/Makefile's *_with_size).
pvh_vmlinux() {
	local bz=$1 dir=$ALGBENCH_CACHE/pvh key out sects off len start strip=4 dec
	key=$(sha256sum <"$bz" | cut -c1-16) || return 0
	out=$dir/vmlinux-$key
	[ -e "$out.none" ] && return 0
	if [ -s "$out" ]; then touch "$out" && echo "$out"; return 0; fi
	mkdir -p "$dir" || return 0
	read -r sects < <(od -An -tu1 -j $((0x1f1)) -N 1 "$bz")
	read -r off len < <(od -An -tu4 -j $((0x248)) -N 8 "$bz")
	if ! [[ ${sects:-} =~ ^[0-9]+$ && ${off:-} =~ ^[0-9]+$ && ${len:-} =~ ^[0-9]+$ ]] || [ "$len" -le 4 ]; then
		: >"$out.none"
		return 0
	fi
	[ "$sects" = 0 ] && sects=4
	start=$(((sects + 1) * 512 + off))
	case $(magic_at "$bz" "$start") in
	fd377a58) dec="xz -dc" ;;
	28b52ffd) dec="zstd -dcq" ;;
	1f8b*) dec="gzip -dc" strip=0 ;;
	02214c18) dec="lz4 -dc" ;;
	*) : >"$out.none"; return 0 ;; # bzip2, lzma, lzo: boot it as a bzImage
	esac
	command -v "${dec%% *}" >/dev/null || return 0
	if dd if="$bz" bs=64K iflag=skip_bytes,count_bytes skip="$start" count=$((len - strip)) status=none |
		$dec >"$out.$$" 2>/dev/null &&
		[ "$(magic_at "$out.$$" 0)" = 7f454c46 ] &&
		readelf -n "$out.$$" 2>/dev/null | grep -q '^ *Xen .*(0x00000012)'; then
		mv "$out.$$" "$out" && echo "$out"
		# Kernels unused for a week: each boot touches the one it starts.
		find "$dir" -maxdepth 1 -name 'vmlinux-*' -mtime +6 -delete 2>/dev/null
	else
		rm -f "$out.$$"
		: >"$out.none"
	fi
	return 0
}
