#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The installed command tells the truth (issue 33 items 4 and 5):
# - algbench help CMD is CMD's own --help, help alone the top-level one,
#   an unknown CMD a usage error;
# - bash completion (dist/bash-completion/algbench, run in bash with
#   bash-completion's library) offers, for every command and subcommand and
#   for the host scripts, only options the parser accepts, and values from
#   the tables (--backend, --mode, --type, --alg, --trace-engine, bench's
#   --kernel); the options once scraped from prose are gone;
# - each man page this build made names every option of its parser and has
#   EXIT STATUS, and the algbench-bench page is the installed copy's.
. "$(dirname "$0")/../lib.sh"
tap_begin
scratch_dir
build=$(cd "${ALGBENCH_BUILD_DIR:-$ALGBENCH_TOP/build}" && pwd)
comp=$ALGBENCH_TOP/dist/bash-completion/algbench

# help CMD
for c in run nl em config-check; do
	check "algbench help $c is algbench $c --help" sh -c \
		'[ "$("$0" help "$1")" = "$("$0" "$1" --help)" ] && "$0" "$1" --help | grep -q "^usage: algbench $1"' "$ALGBENCH" "$c"
done
check "algbench help is algbench --help" sh -c '[ "$("$0" help)" = "$("$0" --help)" ]' "$ALGBENCH"
rc=0 err=$("$ALGBENCH" help bogus 2>&1) || rc=$?
check "algbench help bogus: exit 2, 'algbench help: unknown command' (exit $rc)" \
	sh -c '[ "$0" = 2 ] && echo "$1" | grep -q "^algbench help: unknown command .bogus."' "$rc" "$err"

# The commands and subcommands, from the table algbench dispatches with.
cmdlines=()
for c in $("$ALGBENCH" --list-options | awk '$1 == "command" { print $2 }'); do
	subs=$("$ALGBENCH" "$c" --list-options | awk '$1 == "command" { print $2 }')
	[ "$c" = help ] && subs=""
	if [ -n "$subs" ]; then
		for s in $subs; do cmdlines+=("$c $s"); done
	else
		cmdlines+=("$c")
	fi
done
check "--list-options: ${#cmdlines[@]} commands and subcommands, nl get and em bench among them" \
	sh -c 'printf "%s\n" "$@" | grep -qx "nl get" && printf "%s\n" "$@" | grep -qx "em bench"' - "${cmdlines[@]}"

if [ ! -r /usr/share/bash-completion/bash_completion ]; then
	skip "completion" "bash-completion not installed (scripts/setup installs it)"
