#!/usr/bin/env bash
# Runs in the debug kernel (tests/vm/debug.sh boots it: KASAN, KFENCE,
# lockdep, atomic-sleep checks, debugobjects, kmemleak, UBSAN). The three
# modules under load: every job type, a CPU going offline and online during
# a job, many openers of /dev/algbench against rmmod, algbench_trace.ko's
# crypto_algs read while algorithms register and unregister, algbench_em.ko
# load/update/unload, 100,000 mutated job lines; then a kmemleak scan and the
# kernel log, where any report of those tools fails the test. TAP; counts and
# the log's summary as comments.
. "$(dirname "$0")/../lib.sh"
DEV=/dev/algbench
EM=/sys/kernel/debug/algbench_em
ALGS=/sys/kernel/debug/algbench_trace/crypto_algs
KMEMLEAK=/sys/kernel/debug/kmemleak
FUZZ_LINES=${DEBUG_FUZZ_LINES:-100000}
ncpu=$(grep -c '^processor' /proc/cpuinfo)
# What the kernel's debug tools print when they find something (their
# reports; their boot banners are lower case: "kasan:", "kfence:"; lockdep's
# reports by their titles, as "RCU lockdep checking is enabled" is a banner),
# and the warnings a module can cause.
REPORTS='BUG:|WARNING:|KASAN|KFENCE|UBSAN|possible circular locking|possible recursive locking|bad unlock balance|held lock freed|irq lock inversion|inconsistent lock state|sleeping function called from invalid context|unreferenced object|ODEBUG|Oops|general protection|kernel BUG|still has objects|suspicious RCU usage|turning off the locking correctness validator'
tap_begin
echo "# $(uname -r), $ncpu CPUs"

# ---- the kernel as booted ------------------------------------------------------------
dmesg >/tmp/boot.dmesg
boot_reports=$(grep -E -c "$REPORTS" /tmp/boot.dmesg)
check "boot: no report in the kernel log before any algbench module ($boot_reports)" test "$boot_reports" = 0
grep -E "$REPORTS" /tmp/boot.dmesg | head -n 20 | sed 's/^/#   boot: /'
for t in kasan kfence; do
	echo "# boot: $(grep -m1 "^$t:" /tmp/boot.dmesg)"
done
check "the debug tools are on: KASAN, KFENCE, lockdep, kmemleak" sh -c \
	"grep -q 'KernelAddressSanitizer initialized' /tmp/boot.dmesg && grep -q 'kfence: initialized' /tmp/boot.dmesg &&
	 test -e /proc/lockdep && test -e $KMEMLEAK"
# kmemleak's view before our modules: the kernel's own suspects since boot
# are not ours; they are shown, then cleared (marked as seen).
echo scan >"$KMEMLEAK"
boot_leaks=$(grep -c '^unreferenced object' "$KMEMLEAK")
echo "# kmemleak before the modules: $boot_leaks suspects (the kernel's own; cleared)"
grep -A3 '^unreferenced object' "$KMEMLEAK" | head -n 24 | sed 's/^/#   boot leak: /'
echo clear >"$KMEMLEAK"
dmesg -c >/dev/null

# ---- the three modules ----------------------------------------------------------------
check "modprobe algbench" modprobe algbench
check "modprobe algbench_trace" modprobe algbench_trace
check "modprobe algbench_em" modprobe algbench_em

# ---- every job type: sync and async, one and all CPUs, inflight > 1 ---------------------
# (also the fuzzer's seeds)
# (ccm's IV starts with L-1, 1 to 7: the module's default IV, 0xa0 first,
# is refused in its check, so ccm gets one)
JOBS=(
	"type=aead alg=gcm(aes) keylen=16 size=4096 op=encrypt"
	"type=aead alg=ccm(aes) keylen=16 aad=16 size=1024 op=decrypt iv=03000102030405060708090a0b0c0d0e"
	"type=aead alg=rfc7539(chacha20,poly1305) keylen=32 size=512"
	"type=skcipher alg=cbc(aes) keylen=16 size=4096"
	"type=skcipher alg=xts(aes) keylen=32 size=4096 op=decrypt"
	"type=skcipher alg=ctr(aes) keylen=16 size=256"
	"type=ahash alg=sha256 size=4096"
	"type=ahash alg=hmac(sha512) keylen=64 size=1024"
	"type=acomp alg=deflate size=4096"
	"type=acomp alg=zstd size=4096 op=decompress"
	"type=acomp alg=lz4 size=2048 corpus=binary"
	"type=acomp alg=lzo size=4096 corpus=pattern"
)
SYNC_ONLY=(
	"type=shash alg=sha256 size=4096"
	"type=shash alg=hmac(sha256) keylen=32 size=64"
)
ran=0 failed=0
kjob() { # kjob LINE: one job; counts it, says why it failed
	local reply
	if reply=$(algbench kmod "$1" 2>&1) && grep -qx 'status=0' <<<"$reply" && grep -q '^ops=[1-9]' <<<"$reply"; then
		ran=$((ran + 1))
	else
		failed=$((failed + 1))
		echo "# job failed: $1: $(grep -E '^(error|reason)=' <<<"$reply" | tr '\n' ' ')"
	fi
}
for j in "${JOBS[@]}"; do
	for mode in "mode=sync" "mode=async inflight=4" "mode=async inflight=16"; do
		kjob "$j $mode cpus=0 ms=100"
		kjob "$j $mode cpus=all ms=100"
	done
