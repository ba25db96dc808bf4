#!/usr/bin/env bash
# tests/lib.sh's TAP and exit status, as sys/tap.h's (tests/host/tap_test.c):
# a test with a SKIP among its checks passes (exit 0), a failure fails (1),
# and skip_all is the whole test's one "1..0 # SKIP reason" with exit 77,
# CTest's SKIP_RETURN_CODE. Each case is a child bash sourcing lib.sh.
. "$(dirname "$0")/../lib.sh"
tap_begin
# child BODY: runs BODY after sourcing lib.sh; sets out and rc
child() {
	rc=0
	out=$(bash -c ". '$ALGBENCH_TOP/tests/lib.sh'; $1") || rc=$?
}
child 'ok one; skip two "not here"; ok three; tap_end'
check "2 passed, 1 skipped: exit 0 (got $rc)" [ "$rc" = 0 ]
check "... the SKIP line, the plan and the totals" [ "$out" = "ok 1 one
ok 2 two # SKIP not here
ok 3 three
1..3
# Totals: pass:2 fail:0 xfail:0 xpass:0 skip:1 error:0" ]
child 'ok one; not_ok two; tap_end'
check "1 passed, 1 failed: exit 1 (got $rc)" [ "$rc" = 1 ]
child 'tap_begin; skip_all "no widget here"; ok unreached'
check "skip_all: exit 77 (got $rc)" [ "$rc" = 77 ]
check "... after the header, one line: 1..0 # SKIP and the reason" [ "$out" = "TAP version 13
1..0 # SKIP no widget here" ]
tap_end
