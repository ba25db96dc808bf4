#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The clang static analyzer as a gate (docs/builds.md): `scan-build
# --status-bugs` over a fresh build of the whole user-space tree, tests
# included (kmod/ aside: kbuild's, not CMake's compiler), must find nothing.
# Each report is printed as FILE:LINE: TYPE: DESCRIPTION with scan-build's
# own summary. Exit 77 without scan-build (Debian's clang-tools: scripts/setup
# test installs it).
. "$(dirname "$0")/../lib.sh"
tap_begin
sb=$(command -v scan-build || command -v scan-build-14) ||
	skip_all "no scan-build: scripts/setup test installs it (clang-tools)"
scratch_dir
b=$dir/b
unset CFLAGS CPPFLAGS LDFLAGS # the caller's flags would analyse another build
# bpftool's generated skeleton (crypto_counts.skel.h, in the build tree's
# bench/trace/bpf/) is not ours to change: a report whose file is there is
# dropped, and named below (-v says which). Its one report is a false "leak"
# on its error path: bpf_object__destroy_skeleton(), which frees it, is in
# libbpf.a, where the analyser cannot look. Our code around it, bpf_engine.c,
# is analysed.
exclude=$b/bench/trace/bpf
start=$(date +%s)
# Debug: the analyser reads the same code at every -O, and the real compile
# that scan-build runs beside it is quickest unoptimised. Man pages are no C.
if ! "$sb" -o "$dir/reports" cmake -S "$ALGBENCH_TOP" -B "$b" -G "Unix Makefiles" \
	-DCMAKE_BUILD_TYPE=Debug -DALGBENCH_KMOD=OFF -DALGBENCH_SANITIZE=OFF -DALGBENCH_MAN=OFF \
	</dev/null >"$dir/cfg.log" 2>&1; then
	not_ok "configure under scan-build"
	tail -n 30 "$dir/cfg.log" | sed 's/^/#   /'
	tap_end
	exit
fi
rc=0
nice "$sb" -v -o "$dir/reports" --status-bugs --exclude "$exclude" \
	cmake --build "$b" -j "$(nproc)" </dev/null >"$dir/build.log" 2>&1 || rc=$?
echo "# scan-build and the build: $(($(date +%s) - start)) s, exit $rc"
grep -E "^scan-build: (Using|Analysis|.*bugs? found|File .* deleted)" "$dir/build.log" |
	sed "s|$b/||; s/^/# /"
reports=$(find "$dir/reports" -name 'report-*.html' 2>/dev/null)
if [ -n "$reports" ]; then
	not_ok "scan-build finds no bug ($(wc -l <<<"$reports") reports)"
	# each report's metadata comments: <!-- BUGFILE path -->, BUGLINE, BUGTYPE, BUGDESC
	while read -r r; do
		awk -v top="$ALGBENCH_TOP/" '/^<!-- BUG(FILE|LINE|TYPE|DESC) .* -->$/ {
				v = $0; sub(/^<!-- [A-Z]+ /, "", v); sub(/ -->$/, "", v); m[$2] = v }
			END { f = m["BUGFILE"]; if (index(f, top) == 1) f = substr(f, length(top) + 1)
				printf "#   %s:%s: %s: %s\n", f, m["BUGLINE"], m["BUGTYPE"], m["BUGDESC"] }' "$r"
	done <<<"$reports"
elif [ "$rc" != 0 ]; then
	not_ok "the build under scan-build (exit $rc)"
	grep -E -A4 'error:|warning:|Error [0-9]' "$dir/build.log" | head -n 60 | sed 's/^/#   /'
else
	ok "scan-build finds no bug"
fi
tap_end
