#!/usr/bin/env bash
# Runs in the guest (tests/vm/kmod.sh boots it): algbench.ko loaded, every
# type sync and async on one and on all CPUs, bad job lines rejected with a
# reason, two writers, rmmod during a run, unload/reload cycles without a
# leak, and no WARN/BUG/Oops in dmesg at the end. TAP.
. "$(dirname "$0")/../lib.sh"
DEV=/dev/algbench       # the control device: write a job line, read its reply
R=/tmp/algbench.reply    # the last reply job() read
MS=${KMOD_TEST_MS:-200}
ncpu=$(grep -c '^processor' /proc/cpuinfo)
dmesg -c >/dev/null

field() { sed -n "s/^$1=//p" "$R"; }
job() { # LINE: one job on its own open file of the device, the reply in $R; the write's status
	local rc=0
	exec 3<>"$DEV" || return 1
	printf '%s\n' "$*" >&3 2>/dev/null || rc=1
	cat <&3 >"$R"
	exec 3>&-
	return $rc
}

# run_ok NAME JOB: the job succeeds with ops on every requested CPU
run_ok() {
	local name=$1 line=$2 want_threads=$3 st
	if ! job "$line"; then
		not_ok "$name: $(field error) $(field reason)"
		return
	fi
	st=$(field status)
	local ops threads percpu
	ops=$(field ops) threads=$(field threads)
	percpu=$(grep -c '^cpu[0-9]*\.ops=[1-9]' "$R")
	if [ "$st" = 0 ] && [ "${ops:-0}" -gt 0 ] && [ "$threads" = "$want_threads" ] && [ "$percpu" = "$want_threads" ]; then
		ok "$name: $(field driver) check=$(field check) ops=$ops threads=$threads"
	else
		not_ok "$name: status=$st ops=$ops threads=$threads cpus-with-ops=$percpu"
	fi
}

# run_err NAME ERRNO JOB: the write fails, the reply names the error and why
run_err() {
	local name=$1 want=$2 line=$3
	if job "$line"; then
		not_ok "$name: accepted, want $want"
	elif [ "$(field error)" = "$want" ] && [ -n "$(field reason)" ]; then
		ok "$name: $want ($(field reason))"
	else
		not_ok "$name: error=$(field error), want $want ($(field reason))"
	fi
}

kmalloc_bytes() { # bytes in kmalloc caches' active objects
	awk '/^kmalloc-/ { s += $2 * $4 } END { print s + 0 }' /proc/slabinfo
}

check "modprobe algbench" modprobe algbench
check "/dev/algbench: a character device, root's, mode 600" \
	test -c "$DEV" -a "$(stat -c '%a %u' "$DEV")" = "600 0"
check "debugfs keeps only the read-only result (diagnostics), no writable control file" \
	test -r /sys/kernel/debug/algbench/result -a ! -e /sys/kernel/debug/algbench/run

