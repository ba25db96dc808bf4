# Shared by scripts/vm/*: how Debian's kernel is fetched and the guest built.
# The root, the cache and die/note come from scripts/lib.sh.
# shellcheck shell=bash

. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
mkdir -p "$ALGBENCH_CACHE"

# The Debian kernel series scripts/vm/run knows, and the apt metapackage that
# names the newest ABI of each, per Debian architecture (amd64, arm64: the
# arm64 packages through dpkg multiarch, scripts/setup arm64).
DEBIAN_SERIES="6.1 6.12"
debian_series_meta() { # SERIES [DARCH] -> metapackage
	local darch=${2:-amd64} q=""
	[ "$darch" = amd64 ] || q=:$darch
	case $1 in
	6.1) echo "linux-image-$darch$q" ;;
	6.12) echo "linux-image-6.12-$darch$q" ;;
	*) die "unknown Debian kernel series '$1' (known: $DEBIAN_SERIES)" ;;
	esac
}

# apt-cache with its binary cache in ours. Debian's container images turn
# apt's own off (Dir::Cache::pkgcache ""), and it is not writable for a user:
# each call then parses every package list, ~2 s, once per boot. apt checks
# the cache against the lists itself and rebuilds it after apt-get update.
apt_cache() {
	mkdir -p "$ALGBENCH_CACHE/apt"
	apt-cache -o Dir::Cache::pkgcache="$ALGBENCH_CACHE/apt/pkgcache.bin" -o Dir::Cache::srcpkgcache= "$@"
}

# The Debian kernel ABI the series' metapackage points at, e.g. 6.1.0-57-amd64
# or 6.12.118+deb12-amd64 (-arm64 for DARCH arm64). SERIES defaults to 6.1.
debian_kernel_release() {
	local series=${1:-6.1} darch=${2:-amd64} meta dep
	meta=$(debian_series_meta "$series" "$darch") || exit 2
	dep=$(apt_cache depends "$meta" 2>/dev/null |
		sed -n "s/.*Depends: linux-image-\(6\.[0-9.]*[-+][^ :]*-$darch\)\(:$darch\)\{0,1\}\$/\1/p" | head -n1)
	[ -n "$dep" ] || die "cannot find the image $meta depends on with apt-cache (run scripts/setup$([ "$darch" = amd64 ] || echo " $darch"), then apt-get update)"
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
# An arm64 ABI (6.1.0-57-arm64) takes the arm64 image and headers and this
# host's linux-kbuild (the same version: fixdep, modpost run here, the
# compiler is aarch64-linux-gnu-gcc), unpacked under debian/arm64/REL, apart
# from the x86 trees kmod/ finds under debian/REL.
debian_kernel_root() {
	local rel=${1:-} root debs common kbuild pkgs d darch=amd64 q=""
	[ -n "$rel" ] || rel=${ALGBENCH_DEBIAN_KERNEL:-}
	[ -n "$rel" ] || rel=$(debian_kernel_release 6.1)
	case $rel in
	*[!A-Za-z0-9.+-]* | "") die "'$rel' is not a Debian kernel ABI (e.g. 6.1.0-50-amd64)" ;;
	esac
	root=$ALGBENCH_CACHE/debian/$rel
	case $rel in *-arm64) darch=arm64 q=:arm64 root=$ALGBENCH_CACHE/debian/arm64/$rel ;; esac
	if [ -e "$root/.complete" ]; then echo "$root"; return; fi
	(
		flock 9
		[ -e "$root/.complete" ] && exit 0
		apt_cache show "linux-image-$rel$q" >/dev/null 2>&1 ||
			die "apt has no linux-image-$rel$q (apt-cache search linux-image-6 lists the ABIs; run apt-get update$([ "$darch" = amd64 ] || echo "; scripts/setup $darch adds the $darch architecture"))"
		debs=$ALGBENCH_CACHE/debian/debs
		mkdir -p "$debs" "$root.tmp"
		common=${rel%-"$darch"}-common
		pkgs="linux-image-$rel$q"
		if apt_cache show "linux-headers-$rel$q" >/dev/null 2>&1; then
			kbuild=$(apt_cache show "linux-headers-$rel$q" | sed -n '/^Depends:/{s/.*\(linux-kbuild-[^ ,]*\).*/\1/p;q}')
			pkgs="$pkgs linux-headers-$rel$q linux-headers-$common $kbuild"
		else
			note "apt has no linux-headers-$rel$q: the kernel boots, but algbench.ko cannot be built for it"
		fi
		note "downloading $pkgs (once, cached in $debs)"
		# shellcheck disable=SC2086 # package names have no spaces
		(cd "$debs" && apt-get download -q $pkgs >&2) || die "apt-get download of Debian's $rel kernel failed"
		for d in $pkgs; do
			d=${d%:*}
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
# [DARCH: amd64, arm64] -> the Debian ABI, or nothing when it is not a Debian name.
debian_series_known() { # debian-SERIES: one of DEBIAN_SERIES, or the refusal (exit 2)
	[[ " $DEBIAN_SERIES " == *" ${1#debian-} "* ]] ||
		die "unknown kernel '$1' (Debian series: $DEBIAN_SERIES, as debian-SERIES; or debian:ABI)"
}
debian_kernel_abi() { # KERNEL [DARCH]
	case $1 in
	debian | debian-6.1) debian_kernel_release 6.1 "${2:-amd64}" ;;
	debian-6.12) debian_kernel_release 6.12 "${2:-amd64}" ;;
	debian:?*) echo "${1#debian:}" ;;
	debian-*) debian_series_known "$1" ;;
	esac
}

