#!/usr/bin/env bash
# algbench trace against the real counters (issue 14 item 3): one boot of the
# stats-on A/B kernel (6.1 with CONFIG_CRYPTO_STATS, no BTF, entry probes),
# where `algbench conform --trace` runs every exact-counter workload under
# trace's probes and compares each traced counter with GETSTAT's, per driver
# and its __ inner layer. See trace_xcheck_guest.sh.
. "$(dirname "$0")/../lib.sh"
# build-variants builds the kernel if it is not cached (as vm_ab_kernels does).
if ! root=$("$ALGBENCH_TOP/scripts/kernel/build-variants" --print-root stats-on 2>/dev/null); then
	echo "1..0 # SKIP the stats-on kernel cannot be built or found (scripts/kernel/build-variants --print-root stats-on)"
	exit 0
fi
rel=$(cat "$root/../release" 2>/dev/null)
# Without BTF, trace takes its offsets from algbench_trace.ko built against this tree.
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
check "no /sys/kernel/btf/vmlinux on stats-on (so offsets come from the module)" [ "$(fact btf)" = absent ]
check "algbench_trace.ko reports crypto_layout (11 members)" [ "$(fact layout_lines)" = 11 ]
check "trace's mode: entry kprobes with offsets from algbench_trace.ko" \
	grep -q '^# trace_ rows: algbench trace.s probes (kprobe entry, offsets from /sys/kernel/debug/algbench_trace/crypto_layout (algbench_trace.ko))' "$tap"
check "algbench conform --trace exits 0 (exit $(fact conform_rc))" [ "$(fact conform_rc)" = 0 ]
check "conform totals say fail:0" grep -q '^# Totals: pass:[0-9]* fail:0 ' "$tap"
n_rows=$(grep -Ec '^(not )?ok [0-9]+ trace_' "$tap")
n_pass=$(grep -Ec '^ok [0-9]+ trace_[^#]*$' "$tap")
check "all 14 trace_ rows ran and passed ($n_pass of $n_rows; none skipped)" [ "$n_rows" = 14 -a "$n_pass" = 14 ]
check "every compared counter is equal (no DIFFERENT line)" sh -c "! grep -q DIFFERENT '$tap'"
n_eq=$(grep -c ' equal' "$tap")
check "counters compared: $n_eq (each row: every GETSTAT counter of the driver and of its inner layer)" [ "$n_eq" -ge 100 ]
for d in generic-gcm-aesni __generic-gcm-aesni cbc-aes-aesni __cbc-aes-aesni; do
	check "$d: its own GETSTAT counters compared with its own traced row" \
		grep -Eq "^# $d +(encrypt|decrypt)_cnt +GETSTAT +\+16 traced +\+16 equal" "$tap"
done
check "badtag: decrypt_cnt GETSTAT +0, traced +1 = GETSTAT + err_cnt (entry probes count the failure)" \
	grep -Eq '^# generic-gcm-aesni +decrypt_cnt +GETSTAT +\+0 traced +\+1 equal \(GETSTAT \+ err_cnt' "$tap"
check "badtag: failed calls from \$retval-only probes (+2: outer and inner) = GETSTAT err_cnt of both layers" \
	grep -Eq '^# \(both layers, \$retval\) +err_cnt +GETSTAT +\+2 traced +\+2 equal' "$tap"
check "dmesg_clean passed with the probes in" grep -Eq '^ok [0-9]+ dmesg_clean' "$tap"
check "no event left behind after conform" [ "$(fact left_behind)" = none ]
check "algbench_trace.ko unloaded again after trace read its offsets" [ "$(fact trace_ko)" = unloaded ]
tap_end
