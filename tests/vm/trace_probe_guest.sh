#!/usr/bin/env bash
# Runs in the guest (tests/vm/trace_probe.sh boots it): probe events on
# algbench_trace_target() of algbench_trace.ko, each field checked against
# what the module's debugfs "call" file reports for the same call. TAP.
#
#   p: / f:            $arg1..$arg4 and box fields (through $arg3) at entry
#   r: / f:%return     $arg1..$arg4 as passed at entry, box.value through the
#                      saved $arg3 as it is at return, $retval (6.9+: the
#                      kernel saves the arguments at entry; before, it refuses
#                      $argN in a return probe, and error_log says why)
#   rmmod with the probes on the module: no oops, nothing fires afterwards,
#   and no event of ours is left once we remove them.
#
# Only our own event group (abtrace) and our own trace instance are created,
# enabled and removed, also when a check fails; the global buffer and
# anybody else's probes are left alone.
. "$(dirname "$0")/../lib.sh"
T=/sys/kernel/tracing
D=/sys/kernel/debug/algbench_trace
G=abtrace
I=$T/instances/algbench_trace
MOD=algbench_trace
FN=algbench_trace_target
EVENTS="kentry kret kret_noarg fentry fret fret_btf"
CALLS="5 77"
tmp=$(mktemp -d)

tap_begin
[ -w "$T/kprobe_events" ] || { echo "Bail out! no tracefs with kprobe_events at $T (not mounted, not root, or KPROBE_EVENTS off)"; exit 1; }
if [ -d "$T/events/$G" ] || [ -d "$I" ]; then
	echo "Bail out! event group $G or instance $I exists already: not ours, left alone"
	exit 1
fi

ours() { grep -E "^[a-z0-9]+:$G/" "$T/dynamic_events" 2>/dev/null; }
remove_ours() {
	local e
	[ -d "$I" ] && rmdir "$I" # disables our events, which are only enabled there
	for e in $EVENTS; do
		grep -qE "^[a-z0-9]+:$G/$e " "$T/dynamic_events" && echo "-:$G/$e" >>"$T/dynamic_events"
	done
	return 0
}
trap 'remove_ours 2>/dev/null; rm -rf "$tmp"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
dmesg -c >/dev/null

flat() { tr '\n' ' ' <<<"$1" | sed 's/^ *//; s/ *$//'; } # lines as one line
same() { # same NAME GOT WANT
	if [ "$2" = "$3" ]; then ok "$1 ($(flat "$3"))"; else not_ok "$1: got '$(flat "$2")', want '$(flat "$3")'"; fi
}

# The kernel's reason for refusing DEF: the error_log line just before
# "Command: DEF", without its timestamp.
errlog_reason() {
	awk -v c="  Command: $1" '$0 == c { r = prev } { prev = $0 } END { print r }' "$T/error_log" |
		sed 's/^\[ *[0-9.]*\] //'
}

errlog_entry() { # the whole entry for DEF: reason, command, caret under the culprit
	grep -F -x -B1 -A1 "  Command: $1" "$T/error_log" | tail -n 3
}
declare -A DEF WHY # per event: its definition; why it is not defined
# define EVENT FILE: 0 if the kernel accepted DEF[EVENT]; else 1 with the reason in WHY[EVENT]
define() {
	local err
	if err=$( (echo "${DEF[$1]}" >>"$T/$2") 2>&1); then return 0; fi
	WHY[$1]=$(errlog_reason "${DEF[$1]}")
	[ -n "${WHY[$1]}" ] || WHY[$1]="$2 refused it (${err##*: }), error_log has no line for it"
	return 1
}

check "modprobe $MOD" modprobe "$MOD"
lay() { sed -n "s/^$1=//p" "$D/layout"; }
OT=$(lay tag.offset) OV=$(lay value.offset)
check "layout: $FN, box.tag at +$OT, box.value at +$OV" test "$(lay function)" = "$FN" -a -n "$OT" -a -n "$OV"
check "$FN is a probe-able function (available_filter_functions)" grep -q "^$FN \[$MOD\]" "$T/available_filter_functions"

