#!/usr/bin/env bash
# Build kmod/*.ko with kbuild against one kernel and drop them in
# OUT/<kernel-release>/, where scripts/vm/run picks them up.
#
#   kmod/kbuild.sh OUT KDIR [clean]
#   kmod/kbuild.sh --release KDIR    print the release KDIR builds for
#
# KDIR is a kernel build tree or a headers package, either installed
# (/lib/modules/REL/build) or unpacked somewhere else, like Debian's
# linux-headers-REL under the VM runner's cache. Debian's headers point
# outside themselves with absolute paths: the per-flavour Makefile says
# "include /usr/src/linux-headers-REL-common/Makefile", and an installed tree's
# symlinks may name /usr/src/... or /usr/lib/linux-kbuild-6.1. Unpacked
# elsewhere, those paths do not exist (or name a different kernel). So for a
# KDIR under a foreign root we build against a shim: a folder of links to
# KDIR's entries, absolute ones re-rooted, and a Makefile whose include is
# re-rooted too. The cache itself is shared and never modified.
set -euo pipefail
usage="usage: kbuild.sh OUT KDIR [clean] | kbuild.sh --release KDIR"
out=${1:?$usage}
kdir=${2:?$usage}
action=${3:-modules}
src=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
die() { echo "kmod: $*" >&2; exit 2; }

[ -f "$kdir/Makefile" ] || die "KDIR '$kdir' has no Makefile: not a kernel build tree or headers package (install linux-headers-\$(uname -r), or pass -DALGBENCH_KDIR=...)"
kdir=$(cd "$kdir" && pwd)

# The release a module built here is for: the name the kernel runs as
# (uname -r) and looks for in a module's vermagic. Read from the tree's own
# files, most direct first: UTS_RELEASE, which vermagic is made of; Debian's
# .kernelvariables override; include/config/kernel.release; the
# linux-headers-REL folder name. Never `make kernelrelease`: on Debian's
# installed 6.1 headers it prints 6.1.192 (the upstream version), and so
# does their include/config/kernel.release, while UTS_RELEASE and
# .kernelvariables say 6.1.0-57-amd64.
release() {
	local r
	r=$(sed -n 's/^#define UTS_RELEASE "\(.*\)"$/\1/p' "$1/include/generated/utsrelease.h" 2>/dev/null | head -n1)
	[ -n "$r" ] || r=$(sed -n 's/^override KERNELRELEASE = //p' "$1/.kernelvariables" 2>/dev/null | head -n1)
	[ -n "$r" ] || r=$(head -n1 "$1/include/config/kernel.release" 2>/dev/null)
	[ -n "$r" ] || r=$(basename "$1" | sed -n 's/^linux-headers-//p')
	[ -n "$r" ] || die "cannot tell the kernel release of KDIR '$1': no include/generated/utsrelease.h, .kernelvariables or include/config/kernel.release, and not named linux-headers-REL"
	# it names a folder: a release is one path component of these characters
	[[ $r =~ ^[A-Za-z0-9][A-Za-z0-9._+~-]*$ ]] || die "KDIR '$1' gives the release '$r', which is not a kernel release (letters, digits, . _ + ~ -)"
	echo "$r"
}
if [ "$out" = --release ]; then
	release "$kdir"
	exit 0
fi
rel=$(release "$kdir")

# The root a headers package was unpacked into: the part of KDIR before /usr/src/.
root=""
case $kdir in */usr/src/*) root=${kdir%%/usr/src/*} ;; esac

reroot() { # PATH: an absolute path of the package, as seen under root
	if [ -n "$root" ] && [ -e "$root$1" ]; then echo "$root$1"; else echo "$1"; fi
}

# make cannot take a path with spaces in M= or an include: when OUT has one
# (a checkout under "My Projects"), shim and objects go to a temporary folder.
work=$out
if [[ $out = *[[:space:]]* ]]; then
	work=$(mktemp -d "${TMPDIR:-/tmp}/algbench-kbuild.XXXXXX")
	trap 'rm -rf "$work"' EXIT
fi

build_kdir=$kdir
if [ -n "$root" ]; then
	shim=$work/.kdir-$rel
	rm -rf "$shim" && mkdir -p "$shim"
	for e in "$kdir"/* "$kdir"/.config "$kdir"/.kernelvariables; do
		[ -e "$e" ] || [ -L "$e" ] || continue
		name=$(basename "$e")
		[ "$name" = Makefile ] && continue
		if [ -L "$e" ] && [[ $(readlink "$e") = /* ]]; then
			ln -s "$(reroot "$(readlink "$e")")" "$shim/$name"
		else
			ln -s "$(readlink -f "$e")" "$shim/$name"
		fi
	done
	while IFS= read -r line; do
		if [[ $line =~ ^include[[:space:]]+(/.*)$ ]]; then
			echo "include $(reroot "${BASH_REMATCH[1]}")"
		else
			echo "$line"
		fi
	done <"$kdir/Makefile" >"$shim/Makefile"
	build_kdir=$shim
fi

# A User-Mode Linux tree (scripts/kernel/build-variants' uml-stats-*) builds
# only with ARCH=um: kbuild would otherwise take the host's arch/x86.
# An arm64 tree (Debian's linux-headers-*-arm64, unpacked by scripts/vm/run
# --arch arm64) builds with the cross compiler; its host tools (fixdep,
# modpost) are this host's linux-kbuild.
arch=()
grep -qx 'CONFIG_UML=y' "$kdir/.config" 2>/dev/null && arch=(ARCH=um)
if grep -qx 'CONFIG_ARM64=y' "$kdir/.config" 2>/dev/null && [ "$(uname -m)" != aarch64 ]; then
	command -v aarch64-linux-gnu-gcc >/dev/null ||
		die "KDIR '$kdir' is an arm64 tree and there is no aarch64-linux-gnu-gcc to build for it: run scripts/setup arm64 (gcc-aarch64-linux-gnu)"
	arch=(ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu-)
fi

# Build in a copy so the source tree stays clean and two builds (normal and
# sanitized) do not race on the same objects.
obj=$work/.obj-$rel
mkdir -p "$obj"
cp -p "$src"/Kbuild "$src"/*.c "$src"/*.h "$obj/"
if [ "$action" = clean ]; then
	make -s -C "$build_kdir" "${arch[@]}" M="$obj" clean
	rm -rf "$out/$rel"
	exit 0
fi
make -C "$build_kdir" "${arch[@]}" M="$obj" modules
mkdir -p "$out/$rel"
cp "$obj"/*.ko "$out/$rel/"
echo "kmod: built $(cd "$out/$rel" && ls *.ko | tr '\n' ' ')for $rel in $out/$rel"
