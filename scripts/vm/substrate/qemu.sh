# What every QEMU guest shares (qemu-x86.sh and qemu-arm64.sh source it; the
# full-system disk of scripts/system/run uses its accelerator and its kill):
# the kernel image's magic numbers, the accelerator, the machine's common
# arguments, and one process to kill.
# shellcheck shell=bash
# shellcheck disable=SC2034,SC2154 # a substrate reads scripts/vm/run's options and sets its variables (the list there)

# (od, not dd into $(): the bytes around a magic may be NULs, which bash
# drops from a command substitution with a warning on every boot.)
magic_at() { od -An -tx1 -j "$2" -N 4 "$1" 2>/dev/null | tr -d ' \n'; } # FILE OFFSET -> hex
# is_bzimage FILE: the x86 boot protocol's "HdrS" magic at offset 0x202, which
# every bzImage since Linux 1.3.73 has and QEMU's -kernel reads.
is_bzimage() { [ "$(magic_at "$1" 514)" = 48647253 ]; }
# is_arm64_image FILE: the arm64 Image header's magic "ARM\x64" at offset 0x38
# (Documentation/arch/arm64/booting.rst), which Debian's vmlinuz-*-arm64 has.
is_arm64_image() { [ "$(magic_at "$1" 56)" = 41524d64 ]; }

# qemu_accel_args ACCEL ICOUNT SHIFT: sets accel_args. ACCEL is tcg, kvm or
# auto (kvm only if a cached probe showed it boots a guest).
qemu_accel_args() {
	local accel=$1
	if [ "$accel" = auto ]; then
		accel=tcg
		[ "$(cat "$ALGBENCH_CACHE/kvm-probe" 2>/dev/null)" = boots ] && accel=kvm
	fi
	if [ "$2" = 1 ]; then
		accel_args=(-accel tcg -icount "shift=$3,sleep=off" -cpu max)
	elif [ "$accel" = kvm ]; then
		[ -w /dev/kvm ] || die "--accel kvm: /dev/kvm is not usable"
		accel_args=(-accel kvm -cpu host)
	else
		accel_args=(-accel "tcg,thread=multi" -cpu max)
	fi
}

# qemu_share_args DIR TAG: sets share_args, DIR as a 9p folder the guest
# mounts by TAG. QEMU's option syntax writes a comma inside a value as two.
qemu_share_args() {
	share_args=(-virtfs "local,path=${1//,/,,},mount_tag=$2,security_model=none,id=$2")
}

# qemu_tree_image: a tree's boot/vmlinuz-REL as bzimage (a file named as the
# kernel is bzimage already).
qemu_tree_image() {
	[ -n "$kernel_root" ] || return 0
	bzimage=$(ls "$kernel_root"/boot/vmlinuz-* 2>/dev/null | head -n1)
	[ -n "$bzimage" ] || die "--kernel '$kernel': no boot/vmlinuz-* in $kernel_root (a tree has boot/vmlinuz-REL and lib/modules/REL)"
}

# QEMU is one process.
qemu_kill() { kill -9 "$1" 2>/dev/null; }

# The parts of a substrate (scripts/vm/run) that are the same for both QEMU
# architectures.
substrate_kill() { qemu_kill "$@"; }
substrate_share_kind() { echo 9p; }
# substrate_start: QEMU with $qemu_args, its pid in guest_pid.
substrate_start() {
	"$qemu" "${qemu_args[@]}" </dev/null &
	guest_pid=$!
}
# qemu_machine_args: the arguments of a vm/run guest both architectures
# start with (the architecture's own come after).
qemu_machine_args() {
	qemu_accel_args "$accel" "$icount" "$icount_shift"
	qemu_args=(-nodefaults -no-user-config -nographic -no-reboot -display none -monitor none
		"${accel_args[@]}" -smp "$smp" -m "$mem"
		-kernel "$boot_image" -initrd "$work/initramfs.img" -serial "file:$console")
}