# --- the base initramfs (busybox, host tools, kernel modules) ---------------
# Uses: kernel_root, moddir, release, tool_paths, VM_ARCH, VM_USERLAND (set by
# scripts/vm/run).
# Host programs the guest offers besides algbench: the peers the scripts compare
# against and the tools the tests use.
HOST_TOOLS="bash kmod openssl kcapi-enc kcapi-dgst kcapi-rng kcapi-hasher kcapi-speed
	hyperfine cryptsetup jq gzip"
# x86_build_ok MACHINE BUILD: BUILD's programs (readelf's MACHINE) run in
# an x86 guest, QEMU's or UML's (scripts/vm/substrate/).
x86_build_ok() {
	[[ $1 == *X86-64* ]] ||
		die "$2/bin/algbench is built for $1, not x86-64; boot it with --arch arm64, or pass an x86 build with --build or ALGBENCH_BUILD_DIR"
}
host_tool_paths() { # sets tool_paths: the HOST_TOOLS this host has
	local t p
	tool_paths=()
	for t in $HOST_TOOLS; do p=$(command -v "$t" 2>/dev/null) && tool_paths+=("$p"); done
	return 0
}
# An arm64 guest cannot run this host's programs: its busybox and tools come
# from Debian's arm64 packages (apt-get download, unpacked into the cache, no
# install), with the libraries they need that scripts/setup arm64 does not
# install. No peers (openssl, kcapi-*, hyperfine, cryptsetup) there yet.
ARM64_USERLAND_DEBS="busybox-static kmod libkmod2 bash libtinfo6 jq libjq1 libonig5"
# shellcheck disable=SC2034 # read by scripts/vm/substrate/qemu-arm64.sh, which vm/run sources after this
ARM64_TOOLS="bin/bash bin/kmod usr/bin/jq"
# Module folders (and single modules) copied from the kernel package: the
# crypto API and its algorithms (x86's and arm64's accelerated drivers),
# AF_ALG, crypto_user, tcrypt, compression libraries, 9p over virtio, and
# virtio's console (an arm64 guest's stdout and stderr; a module in 6.1).
MODULE_DIRS="kernel/crypto kernel/arch/x86/crypto kernel/arch/arm64/crypto kernel/lib kernel/net/9p kernel/fs/9p
	kernel/fs/netfs kernel/fs/fscache kernel/drivers/virtio kernel/drivers/char/hw_random
	kernel/drivers/char/virtio_console.ko kernel/drivers/char/virtio_console.ko.xz"

