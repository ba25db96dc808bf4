#!/usr/bin/env bash
# Runs in the trace kernel's guest (see user_events.sh); writes to /results:
# ue.tap (user-events-test's TAP), run.json and markers.txt (an algbench run
# with its marker event and entry kprobes on the crypto API enabled in one
# trace instance), facts on stdout.
T=/sys/kernel/tracing
R=/results
I=instances/abmark
echo "release=$(uname -r)"
user-events-test >$R/ue.tap
echo "ue_rc=$?"

# Crypto API entry events of our own (group abmark; no BTF on this kernel,
# so no argument fields: each line is one call).
for f in crypto_aead_encrypt crypto_aead_decrypt crypto_ahash_digest crypto_ahash_update \
	crypto_ahash_final crypto_ahash_finup; do
	echo "p:abmark/${f#crypto_} $f" >>$T/kprobe_events || echo "kprobe_$f=refused"
done
mkdir $T/$I
echo 1 >$T/$I/events/abmark/enable
# user-events-test hold: registers algbench's marker format and enables it in
# the instance for as long as the run lasts; the run reuses that tracepoint.
# The trace is read inside the hold: once the event is gone the kernel can no
# longer decode its records ("Unknown type N").
user-events-test hold $I -- sh -c "algbench run --backend afalg --alg 'gcm(aes)' --keys 128 \
	--mode sendmsg --op encrypt --sizes 4096 --seconds 0.0002 --repeats 2 --warmup 0 \
	--json $R/run.json >$R/run.out && cp $T/$I/trace $R/markers.txt" >$R/hold.out 2>$R/hold.err
echo "run_rc=$?"
echo 0 >$T/$I/events/abmark/enable
sed -n 's/^tracepoint=/tracepoint=/p' $R/hold.out
rmdir $T/$I
for f in crypto_aead_encrypt crypto_aead_decrypt crypto_ahash_digest crypto_ahash_update \
	crypto_ahash_final crypto_ahash_finup; do
	echo "-:abmark/${f#crypto_}" >>$T/kprobe_events
done
echo "left=$(grep -c abmark $T/kprobe_events)"
