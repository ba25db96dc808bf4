#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The build matrix as a gate (docs/builds.md): gcc at Debug, RelWithDebInfo,
# Release and MinSizeRel, and clang at RelWithDebInfo, each configured and
# built from this checkout in a scratch folder with -Werror and the tests'
# sources (ALGBENCH_TESTS=ON), kmod/ aside. A config fails on a failed
# configure or build, or on any warning in its output (those -Werror does not
# turn into errors, e.g. CMake's); the failing config is named with the
# compiler's words. Build only: no ctest inside. Each config's wall time is
# printed. Exit 77 without gcc or clang (scripts/setup test installs clang).
. "$(dirname "$0")/../lib.sh"
tap_begin
for cc in gcc clang; do
	command -v "$cc" >/dev/null || skip_all "no $cc: the matrix builds with gcc and clang (scripts/setup test installs clang)"
done
scratch_dir
jobs=$(nproc)
# NAME COMPILER BUILD_TYPE
configs="gcc-Debug gcc Debug
gcc-RelWithDebInfo gcc RelWithDebInfo
gcc-Release gcc Release
gcc-MinSizeRel gcc MinSizeRel
clang-RelWithDebInfo clang RelWithDebInfo"
# What the matrix checks is the C: man pages (help2man runs the binary)
# add nothing, so they are left out. The caller's CFLAGS would make every
# config another one, so they are dropped too.
unset CFLAGS CPPFLAGS LDFLAGS
complaint='error:|warning:|CMake Error|CMake Warning|Error [0-9]'
# print_failure LOG: the compiler's and CMake's complaints, with a little
# context, as TAP comments (the whole log when none is found)
print_failure() {
	if grep -q -E "$complaint" "$1"; then
		grep -E -A4 "$complaint" "$1" | head -n 60 | sed 's/^/#   /'
	else
		tail -n 30 "$1" | sed 's/^/#   /'
	fi
}
while read -r name cc type; do
	b=$dir/$name
	start=$(date +%s)
	if ! cmake -S "$ALGBENCH_TOP" -B "$b" -G "Unix Makefiles" -DCMAKE_C_COMPILER="$cc" \
		-DCMAKE_BUILD_TYPE="$type" -DALGBENCH_WERROR=ON -DALGBENCH_TESTS=ON \
		-DALGBENCH_KMOD=OFF -DALGBENCH_SANITIZE=OFF -DALGBENCH_MAN=OFF </dev/null >"$b.cfg" 2>&1; then
		not_ok "$name: configure"
		print_failure "$b.cfg"
		continue
	fi
	# -k: every failing file in one pass, not only the first
	if ! nice cmake --build "$b" -j "$jobs" -- -k </dev/null >"$b.log" 2>&1; then
		not_ok "$name: build ($(($(date +%s) - start)) s)"
		print_failure "$b.log"
	elif grep -q -E 'warning:|CMake Warning' "$b.cfg" "$b.log"; then
		not_ok "$name: built, but with warnings"
		grep -h -E -A4 'warning:|CMake Warning' "$b.cfg" "$b.log" | head -n 60 | sed 's/^/#   /'
	else
		ok "$name: configure and build, no warning ($(($(date +%s) - start)) s)"
	fi
	rm -rf "$b" # a config's tree is not needed once it built; /tmp stays small
done <<<"$configs"
tap_end
