# Helpers for the shell tests: TAP output, and where things are (the root
# and the cache from scripts/lib.sh).
# shellcheck shell=bash
. "$(dirname "${BASH_SOURCE[0]}")/../scripts/lib.sh"
VMRUN=$ALGBENCH_TOP/scripts/vm/run
ALGBENCH=${ALGBENCH:-${ALGBENCH_BUILD_DIR:-$ALGBENCH_TOP/build}/bin/algbench}
tap_n=0 tap_failed=0 tap_skipped=0
ok() { # ok NAME [# SKIP WHY]
	tap_n=$((tap_n + 1))
	case $* in *"# SKIP"*) tap_skipped=$((tap_skipped + 1)) ;; esac
	echo "ok $tap_n $*"
}
not_ok() { tap_n=$((tap_n + 1)); tap_failed=$((tap_failed + 1)); echo "not ok $tap_n $*"; }
check() { # check NAME CMD...: ok if CMD succeeds
	local name=$1; shift
	if "$@"; then ok "$name"; else not_ok "$name"; fi
}
expect_status() { # expect_status NAME WANT CMD...
	local name=$1 want=$2 got=0; shift 2
	"$@" || got=$?
	if [ "$got" = "$want" ]; then ok "$name"; else not_ok "$name (exit $got, want $want)"; fi
}
tap_end() {
	echo "1..$tap_n"
	echo "# Totals: pass:$((tap_n - tap_failed - tap_skipped)) fail:$tap_failed xfail:0 xpass:0 skip:$tap_skipped error:0" # as sys/tap.h
	[ "$tap_failed" = 0 ]
}