done
for j in "${SYNC_ONLY[@]}"; do
	kjob "$j cpus=0 ms=100"
	kjob "$j cpus=all ms=100"
done
kjob "type=aead alg=gcm(aes) size=256 count=1000 cpus=all"
kjob "type=skcipher alg=cbc(aes) size=65536 mode=async inflight=8 cpus=all ms=100"
check "every job type, sync and async (inflight 4 and 16), on cpu0 and on all $ncpu CPUs: $ran jobs ran, $failed failed" \
	test "$failed" = 0 -a "$ran" -gt 0

# ---- a CPU goes offline and online during a job ---------------------------------------------
# The job holds the CPU's thread; whether offlining waits for the job's end or
# the job gives the CPU up, both must finish, cpu1 must come back, and the
# kernel must have nothing to say (checked at the end).
hp=/sys/devices/system/cpu/cpu1/online
hotplug_round() { # hotplug_round JOB: the job in the background, cpu1 off and on under it
	local line=$1 pj off_rc=0 on_rc=0 jrc=0 i
	algbench kmod "$line" >/tmp/hp.reply 2>&1 &
	pj=$!
	# until the job's threads exist (or the job has ended already)
	for i in $(seq 200); do
		grep -qx 'algbench/1' /proc/[0-9]*/comm 2>/dev/null && break
		kill -0 "$pj" 2>/dev/null || break
		sleep 0.1
	done
	sh -c "echo 0 >$hp" || off_rc=$?
	wait "$pj" || jrc=$?
	sh -c "echo 1 >$hp" || on_rc=$?
	echo "# hotplug: '$line': offline exit $off_rc, job exit $jrc ($(grep -E '^(status|error|reason|cpus)=' /tmp/hp.reply | tr '\n' ' ')), online exit $on_rc"
	[ "$off_rc" = 0 ] && [ "$on_rc" = 0 ] && [ "$(cat "$hp")" = 1 ] && grep -q '^status=' /tmp/hp.reply
}
if [ "$ncpu" -ge 2 ] && [ -w "$hp" ]; then
	check "cpu1 offline and online during a sync job on cpu1: both finish, cpu1 back" \
		hotplug_round "type=skcipher alg=cbc(aes) size=4096 ms=3000 cpus=1"
	check "cpu1 offline and online during an async job on all CPUs: both finish, cpu1 back" \
		hotplug_round "type=aead alg=gcm(aes) size=1024 mode=async inflight=8 ms=3000 cpus=all"
	ran=0 failed=0
	kjob "type=ahash alg=sha256 size=1024 cpus=all ms=100"
	check "after the hotplug rounds a job runs on all $ncpu CPUs" test "$ran" = 1
else
	skip "cpu1 offline and online during a job" "one CPU, or cpu1 cannot go offline"
fi

# ---- many openers against rmmod -------------------------------------------------------------
opener() { # opener N: N times open, write a job line (valid or not), read, close
	local i
	for ((i = 0; i < $1; i++)); do
		{
			if ((i % 2)); then echo "type=shash alg=sha256 size=64 ms=1"; else echo "type=nope"; fi >&3
			cat <&3 >/dev/null
		} 3<>"$DEV" 2>/dev/null
	done
	return 0
}
# busybox rmmod asks the kernel (delete_module(2), O_NONBLOCK); kmod's rmmod
# would read the reference count itself and not ask.
exec 7<>"$DEV" # held: the module must stay
pids=()
for _ in $(seq 50); do
	opener 20 &
	pids+=($!)
