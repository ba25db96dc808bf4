#!/usr/bin/env bash
# algbench trace against the real counters (issue 14 item 3, issue 22 item
# 4): one boot of the stats-on A/B kernel (6.1 with CONFIG_CRYPTO_STATS, BTF,
# entry kprobes), where `algbench conform --trace` runs every exact-counter
# workload under trace's probes and compares each traced counter with
# GETSTAT's, per driver and its __ inner layer: once with the engine auto
# picks (BPF: fentry + errors-only fexit, err_cnt per driver) and once with
# --trace-engine tracefs. See trace_xcheck_guest.sh.
. "$(dirname "$0")/../lib.sh"
# build-variants builds the kernel if it is not cached (as vm_ab_kernels does).
if ! root=$("$ALGBENCH_TOP/scripts/kernel/build-variants" --print-root stats-on 2>/dev/null); then
	skip_all "the stats-on kernel cannot be built or found (scripts/kernel/build-variants --print-root stats-on)"
fi
rel=$(cat "$root/../release" 2>/dev/null)
# The guest reads algbench_trace.ko's crypto_layout (a fact) and tracefs uses the module.
skip_unless_built algbench_trace.ko "$root/lib/modules/$rel"
share=$(mktemp -d)
trap 'rm -rf "$share"' EXIT
tap_begin
# One vCPU, as vm_trace (probes patch kernel text; see trace.sh).
rc=0
out=$(nice -n 19 "$VMRUN" --kernel stats-on --smp 1 --share "$share" -- \
	bash /opt/algbench/tests/vm/trace_xcheck_guest.sh 2>"$share/vm.err") || rc=$?
sed 's/^/#   /' <<<"$out"
[ "$rc" = 0 ] || sed 's/^/#   vm: /' "$share/vm.err"
check "guest ran (exit $rc)" [ "$rc" = 0 ]
tap=$share/conform-trace.tap
sed -n 's/^/#   conform: /p' "$tap"

check "stats-on: uname -r is $rel" [ "$(fact release)" = "$rel" ]
check "stats-on has /sys/kernel/btf/vmlinux (scripts/kernel/bpf.config)" [ "$(fact btf)" = present ]
check "algbench_trace.ko reports crypto_layout (11 members)" [ "$(fact layout_lines)" = 11 ]

# xcheck_common TAP ENGINE: what both engines' runs must show.
xcheck_common() {
	local tap=$1 e=$2 n_rows n_pass n_eq d
	check "$e: algbench conform --trace exits 0 (exit $(fact "conform${3:-}_rc"))" [ "$(fact "conform${3:-}_rc")" = 0 ]
	check "$e: conform totals say fail:0" grep -q '^# Totals: pass:[0-9]* fail:0 ' "$tap"
	n_rows=$(grep -Ec '^(not )?ok [0-9]+ trace_' "$tap")
	n_pass=$(grep -Ec '^ok [0-9]+ trace_[^#]*$' "$tap")
	check "$e: all 14 trace_ rows ran and passed ($n_pass of $n_rows; none skipped)" [ "$n_rows" = 14 -a "$n_pass" = 14 ]
	check "$e: every compared counter is equal (no DIFFERENT line)" sh -c "! grep -q DIFFERENT '$tap'"
	n_eq=$(grep -c ' equal' "$tap")
	check "$e: counters compared: $n_eq (each row: every GETSTAT counter of the driver and of its inner layer)" [ "$n_eq" -ge 100 ]
	for d in generic-gcm-aesni __generic-gcm-aesni cbc-aes-aesni __cbc-aes-aesni; do
		check "$e: $d: its own GETSTAT counters compared with its own traced row" \
			grep -Eq "^# $d +(encrypt|decrypt)_cnt +GETSTAT +\+16 traced +\+16 equal" "$tap"
	done
	check "$e: dmesg_clean passed with the probes in" grep -Eq '^ok [0-9]+ dmesg_clean' "$tap"
}

tap=$share/conform-trace.tap
check "auto picks the BPF engine here (fentry + errors-only fexit, CO-RE against the kernel's BTF)" \
	grep -q '^# probes: bpf fentry + errors-only fexit, CO-RE against /sys/kernel/btf/vmlinux' "$tap"
xcheck_common "$tap" bpf
for d in generic-gcm-aesni __generic-gcm-aesni; do
	check "bpf: badtag on $d: err_cnt GETSTAT +1 traced +1, decrypt_cnt +0 on both (exact: the error is no operation)" \
		sh -c "grep -Eq '^# $d +err_cnt +GETSTAT +\+1 traced +\+1 equal' '$tap' &&
			sed -n '/trace_gcm_aes_decrypt/,/trace_gcm_aes_badtag/p' '$tap' |
			grep -Eq '^# $d +decrypt_cnt +GETSTAT +\+0 traced +\+0 equal'"
done
check "bpf: no 'not the BPF engine' note" sh -c "! grep -q 'not the BPF engine' '$tap' '$share/conform-trace.err'"

tap=$share/conform-trace-tracefs.tap
sed -n 's/^/#   conform (tracefs): /p' "$tap"
check "tracefs: entry kprobes (6.1: no \$arg<N> in return probes), offsets from BTF, keyed by alg pointer, names from crypto_algs" \
	grep -q '^# trace_ rows: algbench trace.s probes (kprobe entry, offsets from /sys/kernel/btf/vmlinux, keyed by alg pointer, names from /sys/kernel/debug/algbench_trace/crypto_algs)' "$tap"
xcheck_common "$tap" tracefs _tracefs
check "tracefs: badtag: decrypt_cnt GETSTAT +0, traced +1 = GETSTAT + err_cnt (entry probes count the failure)" \
	grep -Eq '^# generic-gcm-aesni +decrypt_cnt +GETSTAT +\+0 traced +\+1 equal \(GETSTAT \+ err_cnt' "$tap"
check "tracefs: badtag: failed calls from \$retval-only probes (+2: outer and inner) = GETSTAT err_cnt of both layers" \
	grep -Eq '^# \(both layers, \$retval\) +err_cnt +GETSTAT +\+2 traced +\+2 equal' "$tap"
check "no event left behind after both runs" [ "$(fact left_behind)" = none ]
check "algbench_trace.ko unloaded again after trace" [ "$(fact trace_ko)" = unloaded ]
tap_end
