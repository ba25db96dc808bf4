#!/usr/bin/env bash
# Runs in the guest (see trace_bpf.sh): algbench trace's BPF engine, TAP.
# With BTF (Debian's 6.12 and 6.1, the A/B kernels): the issue's run gives rows; on the same
# deterministic algbench.ko count= jobs --engine bpf gives what --engine
# tracefs gives, row by row and counter by counter; failed tag checks are
# err_cnt; run --trace with the bpf engine; the fallback reasons (not root,
# BTF hidden). Without BTF (the trace kernel): --engine bpf refuses,
# auto says why and counts with tracefs.
. /opt/algbench/tests/lib.sh
out=$(mktemp -d)
tap_begin
uname -r | sed 's/^/# kernel: /'
# The deterministic jobs: each does exactly count= timed operations besides
# its set-up's own calls, which are the same in every run once the
# algorithms exist (the first run instantiates them and runs their self-tests).
jobs=('type=aead alg=gcm(aes) keylen=16 size=4096 op=encrypt count=1000'
	'type=aead alg=gcm(aes) keylen=16 size=4096 op=decrypt count=1000'
	'type=skcipher alg=cbc(aes) keylen=16 size=4096 op=encrypt count=500'
	'type=skcipher alg=cbc(aes) keylen=16 size=4096 op=decrypt count=500'
	'type=ahash alg=sha256 size=4096 count=1000'
	'type=acomp alg=deflate size=4096 op=compress count=100'
	'type=acomp alg=deflate size=4096 op=decompress count=100')
