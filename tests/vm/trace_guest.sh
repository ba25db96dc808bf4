#!/usr/bin/env bash
# Runs in the guest (see trace.sh): algbench trace, TAP. On a kernel whose
# tracefs README offers $arg<N> in return probes (6.12): exact counts against
# algbench.ko count= jobs, the brief's run, Ctrl-C clean-up, a clashing group.
# Without it (6.1): the entry-probe fallback and the kernel's own reason.
# shellcheck source=trace_guest_lib.sh
. /opt/algbench/tests/vm/trace_guest_lib.sh

# field DRIVER NAME FILE: a counter of one driver in trace's JSON (null when unavailable)
field() { jq -r --arg d "$1" ".drivers[] | select(.driver == \$d) | .$2" "$3"; }
# traced NAME ARGS...: algbench trace --json $out/NAME.json -- algbench kmod ARGS
traced() { local n=$1; shift; algbench trace --json "$out/$n.json" "${TRACE_OPTS[@]}" -- algbench kmod "$@" >"$out/$n.kmod" 2>"$out/$n.err"; }

# algbench.ko count= jobs do exactly N timed operations; their set-up's own
# calls are the count=0 job's, so N = (count=N) - (count=0), exactly.
gcm='type=aead alg=gcm(aes) keylen=16 size=4096'
sha='type=ahash alg=sha256 size=4096'
exact_counts() { # exact_counts LABEL ERR_CNT (0, or null without return probes)
	local style=$1 err=$2 drv hdrv ops
	traced base "$gcm op=encrypt count=0" "$gcm op=decrypt count=0" "$sha count=0"
	traced n "$gcm op=encrypt count=1000" "$gcm op=decrypt count=1000" "$sha count=1000"
	sed 's/^/# /' "$out/n.err"
	drv=$(sed -n 's/^driver=//p' "$out/n.kmod" | head -1)
	hdrv=$(sed -n 's/^driver=//p' "$out/n.kmod" | tail -1)
	ops=$(sed -n 's/^ops=//p' "$out/n.kmod" | paste -sd' ')
	d() { echo $(($(field "$1" "$2" "$out/n.json") - $(field "$1" "$2" "$out/base.json"))); }
	check "$style: the kmod jobs ran 1000 ops each ($ops)" [ "$ops" = "1000 1000 1000" ]
	check "$style: $drv encrypt_cnt +1000 ($(d "$drv" encrypt_cnt))" [ "$(d "$drv" encrypt_cnt)" = 1000 ]
	check "$style: $drv encrypt_tlen +1000*4096" [ "$(d "$drv" encrypt_tlen)" = 4096000 ]
	check "$style: $drv decrypt_cnt +1000" [ "$(d "$drv" decrypt_cnt)" = 1000 ]
	check "$style: $drv decrypt_tlen +1000*(4096+16)" [ "$(d "$drv" decrypt_tlen)" = 4112000 ]
	check "$style: $hdrv hash_cnt +1000" [ "$(d "$hdrv" hash_cnt)" = 1000 ]
	check "$style: $hdrv hash_tlen +1000*4096" [ "$(d "$hdrv" hash_tlen)" = 4096000 ]
	check "$style: err_cnt $err" [ "$(field "$drv" err_cnt "$out/n.json")" = "$err" ]
	check "$style: __$drv is the inner layer of $drv" \
		[ "$(field "__$drv" outer "$out/n.json")" = "$drv" ]
	check "$style: no event left behind" no_group
	check "$style: hist keyed by the alg pointer, named from algbench_trace.ko's crypto_algs" \
		grep -q '"mode": "[^"]*keyed by alg pointer, names from /sys/kernel/debug/algbench_trace/crypto_algs"' "$out/n.json"
	check "$style: every row named (no unregistered or reused alg)" \
		[ "$(jq '[.drivers[] | select(.driver | startswith("("))] | length' "$out/n.json")" = 0 ]
	check "$style: algbench_trace.ko unloaded after" sh -c '! grep -q "^algbench_trace " /proc/modules'
}

TRACE_OPTS=(--engine tracefs)
if grep -q 'kernel return probes support: $retval, $arg<N>' $T/README; then
	exact_counts fprobe 0
	check "fprobe: mode is fprobe %return" grep -q '"mode": "fprobe %return' "$out/n.json"
	TRACE_OPTS=(--engine tracefs --kprobe)
	exact_counts kprobe 0
	check "kprobe: mode is kprobe return" grep -q '"mode": "kprobe return' "$out/n.json"
	TRACE_OPTS=(--engine tracefs)

	# Failing tag checks through AF_ALG: -EBADMSG is err_cnt, not decrypt_cnt.
	algbench trace --engine tracefs --json "$out/bad.json" -- algbench-badtag 7 2>"$out/bad.err"
	check "badtag: exit 0" [ $? = 0 ]
	sed 's/^/# /' "$out/bad.err"
	bdrv=$(jq -r '[.drivers[] | select(.internal | not) | select(.encrypt_cnt > 0)][0].driver' "$out/bad.json")
	check "badtag: $bdrv err_cnt 7" [ "$(field "$bdrv" err_cnt "$out/bad.json")" = 7 ]
	check "badtag: $bdrv decrypt_cnt 0, encrypt_cnt 1, decrypt_tlen 0" \
		[ "$(field "$bdrv" decrypt_cnt "$out/bad.json") $(field "$bdrv" encrypt_cnt "$out/bad.json") $(field "$bdrv" decrypt_tlen "$out/bad.json")" = "0 1 0" ]
	# The issue's run (default warm-up: untimed ops the run does not report):
	# the table, outer >= reported ops, the inner layer equal to the outer.
	algbench trace --engine tracefs --json "$out/run.json" -- algbench run --backend afalg,kmod \
		--alg 'gcm(aes),sha256' --keys 128 --sizes 4096 --seconds 0.05 --repeats 2 \
		--json /tmp/r.json >/dev/null 2>"$out/run.err"
	check "trace -- algbench run (afalg,kmod) exits 0" [ $? = 0 ]
	sed 's/^/# /' "$out/run.err"
	inner_eq=$(jq '. as $r | [$r.drivers[] | select(.outer) as $i | $r.drivers[] | select(.driver == $i.outer) |
		(.encrypt_cnt == $i.encrypt_cnt and .decrypt_cnt == $i.decrypt_cnt)] | all' "$out/run.json")
	check "every __ inner row counts what its outer driver counts" [ "$inner_eq" = true ]
	# Exact through AF_ALG with --warmup 0: each job makes its known-answer op
	# and one warm-up op per thread (the harness's do-while) besides the
	# samples it reports, so traced = sum over jobs of (ops + 1 + threads).
	algbench trace --engine tracefs --json "$out/afalg.json" -- algbench run --backend afalg \
		--alg 'gcm(aes),sha256' --keys 128 --sizes 4096 --seconds 0.05 --repeats 2 \
		--warmup 0 --json /tmp/a.json >/dev/null 2>"$out/afalg.err"
	sed 's/^/# /' "$out/afalg.err"
	for op in encrypt decrypt digest; do
		c=$([ $op = digest ] && echo hash_cnt || echo ${op}_cnt)
		jq -r --arg op $op '[.results[] | select(.op == $op)] | group_by(.driver)[] |
			"\(.[0].driver) \([.[] | ([.samples[].ops] | add) + 1 + .threads] | add) \(length)"' \
			/tmp/a.json >"$out/want"
		while read -r dr want jobs; do
			got=$(field "$dr" $c "$out/afalg.json")
			check "afalg $op: $dr $c $got = reported ops + KAT + warm-up over $jobs jobs ($want)" [ "$got" = "$want" ]
		done <"$out/want"
	done

	# Ctrl-C: SIGINT to trace while CMD runs; the group must be gone after.
	algbench trace --engine tracefs -- sleep 30 2>"$out/int.err" & pid=$!
	for _ in $(seq 600); do [ -e $T/events/algbench ] && break; sleep 0.1; done
	check "probes are in place while CMD runs" [ -e $T/events/algbench/aead_enc ]
	kill -INT $pid; wait $pid; rc=$?
	check "SIGINT: exit 130 (got $rc)" [ $rc = 130 ]
	check "SIGINT: no event left behind" no_group
	algbench trace --engine tracefs -- sleep 30 2>/dev/null & pid=$!
	for _ in $(seq 600); do [ -e $T/events/algbench ] && break; sleep 0.1; done
	kill -TERM $pid; wait $pid; rc=$?
	check "SIGTERM: exit 143 (got $rc), no event left behind" sh -c "[ $rc = 143 ] && ! [ -e $T/events/algbench ]"
else
	exact_counts entry null
	sed 's/^/# /' "$out/n.err"
	check "no \$arg<N>: entry probes" grep -q '"mode": "[a-z]* entry' "$out/n.json"
	check "err_cnt unavailable, quoting the kernel's error_log" \
		[ "$(jq '.err_cnt_unavailable | test("error: ")' "$out/n.json")" = true ]
	jq -r .err_cnt_unavailable "$out/n.json" | sed 's/^/# reason: /'
fi

# run --trace: each result carries its own job's counters (between two
# readings of the same hists): through AF_ALG with --warmup 0 exactly the
# job's ops + its known-answer op + one warm-up op per thread.
algbench run --trace --trace-engine tracefs --backend afalg --alg 'gcm(aes),sha256' --keys 128 --sizes 4096 \
	--seconds 0.05 --repeats 2 --warmup 0 --json /tmp/rt.json >/dev/null 2>"$out/rt.err"
check "run --trace exits 0" [ $? = 0 ]
sed 's/^/# /' "$out/rt.err"
jq -r '.results[] | (if .op == "digest" then "hash_cnt" else "\(.op)_cnt" end) as $c |
	.driver as $d | (([.samples[].ops] | add) + 1 + .threads) as $want |
	"\(.mode) \(.op) \($d) \($want) \([.trace.drivers[] | select(.driver == $d) | .[$c]] | add)"' \
	/tmp/rt.json >"$out/rt.rows"
while read -r mode op dr want got; do
	check "run --trace: $mode $op $dr: the job's own count $got = ops + 1 + threads ($want)" [ "$got" = "$want" ]
done <"$out/rt.rows"
check "run --trace: 8 jobs checked (3 modes x encrypt, decrypt; 2 x digest)" [ "$(wc -l <"$out/rt.rows")" = 8 ]
check "run --trace: results without a trace: none" [ "$(jq '[.results[] | select(.trace == null)] | length' /tmp/rt.json)" = 0 ]
check "run --trace: no event left behind" no_group

# Common to both (Debian's kernels have no CONFIG_USER_EVENTS): the runs
# above went as elsewhere, and trace said why there are no job markers.
check "user_events: trace says why the job markers are unavailable" \
	grep -q '^algbench trace: user_events: unavailable: .*user_events_data is absent: a kernel without CONFIG_USER_EVENTS' "$out/n.err"

# Common to both: a clashing group is refused and left alone.
echo 'p:algbench/someone_else crypto_aead_encrypt' >>$T/kprobe_events
expect_status "an existing algbench group: refused" 1 algbench trace --engine tracefs -- true
expect_status "run --trace with the group taken: refused before any job" 1 \
	algbench run --trace --trace-engine tracefs --backend afalg --alg sha256 --json /tmp/x.json
algbench trace --engine tracefs -- true 2>&1 | sed 's/^/# /'
check "the other probe is untouched" grep -q 'algbench/someone_else' $T/kprobe_events
echo '-:algbench/someone_else' >>$T/kprobe_events
expect_status "no command: usage error" 2 algbench trace --

# Last, since a boot cannot undo it: module loading disabled, so no
# algbench_trace.ko to name alg pointers. The hists are keyed by driver
# name as before, the mode says why, and AF_ALG (its modules loaded above)
# still counts.
echo 1 >/proc/sys/kernel/modules_disabled
algbench trace --engine tracefs --json "$out/nomod.json" -- algbench run --backend afalg \
	--alg 'gcm(aes)' --keys 128 --sizes 16 --seconds 0.01 --repeats 1 --warmup 0 \
	--json /tmp/nm.json >/dev/null 2>"$out/nomod.err"
check "no algbench_trace.ko: trace exits 0" [ $? = 0 ]
sed 's/^/# /' "$out/nomod.err"
check "no algbench_trace.ko: keyed by driver name, the reason in the mode" \
	grep -q '"mode": "[^"]*keyed by driver name copied per call (no alg pointer keys: .*algbench_trace' "$out/nomod.json"
check "no algbench_trace.ko: the gcm(aes) driver counted by name" \
	[ "$(jq '[.drivers[] | select(.encrypt_cnt > 0) | select(.driver | startswith("(") | not)] | length > 0' "$out/nomod.json")" = true ]
check "no algbench_trace.ko: no event left behind" no_group
tap_end
