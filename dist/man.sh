#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Man pages from the programs' own --help, with help2man, so a page says what
# the binary it ships with says:
#   algbench(1)                 algbench --help
#   algbench-COMMAND(1)         algbench COMMAND --help, for every command
#                               `algbench --help` lists (the command table)
#   algbench-SCRIPT(1)          scripts/SCRIPT --help, for each host script
#
#   dist/man.sh ALGBENCH VERSION OUTDIR [SCRIPT...]
# Run by cmake/install.cmake at build time. help2man takes the date from
# SOURCE_DATE_EPOCH when it is set (dpkg-buildpackage sets it).
set -eu
algbench=${1:?usage: man.sh ALGBENCH VERSION OUTDIR [SCRIPT...]}
version=${2:?usage: man.sh ALGBENCH VERSION OUTDIR [SCRIPT...]}
out=${3:?usage: man.sh ALGBENCH VERSION OUTDIR [SCRIPT...]}
shift 3
case $algbench in /*) ;; *) algbench=$(pwd)/$algbench ;; esac
command -v help2man >/dev/null || { echo "man.sh: help2man not found (apt-get install help2man)" >&2; exit 2; }

work=$(mktemp -d "${TMPDIR:-/tmp}/algbench-man.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$out"
rm -f "$out"/*.1

# "  NAME   summary" rows under "Commands:" in algbench --help
"$algbench" --help | awk '/^Commands:/ { on = 1; next } on && /^$/ { exit } on && /^  [a-z]/' >"$work/commands"
[ -s "$work/commands" ] || { echo "man.sh: no command list in '$algbench --help'" >&2; exit 2; }

# The page's own sections beyond --help (EXAMPLES, FILES), written in one
# place: dist/man/NAME.h2m. EXIT STATUS is the "Exit status:" (or "Exit:")
# paragraph of the program's own --help, else algbench --help's general rule,
# so it cannot drift from what --help says.
sections=$(cd "$(dirname "$0")/man" && pwd)
exit_status() { # EXECUTABLE [FALLBACK]: an include file with EXIT STATUS
	{
		echo '[EXIT STATUS]'
		# the paragraph up to its first full stop at a line's end (run's goes
		# on with other matters); the signal rule when --help states it elsewhere
		if ! "$1" --help | awk '
			/^Exit( status)?:/ && !done { on = 1; sub(/^Exit( status)?: */, "") }
			on && /^$/ { on = 0; done = 1 }
			on { text = text $0 "\n"; if (/\.$/) { on = 0; done = 1 } }
			/128 ?\+/ { signal = 1 }
			END {
				if (text == "") exit 1
				printf "%s", text
				if (signal && text !~ /128/) print ".br\n128+N: stopped by signal N (the description says how)."
			}'; then
			if [ -n "${2:-}" ]; then cat "$2"; fi
		fi
	} >"$work/exit.h2m"
}
page() { # NAME EXECUTABLE DESCRIPTION INCLUDE
	own=$sections/$1.h2m
	[ -f "$own" ] || own=$4 # help2man refuses an empty include
	[ -s "$work/exit.h2m" ] || echo '[EXIT STATUS]' >"$work/exit.h2m"
	help2man --no-info --section=1 --source="algbench $version" --manual="algbench manual" \
		--version-string="$version" --name="$3" --include="$4" --include="$own" \
		--include="$work/exit.h2m" --output="$out/$1.1" "$2"
}

# algbench(1): the commands' pages under SEE ALSO
{
	echo '[SEE ALSO]'
	sep=""
	while read -r name _; do
		[ "$name" = help ] && continue
		printf '%s.BR algbench-%s (1)' "$sep" "$name"
		sep=",
"
	done <"$work/commands"
	for s in "$@"; do printf ',\n.BR algbench-%s (1)' "$(basename "$s")"; done
	echo
} >"$work/main.h2m"
printf '[SEE ALSO]\n.BR algbench (1)\n' >"$work/sub.h2m"
exit_status "$algbench"
sed 1d "$work/exit.h2m" >"$work/general-exit"
page algbench "$algbench" "benchmark and regression harness for the Linux kernel crypto API" "$work/main.h2m"

# algbench-COMMAND(1): help2man runs an executable, so each command gets one
# that runs `algbench COMMAND`.
while read -r name summary; do
	[ "$name" = help ] && continue
	printf '#!/bin/sh\nexec "%s" %s "$@"\n' "$algbench" "$name" >"$work/algbench-$name"
	chmod +x "$work/algbench-$name"
	exit_status "$work/algbench-$name" "$work/general-exit"
	page "algbench-$name" "$work/algbench-$name" "$summary" "$work/sub.h2m"
done <"$work/commands"

# algbench-SCRIPT(1); the one-line NAME help2man needs (the scripts' --help
# has no summary line of that shape)
describe() {
	case $1 in
	bench) echo "the main job: the suite on this host's kernel, and its report" ;;
	ab-hardware) echo "reboot-driven A/B of two installed kernels on this host (GRUB, systemd)" ;;
	ab-stats) echo "A/B rounds of algbench run on two kernels: one round here (--here), merge (--merge)" ;;
	ab-report) echo "report of an A/B pair of result files: comparison, charts, headline table" ;;
	contention-control) echo "per-CPU throughput of one algorithm alone and beside another (CRYPTO_STATS contention)" ;;
	*) echo "algbench host script" ;;
	esac
}
# Each script runs from a copy laid out as installed (scripts/ with lib.sh, bisect.sh and
# an install-paths.sh, no tree around it), so its page says what the
# installed algbench-NAME accepts, not the checkout's copy.
mkdir -p "$work/installed/scripts"
cp "$(dirname "$0")/../scripts/lib.sh" "$(dirname "$0")/../scripts/bisect.sh" "$work/installed/scripts/"
printf 'ALGBENCH=${ALGBENCH:-%s}\n' "$algbench" >"$work/installed/scripts/install-paths.sh"
for s in "$@"; do
	name=$(basename "$s")
	desc=$(describe "$name")
	cp "$s" "$work/installed/scripts/$name"
	printf '#!/bin/sh\nexec "%s" "$@"\n' "$work/installed/scripts/$name" >"$work/algbench-$name"
	chmod +x "$work/algbench-$name"
	exit_status "$work/algbench-$name"
	page "algbench-$name" "$work/algbench-$name" "$desc" "$work/sub.h2m"
done
# The scripts' --help names them as in the checkout (scripts/ab-stats); the
# pages are for the installed commands (algbench-ab-stats). help2man writes
# each - as \- (perl: help2man runs on it anyway).
for s in "$@"; do
	N=$(basename "$s" | sed 's/-/\\-/g') perl -pi -e 's{scripts/\Q$ENV{N}\E\b}{algbench\\-$ENV{N}}g' "$out"/algbench-*.1
done