# rows FILE: the drivers' counters, one line each, sorted (err_cnt as given: null or N)
rows() { jq -r '.drivers[] | [.driver, .encrypt_cnt, .encrypt_tlen, .decrypt_cnt, .decrypt_tlen,
	.hash_cnt, .hash_tlen, .compress_cnt, .compress_tlen, .decompress_cnt, .decompress_tlen,
	(.outer // "-")] | @tsv' "$1" | sort; }

if [ ! -e /sys/kernel/btf/vmlinux ]; then
	expect_status "no BTF: --engine bpf refuses (exit 1)" 1 \
		sh -c 'algbench trace --engine bpf -- true 2>/tmp/nobtf.err'
	sed 's/^/# /' /tmp/nobtf.err
	check "no BTF: the reason names /sys/kernel/btf/vmlinux and CONFIG_DEBUG_INFO_BTF" \
		grep -q 'no /sys/kernel/btf/vmlinux (a kernel without CONFIG_DEBUG_INFO_BTF)' /tmp/nobtf.err
	algbench trace --json "$out/auto.json" -- algbench kmod "${jobs[4]}" >/dev/null 2>"$out/auto.err"
	check "no BTF: auto exits 0 with the tracefs engine" [ $? = 0 ]
	sed 's/^/# /' "$out/auto.err"
	check "no BTF: auto says why not bpf" grep -q '^algbench trace: not the BPF engine: .*no /sys/kernel/btf/vmlinux' "$out/auto.err"
	check "no BTF: JSON engine tracefs, bpf_unavailable set" \
		jqok '.engine == "tracefs" and (.bpf_unavailable | test("CONFIG_DEBUG_INFO_BTF"))' "$out/auto.json"
	tap_end
	exit
fi

# The issue's run through AF_ALG and algbench.ko: the table, exit 0.
algbench trace --engine bpf --json "$out/run.json" -- algbench run --backend afalg,kmod \
	--alg 'gcm(aes),sha256' --keys 128 --sizes 4096 --threads 1 --seconds 0.05 --repeats 3 \
	--warmup 0 --json /tmp/r.json >/dev/null 2>"$out/run.err"
check "trace --engine bpf -- algbench run (afalg,kmod) exits 0" [ $? = 0 ]
sed 's/^/# /' "$out/run.err"
check "the run: engine bpf, exact mode" jqok '.engine == "bpf" and .return_probes' "$out/run.json"
check "the run: gcm(aes) and sha256 rows with counts" \
	jqok '([.drivers[] | select(.encrypt_cnt > 0 and .decrypt_cnt > 0 and (.internal | not))] | length >= 1)
	and ([.drivers[] | select(.hash_cnt > 0)] | length >= 1)' "$out/run.json"
check "the run: every __ inner row counts what its outer driver counts" jqok '. as $r |
	[$r.drivers[] | select(.outer) as $i | $r.drivers[] | select(.driver == $i.outer) |
	(.encrypt_cnt == $i.encrypt_cnt and .decrypt_cnt == $i.decrypt_cnt)] | all' "$out/run.json"
check "the run: err_cnt 0 everywhere" jqok '[.drivers[].err_cnt == 0] | all' "$out/run.json"

# bpf = tracefs on the same deterministic jobs (primed once, untraced).
algbench kmod "${jobs[@]}" >/dev/null 2>&1
for e in bpf tracefs bpf-fast; do
	opt=(--engine "${e%-fast}")
	[ "$e" = bpf-fast ] && opt+=(--fast)
	algbench trace "${opt[@]}" --json "$out/$e.json" -- algbench kmod "${jobs[@]}" >"$out/$e.kmod" 2>"$out/$e.err"
	check "kmod jobs under --engine $e: exit 0" [ $? = 0 ]
	grep -v '^algbench trace: user_events' "$out/$e.err" | sed 's/^/# /'
	rows "$out/$e.json" >"$out/$e.rows"
done
ops=$(sed -n 's/^ops=//p' "$out/bpf.kmod" | paste -sd' ')
check "the kmod jobs ran their counts ($ops)" [ "$ops" = "1000 1000 500 500 1000 100 100" ]
check "bpf = tracefs, row by row ($(wc -l <"$out/bpf.rows") rows)" cmp -s "$out/bpf.rows" "$out/tracefs.rows"
check "bpf --fast = tracefs, row by row" cmp -s "$out/bpf-fast.rows" "$out/tracefs.rows"
diff "$out/bpf.rows" "$out/tracefs.rows" | sed 's/^/# diff: /'
sed 's/^/# bpf: /' "$out/bpf.rows"
drv=$(sed -n 's/^driver=//p' "$out/bpf.kmod" | head -1)
check "bpf: $drv encrypt_cnt >= 1000, __ inner equal" jqok --arg d "$drv" \
	'([.drivers[] | select(.driver == $d)][0].encrypt_cnt >= 1000) and
	 ([.drivers[] | select(.driver == "__" + $d)][0].encrypt_cnt == [.drivers[] | select(.driver == $d)][0].encrypt_cnt)' "$out/bpf.json"
check "bpf: deflate compress and decompress counted" \
	jqok '[.drivers[] | select(.compress_cnt >= 100 and .decompress_cnt >= 100)] | length == 1' "$out/bpf.json"
check "bpf: err_cnt 0 (exact mode)" jqok '[.drivers[].err_cnt == 0] | all' "$out/bpf.json"
check "bpf --fast: err_cnt n/a" jqok '([.drivers[].err_cnt == null] | all) and (.return_probes | not)' "$out/bpf-fast.json"

# Failed tag checks: -EBADMSG is err_cnt, not decrypt_cnt (exact mode).
algbench trace --engine bpf --json "$out/bad.json" -- algbench-badtag 7 2>"$out/bad.err"
check "badtag: exit 0" [ $? = 0 ]
check "badtag: err_cnt 7, decrypt_cnt 0, decrypt_tlen 0 on the outer driver and its inner layer" \
	jqok '[.drivers[] | select(.err_cnt > 0) | [.err_cnt, .decrypt_cnt, .decrypt_tlen] == [7, 0, 0]] | (length == 2 and all)' "$out/bad.json"

# run --trace with the bpf engine: each job's own counters, exactly ops + KAT + warm-up op.
algbench run --trace --trace-engine bpf --backend afalg --alg 'gcm(aes),sha256' --keys 128 \
	--sizes 4096 --seconds 0.05 --repeats 2 --warmup 0 --json /tmp/rt.json >/dev/null 2>"$out/rt.err"
check "run --trace --trace-engine bpf exits 0" [ $? = 0 ]
jq -r '.results[] | (if .op == "digest" then "hash_cnt" else "\(.op)_cnt" end) as $c |
	.driver as $d | (([.samples[].ops] | add) + 1 + .threads) as $want |
	"\(.mode) \(.op) \($d) \($want) \([.trace.drivers[] | select(.driver == $d) | .[$c]] | add) \(.trace.mode | split(" ")[0])"' \
	/tmp/rt.json >"$out/rt.rows"
n=0
while read -r mode op dr want got tmode; do
	n=$((n + 1))
	check "run --trace (bpf): $mode $op $dr: the job's own count $got = ops + 1 + threads ($want)" \
		sh -c "[ '$got' = '$want' ] && [ '$tmode' = bpf ]"
done <"$out/rt.rows"
check "run --trace (bpf): 8 jobs checked" [ "$n" = 8 ]

# Fallback reasons. Not root: bpf refuses and says so; auto then tries tracefs (root's too).
cp "$(command -v algbench)" /tmp/algbench-user && chmod 755 /tmp/algbench-user
su -s /bin/sh nobody -c '/tmp/algbench-user trace --engine bpf -- true' 2>"$out/user.err"
check "not root: --engine bpf exits 1" [ $? = 1 ]
sed 's/^/# /' "$out/user.err"
check "not root: the reason says not root" grep -q 'BPF engine: .*not permitted: not root' "$out/user.err"
su -s /bin/sh nobody -c '/tmp/algbench-user trace -- true' 2>"$out/user2.err"
check "not root: auto gives the BPF reason, then tracefs's own" \
	sh -c "grep -q 'not the BPF engine: .*not root' $out/user2.err && [ \$(grep -c '^algbench trace: ' $out/user2.err) -ge 3 ]"
sed 's/^/# /' "$out/user2.err"
# BTF hidden (a tmpfs over /sys/kernel/btf): bpf refuses, auto falls back to tracefs.
mount -t tmpfs none /sys/kernel/btf
expect_status "BTF hidden: --engine bpf exits 1" 1 sh -c "algbench trace --engine bpf -- true 2>$out/nobtf.err"
check "BTF hidden: the reason names the missing BTF" grep -q 'no /sys/kernel/btf/vmlinux' "$out/nobtf.err"
algbench trace --json "$out/auto.json" -- true 2>"$out/auto.err"
check "BTF hidden: auto runs the tracefs engine and says why" \
	sh -c "grep -q 'not the BPF engine: .*no /sys/kernel/btf/vmlinux' $out/auto.err && jq -e '.engine == \"tracefs\"' $out/auto.json >/dev/null"
umount /sys/kernel/btf
algbench trace --json "$out/auto2.json" -- true 2>/dev/null
check "BTF back: auto picks bpf" jqok '.engine == "bpf" and .bpf_unavailable == null' "$out/auto2.json"
tap_end
