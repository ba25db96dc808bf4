#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# `cmake --install` of this build into a DESTDIR (cmake/install.cmake): the
# layout, the installed algbench runs and says the project's version, the
# host scripts run from bin/ and find the installed algbench (not a build/),
# a man page per command `algbench --help` lists, bash completion that loads
# and completes from --list-options, and the DKMS tree whose dkms.conf lists
# algbench_em only for kernels >= 6.9. Also the version in one place
# (dist/check-version.sh: changelog, --version, dkms.conf).
. "$(dirname "$0")/../lib.sh"
tap_begin
build=$(cd "${ALGBENCH_BUILD_DIR:-$ALGBENCH_TOP/build}" && pwd)
version=$(sed -n 's/^project(algbench VERSION \([0-9][0-9.]*\).*/\1/p' "$ALGBENCH_TOP/CMakeLists.txt")
scratch_dir
root=$dir/root

if DESTDIR=$root cmake --install "$build" --prefix /usr >"$dir/install.log" 2>&1; then
	ok "cmake --install into a DESTDIR"
else
	not_ok "cmake --install into a DESTDIR"
	sed 's/^/# /' "$dir/install.log" | tail -20
	tap_end
	exit
fi
u=$root/usr
check "bin/algbench" [ -x "$u/bin/algbench" ]
check "installed algbench --version is $version" sh -c '[ "$("$0" --version)" = "algbench $1" ]' "$u/bin/algbench" "$version"
check "version in one place: changelog, --version, dkms.conf" sh -c '"$0" "$@" >/dev/null' \
	"$ALGBENCH_TOP/dist/check-version.sh" "$u/bin/algbench" "$u/src/algbench-$version/dkms.conf"

# host scripts: wrappers in bin/, the scripts and lib.sh in lib/algbench/scripts
for s in bench ab-hardware ab-stats ab-report contention-control; do
	check "bin/algbench-$s runs the installed script (--help)" sh -c '"$0" --help >/dev/null' "$u/bin/algbench-$s"
	check "man page algbench-$s(1)" [ -s "$u/share/man/man1/algbench-$s.1" ]
	check "completion for algbench-$s" [ -s "$u/share/bash-completion/completions/algbench-$s" ]
done
for s in peers setup test; do
	check "checkout-only script $s is not installed" [ ! -e "$u/lib/algbench/scripts/$s" ]
done
check "installed lib.sh names the installed algbench" sh -c \
	'[ "$(env -u ALGBENCH bash -c ". $0/lib/algbench/scripts/lib.sh; echo \$ALGBENCH")" = "$0/bin/algbench" ]' "$u"
check "an ALGBENCH the user set wins" sh -c \
	'[ "$(ALGBENCH=/x bash -c ". $0/lib/algbench/scripts/lib.sh; echo \$ALGBENCH")" = /x ]' "$u"
# The main job installed: no tree, so the host path with the installed
# algbench, nothing built or installed; the VM path needs a checkout.
check "algbench-bench --host --dry-run plans with the installed algbench" sh -c \
	'cd "$1" && env -u ALGBENCH "$0" --host --dry-run 2>&1 | grep -qx "path: host" &&
	env -u ALGBENCH "$0" --host --dry-run 2>/dev/null | grep -Eq "^jobs: [1-9][0-9]*$"' "$u/bin/algbench-bench" "$dir"
for o in --vm "--kernel debian-6.12" "--arch arm64" "--smp 4"; do
	check "algbench-bench $o is refused (exit 2): the VM needs a checkout" sh -c \
		'cd "$1" && rc=0 && err=$(env -u ALGBENCH "$0" $2 --dry-run 2>&1) || rc=$?
		[ "$rc" = 2 ] && ! echo "$err" | grep -q "^path:" &&
		echo "$err" | grep -q "the installed algbench-bench runs the suite on this host.s kernel only"' \
		"$u/bin/algbench-bench" "$dir" "$o"
done
check "algbench-bench --help lists only what the installed copy takes (no --vm, --kernel, --arch, QEMU)" sh -c \
	'out=$("$0" --help) && echo "$out" | grep -q -- --host && ! echo "$out" | grep -qiE -- "--vm|--kernel|--arch|qemu"' \
	"$u/bin/algbench-bench"
# Without AF_ALG (socket(AF_ALG) refused, as perl sees it) the installed main
# job says what the kernel lacks and what to do, exit 2, and runs nothing.
if ! perl -e 'socket(my $s, 38, 5, 0) or exit 1' 2>/dev/null; then
	rc=0 err=$(cd "$dir" && env -u ALGBENCH "$u/bin/algbench-bench" --dry-run 2>&1) || rc=$?
	check "algbench-bench without AF_ALG: exit 2, 'AF_ALG is not in this kernel', the errno and what to do (exit $rc)" sh -c '
		[ "$0" = 2 ] && echo "$1" | grep -q "AF_ALG is not in this kernel ($(uname -r)): socket(AF_ALG) fails with EAFNOSUPPORT" &&
		echo "$1" | grep -q "CONFIG_CRYPTO_USER_API_HASH" && echo "$1" | grep -q -- "--host" &&
		! echo "$1" | grep -q "not a checkout" && ! echo "$1" | grep -q "^path:"' "$rc" "$err"
	echo "$err" | sed 's/^/# /'