# ---- every type, sync and async, on one and on all CPUs --------------------------
JOBS=(
	"aead-encrypt|type=aead alg=gcm(aes) keylen=16 size=4096 op=encrypt"
	"aead-decrypt|type=aead alg=gcm(aes) keylen=16 aad=16 size=1024 op=decrypt"
	"skcipher-encrypt|type=skcipher alg=cbc(aes) keylen=16 size=4096"
	"skcipher-decrypt|type=skcipher alg=xts(aes) keylen=32 size=4096 op=decrypt"
	"ahash|type=ahash alg=sha256 size=4096"
	"acomp-deflate|type=acomp alg=deflate size=4096"
	"acomp-zstd-decompress|type=acomp alg=zstd size=4096 op=decompress"
)
for j in "${JOBS[@]}"; do
	name=${j%%|*} line=${j#*|}
	for mode in "mode=sync" "mode=async inflight=4"; do
		run_ok "$name ${mode%% *} cpus=0" "$line $mode cpus=0 ms=$MS" 1
		run_ok "$name ${mode%% *} cpus=all" "$line $mode cpus=all ms=$MS" "$ncpu"
	done
done
run_ok "shash sync cpus=0" "type=shash alg=sha256 size=4096 cpus=0 ms=$MS" 1
run_ok "shash sync cpus=all" "type=shash alg=hmac(sha256) keylen=32 size=4096 cpus=all ms=$MS" "$ncpu"
run_err "shash async is refused (shash has no async interface)" EINVAL "type=shash alg=sha256 mode=async"
for a in lzo lz4; do
	run_ok "acomp-$a sync cpus=0" "type=acomp alg=$a size=4096 cpus=0 ms=$MS" 1
	run_ok "acomp-$a async cpus=all" "type=acomp alg=$a size=4096 mode=async inflight=4 cpus=all ms=$MS" "$ncpu"
done
job "type=acomp alg=deflate size=65536 corpus=text ms=$MS"
ratio_text=$(awk -v s="$(field size)" -v c="$(field csize)" 'BEGIN { printf "%.2f", s / c }')
job "type=acomp alg=deflate size=65536 corpus=binary ms=$MS"
ratio_bin=$(awk -v s="$(field size)" -v c="$(field csize)" 'BEGIN { printf "%.2f", s / c }')
check "corpora compress (deflate: text $ratio_text:1, binary $ratio_bin:1)" \
	awk -v t="$ratio_text" -v b="$ratio_bin" 'BEGIN { exit !(t > 2 && b > 1.3 && b < 4) }'

# ---- correctness comes first ------------------------------------------------------
job "type=shash alg=sha256 size=64 ms=$MS"
check "sha256 checked against its built-in vector" test "$(field check)" = vector
check "the debugfs result file (diagnostics, read-only) holds the same reply" cmp -s /sys/kernel/debug/algbench/result "$R"
digest=$(field out_head)
run_ok "expect= with the right digest" "type=ahash alg=sha256 size=64 ms=$MS expect=$digest" 1
run_err "expect= with a wrong digest is not timed" EBADMSG "type=ahash alg=sha256 size=64 expect=00112233"
check "the failed job reports no time" sh -c "! grep -q '^ops=' $R"

# ---- bad job lines: errors with a reason, never an oops ---------------------------
run_err "unknown key" EINVAL "type=aead alg=gcm(aes) colour=blue"
run_err "unknown type" EINVAL "type=cipher alg=aes"
run_err "no alg" EINVAL "type=aead"
run_err "not key=value" EINVAL "hello"
run_err "empty line" EINVAL ""
run_err "algorithm the kernel lacks" ENOENT "type=aead alg=gcm(nosuchcipher)"
run_err "wrong type for the algorithm" ENOENT "type=aead alg=sha256"
run_err "size=0" EINVAL "type=skcipher alg=cbc(aes) size=0"
run_err "size over the limit" EINVAL "type=skcipher alg=cbc(aes) size=99999999"
run_err "size not a block multiple" EINVAL "type=skcipher alg=cbc(aes) size=15"
run_err "acomp size over the scratch size" EINVAL "type=acomp alg=deflate size=1048576"
run_err "key size the cipher refuses" EINVAL "type=skcipher alg=cbc(aes) keylen=7"
run_err "op of another type" EINVAL "type=aead alg=gcm(aes) op=digest"
run_err "inflight without async" EINVAL "type=aead alg=gcm(aes) inflight=4"
run_err "inflight over the limit" EINVAL "type=aead alg=gcm(aes) mode=async inflight=1000"
run_err "offline CPU" EINVAL "type=aead alg=gcm(aes) cpus=$ncpu"
run_err "bad CPU list" EINVAL "type=aead alg=gcm(aes) cpus=x-y"
run_err "ms=0" EINVAL "type=aead alg=gcm(aes) ms=0"
run_err "adata= with a longer aad= (was: reads past the 64-byte adata)" EINVAL "type=aead alg=gcm(aes) adata=00 aad=4096"
run_err "aad= then a shorter adata=" EINVAL "type=aead alg=gcm(aes) aad=4096 adata=00"
run_err "adata= over its 64 bytes" EINVAL "type=aead alg=gcm(aes) adata=$(printf '00%.0s' $(seq 65))"
run_ok "adata= with the same aad=" "type=aead alg=gcm(aes) adata=0011 aad=2 size=64 ms=$MS" 1
if [ "$ncpu" -ge 2 ]; then
	# 64 MiB per thread is allowed, 64 MiB on each of 2 CPUs is over the total
	run_err "memory over the total across CPUs" EINVAL "type=skcipher alg=cbc(aes) size=1048576 mode=async inflight=32 cpus=all"
fi
run_err "count= not reached within ms=" ETIMEDOUT "type=skcipher alg=cbc(aes) size=65536 count=100000000 ms=200"
run_err "count= with warmup_ms=" EINVAL "type=aead alg=gcm(aes) count=10 warmup_ms=0"
run_err "count= not a multiple of inflight" EINVAL "type=ahash alg=sha256 mode=async inflight=4 count=10"
run_err "count= over the limit" EINVAL "type=ahash alg=sha256 count=4000000000"
run_err "keyed hash without a key" EINVAL "type=shash alg=hmac(sha256)"
run_err "odd expect hex" EINVAL "type=shash alg=sha256 expect=abc"
run_err "line too long" EINVAL "type=aead alg=$(printf 'x%.0s' $(seq 1100))"

# ---- count=: exactly N operations per thread, no warm-up; count=0 only checks --------
if job "type=aead alg=gcm(aes) size=256 count=1000 cpus=all"; then
	check "count=1000 cpus=all: ops is 1000 x $ncpu, each CPU 1000, warmup_ms=0" \
		test "$(field ops) $(grep -c '^cpu[0-9]*\.ops=1000$' "$R") $(field warmup_ms) $(field count)" = "$((1000 * ncpu)) $ncpu 0 1000"
else
	not_ok "count=1000 cpus=all: $(field error) $(field reason)"
fi
if job "type=acomp alg=deflate size=4096 mode=async inflight=4 count=8"; then
	check "count=8 inflight=4: 8 ops, the check ran (check=$(field check))" \
		test "$(field ops) $(field status) $(field check)" = "8 0 roundtrip"
else
	not_ok "count=8 inflight=4: $(field error) $(field reason)"
fi
if job "type=skcipher alg=cbc(aes) count=0"; then
	check "count=0: the correctness check only, ops=0, a driver named" \
		test "$(field ops) $(field status) $(field check)" = "0 0 roundtrip" -a -n "$(field driver)"
else
	not_ok "count=0: $(field error) $(field reason)"
fi

# CPU hotplug during a job (an offline does not wait for it, the job whose CPU
# goes offline is cancelled): tests/vm/kmod_hotplug_guest.sh.

# ---- two writers at once: serialised, each reads its own result -------------------
writer() { # SIZE: one job on its own file descriptor, prints the size it got back
	exec 3<>"$DEV"
	echo "type=skcipher alg=cbc(aes) size=$1 ms=$MS" >&3 && sed -n 's/^size=//p' <&3
	exec 3>&-
}
writer 512 >/tmp/w1 & p1=$!
writer 2048 >/tmp/w2 & p2=$!
wait $p1 $p2
check "two writers, each its own result" test "$(cat /tmp/w1) $(cat /tmp/w2)" = "512 2048"

# ---- rmmod during a run: refused, the run goes on; a signal stops it --------------
# (SIGTERM: a non-interactive shell's background jobs ignore SIGINT)
( job "type=skcipher alg=cbc(aes) size=4096 ms=20000 cpus=all" ) 2>/dev/null &
pw=$!
sleep 2
check "rmmod during a run is refused" sh -c '! rmmod algbench 2>/dev/null'
kill -TERM $pw
t0=$(date +%s)
wait $pw
check "a signal stops the run within 5 s" test $(($(date +%s) - t0)) -le 5
# the writer died of the signal before it could read its reply: the last
# result is in the diagnostics file, whoever ran it
check "the stopped run says so (debugfs result)" \
	test "$(sed -n 's/^error=//p' /sys/kernel/debug/algbench/result)" = EINTR
check "rmmod after the run" rmmod algbench

# ---- the user-space client and the kmod backend ------------------------------------
# A run that loads algbench.ko unloads it at the end; one loaded before stays.
check "algbench.ko not loaded before the next run" test ! -e /sys/module/algbench
check "run --backend kmod loads algbench.ko for its job" \
	algbench run --backend kmod --mode sync --alg sha256 --sizes 64 --threads 1 --seconds 0.02 \
	--warmup 0 --repeats 1 --json /tmp/unload.json
check "... which ran (KAT pass)" jq -e '.results[0].status == "ok" and .results[0].kat == "pass"' /tmp/unload.json
check "... and the run unloaded it at the end: /sys/module/algbench is gone" test ! -e /sys/module/algbench
check "algbench kmod runs a job line" sh -c "algbench kmod 'type=aead alg=gcm(aes) size=64 ms=20' | grep -qx status=0"
expect_status "algbench kmod: a refused job exits 1" 1 sh -c "algbench kmod 'type=foo' >/dev/null 2>&1"
check "algbench run --backend kmod: every type, KAT against OpenSSL, JSON" \
	algbench run --backend kmod --alg 'gcm(aes),cbc(aes),sha256,hmac(sha256),deflate,lz4,zstd,lzo' \
	--mode sync,async --sizes 1024 --threads 1,all --seconds 0.05 --warmup 0 --repeats 2 --quiet --json /tmp/kmod.json
json_ok() {
	jq -e '(.results | length) >= 32 and all(.results[]; .backend == "kmod" and .kat == "pass" and
		(.samples | length) == 2 and .samples[0].ops > 0) and ([.results[].type] | unique | length) == 4' \
		/tmp/kmod.json >/dev/null
}
if [ "$ncpu" -ge 2 ] && command -v taskset >/dev/null; then
	taskset -c 1 algbench run --backend kmod --alg 'cbc(aes)' --sizes 64 --threads 1 --seconds 0.02 \
		--warmup 0 --repeats 1 --quiet --json /tmp/taskset.json >/dev/null 2>&1
	# its last job's reply is the diagnostics file's (not $R: job() did not run it)
	tcpus=$(sed -n 's/^cpus=//p' /sys/kernel/debug/algbench/result)
	check "kmod backend under taskset -c 1 runs on cpu1 (cpus=$tcpus)" test "$tcpus" = 1
