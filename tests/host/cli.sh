#!/usr/bin/env bash
# The CLI's contract: --help and --version succeed, unknown commands exit 2.
. "$(dirname "$0")/../lib.sh"
tap_begin
check "--help lists commands" sh -c '"$0" --help | grep -q "^Commands:"' "$ALGBENCH"
check "--version prints the version" sh -c '"$0" --version | grep -Eq "^algbench [0-9]+\.[0-9]+\.[0-9]+$"' "$ALGBENCH"
expect_status "no command: exit 2" 2 "$ALGBENCH"
expect_status "unknown command: exit 2" 2 "$ALGBENCH" no-such-command
check "unknown command names itself" sh -c '"$0" no-such-command 2>&1 | grep -q "unknown command .no-such-command."' "$ALGBENCH"
# algbench.ko's limits (kmod/algbench_abi.h) are said before any kernel is asked
check "kmod: --seconds over algbench.ko's 60 s names the limit" sh -c \
	'"$0" run --backend kmod --alg sha256 --sizes 64 --threads 1 --seconds 61 --warmup 0 --repeats 1 2>&1 | grep -q "algbench.ko takes at most 60 s"' "$ALGBENCH"

# Every command's options come from one table (bench/cli/opt.h). The commands
# are the ones `algbench --help` lists, with the subcommands each one's usage
# lines name ("usage: algbench nl get NAME"); a command's table is in the
# source file that names it (or its first word) in its ab_opt_cmd.
table_of() { # table_of NAME: the source of NAME's option table, relative to the top
	grep -rlx --include='*.c' $'\t"'"$1"'",' "$ALGBENCH_TOP/bench" "$ALGBENCH_TOP/netlink" |
		xargs -r grep -l "struct ab_opt_cmd" | head -n1 | sed "s|^$ALGBENCH_TOP/||"
}
cmds=()
for c in $("$ALGBENCH" --help | sed -n '/^Commands:/,/^$/s/^  \([a-z][a-z-]*\) .*/\1/p'); do
	[ "$c" = help ] && continue
	subs=$("$ALGBENCH" "$c" --help 2>&1 | sed -n "s/^\(usage:\| \+\) *algbench $c \([a-z][a-z-]*\)\b.*/\2/p" | sort -u)
	for w in ${subs:-""}; do
		name="$c${w:+ $w}"
		src=$(table_of "$name")
		cmds+=("$name|${src:-$(table_of "$c")}")
	done
