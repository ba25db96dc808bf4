#!/usr/bin/env bash
# The release kmod/ builds for is read from the kernel tree itself, never
# from `make kernelrelease` (issue 21): Debian's 6.1 headers answer 6.1.192
# there, not the ABI name 6.1.0-N-amd64 the kernel runs as. So the modules
# land in build/kmod/<ABI name>/, the outputs CMake declares appear, and a
# second build runs no kbuild. Against Debian's real headers from the VM
# cache; skips without them.
. "$(dirname "$0")/../lib.sh"
tap_begin
cache=$ALGBENCH_CACHE
root=$(ls -d "$cache"/debian/6.1.*-amd64 2>/dev/null | head -n1)
kdir=$(ls -d "$root"/usr/src/linux-headers-6.1.*-amd64 2>/dev/null | head -n1)
[ -n "$kdir" ] || skip_all "no Debian 6.1 headers in $cache/debian (scripts/vm/run fetches them)"
abi=$(basename "$root") # the folder scripts/vm/run unpacked it into: the ABI name
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# build_twice NAME KDIR: configure a fresh build of the kmod target against
# KDIR only, build it twice; the modules are in build/kmod/$abi, nowhere
# else, and the second build runs no kbuild
build_twice() {
	local name=$1 kd=$2 b=$tmp/$1 rc others vermagic
	rel=$("$ALGBENCH_TOP/kmod/kbuild.sh" --release "$kd")
	check "$name: kbuild.sh --release is the ABI name ($rel, want $abi)" [ "$rel" = "$abi" ]
	cmake -S "$ALGBENCH_TOP" -B "$b" -DALGBENCH_SANITIZE=OFF -DALGBENCH_KDIR="$kd" >"$b.configure.log" 2>&1
	rc=$?
	check "$name: cmake configures with ALGBENCH_KDIR=$kd" [ "$rc" = 0 ]
	[ "$rc" = 0 ] || sed 's/^/# /' "$b.configure.log" | tail -20
	cmake --build "$b" --target kmod >"$b.build1.log" 2>&1
	rc=$?
	check "$name: first build of the kmod target: exit 0" [ "$rc" = 0 ]
	[ "$rc" = 0 ] || sed 's/^/# /' "$b.build1.log" | tail -20
	check "$name: ... it ran kbuild" grep -q 'kbuild: algbench.ko and companions for' "$b.build1.log"
	check "$name: ... build/kmod/$abi/algbench.ko and algbench_trace.ko exist" \
		test -f "$b/kmod/$abi/algbench.ko" -a -f "$b/kmod/$abi/algbench_trace.ko"
	# shellcheck disable=SC2010 # the names are kernel releases: no blanks, no newlines
	others=$(cd "$b/kmod" && ls -d [0-9]* 2>/dev/null | grep -vx "$abi" | tr '\n' ' ')
	check "$name: ... and no folder under another name (${others:-none})" [ -z "$others" ]
	vermagic=$(modinfo -F vermagic "$b/kmod/$abi/algbench.ko" 2>/dev/null)
	check "$name: ... its vermagic starts with the folder's name ($vermagic)" [ "${vermagic%% *}" = "$abi" ]
	cmake --build "$b" --target kmod >"$b.build2.log" 2>&1
	check "$name: second build: exit 0" [ $? = 0 ]
	if grep -q 'kbuild:' "$b.build2.log"; then
		not_ok "$name: second build runs no kbuild (it did: the declared outputs are missing)"
		sed 's/^/# /' "$b.build2.log" | tail -10
	else
		ok "$name: second build runs no kbuild"
	fi
}

# Debian's headers as scripts/vm/run unpacks them under the cache.
build_twice cache "$kdir"

# The same headers as a Debian host has them installed: /lib/modules/REL/build
# names a tree where make works, and there `make kernelrelease` prints the
# upstream version. kbuild.sh's shim of the cached headers is such a tree.
mkdir -p "$tmp/lib/modules/$abi"
ln -s "$tmp/cache/kmod/.kdir-$abi" "$tmp/lib/modules/$abi/build"
made=$(make -s -C "$tmp/lib/modules/$abi/build" kernelrelease 2>/dev/null | tail -n1)
echo "# make kernelrelease in the installed-style tree: ${made:-nothing}"
check "installed: make kernelrelease is not the ABI name there (${made:-nothing}): the trap is real" \
	test -n "$made" -a "$made" != "$abi"
build_twice installed "$tmp/lib/modules/$abi/build"
tap_end