fi
check "JSON: $(jq '.results | length' /tmp/kmod.json) results, every one kmod, KAT pass, 2 samples with ops, 4 types" json_ok
check "a run that found algbench.ko loaded (by algbench kmod) leaves it loaded" test -e /sys/module/algbench

# Ctrl-C to algbench during a long kmod sample: the module stops its threads,
# algbench exits 130 at once and names the job it did not save.
algbench run --backend kmod --alg sha256 --sizes 64 --seconds 8 --repeats 1 --warmup 0 \
	--quiet --json /tmp/sig.json 2>/tmp/sig.err &
pid=$!
# Signal once the job runs in the kernel (its algbench/N kthreads exist),
# not while algbench is still starting: on a loaded host that takes seconds.
for _ in $(seq 100); do cat /proc/[0-9]*/comm 2>/dev/null | grep -q '^algbench/' && break; sleep 0.1; done
t0=$(date +%s)
kill -INT "$pid"
rc=0
wait "$pid" || rc=$?
check "SIGINT during an 8 s kmod sample: exit 130 (got $rc) within 5 s" test "$rc" = 130 -a $(($(date +%s) - t0)) -le 5
check "the stopped kmod job is named and not saved" sh -c \
	'grep -q "kmod sync sha256 64 B stopped by signal 2; not saved" /tmp/sig.err && jq -e "(.results | length) == 0" /tmp/sig.json >/dev/null'