done
tries=0 refused=0 other=""
while [ -n "$(jobs -rp)" ]; do
	tries=$((tries + 1))
	if err=$(busybox rmmod algbench 2>&1); then
		other="rmmod succeeded while /dev/algbench was open"
		break
	fi
	case $err in
	*"Resource temporarily unavailable"* | *"Device or resource busy"*) refused=$((refused + 1)) ;;
	*) other=$err ;;
	esac
	[ "$tries" -lt 2000 ] || break
done
wait "${pids[@]}"
check "50 openers x 20 jobs with /dev/algbench held: rmmod refused each time ($refused of $tries tries; the kernel's EAGAIN)" \
	test "$refused" = "$tries" -a "$tries" -gt 0 -a -z "$other"
[ -z "$other" ] || echo "# rmmod: $other"
exec 7>&-
check "rmmod once every opener has closed" busybox rmmod algbench
check "/dev/algbench gone after rmmod" test ! -e "$DEV"
# The race itself: openers come and go while rmmod tries; either may win
# each time, nothing may break (the log is checked at the end).
check "modprobe algbench again" modprobe algbench
pids=()
for _ in $(seq 50); do
	opener 10 &
	pids+=($!)
done
unloads=0 tries=0
while [ -n "$(jobs -rp)" ] && [ "$tries" -lt 2000 ]; do
	tries=$((tries + 1))
	if busybox rmmod algbench 2>/dev/null; then
		unloads=$((unloads + 1))
		modprobe algbench
	fi
done
wait "${pids[@]}"
lsmod | grep -q '^algbench ' || modprobe algbench
echo "# race: $tries rmmod tries against 50 openers, $unloads unloads (reloaded each time)"
ran=0 failed=0
kjob "type=skcipher alg=cbc(aes) size=1024 cpus=all ms=100"
check "algbench.ko works after the open/rmmod race ($unloads unloads)" test "$ran" = 1

# ---- crypto_algs while algorithms register and unregister -------------------------------
# Algorithms and a template built as modules in the debug kernel
# (scripts/kernel/debug.config): each modprobe registers (and self-tests)
# them, each rmmod unregisters them.
ALG_MODS="sm4_generic md4 wp512 camellia_generic blowfish_generic pcbc"
reader() { # reader FILE: reads crypto_algs until FILE exists; counts reads and malformed lines
	local n=0 bad=0
	while [ ! -e "$1" ]; do
		bad=$((bad + $(grep -E -v -c '^0x[0-9a-f]+ [^ ]+ [^ ]+$' "$ALGS")))
		n=$((n + 1))
	done
	echo "$n $bad"
}
rm -f /tmp/algs.stop
reader /tmp/algs.stop >/tmp/algs.r1 &
r1=$!
reader /tmp/algs.stop >/tmp/algs.r2 &
r2=$!
cycles=0 seen=0
for i in $(seq 20); do
	# shellcheck disable=SC2086 # a list of module names
	modprobe -a $ALG_MODS || break
	# while loaded, the file lists them; after rmmod, not
	grep -q ' md4-generic md4$' "$ALGS" && grep -q ' wp512-generic wp512$' "$ALGS" && seen=$((seen + 1))
	# shellcheck disable=SC2086 # a list of module names
	modprobe -r -a $ALG_MODS || break
	grep -q ' md4$' "$ALGS" && break
	cycles=$((cycles + 1))
done
touch /tmp/algs.stop
wait $r1 $r2
read -r n1 bad1 </tmp/algs.r1
read -r n2 bad2 </tmp/algs.r2
check "20 register/unregister cycles of $ALG_MODS ($cycles done; listed while loaded $seen times, gone after each rmmod)" \
	test "$cycles" = 20 -a "$seen" = 20
check "crypto_algs read $((n1 + n2)) times meanwhile, every line 'POINTER DRIVER NAME' ($((bad1 + bad2)) malformed)" \
	test "$((n1 + n2))" -gt 0 -a "$((bad1 + bad2))" = 0

# ---- algbench_em.ko: update under its reader, unload, load ---------------------------------
upd=0
for i in $(seq 200); do echo $((900 + i % 400)) >"$EM/scale" && upd=$((upd + 1)); done
echo "100000 5000 200000 6000 300000 7000 400000 8000 500000 9000 600000 10000 700000 11000 800000 12000" >"$EM/table" &&
	upd=$((upd + 1))
