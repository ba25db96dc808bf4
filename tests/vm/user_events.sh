#!/usr/bin/env bash
# user_events job markers on the trace kernel (scripts/kernel/build-variants
# trace: 6.12 with CONFIG_USER_EVENTS), one boot: user-events-test's group
# (two formats of algbench_sample side by side, enable bits, writes,
# unregistering one; a subtest here), then an algbench run whose markers are
# recorded with entry kprobes on the crypto API in one trace instance: each
# sample's start and end bracket exactly its own operations.
# SKIPs when the trace kernel has not been built (scripts/test builds it).
. "$(dirname "$0")/../lib.sh"
tap_begin
if [ ! -d "$ALGBENCH_CACHE/kernels/trace/boot" ]; then
	skip_all "the trace kernel is not built (scripts/kernel/build-variants --print-root trace; minutes)"
fi
share=$(mktemp -d)
trap 'rm -rf "$share"' EXIT

# One vCPU, as tests/vm/trace.sh: patching kprobes in under multi-threaded TCG oopsed once.
boot_guest "trace kernel" "$share" --kernel trace --smp 1 --share "$share" -- bash /opt/algbench/tests/vm/user_events_guest.sh
check "guest ran (exit $rc)" [ "$rc" = 0 ]
rel=$(fact release)
check "the trace kernel booted ($rel)" [ "${rel%-algbench-trace}" != "$rel" ]

# user-events-test's TAP as a subtest
sed 's/^/    /' "$share/ue.tap"
check "user-events-test: exit 0, 19 pass, 0 fail (exit $(fact ue_rc))" \
	sh -c "[ '$(fact ue_rc)' = 0 ] && grep -q '^# Totals: pass:19 fail:0 ' '$share/ue.tap'"

tp=$(fact tracepoint)
check "algbench run under the markers exits 0 (exit $(fact run_rc))" [ "$(fact run_rc)" = 0 ]
sed 's/^/#   run: /' "$share/hold.err"
check "the marker event is multi-format: $tp" grep -Eq '^user_events_multi/algbench_sample\.[0-9a-f]+$' <<<"$tp"
m=$share/markers.txt
name=${tp#user_events_multi/}
grep -E " $name: |aead_encrypt" "$m" | head -n 12 | sed 's/^/#   trace: /'
# numbers print as "phase=0x1 (1)"
n_phase() { grep -c " $name: .* phase=0x$1 ($1) " "$m"; }
check "the run's markers are in the trace: job begin 1, sample begin 2, sample end 2, job end 1" \
	[ "$(n_phase 0) $(n_phase 1) $(n_phase 2) $(n_phase 3)" = "1 2 2 1" ]
check "its fields name the job: backend=afalg op=encrypt alg=gcm(aes) size=4096 key_bits=128" \
	grep -q " $name: size=0x1000 (4096) .*key_bits=0x80 (128) backend=afalg mode=sendmsg op=encrypt alg=gcm(aes)" "$m"
# Per sample: the aead_encrypt events between its begin and end marker, and
# the ops its end marker reports; the run's JSON has the same ops.
awk -v tp=" $name: " '
	index($0, tp) && / phase=0x1 / { inside = 1; n = 0; next }
	index($0, tp) && / phase=0x2 / { match($0, /ops=0x[0-9a-f]+ \([0-9]+\)/); s = substr($0, RSTART, RLENGTH); sub(/.*\(/, "", s); sub(/\)/, "", s); print n, s; inside = 0; next }
	inside && / aead_encrypt: / { n++ }' "$m" >"$share/samples"
json_ops=$(jq -r '.results[0].samples[].ops' "$share/run.json" | paste -sd' ')
check "the end markers' ops are the run's reported samples ($json_ops)" \
	[ "$(cut -d' ' -f2 "$share/samples" | paste -sd' ')" = "$json_ops" ]
per_op=$(awk '$2 > 0 && $1 % $2 == 0 { print $1 / $2; next } { print "x" }' "$share/samples" | sort -u)
check "inside each sample window, crypto_aead_encrypt calls = ops x $per_op (the same for both samples)" \
	grep -Eq '^[12]$' <<<"$per_op"
check "the abmark probes are removed" [ "$(fact left)" = 0 ]
tap_end
