# Sourced by scripts/ab-stats and scripts/ab-series: one boot of one kernel
# that runs `algbench run` in the guest and brings its result back, the unit
# both compare by (docs/statistics.md: the boot is the unit).
# shellcheck shell=bash
# shellcheck disable=SC2154 # the caller's variables, listed below
# The caller sets: VMRUN, BUILD, out (the run's folder, absolute), out_cmd
# (it as commands.txt names it, from the checkout's top), mode (for
# boots.tsv), vm_smp, vm_mode, vm_modules and vm_append (arrays of
# scripts/vm/run options), append, timeout_s and guest_cmd.

# ab_boot LABEL KERNEL ROUND STEP [RUN-ARGS...]: boot KERNEL and run
#   GUEST_CMD run RUN-ARGS --out /results/LABEL-rROUND.json
# into OUT/rounds/, algbench.ko built first against the kernel's headers
# (kbuild is incremental: later rounds only check it is current). STEP
# starts the progress line ("round 3/5"). A row in OUT/boots.tsv and the
# command in OUT/commands.txt, whatever the outcome; dies on a failed boot,
# a missing or foreign result.
ab_boot() {
	local v=$1 kern=$2 k=$3 step=$4
	local file=$v-r$k.json root rel kdir start rc=0
	shift 4
	root=$("$VMRUN" --kernel "$kern" --print-root) || die "cannot fetch or build the kernel '$kern'"
	rel=$(basename "$(ls "$root"/boot/vmlinuz-* "$root"/boot/linux-* 2>/dev/null | head -n1)")
	rel=${rel#vmlinuz-} rel=${rel#linux-}
	# A Debian tree has its headers under usr/src/, a built one a build link.
	kdir=$root/usr/src/linux-headers-$rel
	[ -d "$kdir" ] || kdir=$root/lib/modules/$rel/build
	if [ -e "$kdir/Makefile" ]; then
		"$ALGBENCH_TOP/kmod/kbuild.sh" "$BUILD/kmod" "$kdir" >/dev/null ||
			die "cannot build kmod/algbench.ko against $v ($kdir)"
	elif [ "$k" = 1 ]; then
		note "$v ($rel) has no kernel headers: algbench.ko cannot be built for it, its kmod jobs are skipped"
	fi
	note "$step: $v ($rel), $mode, --smp $vm_smp"
	rm -f "$out/rounds/$file"
	start=$SECONDS
	# A Debian kernel has its x86 AES/SHA/GHASH drivers as modules, which
	# udev would load on a real boot; without them generic C drivers bind.
	"$VMRUN" --kernel "$kern" --smp "$vm_smp" "${vm_mode[@]}" --timeout "$timeout_s" --build "$BUILD" \
		"${vm_modules[@]}" "${vm_append[@]}" \
		--share "$out/rounds" -- "$guest_cmd" run "$@" --out "/results/$file" || rc=$?
	printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$k" "$v" "$rel" "$mode" "$((SECONDS - start))" "$rc" >>"$out/boots.tsv"
	printf "scripts/vm/run --kernel %q --smp %s %s %s%s --share %q -- %s run" "$kern" "$vm_smp" "${vm_mode[*]}" "${vm_modules[*]}" \
		"${append:+ --append $(printf %q "$append")}" "$out_cmd/rounds" "$guest_cmd" >>"$out/commands.txt"
	printf ' %q' "$@" --out "/results/$file" >>"$out/commands.txt"
	echo >>"$out/commands.txt"
	[ "$rc" = 0 ] || die "round $k, $v: the guest's '$guest_cmd run' exited $rc (see above)"
	[ -s "$out/rounds/$file" ] || die "round $k, $v: no $file came back in $out/rounds"
	jq -e '.schema == "algbench/1"' "$out/rounds/$file" >/dev/null ||
		die "round $k, $v: $file is not algbench/1 result JSON"
}
