#!/usr/bin/env bash
# The rooms of bench/ (docs/layout.md) and who may include whom. ROOMS below is
# the one table: each room and the rooms it links. The test fails when
# bench/CMakeLists.txt (or netlink/CMakeLists.txt) links otherwise, and when a
# file includes a header of a room its own room does not link, directly or
# through the rooms it links (an upward or sideways include: a dependency CMake
# does not know about). Header-only includes every room may use: command.h
# and version.h (bench/, the command table's declarations and the version),
# and kmod/'s ABI headers shared with algbench.ko.
# Every .c and .h of a room counts, its subfolders (trace/bpf/) too.
. "$(dirname "$0")/../lib.sh"
tap_begin

declare -A ROOMS=(
	[cli]="core"
	[core]=""
	[sys]="core"
	[backends]="core sys"
	[result]="core sys"
	[report]="cli core sys result"
	[config]="cli sys"
	[trace]="cli sys"
	[export]="cli sys result"
	[em]="cli sys"
	[energy]="cli sys"
	[run]="cli backends result trace energy"
	[inspect]="cli sys backends"
	[tools]="core"
	[series]="cli sys"
	[netlink]="cli sys trace"
)
top=$ALGBENCH_TOP

# The algbench_* libraries a CMake file links to algbench_ROOM (PUBLIC/PRIVATE alike).
cmake_links() { # cmake_links FILE ROOM
	tr '\n' ' ' <"$1" | grep -oE "target_link_libraries\(algbench_$2 [^)]*\)" |
		grep -oE 'algbench_[a-z_]+' | sed 's/^algbench_//' | grep -vx "$2" | grep -vx cu_parse |
		sort -u | tr '\n' ' ' | sed 's/ $//'
}
sorted() { tr ' ' '\n' <<<"$1" | grep . | sort -u | tr '\n' ' ' | sed 's/ $//'; }

for room in $(printf "%s\n" "${!ROOMS[@]}" | sort); do
	f=$top/bench/CMakeLists.txt
	[ "$room" = netlink ] && f=$top/netlink/CMakeLists.txt
	got=$(cmake_links "$f" "$room") want=$(sorted "${ROOMS[$room]}")
	check "$room: CMake links what the table says ($want)" test "$got" = "$want"
done
# every folder of bench/ is a room in the table, so a new one cannot slip past
for d in "$top"/bench/*/; do
	d=$(basename "$d")
	check "bench/$d is a room in the table" test -n "${ROOMS[$d]+set}"
done

# ROOM's rooms below it: the closure of its links.
below() {
	local seen=" " todo="${ROOMS[$1]}" r
	while [ -n "${todo// /}" ]; do
		set -- $todo
		r=$1
		shift
		todo="$*"
		case $seen in *" $r "*) continue ;; esac
		seen="$seen$r "
		todo="$todo ${ROOMS[$r]}"
	done
	echo "$seen"
}

for room in $(printf "%s\n" "${!ROOMS[@]}" | sort); do
	dir=$top/bench/$room
	[ "$room" = netlink ] && dir=$top/netlink
	allowed=" $room $(below "$room") kmod "
	bad=""
	while IFS=: read -r file inc; do
		r=${inc%%/*}
		[ "$r" = "$inc" ] && continue # command.h, version.h, a room's own unprefixed header
		case $allowed in *" $r "*) ;; *) bad="$bad ${file#"$top"/} includes $inc;" ;; esac
	done < <(grep -roE --include='*.[ch]' '^#include "[^"]+"' "$dir" | sed 's/#include "\(.*\)"/\1/')
	check "$room: includes only its own headers and those of the rooms it links${bad:+ (not:$bad)}" \
		test -z "$bad"
done

# No header of result/ or report/ pulls in the backends (the run's back arrow, gone).
hdr=$(grep -l '#include "backends/' "$top"/bench/result/*.h "$top"/bench/report/*.h 2>/dev/null)
check "no result/ or report/ header includes backends/${hdr:+ (${hdr//$top\//})}" test -z "$hdr"
# An include a file does not use: include-what-you-use (Debian's iwyu) over
# every C file the build compiles (its compile_commands.json) and each one's
# own header, its "should remove" lines for this tree's headers ("room/x.h"
# and "x.h"; a system header's advice varies with the libc, so not those).
# A header included for what it declares rather than uses says so: command.h
# where its command is defined carries "// IWYU pragma: keep".
build=${ALGBENCH_BUILD_DIR:-$top/build}
iwyu_tool=$(command -v iwyu_tool || command -v iwyu_tool.py) || iwyu_tool=""
if [ -z "$iwyu_tool" ]; then
	skip "no include a file does not use" "no iwyu_tool: scripts/setup test installs it (iwyu)"
elif [ ! -s "$build/compile_commands.json" ]; then
	skip "no include a file does not use" "no $build/compile_commands.json (configure with cmake first)"
else
	out=$(mktemp)
	# iwyu exits non-zero whatever it finds; what it printed is the verdict
	nice "$iwyu_tool" -p "$build" -j "$(nproc)" -- -Xiwyu --no_fwd_decls >"$out" 2>&1 || :
	want=$(jq -r '.[].file' "$build/compile_commands.json" | grep '\.c$' | sort -u | wc -l)
	seen=$(grep -oE '^\(?/[^ ]+\.c (should add|has correct)' "$out" | sed 's/^(//; s/ [a-z]*$//; s/ [a-z]*$//' | sort -u | wc -l)
	unused=$(awk '/ should remove these lines:$/ { file = $1; next } /^$/ { file = "" }
		file != "" && /^- #include "/ { sub(/ +\/\/ lines.*/, ""); print file ": " substr($0, 3) }' "$out" |
		sed "s|$top/||")
	check "iwyu read every C file of the build ($seen of $want)" test "$seen" = "$want"
	check "no file includes a header of this tree it does not use${unused:+ (${unused//$'\n'/; })}" test -z "$unused"
	rm -f "$out"
fi
tap_end
