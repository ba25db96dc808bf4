#!/usr/bin/env bash
# Runs in the guest (see trace_cleanup.sh), TAP.
# shellcheck source=trace_guest_lib.sh
. /opt/algbench/tests/vm/trace_guest_lib.sh

# Someone else's hist trigger on the event that counts the hashes, another
# trigger and a hand-enabled event beside it: the counts are still read, and
# every probe goes at the end, with what was removed said.
job='type=ahash alg=sha256 size=4096 count=1000'
algbench trace --engine tracefs --json "$out/f.json" -- sh -c "
	echo 'hist:keys=common_pid' >>$T/events/algbench/hash_digest/trigger &&
	echo 'stacktrace:1' >>$T/events/algbench/skc_enc/trigger &&
	echo 1 >$T/events/algbench/aead_enc/enable &&
	algbench kmod '$job'" >"$out/f.kmod" 2>"$out/f.err"
rc=$?
sed 's/^/# /' "$out/f.err"
check "foreign triggers on algbench/*: trace exits 0 (got $rc)" [ $rc = 0 ]
drv=$(sed -n 's/^driver=//p' "$out/f.kmod" | head -1)
got=$(jq -r --arg d "$drv" '.drivers[] | select(.driver == $d) | .hash_cnt' "$out/f.json" 2>/dev/null)
check "... the hashes are still counted ($drv hash_cnt ${got:-none} >= 1000)" [ "${got:-0}" -ge 1000 ]
check "... says it removed the two triggers not its own" grep -q 'removed 2 trigger(s) not its own' "$out/f.err"
check "... no probe left behind" no_group

# Ctrl-C on a terminal: the command left trace's process group (setsid), so
# only trace got SIGINT from the terminal and must pass it on.
rm -f "$out/ready" "$out/int"
algbench-pty-intr "$out/ready" -- algbench trace -- setsid sh -c \
	"trap 'echo INT >$out/int; exit 3' INT; touch $out/ready; sleep 60 & wait" 2>"$out/c.err"
rc=$?
sed 's/^/# /' "$out/c.err"
check "Ctrl-C, command in its own session: trace exits 130 (got $rc)" [ $rc = 130 ]
check "... the command got the SIGINT" grep -qsx INT "$out/int"
check "... no probe left behind" no_group
# The command still in trace's group got the terminal's SIGINT itself: exactly once.
rm -f "$out/ready" "$out/n"
algbench-pty-intr "$out/ready" -- algbench trace -- sh -c \
	"trap 'echo x >>$out/n' INT; touch $out/ready; sleep 3 & wait; sleep 3 & wait" 2>/dev/null
check "Ctrl-C, command in trace's group: it saw one SIGINT, not two ($(wc -l <"$out/n" 2>/dev/null))" \
	[ "$(wc -l <"$out/n" 2>/dev/null)" = 1 ]
check "... no probe left behind" no_group
tap_end
