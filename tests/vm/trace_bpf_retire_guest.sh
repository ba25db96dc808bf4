#!/usr/bin/env bash
# Runs in the guest (trace_bpf_retire.sh). TAP. One traced command that,
# three times, makes a template instance, cbc(twofish-generic), counts 300
# encryptions on it, unloads twofish_generic (the kernel unregisters the
# cipher and destroys the instance: crypto_destroy_instance), loads
# serpent_generic and counts 700 encryptions on a new instance,
# cbc(serpent-generic), and unloads that in turn. The instances (and the
# ecb ones the self-tests make) come from one kmalloc size, so a new one
# may get a destroyed one's address: a kprobe on crypto_destroy_instance
# and one on crypto_register_instance show whether it did. Keyed by the
# address, the BPF engine must still give each name its own count. Then the
# tracefs engine on the same command: the counts of algorithms gone before
# it read them, under no name but "(unregistered alg 0x...)".
. /opt/algbench/tests/lib.sh
out=$(mktemp -d)
T=/sys/kernel/tracing
tap_begin
echo "# kernel: $(uname -r)"
job() { echo "type=skcipher alg=cbc($1-generic) keylen=16 size=4096 op=encrypt count=$2"; }
check "twofish_generic loaded, serpent_generic not" \
	sh -c '[ -e /sys/module/twofish_generic ] && [ ! -e /sys/module/serpent_generic ]'
# The addresses, from kprobes of a group of our own (not algbench trace's);
# +184 is offsetof(struct crypto_alg, cra_driver_name) on x86-64 (two list
# heads, six 32-bit fields, cra_name[128]), checked below by the names read.
echo 'p:abretire/destroy crypto_destroy_instance alg=%di:x64 name=+184(%di):string' >>$T/kprobe_events &&
	echo 'p:abretire/register crypto_register_instance inst=%si:x64 name=+184(%si):string' >>$T/kprobe_events &&
	echo 1 >$T/events/abretire/enable
# shellcheck disable=SC2320 # $? is the && chain's: every write above succeeded
check "kprobes on crypto_destroy_instance and crypto_register_instance" [ $? = 0 ]
: >$T/trace

# Three rounds: twofish's instances made, used and destroyed, then serpent's, and so on.
cmd="set -e"
for _ in 1 2 3; do
	cmd+="; algbench kmod '$(job twofish 300)' >>$out/a.kmod; rmmod twofish_generic; modprobe serpent_generic"
	cmd+="; algbench kmod '$(job serpent 700)' >>$out/b.kmod; rmmod serpent_generic; modprobe twofish_generic"
done
algbench trace --engine bpf --json "$out/t.json" -- sh -c "$cmd" 2>"$out/t.err"
check "trace --engine bpf -- 3 x (twofish job; rmmod; modprobe; serpent job; rmmod; modprobe): exit 0" [ $? = 0 ]
sed 's/^/# /' "$out/t.err"
echo 0 >$T/events/abretire/enable
grep -E ' (destroy|register): ' $T/trace | sed 's/^ *//; s/^/# kprobe: /'
check "the kprobes read the instances' names" grep -q 'register: .* name="cbc(twofish-generic)"' $T/trace
check "the jobs ran their counts (3 x 300, 3 x 700)" \
	sh -c "[ \"\$(grep -cx ops=300 $out/a.kmod)\" = 3 ] && [ \"\$(grep -cx ops=700 $out/b.kmod)\" = 3 ]"

drow() { jq -r --arg d "$1" '[.drivers[] | select(.driver == $d) | .encrypt_cnt] | if length == 1 then .[0] else "rows:\(length)" end' "$out/t.json"; }
tf=$(drow 'cbc(twofish-generic)') sp=$(drow 'cbc(serpent-generic)')
echo "# cbc(twofish-generic) encrypt_cnt $tf, cbc(serpent-generic) encrypt_cnt $sp"
jq -r '.drivers[] | "# row: \(.driver) enc \(.encrypt_cnt) dec \(.decrypt_cnt)"' "$out/t.json"
# Each count: the job's, plus at most the set-up's own calls (the instance's self-tests).
# (a serpent job merged into a twofish row would put it at 1600 or more, and the reverse)
check "cbc(twofish-generic): one row, 900 to 1199 encryptions (its 3 jobs, not a serpent job too)" \
	sh -c "[ '$tf' -ge 900 ] 2>/dev/null && [ '$tf' -lt 1200 ]"
check "cbc(serpent-generic): one row of its own, 2100 to 2399 encryptions" \
	sh -c "[ '$sp' -ge 2100 ] 2>/dev/null && [ '$sp' -lt 2400 ]"
check "ecb(twofish-generic), ecb(serpent-generic): the self-tests' calls only (< 300 each: no job merged in)" \
	jqok '[.drivers[] | select(.driver | test("^ecb\\((twofish|serpent)-generic\\)$")) | .encrypt_cnt < 300] | (length == 2 and all)' "$out/t.json"
# Did an address come back under another name? Each destroyed instance
# against every instance registered after it (the checks above are the
# point; this says whether the run put them to the test).
reuse=$(awk '/ destroy: \(crypto_destroy_instance/ { for (i = 1; i <= NF; i++) if ($i ~ /^alg=/) a = substr($i, 5); gone[a] = $NF }
	/ register: \(crypto_register_instance/ { for (i = 1; i <= NF; i++) if ($i ~ /^inst=/) a = substr($i, 6)
		if ((a in gone) && gone[a] != $NF) print gone[a] " -> " $NF " at " a }' $T/trace)
echo "$reuse" | sed 's/^/# reused: /'
if [ -n "$reuse" ]; then
	ok "an instance was registered at a destroyed one's address under another name ($(echo "$reuse" | wc -l) times): the rows did not merge"
else
	skip "a new instance at an old address" "the allocator gave other addresses this time: the rows are separate, not tested against reuse"
fi
echo '-:abretire/destroy' >>$T/kprobe_events
echo '-:abretire/register' >>$T/kprobe_events

# The tracefs engine on the same command: it names its hists' alg pointers
# only when it reads them, here once, after every cbc instance is gone. Their
# counts must not take a name: they are "(unregistered alg 0x...)" rows.
algbench trace --engine tracefs --json "$out/f.json" -- sh -c "$cmd" 2>"$out/f.err"
check "trace --engine tracefs -- the same command: exit 0" [ $? = 0 ]
sed 's/^/# /' "$out/f.err"
jq -r '.drivers[] | "# tracefs row: \(.driver) enc \(.encrypt_cnt)"' "$out/f.json"
check "tracefs: no row named after an instance unregistered before the read" \
	jqok '[.drivers[] | select(.driver | test("^cbc\\((twofish|serpent)-generic\\)$"))] | length == 0' "$out/f.json"
check "tracefs: the jobs' 3000 encryptions kept, in (unregistered alg 0x...) rows" \
	jqok '[.drivers[] | select(.driver | test("^\\(unregistered alg 0x[0-9a-f]+\\)$")) | .encrypt_cnt] | add >= 3000' "$out/f.json"
check "tracefs: algbench_trace.ko unloaded after" sh -c '! grep -q "^algbench_trace " /proc/modules'
tap_end
