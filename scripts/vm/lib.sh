# Shared by scripts/vm/*: where things are cached and how Debian's kernel is fetched.
# shellcheck shell=bash

ALGBENCH_TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
ALGBENCH_CACHE=${ALGBENCH_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/algbench}
mkdir -p "$ALGBENCH_CACHE"

die() { echo "vm: $*" >&2; exit 2; }
note() { echo "vm: $*" >&2; }

# The Debian kernel ABI the apt metapackage points at, e.g. 6.1.0-57-amd64.
debian_kernel_release() {
	local dep
	dep=$(apt-cache depends linux-image-amd64 2>/dev/null |
		sed -n 's/.*Depends: linux-image-\(6\.1\.0-[0-9]*-amd64\)$/\1/p' | head -n1)
	[ -n "$dep" ] || die "cannot find Debian's linux-image-6.1.0-*-amd64 with apt-cache (run scripts/setup, then apt-get update)"
	echo "$dep"
}

# Download (not install) image and headers into the cache, unpack once.
# Prints the unpacked root: ROOT/boot/vmlinuz-REL, ROOT/lib/modules/REL,
# ROOT/usr/src/linux-headers-REL (KDIR for kmod/).
debian_kernel_root() {
	local rel root debs common
	if [ -n "${ALGBENCH_DEBIAN_KERNEL:-}" ]; then rel=$ALGBENCH_DEBIAN_KERNEL; else rel=$(debian_kernel_release); fi
	root=$ALGBENCH_CACHE/debian/$rel
	if [ -e "$root/.complete" ]; then echo "$root"; return; fi
	(
		flock 9
		[ -e "$root/.complete" ] && exit 0
		debs=$ALGBENCH_CACHE/debian/debs
		mkdir -p "$debs" "$root.tmp"
		common=${rel%-amd64}-common
		note "downloading linux-image-$rel, linux-headers-$rel, linux-headers-$common and linux-kbuild-6.1 (once, cached in $debs)"
		(cd "$debs" && apt-get download -q "linux-image-$rel" "linux-headers-$rel" "linux-headers-$common" linux-kbuild-6.1 >&2) ||
			die "apt-get download of Debian's $rel kernel failed"
		for d in "$debs"/linux-image-"$rel"_*.deb "$debs"/linux-headers-"$rel"_*.deb \
			"$debs"/linux-headers-"$common"_*.deb "$debs"/linux-kbuild-6.1_*.deb; do
			dpkg-deb -x "$d" "$root.tmp" || die "cannot unpack $d"
		done
		rm -rf "$root" && mv "$root.tmp" "$root" && touch "$root/.complete"
	) 9>"$ALGBENCH_CACHE/debian.lock" || exit $?
	echo "$root"
}

# --- the base initramfs (busybox, host tools, kernel modules) ---------------
# Uses: kernel_root, moddir, release, tool_paths (set by scripts/vm/run).
# Host programs the guest offers besides algbench: the peers the scripts compare
# against and the tools the tests use.
HOST_TOOLS="bash kmod openssl kcapi-enc kcapi-dgst kcapi-rng kcapi-hasher kcapi-speed
	hyperfine cryptsetup jq gzip"
# Module folders copied from the kernel package: the crypto API and its
# algorithms, AF_ALG, crypto_user, tcrypt, compression libraries, 9p over virtio.
MODULE_DIRS="kernel/crypto kernel/arch/x86/crypto kernel/lib kernel/net/9p kernel/fs/9p
	kernel/fs/netfs kernel/fs/fscache kernel/drivers/virtio kernel/drivers/char/hw_random"

copy_with_libs() { # DEST FILE...: copy executables and the shared libraries they load
	local dest=$1 f lib
	shift
	for f in "$@"; do
		mkdir -p "$dest$(dirname "$f")"
		cp -L "$f" "$dest$f"
		ldd "$f" 2>/dev/null | grep -o '/[^ ]*' | while read -r lib; do
			[ -e "$dest$lib" ] || { mkdir -p "$dest$(dirname "$lib")"; cp -L "$lib" "$dest$lib"; }
		done
	done
}

build_base() {
	local root=$1 d m engines
	mkdir -p "$root"/{bin,sbin,usr/bin,usr/sbin,etc,proc,sys,dev,tmp,run,root,results,lib/modules}
	cp /bin/busybox "$root/bin/busybox"
	for m in $(/bin/busybox --list); do [ -e "$root/bin/$m" ] || ln -s busybox "$root/bin/$m"; done
	copy_with_libs "$root" "${tool_paths[@]}"
	for m in modprobe insmod rmmod lsmod depmod modinfo; do ln -sf "$(command -v kmod)" "$root/sbin/$m"; done
	engines=$(openssl version -e 2>/dev/null | sed -n 's/^ENGINESDIR: "\(.*\)"/\1/p')
	[ -d "$engines" ] && copy_with_libs "$root" "$engines"/*.so
	mkdir -p "$root/etc/ssl" && cp -r /etc/ssl/openssl.cnf "$root/etc/ssl/" 2>/dev/null || true
	echo "root:x:0:0:root:/root:/bin/sh" >"$root/etc/passwd"
	echo "root:x:0:" >"$root/etc/group"
	echo "nobody:x:65534:65534:nobody:/:/bin/false" >>"$root/etc/passwd"
	echo "nogroup:x:65534:" >>"$root/etc/group"
	if [ -n "$moddir" ]; then
		local dst=$root/lib/modules/$release
		mkdir -p "$dst"
		for d in $MODULE_DIRS; do
			[ -d "$moddir/$d" ] || continue
			mkdir -p "$dst/$d" && cp -a "$moddir/$d/." "$dst/$d/"
		done
		cp "$moddir"/modules.{order,builtin,builtin.modinfo} "$dst/" 2>/dev/null || true
		depmod -b "$root" "$release" || die "depmod failed for $release"
	fi
	[ -n "$kernel_root" ] && [ -f "$kernel_root/boot/config-$release" ] &&
		{ mkdir -p "$root/boot"; cp "$kernel_root/boot/config-$release" "$root/boot/"; }
}

