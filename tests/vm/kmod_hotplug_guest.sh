#!/usr/bin/env bash
# Runs in a 2-vCPU guest (tests/vm/kmod_hotplug.sh boots it): CPU hotplug
# while algbench.ko runs jobs (issue 29, N5). The module holds no CPU hotplug
# lock across a job; a CPU that goes offline cancels the job that uses it
# (docs/kmod.md, "CPU hotplug"). Every check is on the order of events or on
# the job's own reply, never on how long something took:
#
#  A  cpu1 goes offline and comes back while a job runs on cpu0 only: both
#     writes to cpu1/online return while the job still runs (the job's end is
#     logged after them, not before); a signal then stops the job (EINTR).
#     The job's window is 10 s of warm-up and 60 s timed, the longest a job
#     can be, against the fraction of a second an offline takes.
#  B  cpu1 goes offline during a job on cpus 0-1: the offline returns, the
#     job ends before its window with ECANCELED, offline=1 and no time.
#  C  with cpu1 back, a job on both CPUs runs normally.
#  D  pcrypt is autoloaded in a job's set-up (its init takes cpus_read_lock)
#     while a loop takes cpu1 offline and online: the tfm is allocated, the
#     job and the loop end. With the lock held across the job, a pending
#     offline and pcrypt's init (loaded by cryptomgr_probe) waited for each
#     other until the crypto API's 60 s larval timeout failed the job's
#     allocation (ETIMEDOUT, on 6.1 and 6.12).
#  then rmmod, and dmesg without WARNING, BUG, lockdep or hung-task reports.
# TAP.
. "$(dirname "$0")/../lib.sh"
tap_begin
DEV=/dev/algbench
HP=/sys/devices/system/cpu/cpu1/online
LOG=/tmp/hotplug.log # one line per event, appended when it happened: the order is the check
ncpu=$(grep -c '^processor' /proc/cpuinfo)
[ "$ncpu" -ge 2 ] && [ -w "$HP" ] || skip_all "cpu1 cannot be taken offline here ($ncpu CPUs, $HP)"
dmesg -c >/dev/null

field() { sed -n "s/^$2=//p" "/tmp/$1.reply"; } # field JOB KEY: KEY's value in JOB's reply
# bg_job NAME LINE: the job on its own open file of the device, in the
# background; when its write has returned, the reply is in /tmp/NAME.reply
# and "NAME-end RC" is appended to $LOG (RC: the write's status)
bg_job() {
	local name=$1 line=$2
	(
		rc=0
		exec 3<>"$DEV" || exit 1
		printf '%s\n' "$line" >&3 2>/dev/null || rc=1
		cat <&3 >"/tmp/$name.reply"
		exec 3>&-
		echo "$name-end $rc" >>"$LOG"
	) &
}
# wait_thread NAME CPU: until job NAME's thread on CPU exists (0), or NAME has ended (1)
wait_thread() {
	until cat /proc/[0-9]*/comm 2>/dev/null | grep -qx "algbench/$2"; do
		grep -q "^$1-end" "$LOG" && return 1
		sleep 0.1
	done
}
events() { awk '{ print $1 }' "$LOG" | paste -sd' '; } # the events so far, in order
set_cpu1() { # set_cpu1 0|1 EVENT: write cpu1/online, then log "EVENT EXIT-STATUS"
	local rc=0 t0
	t0=$EPOCHREALTIME
	# shellcheck disable=SC2320 # the echo's own status is the point: the write to cpuN/online
	echo "$1" >"$HP" || rc=$?
	echo "$2 $rc" >>"$LOG"
	# for the reader only, never checked: how long the write took
	echo "# $2: echo $1 >cpu1/online took $(awk -v a="$t0" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.2f", b - a }') s"
}

check "modprobe algbench" modprobe algbench

# ---- A: an unrelated CPU's offline and online do not wait for a job ---------------------
: >"$LOG"
bg_job A "type=skcipher alg=cbc(aes) size=4096 cpus=0 warmup_ms=10000 ms=60000"
pa=$!
wait_thread A 0
set_cpu1 0 offline
set_cpu1 1 online
check "A: cpu1 offline, then online, returned while the job on cpu0 still ran (events: $(events))" \
	test "$(cat "$LOG")" = "$(printf 'offline 0\nonline 0')"