done
check "--help lists at least the commands this test knew by name" sh -c 'for c in run suite list kmod "em bench" compare plot config-check export "nl get" conform trace merge report "nl list" "nl stat"; do printf "%s\n" "$@" | grep -q "^$c|" || exit 1; done' - "${cmds[@]}"
says() { # says NAME WANT OUT: the last line of OUT is "exit 2", the first starts with WANT
	local name=$1 want=$2 out=$3
	if [ "$(tail -n1 <<<"$out")" = "exit 2" ] && [ "$(head -n1 <<<"$out" | cut -c1-${#want})" = "$want" ]
	then ok "$name"; else not_ok "$name (got: $out)"; fi
}
run_err() { # run_err ARGS...: stderr of "algbench WORDS... ARGS...", then "exit N"
	# shellcheck disable=SC2069 # stderr into the capture, stdout dropped: that order is the point
	"$ALGBENCH" "${words[@]}" "$@" 2>&1 >/dev/null
	echo "exit $?"
}
for row in "${cmds[@]}"; do
	IFS='|' read -r name src <<<"$row"
	read -ra words <<<"$name"
	help=$("$ALGBENCH" "${words[@]}" --help)
	# the table's long names and aliases, as the source states them: between
	# "struct ab_opt NAME[] = {" and "{ 0 }", a row opens with { "name", ...
	if [ -z "$src" ]; then
		skip "$name --help lists the options of its table" "no ab_opt_cmd names '$name': it parses its own options"
	else
		mapfile -t longs < <(sed -n '/struct ab_opt [a-z_]*\[\] = {/,/{ 0 }/p' "$ALGBENCH_TOP/$src" |
			grep -o $'^\t{ "[^"]*"\|\.alias = "[^"]*"' | cut -d'"' -f2)
		missing=""
		for l in "${longs[@]}"; do grep -q -- "--$l\b" <<<"$help" || missing+=" --$l"; done
		grep -q -- '-h, --help' <<<"$help" || missing+=" --help"
		check "$name --help lists the ${#longs[@]} options of its table and --help${missing:+ (not:$missing)}" test -z "$missing"
	fi
	# the options section's labels ("  -o, --out DIR   help..." -> "-o, --out DIR")
	labels=$(sed -n '/^Options:/,/^$/s/^  \(-.*\)/\1/p' <<<"$help" | sed 's/  .*//')
	# every option --help shows is one the parser knows (--help comes last: nothing runs)
	unknown=""
	for l in $(grep -o -- '--[a-z][a-z-]*' <<<"$labels" | sort -u); do
		[ "$l" != --help ] && run_err "$l=x" --help | grep -q "unknown option" && unknown+=" $l"
	done
	check "$name: every option its --help shows is parsed${unknown:+ (unknown:$unknown)}" test -z "$unknown"
	says "$name --no-such-option: exit 2, 'algbench $name: unknown option'" \
		"algbench $name: unknown option '--no-such-option'" "$(run_err --no-such-option)"
	# the first option that takes a value, given none
	arg=$(grep -Eo -- '--[a-z][a-z-]* [A-Z][A-Z.]*|--[a-z][a-z-]* [a-z]+\|' <<<"$labels" | head -n1 | cut -d' ' -f1)
	[ -z "$arg" ] && continue
	says "$name $arg without its value: exit 2, 'algbench $name: option '$arg' needs an argument'" \
		"algbench $name: option '$arg' needs an argument" "$(run_err "$arg")"
done
# Option values are checked by the table's typed rows (.min/.max), one wording for all
for v in "--seconds -1" "--seconds 3601" "--warmup nan" "--repeats 0" "--repeats 10001" "--repeats ' 5'"; do
	eval "set -- $v"
	says "run $1 '$2': exit 2, named with its range" "algbench run: $1: '$2' is not a" \
		"$("$ALGBENCH" run --dry-run "$1" "$2" 2>&1 >/dev/null; echo "exit $?")"
done
# The "algbench CMD: " prefix is the command's own, set once (cli/opt.h ab_err), and a
# usage error found after parsing still exits 2
for c in run suite; do
	says "$c --trace without --json: a usage error of '$c'" \
		"algbench $c: --trace puts the counters in the result JSON: add --json" \
		"$("$ALGBENCH" $c --trace --dry-run 2>&1 >/dev/null; echo "exit $?")"
done
says "em with an unknown subcommand: 'algbench em:', exit 2" "algbench em: unknown subcommand 'nosuch' (one of: bench)" \
	"$("$ALGBENCH" em nosuch 2>&1 >/dev/null; echo "exit $?")"
says "nl with an unknown subcommand: 'algbench nl:', exit 2" "algbench nl: unknown subcommand 'nosuch' (one of: list, get, stat)" \
	"$("$ALGBENCH" nl nosuch 2>&1 >/dev/null; echo "exit $?")"
says "merge's own errors carry its prefix" "algbench merge: " \
	"$("$ALGBENCH" merge --out /dev/null 2>&1 >/dev/null; echo "exit $?")"
for g in em nl; do
	says "$g without a subcommand: 'algbench $g: subcommand missing', exit 2" "algbench $g: subcommand missing (one of: " \
		"$("$ALGBENCH" $g 2>&1 >/dev/null; echo "exit $?")"
	check "$g --help: exit 0 and a usage line" sh -c '"$0" "$1" --help | grep -q "^usage: algbench $1"' "$ALGBENCH" "$g"
done
tap_end
