#!/usr/bin/env bash
# Runs in an 8-vCPU guest (tests/vm/smp8.sh): the pinned-thread harness puts
# one thread on each of CPUs 0..7 (per_cpu names each exactly once, the
# harness checks sched_getcpu() after pinning), the barrier releases all (every
# CPU has ops in every sample), algbench.ko's cpus=all starts one kthread per
# CPU and a signal stops them all; the harness's own time between windows
# (harness_ns) at 1, 2, 4, 8 threads is printed as TAP comments. TAP.
. "$(dirname "$0")/../lib.sh"
tap_begin
ncpu=$(grep -c '^processor' /proc/cpuinfo)
check "the guest has 8 CPUs" [ "$ncpu" = 8 ]
jqok() { jq -e "$@" >/dev/null; }

# ---- the harness: 1, 2, 4, 8 pinned threads ----------------------------------------
rc=0
algbench run --backend openssl --alg sha256 --sizes 256 --threads 1,2,4,all --seconds 0.05 \
	--warmup 0.01 --repeats 4 --json /tmp/h.json >/tmp/h.out 2>/tmp/h.err || rc=$?
check "harness run at 1, 2, 4, 8 threads exits 0 (got $rc)" [ "$rc" = 0 ]
sed 's/^/#   /' /tmp/h.out /tmp/h.err
check "four jobs, all ok" jqok '[.results[] | select(.status == "ok")] | length == 4' /tmp/h.json
check "8 threads: per_cpu names CPUs 0..7 exactly once in every sample" \
	jqok '[.results[] | select(.threads == 8) | .samples[] | [.per_cpu[].cpu] | sort == [range(8)]] |
		length == 4 and all' /tmp/h.json
check "every thread count: CPUs 0..N-1, each once" \
	jqok 'all(.results[]; .threads as $t | all(.samples[]; ([.per_cpu[].cpu] | sort) == [range($t)]))' /tmp/h.json
check "the barrier releases all: every CPU has ops > 0 in every sample" \
	jqok 'all(.results[].samples[].per_cpu[]; .ops > 0 and .ns > 0)' /tmp/h.json
check "per_cpu sums to each sample's ops" jqok 'all(.results[].samples[]; .ops == ([.per_cpu[].ops] | add))' /tmp/h.json
jq -r '.results[] | "# harness_ns at \(.threads) threads: samples 2..\(.samples | length): \([.samples[1:][].harness_ns] | map(tostring) | join(" ")) (median \([.samples[1:][].harness_ns] | sort | .[length / 2 | floor]))"' /tmp/h.json
# the table's summary (stdout) compares each thread count with 1 thread
check "the summary's scaling line: N=2, N=4 and N=8 against 1 thread" \
	grep -Eq '^# scaling openssl evp sha256 digest 256: T\(N\)/\(N\*T\(1\)\) N=2 [0-9.]+, N=4 [0-9.]+, N=8 [0-9.]+' /tmp/h.out

# ---- algbench.ko: cpus=all is one kthread per CPU -----------------------------------
R=/tmp/algbench.reply # the reply of the job line algbench kmod sent to /dev/algbench
field() { sed -n "s/^$1=//p" "$R"; }
check "modprobe algbench" modprobe algbench
if algbench kmod "type=skcipher alg=cbc(aes) keylen=16 size=1024 ms=50 cpus=all" >"$R"; then
	check "cpus=all: threads=8 and ops on 8 CPUs" \
		test "$(field threads) $(grep -c '^cpu[0-7]\.ops=[1-9]' "$R")" = "8 8"
else
	not_ok "cpus=all: $(field error) $(field reason)"
fi
algbench run --backend kmod --alg 'cbc(aes)' --keys 128 --op encrypt --sizes 1024 --threads all \
	--seconds 0.05 --warmup 0 --repeats 2 --quiet --json /tmp/k.json 2>/dev/null
check "kmod backend, threads all: per_cpu is CPUs 0..7 with ops > 0, every sample" \
	jqok '.results[0].status == "ok" and (.results[0].samples | length) == 2 and
		all(.results[0].samples[]; ([.per_cpu[].cpu] | sort) == [range(8)] and all(.per_cpu[]; .ops > 0))' /tmp/k.json

kthreads() { grep -lx 'algbench/[0-9]*' /proc/[0-9]*/comm 2>/dev/null | wc -l; }
# (SIGTERM: a non-interactive shell's background jobs ignore SIGINT)
( exec 3<>/dev/algbench && echo "type=skcipher alg=cbc(aes) size=4096 ms=20000 cpus=all" >&3 ) 2>/dev/null &
pw=$!
n=0
for _ in $(seq 50); do n=$(kthreads); [ "$n" = 8 ] && break; sleep 0.2; done
check "a cpus=all run has 8 algbench/N kthreads (saw $n)" [ "$n" = 8 ]
kill -TERM $pw
t0=$(date +%s)
wait $pw
check "a signal stops the run within 5 s" test $(($(date +%s) - t0)) -le 5
# its writer died of the signal before reading the reply: the debugfs result
# (diagnostics) holds the last result, whoever ran it
check "the stopped run says EINTR" test "$(sed -n 's/^error=//p' /sys/kernel/debug/algbench/result)" = EINTR
n=$(kthreads)
check "no algbench kthread is left after the signal (saw $n)" [ "$n" = 0 ]
check "rmmod after the run" rmmod algbench
kernel_log_clean "no WARN/BUG/Oops in the kernel log"
tap_end
