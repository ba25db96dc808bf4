# Shared by scripts/vm/*: how Debian's kernel is fetched and the guest built.
# The root, the cache and die/note come from scripts/lib.sh.
# shellcheck shell=bash

. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
mkdir -p "$ALGBENCH_CACHE"

# The Debian kernel series scripts/vm/run knows, and the apt metapackage that
# names the newest ABI of each.
DEBIAN_SERIES="6.1 6.12"
debian_series_meta() { # SERIES -> metapackage
	case $1 in
	6.1) echo linux-image-amd64 ;;
	6.12) echo linux-image-6.12-amd64 ;;
	*) die "unknown Debian kernel series '$1' (known: $DEBIAN_SERIES)" ;;
	esac
}

# The Debian kernel ABI the series' metapackage points at, e.g. 6.1.0-57-amd64
# or 6.12.118+deb12-amd64. SERIES defaults to 6.1.
debian_kernel_release() {
	local series=${1:-6.1} meta dep
	meta=$(debian_series_meta "$series") || exit 2
	dep=$(apt-cache depends "$meta" 2>/dev/null |
		sed -n 's/.*Depends: linux-image-\(6\.[0-9.]*[-+][^ ]*-amd64\)$/\1/p' | head -n1)
	[ -n "$dep" ] || die "cannot find the image $meta depends on with apt-cache (run scripts/setup, then apt-get update)"
	echo "$dep"
}

# Debian's packaged User-Mode Linux (user-mode-linux: linux.uml, its modules
# and config), unpacked into the cache like the Debian kernels (no root, no
# install) as a tree scripts/vm/run boots: boot/linux-REL, boot/config-REL,
# lib/modules/REL. No headers exist for it, so no algbench.ko.
debian_uml_root() {
	local root=$ALGBENCH_CACHE/debian/uml
	if [ -e "$root/.complete" ]; then echo "$root"; return; fi
	(
		flock 9
		[ -e "$root/.complete" ] && exit 0
		local debs=$ALGBENCH_CACHE/debian/debs deb rel
		mkdir -p "$debs"
		note "downloading user-mode-linux (once, cached in $debs)"
		(cd "$debs" && apt-get download -q user-mode-linux >&2) ||
			die "apt-get download user-mode-linux failed (run apt-get update; Debian 12 has it in main)"
		deb=$(ls -t "$debs"/user-mode-linux_*.deb 2>/dev/null | head -n1)
		[ -f "$deb" ] || die "downloaded user-mode-linux but no $debs/user-mode-linux_*.deb"
		rm -rf "$root.tmp" && mkdir -p "$root.tmp/boot" "$root.tmp/lib/modules"
		dpkg-deb -x "$deb" "$root.tmp/pkg" || die "cannot unpack $deb"
		rel=$(ls "$root.tmp/pkg/usr/lib/uml/modules" 2>/dev/null | head -n1)
		[ -n "$rel" ] && [ -x "$root.tmp/pkg/usr/bin/linux.uml" ] ||
			die "$deb has no usr/bin/linux.uml or usr/lib/uml/modules/REL"
		mv "$root.tmp/pkg/usr/bin/linux.uml" "$root.tmp/boot/linux-$rel"
		mv "$root.tmp/pkg/usr/lib/uml/modules/$rel" "$root.tmp/lib/modules/$rel"
		zcat "$root.tmp/pkg/usr/share/doc/user-mode-linux/config.gz" >"$root.tmp/boot/config-$rel" 2>/dev/null ||
			rm -f "$root.tmp/boot/config-$rel"
		rm -rf "$root.tmp/pkg" "$root"
		touch "$root.tmp/.complete" && mv "$root.tmp" "$root"
	) 9>"$ALGBENCH_CACHE/debian.lock" || exit 2
	echo "$root"
}

