#!/usr/bin/env bash
# The full-system test's guest side: tests/system/full.sh hands it in and
# scripts/system/run runs it as root at every boot of the Debian 12 system
# disk. As a user would on their server: install algbench's .debs (DKMS builds
# the modules for every installed kernel), run README's main command and the
# package's autopkgtests (debian/tests), install a third kernel from Debian's
# packages, let scripts/ab-hardware --bisect reboot through GRUB over the
# three, then boot once with lockdown=integrity module.sig_enforce=1.
# It records what it saw under out/ in the shared folder; full.sh checks it.
# Exit 75: continue after the next boot (scripts/system/run's contract).
set -uo pipefail
share=/mnt/algbench
out=$share/out
state=/var/lib/algbench-system-test
tree=/root/algbench
abdir=/var/lib/algbench/ab
mkdir -p "$out" "$state"
phase=$(cat "$state/phase" 2>/dev/null || echo install)
# shellcheck source=/dev/null
. "$share/settings" # ROUNDS, BENCH_ARGS, AB_ARGS (arrays), from full.sh
say() { echo "guest: boot ${ALGBENCH_SYSTEM_BOOT:-?} ($(uname -r)): $*"; }
timed() { # timed NAME CMD...: run CMD, append "NAME SECONDS rc" to out/times
	local name=$1 t0=$SECONDS rc=0
	shift
	"$@" || rc=$?
	echo "$name $((SECONDS - t0)) $rc" >>"$out/times"
	return $rc
}
set_phase() { echo "$1" >"$state/phase"; }
kernels() { ls /boot/vmlinuz-* | sed 's|^/boot/vmlinuz-||' | sort -V; }

case $phase in
install)
	say "$(grep -c ^processor /proc/cpuinfo) CPUs; kernels: $(kernels | paste -sd ' ')"
	cat /proc/cmdline >"$out/boot1-cmdline"
	rm -rf "$tree" && cp -a "$share/tree" "$tree"
	# A kernel installed as a user installs one (its postinst runs
	# update-initramfs and update-grub), before algbench-dkms, which then
	# builds the module for it too.
	if ls "$share"/kernel-debs/*.deb >/dev/null 2>&1; then
		say "dpkg -i $(cd "$share/kernel-debs" && echo *.deb)"
		timed kernel-install dpkg -i "$share"/kernel-debs/*.deb >"$out/kernel-dpkg.log" 2>&1 ||
			say "dpkg -i of the third kernel failed (out/kernel-dpkg.log)"
		say "kernels now: $(kernels | paste -sd ' ')"
	fi
	cp /boot/grub/grub.cfg "$out/grub.cfg"
	if ls "$share"/debs/algbench_*.deb >/dev/null 2>&1; then
		say "dpkg -i $(cd "$share/debs" && echo algbench_*.deb algbench-dkms_*.deb)"
		timed dpkg-install dpkg -i "$share"/debs/algbench_*.deb "$share"/debs/algbench-dkms_*.deb \
			>"$out/dpkg.log" 2>&1 || say "dpkg -i failed (out/dpkg.log)"
		dkms status >"$out/dkms-status.txt" 2>&1
		cat "$out/dkms-status.txt"
		echo debs >"$out/install-path"
	else
		# No package yet (the tree has no debian/): this build's binary and
		# its modules for the two kernels, installed by hand.
		say "no .debs handed in: installing this build's algbench and modules by hand"
		install -m 755 "$share/prebuilt/bin/algbench" /usr/local/bin/algbench
		for d in "$share"/prebuilt/kmod/*/; do
			rel=$(basename "$d")
			[ -d "/lib/modules/$rel" ] || continue
			install -d "/lib/modules/$rel/updates/algbench"
			install -m 644 "$d"*.ko "/lib/modules/$rel/updates/algbench/"
			depmod -a "$rel"
		done
		echo prebuilt >"$out/install-path"
	fi
	algbench=$(command -v algbench) || algbench=""
	echo "$algbench" >"$out/algbench-path"
	# README's main command, with a short job list: installed, the package's
	# algbench-bench in a folder of the user's (results/ there); without
	# .debs, the tree's scripts/bench.
	if bench=$(command -v algbench-bench); then
		rdir=/root/bench
		mkdir -p "$rdir"
	else
		bench=$tree/scripts/bench rdir=$tree
	fi
	echo "$bench" >"$out/bench-path"
	say "$bench ${BENCH_ARGS[*]}"
	(cd "$rdir" && timed bench "$bench" "${BENCH_ARGS[@]}") >"$out/bench.log" 2>&1
	echo $? >"$out/bench.rc"
	cp "$rdir"/results/*.json "$out/" 2>/dev/null
	tail -n 5 "$out/bench.log"
	# The package's own tests (debian/tests), as Debian's CI runs them, on
	# the installed .debs: the null virt server runs them on this system,
	# which is a whole machine (isolation-machine), as root (needs-root).
	# --no-built-binaries: the tree is not built, its tests' Depends are
	# what dpkg -i installed above (the guest has no network).
	if [ "$(cat "$out/install-path")" = debs ]; then
		say "autopkgtest --no-built-binaries $tree/ -- null"
		timed autopkgtest autopkgtest --no-built-binaries --output-dir "$out/autopkgtest" "$tree/" -- null \
			>"$out/autopkgtest.log" 2>&1
		echo $? >"$out/autopkgtest.rc"
		cat "$out/autopkgtest/summary" 2>/dev/null
	fi
	# The reboot-driven bisection over the installed kernels, oldest first.
	mapfile -t rels < <(kernels)
	list=$(IFS=,; echo "${rels[*]}")
	echo "$list" >"$out/ab-kernels"
	say "scripts/ab-hardware --kernels $list --bisect --rounds $ROUNDS"
	set_phase ab
	date +%s >"$state/ab-start"
	# The installed command when the package has it, else the checkout's.
	abh=$(command -v algbench-ab-hardware || echo "$tree/scripts/ab-hardware")
	echo "$abh" >"$state/ab-hardware"
	if ! (cd "$tree" && ALGBENCH=$algbench "$abh" --out "$abdir" --rounds "$ROUNDS" \
		--kernels "$list" --bisect --settle 5 -- "${AB_ARGS[@]}") >"$out/ab-start.log" 2>&1; then
		say "scripts/ab-hardware did not start (out/ab-start.log)"
		cat "$out/ab-start.log"
		set_phase lockdown-setup
	else
		exit 75 # it rebooted into BASE
	fi
	;;
esac

phase=$(cat "$state/phase")
case $phase in
ab)
	# After ab-hardware's last boot (its unit ran before this one).
	abh=$(cat "$state/ab-hardware")
	status=$("$abh" --out "$abdir" --status 2>&1 | sed -n 's/^status: *//p')
	if [ "$status" = running ]; then
		# Its unit ran before this one: it rebooted (the system is going
		# down), or it failed without a reboot (a refusal, grub-reboot
		# failing), after which nothing would boot again: say so and go on
		# rather than idle until the timeout.
		if ! systemctl is-failed --quiet algbench-ab-hardware.service; then
			say "ab-hardware still running"
			exit 75
		fi
		say "ab-hardware's unit failed and left the run 'running': stalled (out/ab-stalled.txt)"
		systemctl status algbench-ab-hardware.service >"$out/ab-stalled.txt" 2>&1
	fi
	echo "$(($(date +%s) - $(cat "$state/ab-start"))) s" >"$out/ab-wall"
	say "ab-hardware: $status"
	"$abh" --out "$abdir" --status >"$out/ab-status.txt" 2>&1
	cat "$out/ab-status.txt"
	rm -rf "$out/ab" && cp -a "$abdir" "$out/ab"
	set_phase lockdown-setup
	;;
