#!/usr/bin/env bash
# User-Mode Linux as a substrate (docs/uml.md): the uml-stats-on and
# uml-stats-off kernels of scripts/kernel/build-variants, one boot each
# through scripts/vm/run: uname, one CPU and User Mode Linux in /proc/cpuinfo,
# the variant's CONFIG_CRYPTO_STATS, an AF_ALG digest, the --share folder
# (hostfs, confined to it: the host's /etc cannot be mounted, hostfs's / is
# the share), one algbench.ko job with its KAT passed and `virtualized: uml` in
# the result, algbench conform, and GETSTAT: counters on uml-stats-on, -ENOTSUPP
# on uml-stats-off. Then the runner's refusals (--smp 2, --icount, an x86
# driver in --modules) and its exit status and timeout contract under UML.
# Builds nothing (scripts/test builds the pair before cmake): SKIPs when the
# pair is not built (scripts/kernel/build-variants --print-root uml-stats-on,
# then uml-stats-off) or algbench.ko was not built for it (re-run cmake).
# In an ASan build only the runner's refusal of that build is checked.
. "$(dirname "$0")/../lib.sh"
ABC_SHA256=ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad
BUILD=${ALGBENCH_BUILD_DIR:-$ALGBENCH_TOP/build}

for v in uml-stats-on uml-stats-off; do
	ls "$ALGBENCH_CACHE/kernels/$v/boot/linux-"* >/dev/null 2>&1 ||
		skip_all "the $v kernel is not built ($ALGBENCH_CACHE/kernels/$v): run scripts/kernel/build-variants --print-root $v (minutes), then re-run cmake"
done
tap_begin

# An ASan build's programs cannot run under UML (the loader lands in ASan's
# shadow range): the runner refuses such a build, and that is all to check.
if [ -n "${ALGBENCH_SANITIZED:-}" ]; then
	err=$("$VMRUN" --kernel uml-stats-off -- true 2>&1 >/dev/null) && rc=0 || rc=$?
	err=$(grep '^vm: ' <<<"$err")
	check "an AddressSanitizer build under UML is refused with exit 2 and the reason ($err)" \
		eval '[ "$rc" = 2 ] && grep -q "AddressSanitizer build" <<<"$err"'
	tap_end
	exit
fi

for v in uml-stats-on uml-stats-off; do
	root=$(cd "$ALGBENCH_CACHE/kernels/$v" && pwd -P)
	rel=$(basename "$(ls "$root"/boot/linux-*)")
	rel=${rel#linux-}
	share=$(mktemp -d)
	boot_guest "$v" "$share" --kernel "$v" --share "$share" -- sh /opt/algbench/tests/vm/uml_guest.sh
	check "$v: guest ran under UML (exit $rc)" [ "$rc" = 0 ]
	check "$v: uname -r is $rel and names the variant" \
		[ "$(fact release)" = "$rel" -a "${rel%-algbench-"$v"}" != "$rel" ]
	check "$v: /proc/cpuinfo says User Mode Linux, one CPU" \
		[ "$(fact vendor)" = "User Mode Linux" -a "$(fact cpus)" = 1 ]
	want=y
	[ "$v" = uml-stats-off ] && want="unset"
	check "$v: /boot/config-REL has CONFIG_CRYPTO_STATS $want" [ "$(fact config_crypto_stats)" = "$want" ]
	check "$v: AF_ALG sha256(\"abc\") via kcapi-dgst is the FIPS 180-2 digest" \
		[ "$(fact sha256_abc)" = "$ABC_SHA256" ]
	check "$v: no x86 crypto driver (generic C only): $(fact drivers)" \
		eval '! grep -Eq "aesni|ssse3|avx|clmul" <<<"$(fact drivers)"'
	check "$v: the --share folder is the host's, both ways (hostfs)" \
		[ "$(fact share_rw)" = uml -a "$(cat "$share/share-probe" 2>/dev/null)" = uml ]
	check "$v: hostfs cannot mount the host's /etc ($(fact hostfs_etc))" [ "$(fact hostfs_etc)" = refused ]
	check "$v: hostfs's / is the share, not the host's / ($(fact hostfs_root))" \
		eval '[[ " $(fact hostfs_root) " == *" share-probe "* && " $(fact hostfs_root) " != *" etc "* ]]'
	if [ -f "$BUILD/kmod/$rel/algbench.ko" ]; then
		sed 's/^/#   kmod: /' "$share/kmod.log" 2>/dev/null
		check "$v: algbench run --backend kmod exits 0 (exit $(fact kmod_rc))" [ "$(fact kmod_rc)" = 0 ]
		check "$v: its cbc(aes) jobs passed the KAT, ran ops, on the generic driver" \
			jqok '(.results | length) >= 1 and all(.results[]; .backend == "kmod" and .kat == "pass"
				and .samples[0].ops > 0 and (.driver | test("generic")))' "$share/kmod.json"
		check "$v: the result records virtualized: uml, one CPU" \
			jqok '.run.host.virtualized == "uml" and .run.host.nproc == 1' "$share/kmod.json"
	else
		skip "$v: algbench.ko job" "algbench.ko not built for $rel in $BUILD/kmod (re-run cmake after the UML kernels are built)"
	fi
	tap=$share/conform.tap
	sed 's/^/#   conform: /' "$tap" 2>/dev/null
	check "$v: algbench conform exits 0 (exit $(fact conform_rc))" [ "$(fact conform_rc)" = 0 ]
	check "$v: conform totals say fail:0" grep -q '^# Totals: pass:[0-9]* fail:0 ' "$tap"
	gs=$(fact getstat_sha256)
	if [ "$v" = uml-stats-on ]; then
		check "$v: GETSTAT sha256 answers with counters (reply type 0x15)" \
			grep -Eq '^reply type=21 hash_cnt=[0-9]+ hash_tlen=[0-9]+ err_cnt=[0-9]+$' <<<"$gs"
		check "$v: conform's exact-counter rows ran, none skipped" \
			[ "$(grep -Ec '^ok [0-9]+ counters_' "$tap")" -ge 1 -a "$(grep -Ec '^ok [0-9]+ counters_.*# SKIP' "$tap")" = 0 ]
	else
		check "$v: GETSTAT sha256 fails with -ENOTSUPP (524)" grep -q '^error=-524' <<<"$gs"
		check "$v: conform's getstat_all passed: every GETSTAT answered -ENOTSUPP" grep -Eq '^ok [0-9]+ getstat_all' "$tap"
	fi
	rm -rf "$share"