(echo "100 5 100 6" >"$EM/table") 2>/dev/null || upd=$((upd + 1)) # refused, as it must be
check "algbench_em: 201 updates and a refused table ($upd of 202)" test "$upd" = 202
check "algbench_em: no torn table seen by its reader" test "$(awk '$1 == "torn" { print $2 }' "$EM/stats")" = 0
em_cycles=0
for i in 1 2 3 4 5; do
	if rmmod algbench_em && modprobe algbench_em && echo 1100 >"$EM/scale" && echo 900 >"$EM/scale"; then
		em_cycles=$((em_cycles + 1))
	else
		break
	fi
done
check "algbench_em: 5 unload/load/update cycles ($em_cycles)" test "$em_cycles" = 5

# ---- mutated job lines -----------------------------------------------------------------
# Seeds: the jobs above. Two writers at once (the module runs one job at a
# time; the other waits on its lock), each its own half and seed.
half=$((FUZZ_LINES / 2))
printf '%s\n' "${JOBS[@]}" "${SYNC_ONLY[@]}" >/tmp/seeds
algbench-jobfuzz --count "$half" --seed 1 </tmp/seeds >/tmp/fuzz1 2>/tmp/fuzz1.err &
f1=$!
algbench-jobfuzz --count "$((FUZZ_LINES - half))" --seed 2 </tmp/seeds >/tmp/fuzz2 2>/tmp/fuzz2.err &
f2=$!
frc1=0 frc2=0
wait $f1 || frc1=$?
wait $f2 || frc2=$?
sed 's/^/#   fuzz 1: /' /tmp/fuzz1 /tmp/fuzz1.err
sed 's/^/#   fuzz 2: /' /tmp/fuzz2 /tmp/fuzz2.err
fuzzed=$(cat /tmp/fuzz1 /tmp/fuzz2 | awk -F= '$1 == "lines" { s += $2 } END { print s + 0 }')
accepted=$(cat /tmp/fuzz1 /tmp/fuzz2 | awk -F= '$1 == "accepted" { s += $2 } END { print s + 0 }')
check "$fuzzed mutated job lines written ($accepted ran as jobs), every write answered (exit $frc1 $frc2)" \
	test "$frc1" = 0 -a "$frc2" = 0 -a "$fuzzed" -ge "$FUZZ_LINES"
ran=0 failed=0
kjob "type=aead alg=gcm(aes) size=256 cpus=all ms=100"
check "algbench.ko still runs a job after the fuzzing" test "$ran" = 1

# ---- unload, kmemleak, the log ------------------------------------------------------------
check "rmmod algbench algbench_trace algbench_em" rmmod algbench algbench_trace algbench_em
# kmemleak reports an object once it is older than 5 s and unreferenced in a
# scan: wait that long, then scan twice.
sleep 6
echo scan >"$KMEMLEAK"
echo scan >"$KMEMLEAK"
cat "$KMEMLEAK" >/tmp/kmemleak
leaks=$(grep -c '^unreferenced object' /tmp/kmemleak)
check "kmemleak: no unreferenced object after the run ($leaks)" test "$leaks" = 0
head -n 60 /tmp/kmemleak | sed 's/^/#   kmemleak: /'
# an unreadable log would count as one without reports
check "the kernel log can be read after the run" sh -c 'dmesg >/tmp/run.dmesg'
echo "# kernel log since the modules loaded: $(wc -l </tmp/run.dmesg) lines; reports per kind:"
for p in 'BUG:' 'WARNING:' 'KASAN' 'KFENCE' 'UBSAN' 'possible circular locking' 'possible recursive locking' \
	'inconsistent lock state' 'sleeping function called from invalid context' 'unreferenced object' \
	'ODEBUG' 'Oops' 'still has objects' 'suspicious RCU usage'; do
	echo "#   $p: $(grep -c -F "$p" /tmp/run.dmesg)"
done
reports=$(grep -E -c "$REPORTS" /tmp/run.dmesg)
check "kernel log: no KASAN, KFENCE, lockdep, UBSAN, debugobjects, WARNING or BUG report ($reports)" test "$reports" = 0
grep -E -B2 -A30 "$REPORTS" /tmp/run.dmesg | head -n 200 | sed 's/^/#   dmesg: /'
echo "# last lines of the kernel log:"
tail -n 8 /tmp/run.dmesg | sed 's/^/#   /'
tap_end