else
	skip "algbench-bench without AF_ALG says what is missing" "this kernel has AF_ALG"
fi
# The installed main job writes $PWD/results: one another user made there
# first is refused, and nothing is written into it.
if [ "$(id -u)" = 0 ]; then
	mkdir -p "$dir/shared/results" && chown 65534 "$dir/shared/results"
	check "algbench-bench refuses a results/ in the current folder that another user made" sh -c '
		cd "$1" && rc=0 && err=$(env -u ALGBENCH ALGBENCH_CACHE="$1/cache" "$0" --host --no-setup --seconds 0.01 --repeats 2 \
			-- --backend openssl --alg sha256 --sizes 16 2>&1) || rc=$?
		[ "$rc" = 2 ] && echo "$err" | grep -q "results is owned by uid 65534" && [ -z "$(ls -A results)" ]' \
		"$u/bin/algbench-bench" "$dir/shared"
else
	skip "algbench-bench refuses a results/ in the current folder that another user made" "needs root to chown"
fi

# man pages: algbench(1) and one per command of `algbench --help`
check "man page algbench(1)" [ -s "$u/share/man/man1/algbench.1" ]
missing=""
for c in $("$u/bin/algbench" --help | awk '/^Commands:/ { on = 1; next } on && /^$/ { exit } on && /^  [a-z]/ { print $1 }'); do
	[ "$c" = help ] && continue
	[ -s "$u/share/man/man1/algbench-$c.1" ] || missing="$missing $c"
	# the page is the command's own --help: its first option is in it
	opt=$("$u/bin/algbench" $c --help 2>/dev/null | grep -o -m1 -- '--[a-z][a-z-]*' | head -n1)
	if [ -n "$opt" ] && ! sed 's/\\-/-/g' "$u/share/man/man1/algbench-$c.1" 2>/dev/null | grep -q -F -- "$opt"; then
		missing="$missing $c($opt)"
	fi
done
check "a man page per command, from its --help${missing:+ (missing:$missing)}" [ -z "$missing" ]
if command -v man >/dev/null; then
	check "man renders algbench-run(1) with its options" sh -c 'MANWIDTH=80 man -l "$0" 2>/dev/null | grep -q -- "--threads"' "$u/share/man/man1/algbench-run.1"
else
	skip "man renders algbench-run(1)" "man not installed"
fi

# bash completion, with bash-completion's own library, as an interactive shell loads it
comp=$u/share/bash-completion/completions/algbench
check "completion: algbench" [ -s "$comp" ]
if [ -r /usr/share/bash-completion/bash_completion ]; then
	complete_words() { # WORDS...: what TAB offers after them
		PATH=$u/bin:$PATH bash -c '
			. /usr/share/bash-completion/bash_completion
			. "$0"
			COMP_WORDS=("${@}"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
			COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
			_algbench algbench "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}" 2>/dev/null
			printf "%s\n" "${COMPREPLY[@]}"' "$comp" "$@"
	}
	got=$(complete_words algbench co | sort | paste -sd' ')
	check "completion: 'algbench co' offers compare conform config-check (got: $got)" [ "$got" = "compare config-check conform" ]
	got=$(complete_words algbench run --thr | paste -sd' ')
	check "completion: 'algbench run --thr' offers --threads (got: $got)" [ "$got" = "--threads" ]
	got=$(complete_words algbench nl '' | sort | paste -sd' ')
	check "completion: 'algbench nl' offers its subcommands (got: $got)" [ "$got" = "get list stat" ]
else
	skip "completion loads with bash-completion" "bash-completion not installed (scripts/setup installs it)"
fi

# DKMS: the module sources and a dkms.conf whose module list follows the kernel
src=$u/src/algbench-$version
missing=""
for f in "$ALGBENCH_TOP"/kmod/*.c "$ALGBENCH_TOP"/kmod/*.h "$ALGBENCH_TOP"/kmod/Kbuild; do
	[ -f "$src/$(basename "$f")" ] || missing="$missing $(basename "$f")"
done
check "DKMS tree src/algbench-$version has kmod/'s sources${missing:+ (missing:$missing)}" [ -z "$missing" ]
modules_for() { # KERNELVER: BUILT_MODULE_NAME as DKMS sources dkms.conf for it
	bash -c 'kernelver=$1 kernel_source_dir=/k dkms_tree=/d; . "$0"; echo "${BUILT_MODULE_NAME[*]} autoinstall=$AUTOINSTALL"' "$src/dkms.conf" "$1"
}
for k in 6.1.0-57-amd64 6.8.12; do
	got=$(modules_for $k)
	check "dkms.conf for $k: algbench algbench_trace (got: $got)" [ "$got" = "algbench algbench_trace autoinstall=yes" ]
done
for k in 6.9.0 6.12.63+deb12-amd64; do
	got=$(modules_for $k)
	check "dkms.conf for $k: also algbench_em (got: $got)" [ "$got" = "algbench algbench_trace algbench_em autoinstall=yes" ]
done
tap_end