# Feature detection from the kernel's own README, never from the version.
rp_args=0 fprobe=0 btf_args=0
grep -q 'kernel return probes support:.*\$arg<N>' "$T/README" && rp_args=1
grep -qF 'f[:[<group>/][<event>]] <func-name>' "$T/README" && fprobe=1
grep -qF '<argname>' "$T/README" && btf_args=1
yn() { [ "$1" = 1 ] && echo yes || echo no; }
echo "# README: return probes with \$arg<N>: $(yn $rp_args); fprobe events: $(yn $fprobe); BTF argument names: $(yn $btf_args)"

ARGS="n=\$arg1:u32 delta=\$arg2:s64 tag=+$OT(\$arg3):x32 value=+$OV(\$arg3):u64 key=\$arg4:x64"
DEF[kentry]="p:$G/kentry $MOD:$FN $ARGS"
DEF[kret]="r:$G/kret $MOD:$FN $ARGS ret=\$retval:s32"
DEF[kret_noarg]="r:$G/kret_noarg $MOD:$FN ret=\$retval:s32"
DEF[fentry]="f:$G/fentry $FN $ARGS"
DEF[fret]="f:$G/fret $FN%return $ARGS ret=\$retval:s32"
# The same by the names in the module's BTF (6.12's headers ship the vmlinux
# kbuild needs to give a module BTF; 6.1's do not)
DEF[fret_btf]="f:$G/fret_btf $FN%return n delta tag=box->tag:x32 value=box->value key=key:x64 ret=\$retval"
live="" # the events the kernel accepted

# accept EVENT FILE: the definition must be accepted
accept() {
	if define "$1" "$2"; then
		ok "$1 accepted: $(grep -E "^[a-z0-9]+:$G/$1 " "$T/dynamic_events" | cut -d' ' -f1-2)"
		live="$live $1"
	else
		not_ok "$1 refused: ${WHY[$1]}"
	fi
}
# refuse EVENT FILE LACKS: where the README says the kernel lacks a feature
# (LACKS says which), the definition must be refused, with the kernel's reason
refuse() {
	if define "$1" "$2"; then
		not_ok "$1 accepted although README says $3"
		live="$live $1"
	else
		WHY[$1]="$3; ${WHY[$1]}"
		ok "$1 refused: ${WHY[$1]}"
		errlog_entry "${DEF[$1]}" | sed 's/^/# error_log: /'
	fi
}
accept kentry kprobe_events
accept kret_noarg kprobe_events
no_rp="no \$arg<N> in return probes (README)" no_f="no fprobe events (README)"
no_btf="no BTF argument names (README)"
if [ $rp_args = 1 ]; then accept kret kprobe_events; else refuse kret kprobe_events "$no_rp"; fi
if [ $fprobe = 1 ]; then
	accept fentry dynamic_events
	if [ $rp_args = 1 ]; then accept fret dynamic_events; else refuse fret dynamic_events "$no_rp"; fi
	if [ $rp_args = 0 ]; then refuse fret_btf dynamic_events "$no_rp"
	elif [ $btf_args = 0 ]; then refuse fret_btf dynamic_events "$no_btf"
	else accept fret_btf dynamic_events; fi
else
	refuse fentry dynamic_events "$no_f"
	refuse fret dynamic_events "$no_f"
	refuse fret_btf dynamic_events "$no_f"
fi

mkdir "$I"
for e in $live; do echo 1 >"$I/events/$G/$e/enable"; done
check "our events enabled in our own instance ($(flat "$live"))" \
	test "$(cat "$I"/events/$G/*/enable 2>/dev/null | sort -u)" = 1

for n in $CALLS; do
	echo "$n" >"$D/call" && cat "$D/call" >"$tmp/call.$n"
	echo "# call $n: $(grep -v '^calls=' "$tmp/call.$n" | tr '\n' ' ')"
