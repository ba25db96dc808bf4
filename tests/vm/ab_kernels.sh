#!/usr/bin/env bash
# The A/B kernels: each variant builds (scripts/kernel/build-variants, cached),
# boots once with --smp 2 and is the kernel it claims to be: its release names
# the variant, its config has CONFIG_CRYPTO_STATS=y resp. not set, AF_ALG
# hashes correctly, and GETSTAT answers with counters on stats-on and with
# -ENOTSUPP (524) on stats-off. Both boot under multi-threaded TCG; the
# --icount path (one vCPU) is booted by tests/vm/ab_stats.sh, and here only
# its refusal of --smp 2 is checked (QEMU 7.2 hangs at boot with it).
. "$(dirname "$0")/../lib.sh"
BUILD_VARIANTS=$ALGBENCH_TOP/scripts/kernel/build-variants
ABC_SHA256=ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad
tap_begin


for v in stats-on stats-off; do
	t0=$SECONDS
	if root=$("$BUILD_VARIANTS" --print-root "$v"); then
		ok "$v: build-variants gives a root ($root, $((SECONDS - t0)) s)"
	else
		not_ok "$v: build-variants --print-root $v failed"
		continue
	fi
	rel=$(cat "$root/../release" 2>/dev/null)
	check "$v: root has boot/vmlinuz-$rel, boot/config-$rel, lib/modules/$rel" \
		test -f "$root/boot/vmlinuz-$rel" -a -f "$root/boot/config-$rel" -a -d "$root/lib/modules/$rel/kernel"
	check "$v: lib/modules/$rel/build is a kbuild tree with Module.symvers (KDIR)" \
		test -f "$root/lib/modules/$rel/build/Module.symvers" -a -f "$root/lib/modules/$rel/build/Makefile"
	check "$v: tcrypt is a module" test -f "$root/lib/modules/$rel/kernel/crypto/tcrypt.ko"
	check "$v: make -C KDIR kernelrelease says $rel (what kmod/ asks)" \
		[ "$(make -s -C "$root/lib/modules/$rel/build" kernelrelease 2>/dev/null)" = "$rel" ]
	share=$(mktemp -d)
	cp "$ALGBENCH_TOP/tests/vm/kdir_probe/"{Kbuild,kdir_probe.c} "$share/"
	if make -s -C "$root/lib/modules/$rel/build" M="$share" modules >"$share/make.log" 2>&1; then
		ok "$v: an external module builds against lib/modules/$rel/build"
	else
		not_ok "$v: external module build against lib/modules/$rel/build failed"
		sed 's/^/#   /' "$share/make.log"
	fi
	check "$v: its vermagic is $rel" \
		grep -q "^$rel " <<<"$(modinfo -F vermagic "$share/kdir_probe.ko" 2>/dev/null)"

	mode=(--smp 2)
	boot_guest "$v (${mode[*]})" "$share" --kernel "$v" "${mode[@]}" --share "$share" -- sh /opt/algbench/tests/vm/ab_guest.sh
	check "$v: guest ran (exit $rc; 126 would mean the CPU count is not --smp)" [ "$rc" = 0 ]
	check "$v: uname -r is $rel and names the variant" \
		[ "$(fact release)" = "$rel" -a "${rel%-algbench-"$v"}" != "$rel" ]
	check "$v: guest sees 2 CPUs with --smp 2" [ "$(fact cpus)" = 2 ]
	want=y
	[ "$v" = stats-off ] && want="unset"
	check "$v: /boot/config-REL has CONFIG_CRYPTO_STATS $want" [ "$(fact config_crypto_stats)" = "$want" ]
	check "$v: AF_ALG sha256(\"abc\") via kcapi-dgst is the FIPS 180-2 digest" \
		[ "$(fact sha256_abc)" = "$ABC_SHA256" ]
	check "$v: tcrypt.ko loads and runs (its init returns -EAGAIN by design)" \
		grep -q 'Resource temporarily unavailable' <<<"$(fact tcrypt)"
	check "$v: the external module loads and unloads in the guest" [ "$(fact kdir_probe)" = loaded ]
	tap=$share/conform.tap
	sed 's/^/#   conform: /' "$tap" 2>/dev/null
	check "$v: algbench conform exits 0 (exit $(fact conform_rc))" [ "$(fact conform_rc)" = 0 ]
	check "$v: conform totals say fail:0" grep -q '^# Totals: pass:[0-9]* fail:0 ' "$tap"
	n_rows=$(grep -Ec '^(not )?ok [0-9]+ counters_' "$tap")
	n_kmod=$(grep -Ec '^ok [0-9]+ counters_kmod_' "$tap")
	n_skip=$(grep -Ec '^ok [0-9]+ counters_.*# SKIP' "$tap")
	if [ "$v" = stats-on ]; then
		check "$v: every exact-counter row ran and passed ($n_rows rows, $n_skip skipped)" \
			[ "$n_rows" -ge 14 -a "$n_skip" = 0 -a "$(grep -Ec '^not ok [0-9]+ counters_' "$tap")" = 0 ]
		check "$v: the algbench.ko rows ran (8 expected, $n_kmod passed)" [ "$n_kmod" -ge 8 ]
		check "$v: 2 CPUs' algbench.ko gcm(aes) decryptions counted exactly (+32, 32 x (4096+16) B)" \
			grep -q '^# generic-gcm-aesni decrypt_tlen: +131584 (expected +131584)$' "$tap"
		check "$v: 6.1 does not count direct shash digests (+0, a per-version expectation)" \
			grep -Eq '^# sha256-[a-z0-9]+ hash_cnt: \+0 \(expected \+0\)$' "$tap"
		# --as-version 6.4: a real 6.1 kernel judged by 6.4's counting rules, so
		# each difference between the versions must come out as a finding.
		t64=$share/conform-6.4.tap
		grep -E '^not ok|finding' "$t64" | sed 's/^/#   as 6.4: /'
		check "$v: --as-version 6.4 exits 1 (findings)" [ "$(fact conform_64_rc)" = 1 ]
		check "$v: as 6.4, the AF_ALG gcm(aes) decrypt row is a finding with expected and actual" \
			grep -q '^# finding: generic-gcm-aesni encrypt_cnt moved by +0, expected +16; encrypt_tlen moved by +0, expected +65792;' "$t64"
		check "$v: as 6.4, the direct shash row is a finding (6.4 counts shash: expected +32)" \
			grep -Eq '^# finding: sha256-[a-z0-9]+ hash_cnt moved by \+0, expected \+32;' "$t64"
		check "$v: as 6.4, the encrypt rows still pass (no version difference there)" \
			grep -Eq '^ok [0-9]+ counters_kmod_gcm_aes_encrypt' "$t64"
	else
		check "$v: every exact-counter row is a SKIP ($n_skip of $n_rows)" [ "$n_rows" -ge 14 -a "$n_skip" = "$n_rows" ]
		check "$v: the SKIPs name the missing statistics" grep -q 'counters_.*# SKIP no crypto statistics' "$tap"
		check "$v: getstat_all passed: every GETSTAT answered -ENOTSUPP" grep -Eq '^ok [0-9]+ getstat_all' "$tap"
	fi
	rm -rf "$share"
	gs=$(fact getstat_sha256)
	if [ "$v" = stats-on ]; then
		check "$v: GETSTAT sha256 answers with counters (reply type 0x15)" \
			grep -Eq '^reply type=21 hash_cnt=[0-9]+ hash_tlen=[0-9]+ err_cnt=[0-9]+$' <<<"$gs"
	else
		check "$v: GETSTAT sha256 fails with -ENOTSUPP (524)" grep -q '^error=-524' <<<"$gs"
	fi
done
expect_status "--icount --smp 2 is refused (exit 2), not left to hang" 2 "$VMRUN" --kernel stats-off --icount --smp 2 -- true
tap_end