else
	complete_words() { # PROGRAM WORDS...: what TAB offers after them (the last word is the one completed)
		PATH=$(dirname "$ALGBENCH"):$PATH bash -c '
			. /usr/share/bash-completion/bash_completion
			. "$0"
			COMP_WORDS=("${@}"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
			COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
			f=_algbench; [ "$1" = algbench ] || f=_algbench_script
			$f "$1" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}" 2>/dev/null
			printf "%s\n" "${COMPREPLY[@]}"' "$comp" "$@"
	}
	# every option offered for every command is one its parser takes: given
	# as --NAME=x and followed by --help, the parser either stores it and
	# prints the help, or refuses the value (or a value to a flag), and no
	# command starts work; only an option it does not know says "unknown option"
	bad="" n=0
	for line in "${cmdlines[@]}"; do
		read -ra w <<<"$line"
		for o in $(complete_words algbench "${w[@]}" --); do
			n=$((n + 1))
			[ "$o" = --help ] && continue
			rc=0
			"$ALGBENCH" "${w[@]}" "$o=x" --help </dev/null >/dev/null 2>"$dir/err" || rc=$?
			{ [ "$rc" = 0 ] || [ "$rc" = 2 ]; } && ! grep -q "unknown option" "$dir/err" || bad="$bad $line:$o(exit $rc)"
		done
	done
	check "completion offers $n options over ${#cmdlines[@]} commands, each taken by its parser${bad:+ (refused:$bad)}" \
		test -z "$bad" -a "$n" -gt 50
	# the ones once scraped from --help prose
	for c in "run --traces" "compare -icount" "nl -ENOTSUPP:" "export --tap"; do
		read -ra w <<<"$c"
		got=$(complete_words algbench "${w[@]:0:${#w[@]}-1}" - | paste -sd' ')
		check "completion: 'algbench ${w[*]:0:${#w[@]}-1}' does not offer ${w[-1]}" sh -c '! printf "%s\n" $0 | grep -qx -- "$1"' "$got" "${w[-1]}"
	done
	got=$(complete_words algbench co | sort | paste -sd' ')
	check "completion: 'algbench co' offers compare config-check conform (got: $got)" [ "$got" = "compare config-check conform" ]
	got=$(complete_words algbench help ru | paste -sd' ')
	check "completion: 'algbench help ru' offers run (got: $got)" [ "$got" = "run" ]
	got=$(complete_words algbench nl '' | sort | paste -sd' ')
	check "completion: 'algbench nl' offers its subcommands (got: $got)" [ "$got" = "get list stat" ]
	got=$(complete_words algbench nl get --d | paste -sd' ')
	check "completion: 'algbench nl get --d' offers --driver (got: $got)" [ "$got" = "--driver" ]
	got=$(complete_words algbench run --backend '' | sort | paste -sd' ')
	check "completion: run --backend offers the backend table (got: $got)" [ "$got" = "afalg kmod openssl" ]
	got=$(complete_words algbench run --type hash,s | paste -sd' ')
	check "completion: run --type hash,s completes the list's last item (got: $got)" [ "$got" = "hash,skcipher" ]
	got=$(complete_words algbench suite --mode '' | sort | paste -sd' ')
	check "completion: suite --mode offers every backend's modes (got: $got)" [ "$got" = "aio async evp sendmsg sync vmsplice" ]
	got=$(complete_words algbench run --alg 'gcm' | paste -sd' ')
	check "completion: run --alg gcm offers the catalogue's gcm(aes) (got: $got)" [ "$got" = "gcm(aes)" ]
	want=$("$ALGBENCH" list 2>/dev/null | awk 'NR > 1 { print $1 }' | sort | paste -sd' ')
	got=$(complete_words algbench run --alg '' | sort | paste -sd' ')
	check "completion: run --alg offers the catalogue names algbench list prints (got: $got)" test -n "$got" -a "$got" = "$want"
	got=$(complete_words algbench trace --engine '' | sort | paste -sd' ')
	check "completion: trace --engine offers its choices (got: $got)" [ "$got" = "auto bpf bpf-fast tracefs" ]
	touch results.json
	got=$(complete_words algbench run --json res | paste -sd' ')
	check "completion: run --json completes a path (got: $got)" [ "$got" = "results.json" ]

	# the host scripts, checkout and installed alike
	S=$ALGBENCH_TOP/scripts
	mkdir -p installed/scripts
	cp "$S/bench" "$S/ab-stats" "$S/lib.sh" installed/scripts/
	printf 'ALGBENCH=${ALGBENCH:-%s}\n' "$ALGBENCH" >installed/scripts/install-paths.sh
	for s in "$S/bench" "$S/ab-stats" "$S/ab-hardware" "$S/ab-report" "$S/contention-control" \
		"$dir/installed/scripts/bench"; do
		bad="" n=0
		for o in $(complete_words "$s" --); do
			n=$((n + 1))
			# the option (with a value where its arm takes one), then --help: exit 0, no work
			val=()
			[ "$("$s" --list-options | awk -v o="$o" '$1 == o { print $2 }')" = none ] || val=(x)
			rc=0
			err=$("$s" "$o" "${val[@]}" --help 2>&1 </dev/null) || rc=$?
			[ "$rc" = 0 ] && ! grep -q "unknown option" <<<"$err" || bad="$bad $o(exit $rc)"
		done
		check "completion for ${s#"$dir/"}: $n options, each taken by its parser${bad:+ (refused:$bad)}" test -z "$bad" -a "$n" -gt 2
	done
	got=$(complete_words "$S/bench" --kernel '' | paste -sd' ')
	check "completion: bench --kernel offers the kernels it boots (got: $got)" \
		[ "$got" = "debian-6.1 debian-6.12 stats-on stats-off trace" ]
	got=$(complete_words "$S/ab-stats" --new uml | paste -sd' ')
	check "completion: ab-stats --new uml offers the UML variants (got: $got)" [ "$got" = "uml-stats-off uml-stats-on" ]
	got=$(complete_words "$dir/installed/scripts/bench" -- | paste -sd' ')
	check "completion: installed bench offers no VM option (got: $got)" sh -c '! echo "$0" | grep -qE -- "--(vm|kernel|arch|smp)\b"' "$got"
	got=$(complete_words "$S/bench" --no | paste -sd' ')
	check "completion: bench --no offers --no-setup, not --no-test (got: $got)" [ "$got" = "--no-setup" ]
fi

# man pages: each names every option its parser takes, and has EXIT STATUS
man=$build/man
if [ ! -s "$man/algbench.1" ]; then
	skip "man pages" "none in $man (no help2man, or -DALGBENCH_MAN=OFF)"
else
	missing=""
	for line in "${cmdlines[@]}"; do
		read -ra w <<<"$line"
		[ "${w[0]}" = help ] && continue # algbench(1) is its page
		page=$man/algbench-${w[0]}.1
		for o in $("$ALGBENCH" "${w[@]}" --list-options | awk '$1 ~ /^--/ { print $1 }'); do
			sed 's/\\-/-/g' "$page" | grep -q -- "$o\b" || missing="$missing ${w[*]}:$o"
		done
		grep -q '^\.SH "EXIT STATUS"' "$page" || missing="$missing ${w[0]}:EXIT-STATUS"
	done
	check "each command's man page names every option of its parser and has EXIT STATUS${missing:+ (missing:$missing)}" [ -z "$missing" ]
	for s in "" -run -suite -bench; do
		check "algbench$s(1) has EXAMPLES and FILES" sh -c 'grep -q "^\.SH EXAMPLES" "$0" && grep -q "^\.SH FILES" "$0"' "$man/algbench$s.1"
	done
	check "algbench-bench(1) is the installed copy's: no --vm, --kernel, --arch, no QEMU" \
		sh -c '! sed "s/\\\\-/-/g" "$0" | grep -qiE -- "--vm|--kernel|--arch|qemu"' "$man/algbench-bench.1"
	check "algbench-bench(1) names --host and --results" \
		sh -c 'sed "s/\\\\-/-/g" "$0" | grep -q -- "--host" && sed "s/\\\\-/-/g" "$0" | grep -q -- "--results"' "$man/algbench-bench.1"
fi
tap_end