done
grep -v '^#' "$I/trace" >"$tmp/trace"
sed 's/^/#   /' "$tmp/trace"
rep() { local n; for n in $CALLS; do sed -n "s/^$1=//p" "$tmp/call.$n"; done; }
rewrote() { # every call changed box.value, so entry and return values tell apart
	local n
	for n in $CALLS; do
		[ "$(sed -n 's/^value.entry=//p' "$tmp/call.$n")" != "$(sed -n 's/^value.return=//p' "$tmp/call.$n")" ] || return 1
	done
}
check "the target rewrote box.value ($(flat "$(rep value.entry)") -> $(flat "$(rep value.return)"))" rewrote

# The fields of EVENT's lines, in call order: evf EVENT FIELD
is_live() { case " $live " in *" $1 "*) return 0 ;; esac; return 1; }
ev_lines() { sed -n "s/.* $1: ([^)]*) //p" "$tmp/trace"; }
evf() {
	local l w
	ev_lines "$1" | while read -r l; do
		for w in $l; do case $w in "$2="*) echo "${w#*=}" ;; esac; done
	done
}

# probe_checks EVENT entry|return: every field against the module's report
probe_checks() {
	local e=$1 at=$2 calls
	calls=$(wc -w <<<"$CALLS")
	if ! is_live "$e"; then
		local r="$e not defined: ${WHY[$e]}"
		skip "$e: one event per call" "$r"
		skip "$e: \$arg1 \$arg2 \$arg4 as passed at entry" "$r"
		skip "$e: box.tag through \$arg3" "$r"
		skip "$e: box.value through \$arg3 as at $at" "$r"
		[ "$at" = entry ] || skip "$e: \$retval" "$r"
		return
	fi
	same "$e: one event per call" "$(ev_lines "$e" | wc -l)" "$calls"
	same "$e: \$arg1 \$arg2 \$arg4 as passed at entry" \
		"$(evf "$e" n; evf "$e" delta; evf "$e" key)" "$(rep n; rep delta; rep key)"
	same "$e: box.tag through \$arg3" "$(evf "$e" tag)" "$(rep tag.entry)"
	same "$e: box.value through \$arg3 as at $at" "$(evf "$e" value)" "$(rep "value.$at")"
	[ "$at" = entry ] || same "$e: \$retval" "$(evf "$e" ret)" "$(rep ret)"
}
probe_checks kentry entry
probe_checks fentry entry
probe_checks kret return
probe_checks fret return
probe_checks fret_btf return
same "kret_noarg: \$retval (a return probe without \$argN)" "$(evf kret_noarg ret)" "$(rep ret)"

# ---- rmmod under the probes -----------------------------------------------------
lines() { grep -vc '^#' "$I/trace"; }
before=$(lines)
check "rmmod $MOD with our probes on it, enabled" rmmod "$MOD"
echo "# dynamic_events after rmmod (the kernel keeps the definitions):"
ours | sed 's/^/#   /'
ls / /proc >/dev/null
cat /proc/modules /proc/kallsyms >/dev/null
same "nothing fires with the module gone (our buffer's events)" "$(lines)" "$before"
kernel_log_clean "kernel log clean after rmmod (no Oops, BUG, WARNING, call trace)" 'Call Trace'

# What the kernel does when the module comes back (measured on 6.12: kprobe
# events on MOD:SYM and fprobe events on its function both fire again).
fired() { grep -c " $1: (" "$I/trace"; }
declare -A FIRED
for e in $live; do FIRED[$e]=$(fired "$e"); done
check "modprobe $MOD again" modprobe "$MOD"
echo 9 >"$D/call"
for e in $live; do
	same "$e fires again once the module is back (events for one call)" "$(($(fired "$e") - FIRED[$e]))" 1
done
check "rmmod $MOD again" rmmod "$MOD"

# ---- our events removed ---------------------------------------------------------
remove_ours
check "no event of ours left in dynamic_events" test -z "$(ours)"
check "no events/$G in tracefs" test ! -e "$T/events/$G"
check "our instance removed" test ! -e "$I"
kernel_log_clean "kernel log clean at the end" 'Call Trace'
dmesg | grep -iE 'kprobe|fprobe|trace' | sed 's/^/# dmesg: /'
tap_end