# Debian's arm64 busybox-static and tools (ARM64_USERLAND_DEBS), unpacked once
# under the cache; prints the folder.
debian_arm64_userland() {
	local root=$ALGBENCH_CACHE/debian/arm64/userland
	if [ "$(cat "$root/.complete" 2>/dev/null)" = "$ARM64_USERLAND_DEBS" ]; then echo "$root"; return; fi
	(
		flock 9
		[ "$(cat "$root/.complete" 2>/dev/null)" = "$ARM64_USERLAND_DEBS" ] && exit 0
		local debs=$ALGBENCH_CACHE/debian/debs p d pkgs=""
		mkdir -p "$debs"
		for p in $ARM64_USERLAND_DEBS; do pkgs="$pkgs $p:arm64"; done
		note "downloading$pkgs (once, cached in $debs)"
		# shellcheck disable=SC2086 # package names have no spaces
		(cd "$debs" && apt-get download -q $pkgs >&2) ||
			die "apt-get download of$pkgs failed (scripts/setup arm64 adds the arm64 architecture; then apt-get update)"
		rm -rf "$root.tmp" && mkdir -p "$root.tmp"
		for p in $ARM64_USERLAND_DEBS; do
			d=$(ls -t "$debs/${p}_"*_arm64.deb 2>/dev/null | head -n1)
			[ -f "$d" ] || die "downloaded $p:arm64 but no $debs/${p}_*_arm64.deb"
			dpkg-deb -x "$d" "$root.tmp" || die "cannot unpack $d"
		done
		echo "$ARM64_USERLAND_DEBS" >"$root.tmp/.complete"
		rm -rf "$root" && mv "$root.tmp" "$root"
	) 9>"$ALGBENCH_CACHE/debian.lock" || exit $?
	echo "$root"
}

# list_libs FILE: the absolute paths of the shared libraries FILE loads (and
# its loader). An arm64 FILE is listed by arm64's ld.so, run through
# binfmt_misc (qemu-user), which finds the multiarch libraries in
# /usr/lib/aarch64-linux-gnu and the userland's own.
list_libs() {
	if [ "${VM_ARCH:-x86_64}" = arm64 ]; then
		/lib/ld-linux-aarch64.so.1 --library-path \
			"$VM_USERLAND/lib/aarch64-linux-gnu:$VM_USERLAND/usr/lib/aarch64-linux-gnu" --list "$1" 2>/dev/null
	else
		ldd "$1" 2>/dev/null
	fi | grep -o '/[^ ]*' || true
}

copy_with_libs() { # DEST FILE...: copy executables and the shared libraries they load
	local dest=$1 f lib g
	shift
	for f in "$@"; do
		# a file of the arm64 userland goes where its package puts it
		g=$f
		[ -z "${VM_USERLAND:-}" ] || g=${f#"$VM_USERLAND"}
		mkdir -p "$dest$(dirname "$g")"
		cp -L "$f" "$dest$g"
		list_libs "$f" | while read -r lib; do
			g=$lib
			[ -z "${VM_USERLAND:-}" ] || g=${lib#"$VM_USERLAND"}
			[ -e "$dest$g" ] || { mkdir -p "$dest$(dirname "$g")"; cp -L "$lib" "$dest$g"; }
		done
	done
}

# shellcheck disable=SC2154 # tool_paths, release: scripts/vm/run's, set before it calls this
build_base() {
	local root=$1 d m engines busybox=/bin/busybox kmod
	kmod=$(command -v kmod)
	[ -z "${VM_USERLAND:-}" ] || busybox=$VM_USERLAND/bin/busybox kmod=/bin/kmod
	mkdir -p "$root"/{bin,sbin,usr/bin,usr/sbin,etc,proc,sys,dev,tmp,run,root,results,lib/modules}
	cp "$busybox" "$root/bin/busybox"
	for m in $("$busybox" --list); do [ -e "$root/bin/$m" ] || ln -s busybox "$root/bin/$m"; done
	copy_with_libs "$root" "${tool_paths[@]}"
	for m in modprobe insmod rmmod lsmod depmod modinfo; do ln -sf "$kmod" "$root/sbin/$m"; done
	if [ -z "${VM_USERLAND:-}" ]; then
		engines=$(openssl version -e 2>/dev/null | sed -n 's/^ENGINESDIR: "\(.*\)"/\1/p')
		[ -d "$engines" ] && copy_with_libs "$root" "$engines"/*.so
	fi
	mkdir -p "$root/etc/ssl" && cp -r /etc/ssl/openssl.cnf "$root/etc/ssl/" 2>/dev/null || true
	echo "root:x:0:0:root:/root:/bin/sh" >"$root/etc/passwd"
	echo "root:x:0:" >"$root/etc/group"
	echo "nobody:x:65534:65534:nobody:/:/bin/false" >>"$root/etc/passwd"
	echo "nogroup:x:65534:" >>"$root/etc/group"
	if [ -n "$moddir" ]; then
		local dst=$root/lib/modules/$release
		mkdir -p "$dst"
		for d in $MODULE_DIRS; do
			if [ -f "$moddir/$d" ]; then mkdir -p "$dst/${d%/*}" && cp -a "$moddir/$d" "$dst/$d"; fi
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