done

# The runner's contract under UML: what does not apply is refused (exit 2)
# with a reason; the command's status and output come back; --timeout kills.
for a in "--smp 2" "--icount" "--modules aesni_intel" "--accel kvm"; do
	# shellcheck disable=SC2086 # the words are the options
	err=$("$VMRUN" --kernel uml-stats-off $a -- true 2>&1 >/dev/null) && rc=0 || rc=$?
	err=$(grep "^vm: ${a%% *}" <<<"$err")
	check "$a under UML is refused with exit 2 and a reason ($err)" [ "$rc" = 2 -a -n "$err" ]
done
expect_status "guest 'exit 7' gives 7 under UML" 7 "$VMRUN" --kernel uml-stats-off -- sh -c 'exit 7'
out=$("$VMRUN" --kernel uml-stats-off -- sh -c 'echo out-line; echo err-line >&2' 2>/dev/null)
check "guest stdout comes back on stdout, stderr apart" [ "$out" = out-line ]
# A TMPDIR of its own names this run's UML processes (uml_dir=TMPDIR/algbench-vm.*).
tmp=$(mktemp -d)
expect_status "--timeout 5 kills a guest that sleeps (exit 124)" 124 env TMPDIR="$tmp" "$VMRUN" --kernel uml-stats-off --timeout 5 -- sleep 600
check "and no UML process of that run is left" eval '! pgrep -f "uml_dir=$tmp/" >/dev/null'
rm -rf "$tmp"

# scripts/ab-stats over the UML pair: ABAB boots in host time (wallclock-uml),
# real algbench.ko jobs, each side's rounds merged; a QEMU-only mode refused.
rel_on=$(basename "$(ls "$ALGBENCH_CACHE"/kernels/uml-stats-on/boot/linux-*)")
rel_on=${rel_on#linux-}
if [ -f "$BUILD/kmod/$rel_on/algbench.ko" ]; then
	ab=$(mktemp -d)
	rc=0
	"$ALGBENCH_TOP/scripts/ab-stats" --base uml-stats-off --new uml-stats-on --rounds 2 --out "$ab" -- \
		--backend kmod --mode sync --alg sha256 --sizes 16 --threads 1 --seconds 0.05 --warmup 0.01 \
		--repeats 1 >/dev/null 2>"$ab/stderr" || rc=$?
	[ "$rc" = 0 ] || sed 's/^/#   ab-stats: /' "$ab/stderr"
	sed 's/^/#   /' "$ab/boots.tsv" 2>/dev/null
	check "ab-stats over the UML pair exits 0 (got $rc)" [ "$rc" = 0 ]
	order=$(awk -F'\t' 'NR > 1 { printf "%s/%s ", $2, $4 }' "$ab/boots.tsv" 2>/dev/null)
	check "boots alternate uml-stats-off, uml-stats-on in mode wallclock-uml" \
		[ "$order" = "uml-stats-off/wallclock-uml uml-stats-on/wallclock-uml uml-stats-off/wallclock-uml uml-stats-on/wallclock-uml " ]
	check "commands.txt records the run as an ab-stats command line (--wallclock, not the mode's name)" \
		eval 'grep -q "^scripts/ab-stats --base uml-stats-off --new uml-stats-on .* --wallclock --out" "$ab/commands.txt"'
	for v in uml-stats-off uml-stats-on; do
		side=base
		[ "$v" = uml-stats-on ] && side=new
		check "$side-$v.json: 2 boots of $v under UML, the kmod sha256 job with KAT pass" \
			jqok --arg v "$v" '.run.ab.variant == $v and (.run.boots | length) == 2
				and all(.run.boots[]; .run.host.virtualized == "uml")
				and (.results | length) == 1 and .results[0].kat == "pass" and .results[0].rounds == 2' \
			"$ab/$side-$v.json"
	done
	check "compare.json has the job's pair and a verdict ($(jq -r '.pairs[0].verdict' "$ab/compare.json" 2>/dev/null): 2 boots a side are too few)" \
		jqok '(.pairs | length) == 1 and .pairs[0].verdict == "inconclusive"' "$ab/compare.json"
	err=$("$ALGBENCH_TOP/scripts/ab-stats" --base uml-stats-off --new uml-stats-on --deterministic \
		--rounds 1 --out "$ab/det" 2>&1 >/dev/null) && rc=0 || rc=$?
	check "--deterministic with UML kernels is refused with exit 2 and the reason" \
		eval '[ "$rc" = 2 ] && grep -q "UML kernels run in host time" <<<"$err"'
	rm -rf "$ab"
else
	skip "ab-stats over the UML pair" "algbench.ko not built for uml-stats-on in $BUILD/kmod (re-run cmake)"
fi
tap_end