kill -TERM $pa 2>/dev/null
wait $pa 2>/dev/null
# the writer died of the signal before reading its reply: the diagnostics file has it
check "A: the job on cpu0 then ends by the signal: $(sed -n 's/^error=//p' /sys/kernel/debug/algbench/result) ($(sed -n 's/^reason=//p' /sys/kernel/debug/algbench/result))" \
	test "$(sed -n 's/^error=//p' /sys/kernel/debug/algbench/result)" = EINTR

# ---- B: the job's own CPU goes offline: the job is cancelled -----------------------------
: >"$LOG"
bg_job B "type=skcipher alg=cbc(aes) size=4096 cpus=0-1 warmup_ms=10000 ms=60000"
pb=$!
wait_thread B 1
set_cpu1 0 offline
wait $pb
check "B: cpu1 offline returned (exit $(sed -n 's/^offline //p' "$LOG")) and the job on cpus 0-1 ended (events: $(events))" \
	sh -c "grep -qx 'offline 0' '$LOG' && grep -qx 'B-end [01]' '$LOG'"
check "B: cpu1 is offline" test "$(cat "$HP")" = 0
check "B: the job was cancelled: status=$(field B status) error=$(field B error) offline=$(field B offline) ($(field B reason))" \
	test "$(field B status) $(field B error) $(field B offline) $(grep -c '^B-end 1$' "$LOG")" = "-125 ECANCELED 1 1"
check "B: the reply names the CPU and the job, and gives no time" \
	sh -c "grep -q '^reason=.*cpu1' /tmp/B.reply && grep -qx 'cpus=0-1' /tmp/B.reply && ! grep -q '^ops=' /tmp/B.reply"
set_cpu1 1 online
check "B: cpu1 back online" test "$(cat "$HP")" = 1

# ---- C: both CPUs again ------------------------------------------------------------------
: >"$LOG"
bg_job C "type=skcipher alg=cbc(aes) size=4096 cpus=all ms=300"
wait $!
check "C: a job on both CPUs after the hotplug: status=$(field C status) threads=$(field C threads) cpu0.ops=$(field C cpu0.ops) cpu1.ops=$(field C cpu1.ops)" \
	sh -c "[ '$(field C status) $(field C threads)' = '0 2' ] && [ '$(field C cpu0.ops)' -gt 0 ] && [ '$(field C cpu1.ops)' -gt 0 ]"

# ---- D: a module autoload in a job's set-up while CPUs come and go -----------------------
pcrypt_before=$(grep -c '^pcrypt ' /proc/modules)
: >"$LOG"
rm -f /tmp/D.cycles
(
	n=0
	# at least one cycle; ends once pcrypt is loaded (or the job has ended)
	until grep -q '^D-end' "$LOG" || grep -q '^pcrypt .* Live' /proc/modules; do
		echo 0 >"$HP" && echo 1 >"$HP" || { echo "cycle-failed" >>"$LOG"; break; }
		n=$((n + 1))
		[ "$n" = 1 ] && echo "cycle-1" >>"$LOG"
	done
	echo "$n" >/tmp/D.cycles
) &
ploop=$!
until grep -q '^cycle' "$LOG"; do sleep 0.1; done # the loop is running: start the job
# By driver names: a pcrypt instance takes its inner algorithm's cra_name
# (gcm(aes)) at a higher priority, so each "pcrypt(gcm(aes))" would wrap the
# last instance again, up to ENAMETOOLONG; this name matches the instance made.
pd="pcrypt(gcm_base(ctr(aes-generic),ghash-generic))"
bg_job D "type=aead alg=$pd size=4096 cpus=0 count=0"
wait $!
wait $ploop
# The allocation is the point (driver= is there only if it succeeded); the
# check's requests go through padata, whose own hotplug handling is the
# kernel's business, so the status is shown, not required.
check "D: $pd allocated (pcrypt.ko loaded by it: $([ "$pcrypt_before" = 0 ] && echo yes || echo 'no, it was loaded')) while cpu1 cycled $(cat /tmp/D.cycles 2>/dev/null) times: status=$(field D status) check=$(field D check) ($(field D reason))" \
	test "$(field D driver)" = "$pd"
check "D: the offline/online loop ended and cpu1 is online (events: $(events))" \
	sh -c "! grep -q cycle-failed '$LOG' && [ \"\$(cat $HP)\" = 1 ]"

check "rmmod algbench" rmmod algbench
kernel_log_clean "kernel log has no WARNING, BUG, Oops, lockdep or hung-task report" \
	'WARNING|BUG|lockdep|circular locking|hung_task|blocked for more than'
tap_end