# ---- load, run every type, unload, again: no leak -----------------------------------
cycle() { # every step must do what it should: load, 5 jobs run, 1 refused, unload
	modprobe algbench || { echo "# cycle: modprobe failed"; return 1; }
	for l in "type=aead alg=gcm(aes) size=4096" "type=skcipher alg=cbc(aes) size=4096 mode=async" \
		"type=shash alg=sha256" "type=ahash alg=sha256 mode=async" "type=acomp alg=lz4"; do
		job "$l cpus=all ms=50" || { echo "# cycle: '$l' failed: $(field reason)"; rmmod algbench; return 1; }
	done
	if job "type=aead alg=nope cpus=all ms=50" || [ "$(field error)" != ENOENT ]; then
		echo "# cycle: alg=nope was not refused with ENOENT"
		rmmod algbench
		return 1
	fi
	rmmod algbench || { echo "# cycle: rmmod failed"; return 1; }
}
check "a load/run/unload cycle" cycle
before=$(kmalloc_bytes)
cycles=0
for _ in 1 2 3 4 5; do cycle && cycles=$((cycles + 1)); done
after=$(kmalloc_bytes)
check "5 load/run/unload cycles, each whole ($cycles of 5)" test "$cycles" = 5
check "5 load/run/unload cycles: kmalloc bytes $before -> $after (growth < 256 KiB)" \
	test $((after - before)) -lt 262144
check "reload after the cycles" modprobe algbench
run_ok "runs after reload" "type=aead alg=gcm(aes) size=256 ms=$MS cpus=all" "$ncpu"
check "final unload" rmmod algbench

kernel_log_clean "kernel log has no WARN, BUG, Oops or leak" 'WARNING|BUG|refcount_t|leak|hung_task|stack-protector'
tap_end
