# One guest process watched to its end: its output streamed as it comes, its
# deadline in the guest's own time, its kill. Shared by scripts/vm/run (one
# boot of a QEMU or User-Mode Linux guest) and scripts/system/run (every boot
# of the full-system disk), so both mean the same by --timeout and 124.
# die/note come from scripts/lib.sh.
# shellcheck shell=bash
# shellcheck disable=SC2034 # guest_rc and guest_waited are guest_watch's answers, read by its callers

# The longest any of PID's threads has waited for a host CPU, in whole
# seconds: the run-queue wait in /proc/PID/task/*/schedstat (ns), 0 where the
# kernel keeps none (CONFIG_SCHED_INFO). Under UML only the kernel process's
# own threads count, not its user processes.
guest_starved_s() { # PID
	local f wait max=0
	for f in /proc/"$1"/task/*/schedstat; do
		read -r _ wait _ 2>/dev/null <"$f" || continue
		[[ $wait =~ ^[0-9]{1,19}$ ]] && [ "$wait" -gt "$max" ] && max=$wait
	done
	echo $((max / 1000000000))
}

# guest_watch KILL TIMEOUT_S OUT ERR: the guest the caller started as
# $guest_pid, until it ends. OUT goes to stdout and ERR to stderr as they
# grow. TIMEOUT_S is the guest's time, not the host's: on a busy host a TCG
# guest waits for a CPU and would be killed for the host's load (a test that
# fails by chance), so the deadline moves by the time it waited, up to 10
# TIMEOUT_S in all; a guest that hangs, idle or spinning, still goes at
# TIMEOUT_S on a quiet host. Returns 0 with the guest's exit status in
# guest_rc once it ended, or 124 after KILL (a command: KILL PID) killed it at
# the deadline, with guest_waited saying how long it had waited for CPUs
# ("" if not at all). guest_pid is "" afterwards either way.
guest_watch() {
	local kill=$1 timeout_s=$2 out=$3 err=$4 tail_out tail_err
	local started=$SECONDS starved=0 deadline=$((SECONDS + timeout_s))
	guest_rc="" guest_waited=""
	tail -q -n +1 -f --pid="$guest_pid" "$out" &
	tail_out=$!
	tail -q -n +1 -f --pid="$guest_pid" "$err" >&2 &
	tail_err=$!
	while kill -0 "$guest_pid" 2>/dev/null; do
		if [ $SECONDS -ge $deadline ]; then
			starved=$(guest_starved_s "$guest_pid")
			[ "$starved" -gt $((9 * timeout_s)) ] && starved=$((9 * timeout_s))
			deadline=$((started + timeout_s + starved))
		fi
		if [ $SECONDS -ge $deadline ]; then
			"$kill" "$guest_pid"
			wait "$guest_pid" 2>/dev/null || true
			guest_pid=""
			wait "$tail_out" "$tail_err" 2>/dev/null || true
			[ "$starved" = 0 ] || guest_waited=" of its own time (${starved}s more waiting for a busy host's CPUs)"
			return 124
		fi
		sleep 0.2
	done
	guest_rc=0
	wait "$guest_pid" || guest_rc=$?
	guest_pid=""
	wait "$tail_out" "$tail_err" 2>/dev/null || true
	return 0
}

# guest_timeout_ok S: S is a number of seconds --timeout accepts. Bounded
# before any arithmetic: bash's integers wrap at 2^63, and a deadline that
# wrapped is already past.
guest_timeout_ok() {
	[[ $1 =~ ^[1-9][0-9]{0,5}$ ]] && [ "$1" -le 604800 ] ||
		die "--timeout '$1' is not a number of seconds from 1 to 604800 (a week)"
}