esac

phase=$(cat "$state/phase")
case $phase in
lockdown-setup)
	# One boot of the default entry with lockdown and enforced module
	# signatures on its command line, as an admin would: /etc/default/grub
	# and update-grub (undone in that boot).
	cp /etc/default/grub "$state/grub.default"
	sed -i 's/^GRUB_CMDLINE_LINUX_DEFAULT=.*/GRUB_CMDLINE_LINUX_DEFAULT="lockdown=integrity module.sig_enforce=1"/' /etc/default/grub
	update-grub >"$out/update-grub-lockdown.log" 2>&1 || say "update-grub failed (out/update-grub-lockdown.log)"
	set_phase lockdown
	say "rebooting with lockdown=integrity module.sig_enforce=1"
	systemctl reboot
	exit 75
	;;
lockdown)
	cp "$state/grub.default" /etc/default/grub && update-grub >/dev/null 2>&1
	cat /proc/cmdline >"$out/lockdown-cmdline"
	cat /sys/kernel/security/lockdown >"$out/lockdown-state" 2>&1
	say "cmdline: $(cat /proc/cmdline); lockdown: $(cat "$out/lockdown-state")"
	mokutil --sb-state >"$out/lockdown-mokutil" 2>&1
	modinfo -F signer algbench >"$out/lockdown-signer" 2>&1
	modprobe algbench >"$out/lockdown-modprobe" 2>&1
	echo $? >"$out/lockdown-modprobe.rc"
	algbench=$(cat "$out/algbench-path")
	"$algbench" run --backend kmod --alg sha256 --sizes 64 --threads 1 --seconds 0.01 --warmup 0 --repeats 1 \
		--json "$out/lockdown-run.json" >"$out/lockdown-run.log" 2>&1
	echo $? >"$out/lockdown-run.rc"
	dmesg | grep -iE 'lockdown|algbench|module verification|Loading of|sig' >"$out/lockdown-dmesg" 2>&1
	say "modprobe algbench: $(cat "$out/lockdown-modprobe") (exit $(cat "$out/lockdown-modprobe.rc"))"
	cat "$out/lockdown-run.log"
	set_phase "done"
	exit 0
	;;
*) say "unknown phase '$phase' in $state/phase"; exit 1 ;;
esac