# Download (not install) image, headers (+ -common) and the kbuild the headers
# depend on into the cache, unpack once. REL is an ABI such as 6.1.0-50-amd64
# (default: $ALGBENCH_DEBIAN_KERNEL, else the newest 6.1). Prints the unpacked
# root: ROOT/boot/vmlinuz-REL, ROOT/lib/modules/REL,
# ROOT/usr/src/linux-headers-REL (KDIR for kmod/). When apt has no headers for
# REL the image alone is unpacked: it boots, but algbench.ko cannot be built.
debian_kernel_root() {
	local rel=${1:-} root debs common kbuild pkgs d
	[ -n "$rel" ] || rel=${ALGBENCH_DEBIAN_KERNEL:-}
	[ -n "$rel" ] || rel=$(debian_kernel_release 6.1)
	case $rel in
	*[!A-Za-z0-9.+-]* | "") die "'$rel' is not a Debian kernel ABI (e.g. 6.1.0-50-amd64)" ;;
	esac
	root=$ALGBENCH_CACHE/debian/$rel
	if [ -e "$root/.complete" ]; then echo "$root"; return; fi
	(
		flock 9
		[ -e "$root/.complete" ] && exit 0
		apt-cache show "linux-image-$rel" >/dev/null 2>&1 ||
			die "apt has no linux-image-$rel (apt-cache search linux-image-6 lists the ABIs; run apt-get update)"
		debs=$ALGBENCH_CACHE/debian/debs
		mkdir -p "$debs" "$root.tmp"
		common=${rel%-amd64}-common
		pkgs="linux-image-$rel"
		if apt-cache show "linux-headers-$rel" >/dev/null 2>&1; then
			kbuild=$(apt-cache show "linux-headers-$rel" | sed -n '/^Depends:/{s/.*\(linux-kbuild-[^ ,]*\).*/\1/p;q}')
			pkgs="$pkgs linux-headers-$rel linux-headers-$common $kbuild"
		else
			note "apt has no linux-headers-$rel: the kernel boots, but algbench.ko cannot be built for it"
		fi
		note "downloading $pkgs (once, cached in $debs)"
		# shellcheck disable=SC2086 # package names have no spaces
		(cd "$debs" && apt-get download -q $pkgs >&2) || die "apt-get download of Debian's $rel kernel failed"
		for d in $pkgs; do
			set -- "$debs/${d}_"*.deb
			[ -f "$1" ] || die "downloaded $d but no $debs/${d}_*.deb"
			# The newest .deb of that name (linux-kbuild-6.1 keeps its name across versions).
			d=$(ls -t "$@" | head -n1)
			dpkg-deb -x "$d" "$root.tmp" || die "cannot unpack $d"
		done
		rm -rf "$root" && mv "$root.tmp" "$root" && touch "$root/.complete"
	) 9>"$ALGBENCH_CACHE/debian.lock" || exit $?
	echo "$root"
}

# KERNEL (as --kernel names it: debian, debian-6.1, debian-6.12, debian:ABI)
# -> the Debian ABI, or nothing when it is not a Debian name.
debian_kernel_abi() {
	case $1 in
	debian | debian-6.1) debian_kernel_release 6.1 ;;
	debian-6.12) debian_kernel_release 6.12 ;;
	debian:?*) echo "${1#debian:}" ;;
	debian-*) die "unknown kernel '$1' (Debian series: $DEBIAN_SERIES, as debian-SERIES; or debian:ABI)" ;;
	esac
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
	# The guest's /boot/config-REL (config-check --running, conform's version
	# checks). A tree without it still boots (make modules_install does not write it).
	if [ -n "$kernel_root" ] && [ -f "$kernel_root/boot/config-$release" ]; then
		mkdir -p "$root/boot" && cp "$kernel_root/boot/config-$release" "$root/boot/"
	elif [ -n "$kernel_root" ]; then
		note "no boot/config-$release in $kernel_root: the guest has no /boot/config-$release (copy the build's .config there to give it one)"
	fi
}

