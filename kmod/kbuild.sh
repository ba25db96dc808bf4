#!/usr/bin/env bash
# Build kmod/*.ko with kbuild against one kernel and drop them in
# OUT/<kernel-release>/, where scripts/vm/run picks them up.
#
#   kmod/kbuild.sh OUT KDIR [clean]
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
out=${1:?usage: kbuild.sh OUT KDIR [clean]}
kdir=${2:?usage: kbuild.sh OUT KDIR [clean]}
action=${3:-modules}
src=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
die() { echo "kmod: $*" >&2; exit 2; }

[ -f "$kdir/Makefile" ] || die "KDIR '$kdir' has no Makefile: not a kernel build tree or headers package (install linux-headers-\$(uname -r), or pass -DALGBENCH_KDIR=...)"
kdir=$(cd "$kdir" && pwd)
rel=$(make -s -C "$kdir" kernelrelease 2>/dev/null | tail -n1 || true)
[ -n "$rel" ] || rel=$(sed -n 's/^override KERNELRELEASE = //p' "$kdir/.kernelvariables" 2>/dev/null || true)
[ -n "$rel" ] || rel=$(basename "$kdir" | sed -n 's/^linux-headers-//p')
[ -n "$rel" ] || die "cannot tell the kernel release of KDIR '$kdir'"

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

# Build in a copy so the source tree stays clean and two builds (normal and
# sanitized) do not race on the same objects.
obj=$work/.obj-$rel
mkdir -p "$obj"
cp -p "$src"/Kbuild "$src"/*.c "$src"/*.h "$obj/"
if [ "$action" = clean ]; then
	make -s -C "$build_kdir" M="$obj" clean
	rm -rf "$out/$rel"
	exit 0
fi
make -C "$build_kdir" M="$obj" modules
mkdir -p "$out/$rel"
cp "$obj"/*.ko "$out/$rel/"
echo "kmod: built $(cd "$out/$rel" && ls *.ko | tr '\n' ' ')for $rel in $out/$rel"
