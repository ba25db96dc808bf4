# Helpers for the shell tests: TAP output (the header, results, plan and
# totals: tap_begin ... tap_end), and where things are (the root
# and the cache from scripts/lib.sh).
# shellcheck shell=bash
. "$(dirname "${BASH_SOURCE[0]}")/../scripts/lib.sh"
VMRUN=$ALGBENCH_TOP/scripts/vm/run
ALGBENCH=${ALGBENCH:-${ALGBENCH_BUILD_DIR:-$ALGBENCH_TOP/build}/bin/algbench}
tap_n=0 tap_failed=0 tap_skipped=0
tap_begin() { echo "TAP version 13"; } # a test's first line: the one TAP header for shell tests
# skip_all REASON: the whole test is one SKIP (kselftest's "1..0 # SKIP
# REASON"); it ends with exit 77, the status CTest's SKIP_RETURN_CODE
# (tests/CMakeLists.txt) reports as "Skipped", as sys/tap.h's ab_tap_skip_all()
skip_all() {
	echo "1..0 # SKIP $1"
	exit 77
}
ok() { # ok NAME [# SKIP WHY]
	tap_n=$((tap_n + 1))
	case $* in *"# SKIP"*) tap_skipped=$((tap_skipped + 1)) ;; esac
	echo "ok $tap_n $*"
}
not_ok() { tap_n=$((tap_n + 1)); tap_failed=$((tap_failed + 1)); echo "not ok $tap_n $*"; }
skip() { # skip NAME REASON: a check that cannot run here, and why
	tap_n=$((tap_n + 1)) tap_skipped=$((tap_skipped + 1))
	echo "ok $tap_n $1 # SKIP $2"
}
check() { # check NAME CMD...: ok if CMD succeeds
	local name=$1; shift
	if "$@"; then ok "$name"; else not_ok "$name"; fi
}
# boot_guest LABEL SHARE VMRUN-ARGS...: one boot through scripts/vm/run;
# sets out (the guest's stdout) and rc, and prints the wall time, the output
# and, when it failed, the runner's stderr (SHARE/vm.err) as TAP comments.
# Niced: a test's boots yield to whatever else CTest runs beside them.
boot_guest() {
	local label=$1 share=$2 start
	shift 2
	start=$(date +%s.%N)
	rc=0
	out=$(nice -n 19 "$VMRUN" "$@" 2>"$share/vm.err") || rc=$?
	echo "# $label boot: $(echo "$(date +%s.%N) - $start" | bc) s wall, exit $rc"
	sed 's/^/#   /' <<<"$out"
	[ "$rc" = 0 ] || sed 's/^/#   vm: /' "$share/vm.err"
}
fact() { sed -n "s/^$1=//p" <<<"$out" | head -n1; } # fact NAME: the guest's NAME=VALUE line in $out
expect_status() { # expect_status NAME WANT CMD...
	local name=$1 want=$2 got=0; shift 2
	"$@" || got=$?
	if [ "$got" = "$want" ]; then ok "$name"; else not_ok "$name (exit $got, want $want)"; fi
}
# skip_unless_built KO [KERNEL]: a VM test's whole plan is one SKIP (and the
# script ends) when build/kmod has no KO, or none for a KERNEL given as a tree
skip_unless_built() {
	local ko=$1 kernel=${2:-} build=${ALGBENCH_BUILD_DIR:-$ALGBENCH_TOP/build} rel
	ls "$build"/kmod/*/"$ko" >/dev/null 2>&1 ||
		skip_all "$ko not built in $build/kmod (no kernel headers at configure time)"
	[ -d "$kernel" ] || return 0
	rel=$(basename "$kernel")
	[ -f "$build/kmod/$rel/$ko" ] ||
		skip_all "$ko not built for $rel in $build/kmod (re-run cmake after its headers are fetched)"
}
# scratch_dir: a fresh temporary folder in $dir, the current directory from
# now on, removed when the test exits
scratch_dir() {
	dir=$(mktemp -d)
	trap 'rm -rf "$dir"' EXIT
	cd "$dir" || exit 1
}
jqok() { jq -e "$@" >/dev/null; } # jqok FILTER FILE...: the filter's last output is true
# summarised FILE...: each result of a hand-made result FILE given the
# summary run and merge store (mbps: median, min, max of its samples' MB/s),
# which plot and report read; a result without usable samples gets none.
summarised() {
	local f
	for f in "$@"; do
		jq '.results |= map(. + {mbps: ([.samples[]? | select((.ns | type) == "number" and .ns > 0)
			| .bytes * 1000 / .ns] | sort
			| if length == 0 then null
			  else {median: (if length % 2 == 1 then .[length / 2 | floor] else (.[length / 2 - 1] + .[length / 2]) / 2 end),
				min: .[0], max: .[-1]} end)})' "$f" >"$f.sum" && mv "$f.sum" "$f" || return 1
	done
}
# quiet CMD...: CMD with its stdout dropped, for check and expect_status (a
# redirect after them would drop their own ok/not ok line)
quiet() { "$@" >/dev/null; }
# kernel_log_clean NAME [ERE]: ok when the kernel log has no WARNING, BUG,
# Oops or general protection report, nor a line matching the test's own ERE.
# A log that cannot be read fails the check: "! dmesg | grep" would pass it.
KERNEL_LOG_REPORTS='WARNING:|BUG:|Oops|general protection'
kernel_log_clean() {
	local name=$1 pattern=$KERNEL_LOG_REPORTS${2:+|$2} log bad
	if ! log=$(dmesg 2>&1); then
		not_ok "$name (the kernel log cannot be read: $log)"
		return
	fi
	bad=$(grep -E "$pattern" <<<"$log")
	if [ -z "$bad" ]; then ok "$name"; else
		not_ok "$name"
		head -n 40 <<<"$bad" | sed 's/^/#   dmesg: /'
	fi
}
# names_no_folder NAME DIR FOLDER...: ok if no file under DIR holds the
# absolute path of any FOLDER (the checkout, the build, the output folder
# itself): what algbench and its scripts write names paths relative to the
# output folder or the checkout (docs/result-json.md, "Paths"). The files
# that do are listed.
names_no_folder() {
	local name=$1 dir=$2 f pats=() hits
	shift 2
	for f; do pats+=(-e "$f"); done
	hits=$(grep -rlF "${pats[@]}" -- "$dir")
	if [ -z "$hits" ]; then ok "$name"; else
		not_ok "$name"
		sed 's/^/#   names an absolute folder: /' <<<"$hits"
	fi
}
# fuzz_run WHAT FUZZER CORPUS: libFuzzer on CORPUS for FUZZ_SECONDS (default
# 20), one check: any crash, leak, timeout or sanitizer report fails it,
# with the input that did it shown (hex).
fuzz_run() {
	local what=$1 fuzzer=$2 corpus=$3 a
	if "$fuzzer" -max_total_time="${FUZZ_SECONDS:-20}" -seed=1 -timeout=5 -print_final_stats=1 \
		-artifact_prefix="$dir/" "$corpus" >"$dir/fuzz.log" 2>&1; then
		ok "$what survives ${FUZZ_SECONDS:-20} s of libFuzzer"
		grep -E '^stat::number_of_executed_units|^#[0-9]+.*DONE' "$dir/fuzz.log" | sed 's/^/# /'
	else
		not_ok "$what crashed or tripped a sanitizer under libFuzzer"
		tail -40 "$dir/fuzz.log" | sed 's/^/# /'
		for a in "$dir"/crash-* "$dir"/leak-* "$dir"/timeout-*; do
			[ -e "$a" ] && { echo "# input (hex):"; od -An -tx1 "$a" | head -20 | sed 's/^/# /'; }
		done
	fi
}
tap_end() {
	echo "1..$tap_n"
	echo "# Totals: pass:$((tap_n - tap_failed - tap_skipped)) fail:$tap_failed xfail:0 xpass:0 skip:$tap_skipped error:0" # as sys/tap.h
	[ "$tap_failed" = 0 ]
}
