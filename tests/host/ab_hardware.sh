#!/usr/bin/env bash
# scripts/ab-hardware's state machine (issue 16 item 3): the reboots, GRUB and
# systemd cannot run here, so reboot, grub-reboot, grub-editenv, systemctl
# and uname are stand-ins that record their calls (ALGBENCH_AB_HARDWARE_COMMANDS);
# each round is a real `algbench run` of the openssl backend through
# scripts/ab-stats --here, and the end is a real ab-stats --merge. grub.cfg is
# a fake with hostile entry names: it is parsed, never run.
. "$(dirname "$0")/../lib.sh"
tap_begin
AB=$ALGBENCH_TOP/scripts/ab-hardware
# ab-hardware refuses an OUT that others can reach, so the scratch folder goes
# under the build tree, which is as safe as the checkout (a root-owned sticky
# /tmp on the way is fine); where even that is not, the test says so and skips.
dir=$(mktemp -d "${ALGBENCH_BUILD_DIR:-$ALGBENCH_TOP/build}/ab_hardware.XXXXXX") || exit 1
trap '[ -n "${KEEP:-}" ] || rm -rf "$dir"' EXIT
cd "$dir" || exit 1
real_tmpfiles=$(command -v systemd-tmpfiles) || real_tmpfiles=""
mkdir bin units
for c in reboot grub-reboot grub-editenv systemctl; do
	printf '#!/bin/sh\necho "%s${*:+ $*}" >>"%s/calls.log"\n' "$c" "$dir" >"bin/$c"
done
# uname -r is the kernel the last reboot "booted" (the test sets it); the rest is the real uname.
printf '#!/bin/sh\n[ "$1" = -r ] && exec cat "%s/running"\nexec /bin/uname "$@"\n' "$dir" >bin/uname
# What a boot empties, as the test sets it: the tmpfiles.d configuration below
# tmpfiles/ (the real systemd-tmpfiles with it as --root, so systemd's own
# precedence applies), none while there is no tmpfiles/; and a file system
# type, tmpfs below ram/, ext4 elsewhere.
printf '#!/bin/sh\n[ -d "%s/tmpfiles" ] || exit 0\nexec "%s" --root="%s/tmpfiles" "$@"\n' "$dir" "$real_tmpfiles" "$dir" >bin/systemd-tmpfiles
printf '#!/bin/sh\nfor p; do :; done\ncase $p in "%s"/ram | "%s"/ram/*) echo tmpfs ;; *) echo ext4 ;; esac\n' "$dir" "$dir" >bin/findmnt
chmod +x bin/*
export ALGBENCH_AB_HARDWARE_COMMANDS=$dir/bin
if ! why=$("$AB" --out "$dir/probe" --status 2>&1) && [[ $why == *refusing* ]]; then
	skip_all "the build tree is not a safe place for OUT: $why"
fi
off=6.1.0-57-algbench-stats-off on=6.1.0-57-algbench-stats-on
cat >grub.cfg <<'EOF'
if [ "${next_entry}" ] ; then
   set default="${next_entry}"
   set next_entry=
   save_env next_entry
fi
menuentry 'Debian GNU/Linux' --class debian $menuentry_id_option 'gnulinux-simple-1234' {
	linux	/boot/vmlinuz-6.1.0-57-amd64 root=UUID=1234 ro quiet
}
menuentry 'stats-on $(touch pwned) `touch pwned2` ; reboot' $menuentry_id_option 'decoy-$(touch pwned3)' {
	linux	/boot/vmlinuz-6.1.0-57-algbench-stats-on.decoy root=UUID=1234 ro
}
submenu 'Advanced options for Debian GNU/Linux' $menuentry_id_option 'gnulinux-advanced-1234' {
	menuentry 'Debian GNU/Linux, with Linux 6.1.0-57-algbench-stats-on (recovery mode)' $menuentry_id_option 'gnulinux-6.1.0-57-algbench-stats-on-recovery-1234' {
		linux	/boot/vmlinuz-6.1.0-57-algbench-stats-on root=UUID=1234 ro single
	}
	menuentry 'Debian GNU/Linux, with Linux 6.1.0-57-algbench-stats-on' $menuentry_id_option 'gnulinux-6.1.0-57-algbench-stats-on-advanced-1234' {
		if [ x$feature_all_video_module = xy ]; then
		  insmod all_video
		fi
		linux	/boot/vmlinuz-6.1.0-57-algbench-stats-on root=UUID=1234 ro quiet
	}
	menuentry 'Debian > GNU/Linux '\''quoted'\'' 6.1.0-57-algbench-stats-off' $menuentry_id_option 'gnulinux-6.1.0-57-algbench-stats-off-advanced-1234' {
		linux	/boot/vmlinuz-6.1.0-57-algbench-stats-off root=UUID=1234 ro quiet
	}
	menuentry 'evil id' $menuentry_id_option 'x>y;reboot' {
		linux	/boot/vmlinuz-6.1.0-99-evil root=UUID=1234 ro quiet
	}
}
EOF
calls() { cat calls.log 2>/dev/null; }
boot() { echo "$1" >running; : >calls.log; "$AB" --continue --out "${2:-run}" >>log.txt 2>&1; }
args=(--backend openssl --alg sha256 --sizes 64 --threads 1 --seconds 0.01 --warmup 0 --repeats 2)
start=(--rounds 2 --out run --grub-cfg grub.cfg --unit-dir "$dir/units" --settle 0)

"$AB" "${start[@]}" --dry-run -- "${args[@]}" >dry.txt 2>&1
check "--dry-run: prints grub-reboot, systemctl enable and reboot, runs none" sh -c '
	grep -q "^would run: grub-reboot gnulinux-advanced-1234\\\\>gnulinux-6.1.0-57-algbench-stats-off-advanced-1234$" dry.txt &&
	grep -q "^would run: systemctl enable algbench-ab-hardware.service$" dry.txt &&
	grep -qx "would run: reboot" dry.txt && [ ! -s calls.log ] && [ ! -e units/algbench-ab-hardware.service ] &&
	[ ! -e run/ab-hardware.state ]'
check "--dry-run prints the unit it would install" grep -q "ExecStart=$AB --continue --out $dir/run --unit-dir $dir/units" dry.txt

: >calls.log
"$AB" "${start[@]}" -- "${args[@]}" >log.txt 2>&1
check "start: base's entry by GRUB ids (submenu>entry), unit enabled, reboot" sh -c '
	printf "%s\n" "systemctl daemon-reload" "systemctl enable algbench-ab-hardware.service" \
		"grub-reboot gnulinux-advanced-1234>gnulinux-6.1.0-57-algbench-stats-off-advanced-1234" "reboot" |
		cmp -s - calls.log'
check "start: the unit runs --continue --out OUT" grep -qx "ExecStart=$AB --continue --out $dir/run --unit-dir $dir/units" units/algbench-ab-hardware.service
check "start: new's entry skips the recovery entry and the decoy" \
	grep -qx "new_entry=gnulinux-advanced-1234>gnulinux-6.1.0-57-algbench-stats-on-advanced-1234" run/ab-hardware.state
check "hostile titles and ids ran nothing" sh -c '[ ! -e pwned ] && [ ! -e pwned2 ] && [ ! -e pwned3 ]'
expect_status "a second start on the same OUT is refused" 2 "$AB" "${start[@]}" -- "${args[@]}" 2>/dev/null

boot "$off"
check "boot 1 (base): round 1 ran, then grub-reboot new and reboot" sh -c '
	[ -s run/rounds/stats-off-r1.json ] &&
	printf "%s\n" "grub-reboot gnulinux-advanced-1234>gnulinux-6.1.0-57-algbench-stats-on-advanced-1234" reboot | cmp -s - calls.log'
boot "$off"
check "boot 2 in the wrong kernel: recorded as failed, no round, the same entry again" sh -c '
	[ ! -e run/rounds/stats-on-r1.json ] && grep -q "	new	$0	$1	wrong-kernel	" run/ab-hardware.boots &&
	grep -q "^grub-reboot .*stats-on-advanced-1234$" calls.log && grep -qx reboot calls.log' "$on" "$off"
boot "$on"
check "boot 2 again, in new: round 1 of new ran" [ -s run/rounds/stats-on-r1.json ]
"$AB" --status --out run >status.txt 2>&1
check "--status: running, 2 of 4 boots, next is round 2 base" sh -c '
	grep -qx "status:  running" status.txt && grep -q "^boots:   2 of 4 done" status.txt &&
	grep -qx "next:    round 2, base, $0" status.txt && grep -q "unit:    .* installed" status.txt' "$off"
boot "$off"
# a boot whose governor differs: compare must say so
jq '.run.host.governor = "powersave"' run/rounds/stats-off-r2.json >g.json && mv g.json run/rounds/stats-off-r2.json
boot "$on"
check "last boot: merged both sides, no reboot" sh -c '
	[ -s run/base-stats-off.json ] && [ -s run/new-stats-on.json ] && ! grep -qx reboot calls.log'
check "last boot: the unit is disabled and deleted, grub's one-shot entry unset" sh -c '
	grep -qx "systemctl disable algbench-ab-hardware.service" calls.log &&
	grep -qx "grub-editenv - unset next_entry" calls.log && [ ! -e units/algbench-ab-hardware.service ]'
check "merged: every job has both rounds' samples" \
	jqok 'all(.results[]; .rounds == 2 and (.samples | length) == 4)' run/new-stats-on.json
check "a governor that differs between boots: compare warns first, lists the boots, records it" sh -c '
	head -n1 run/compare.md | grep -q "^\*\*WARNING: the host.s governor/turbo/SMT/topology differ" &&
	grep -q "^| base | 2 | powersave |" run/compare.md &&
	jq -e ".host_tuning.same == false and any(.host_tuning.boots[]; .side == \"base\" and .round == 2 and .governor == \"powersave\")" \
		run/compare.json >/dev/null'
check "the state says done; 5 boots recorded (one wrong)" sh -c '
	grep -qx "status=done" run/ab-hardware.state && [ "$(tail -n +2 run/ab-hardware.boots | wc -l)" = 5 ]'
boot "$on"
check "a boot after the end does nothing" sh -c '[ ! -s calls.log ]'

# Wrong kernel twice in a row: the run stops rather than loop.
"$AB" "${start[@]}" --out run2 -- "${args[@]}" >/dev/null 2>&1
echo "$on" >running
: >calls.log
"$AB" --continue --out run2 >/dev/null 2>&1
rc=0
"$AB" --continue --out run2 >/dev/null 2>&1 || rc=$?
check "second wrong boot: stops (exit 1), unit removed, no reboot, status says why" bash -c '
	[ "$0" = 1 ] && ! grep -q "^grub-reboot" <(sed -n "/disable/,\$p" calls.log) &&
	[ "$(grep -cx reboot calls.log)" = 1 ] && [ ! -e units/algbench-ab-hardware.service ] &&
	grep -q "^status=stopped: step 1 booted $1, not $2, 2 times" run2/ab-hardware.state' "$rc" "$on" "$off"

"$AB" "${start[@]}" --out run3 -- "${args[@]}" >/dev/null 2>&1
: >calls.log
"$AB" --abort --out run3 >/dev/null 2>&1
check "--abort: unit disabled and deleted, next_entry unset, state aborted" sh -c '
	grep -qx "systemctl disable algbench-ab-hardware.service" calls.log && [ ! -e units/algbench-ab-hardware.service ] &&
	grep -qx "grub-editenv - unset next_entry" calls.log && grep -qx "status=aborted" run3/ab-hardware.state'

sed 's/next_entry/other/' grub.cfg >old.cfg
expect_status "a grub.cfg that never reads next_entry is refused" 2 \
	"$AB" --rounds 1 --out run4 --grub-cfg old.cfg --unit-dir units --dry-run 2>/dev/null
expect_status "a kernel without a GRUB entry is refused" 2 \
	"$AB" --rounds 1 --out run4 --grub-cfg grub.cfg --unit-dir units --base 6.1.0-99-evil --dry-run 2>/dev/null
check "... and says the id is not a plain name" sh -c '
	"$0" --rounds 1 --out run4 --grub-cfg grub.cfg --unit-dir units --base 6.1.0-99-evil --dry-run 2>&1 |
	grep -q "has the id .*not a plain name"' "$AB"
# ---- OUT and what runs as root must be beyond other users' reach ----------
refused() { # NAME WANT-IN-MESSAGE CMD...: exit 2 and the message says why
	local name=$1 want=$2 out rc=0
	shift 2
	out=$("$@" 2>&1) || rc=$?
	if [ "$rc" = 2 ] && [[ $out == *"$want"* ]]; then ok "$name"; else not_ok "$name (exit $rc: $out)"; fi
}
plan=(--rounds 1 --grub-cfg grub.cfg --unit-dir "$dir/units" --settle 0)
mkdir ww && chmod 777 ww
refused "a world-writable OUT is refused" "writable by its group or by others" "$AB" "${plan[@]}" --out ww -- "${args[@]}"
mkdir -p gw/out && chmod 775 gw
refused "an OUT under a group-writable folder is refused" "gw is writable by its group" "$AB" "${plan[@]}" --out gw/out -- "${args[@]}"
mkdir real && ln -s real linked
refused "a symlinked OUT is refused" "is a symlink" "$AB" "${plan[@]}" --out linked -- "${args[@]}"
check "... and nothing was written through it" sh -c '[ -z "$(ls real)" ]'
refused "--dry-run refuses a world-writable OUT too" "writable by its group or by others" "$AB" "${plan[@]}" --out ww --dry-run
if [ "$(id -u)" = 0 ]; then
	mkdir -p theirs/out && chown 4242 theirs
	refused "an OUT under a folder another user owns is refused" "owned by uid 4242" "$AB" "${plan[@]}" --out theirs/out -- "${args[@]}"
	chown 4242 theirs/out && chown 0 theirs
	refused "an OUT another user owns is refused" "owned by uid 4242" "$AB" "${plan[@]}" --out theirs/out -- "${args[@]}"
	# A root-owned sticky folder such as /tmp may be on the way (others cannot
	# rename or remove what root made in it), never OUT itself.
	mkdir sticky && chmod 1777 sticky
	check "an OUT under a root-owned sticky folder (like /tmp) is accepted" \
		sh -c '"$@" >/dev/null' - "$AB" "${plan[@]}" --out "$dir/sticky/out" --dry-run
	refused "a sticky world-writable OUT itself is refused" "writable by its group or by others" \
		"$AB" "${plan[@]}" --out sticky --dry-run
	mkdir -p theirsticky && chmod 1777 theirsticky && chown 4242 theirsticky
	refused "a sticky folder another user owns is refused" "owned by uid 4242" \
		"$AB" "${plan[@]}" --out theirsticky/out --dry-run
else
	skip "an OUT under a folder another user owns is refused" "needs root to chown"
	skip "an OUT another user owns is refused" "needs root to chown"
	skip "an OUT under a root-owned sticky folder (like /tmp) is accepted" "needs root to own it"
	skip "a sticky world-writable OUT itself is refused" "needs root to own it"
	skip "a sticky folder another user owns is refused" "needs root to chown"
fi

# A run in progress whose OUT gained a symlinked lock: --continue refuses and
# the file it points to is untouched.
"$AB" "${start[@]}" --out run5 -- "${args[@]}" >/dev/null 2>&1
printf 'secret\n' >victim && chmod 600 victim
ln -s "$dir/victim" run5/ab-hardware.lock
echo "$off" >running
refused "a symlinked lock is refused" "ab-hardware.lock is a symlink" "$AB" --continue --out run5
check "... and the file it points to is not truncated" sh -c '[ "$(cat victim)" = secret ] && [ ! -e run5/rounds/stats-off-r1.json ]'
rm run5/ab-hardware.lock
# The state's algbench is checked like OUT before the unit runs it.
mkdir -p open && chmod 777 open
printf '#!/bin/sh\ntouch "%s/ran"\n' "$dir" >open/algbench && chmod 755 open/algbench
sed -i "s|^algbench=.*|algbench=$dir/open/algbench|" run5/ab-hardware.state
refused "an algbench in a world-writable folder is not run" "writable by its group or by others" "$AB" --continue --out run5
check "... it did not run" [ ! -e ran ]
refused "a start with such an ALGBENCH is refused" "writable by its group or by others" \
	env ALGBENCH="$dir/open/algbench" "$AB" "${plan[@]}" --out run6 -- "${args[@]}"
check "a run keeps its lock out of OUT's files (no ab-hardware.lock made)" [ ! -e run/ab-hardware.lock ]
# ---- a boot that empties OUT ----------------------------------------------
# Debian 12 empties /tmp at every boot (tmpfiles.d "D /tmp"); after the reboot
# anyone can make OUT there again. So OUT (and what the unit runs) is refused
# in any folder a boot empties or removes, and the unit itself opens nothing in
# OUT. First this host's own configuration, through the real commands.
cleans_tmp=0
if [ -n "$real_tmpfiles" ] && "$real_tmpfiles" --no-pager --cat-config 2>/dev/null | grep -Eq '^[DR][!+-]*[[:space:]]+/tmp/?[[:space:]]'; then
	cleans_tmp=1
elif findmnt -n -o FSTYPE -T /tmp 2>/dev/null | grep -qx tmpfs; then
	cleans_tmp=1
fi
if [ "$cleans_tmp" = 1 ] && tmpd=$(mktemp -d /tmp/ab_hardware.XXXXXX); then
	refused "an OUT below /tmp, which this host empties at every boot, is refused" "at every boot" \
		env -u ALGBENCH_AB_HARDWARE_COMMANDS "$AB" "${plan[@]}" --out "$tmpd/out" --dry-run
	rmdir "$tmpd"
else
	skip "an OUT below /tmp, which this host empties at every boot, is refused" "this host keeps /tmp across boots (no tmpfiles.d D or R line for it, no tmpfs)"
fi
if findmnt -n -o FSTYPE -T /dev/shm 2>/dev/null | grep -qx tmpfs && shmd=$(mktemp -d /dev/shm/ab_hardware.XXXXXX); then
	refused "an OUT on a tmpfs (/dev/shm) is refused" "tmpfs" \
		env -u ALGBENCH_AB_HARDWARE_COMMANDS "$AB" "${plan[@]}" --out "$shmd/out" --dry-run
	rmdir "$shmd"
else
	skip "an OUT on a tmpfs (/dev/shm) is refused" "no tmpfs at /dev/shm"
fi
# Then the stand-ins: a tmpfs below ram/, and tmpfiles.d lines of each kind
# that empties or removes, read with systemd's precedence.
mkdir ram
refused "an OUT on a tmpfs is refused" "tmpfs" "$AB" "${plan[@]}" --out "$dir/ram/out" --dry-run
if [ -n "$real_tmpfiles" ]; then
	mkdir -p tmpfiles/usr/lib/tmpfiles.d tmpfiles/etc/tmpfiles.d cleaned aged kept
	printf '%s\n' "D $dir/cleaned 0755 root root -" "R! $dir/gone-* - - - -" "e $dir/aged - - - 0" \
		"D %S/algbench-ab-hardware-test - - - -" >tmpfiles/usr/lib/tmpfiles.d/50-test.conf
	printf 'D %s/kept - - - -\n' "$dir" >tmpfiles/usr/lib/tmpfiles.d/60-later.conf
	printf 'd %s/kept 0755 root root -\n' "$dir" >tmpfiles/etc/tmpfiles.d/10-keep.conf
	refused "an OUT below a tmpfiles.d D folder (emptied at every boot) is refused" "at every boot" \
		"$AB" "${plan[@]}" --out "$dir/cleaned/out" --dry-run
	refused "an OUT below a tmpfiles.d R glob (removed at every boot) is refused" "at every boot" \
		"$AB" "${plan[@]}" --out "$dir/gone-1/out" --dry-run
	refused "an OUT below a folder cleaned by age (e ... 0) is refused" "by age" \
		"$AB" "${plan[@]}" --out "$dir/aged/out" --dry-run
	refused "a tmpfiles.d path with a specifier (%S, /var/lib) is read as systemd reads it" "at every boot" \
		"$AB" "${plan[@]}" --out /var/lib/algbench-ab-hardware-test/out --dry-run
	ln -s cleaned via-link
	refused "an OUT through a symlink into an emptied folder is refused" "at every boot" \
		"$AB" "${plan[@]}" --out "$dir/via-link/out" --dry-run
	check "a path's first line wins (d in an earlier file over a later D), as in systemd" \
		sh -c '"$@" >/dev/null 2>&1' - "$AB" "${plan[@]}" --out "$dir/kept/out" --dry-run
	# a run planned before the check: --status and --abort still serve it,
	# a boot gives it up
	mkdir -p aged/run9 && printf 'rounds=1\nstep=0\nbase_rel=a\nnew_rel=b\nbase_entry=a\nnew_entry=b\nstatus=running\nwrong_boots=0\nunit_dir=%s\n' \
		"$dir/units9" >aged/run9/ab-hardware.state
	mkdir units9 && : >units9/algbench-ab-hardware.service
	check "--status of a run in a folder cleaned by age still answers" \
		sh -c '"$@" 2>&1 | grep -qx "status:  running"' - "$AB" --status --out "$dir/aged/run9"
	: >calls.log
	rc=0 err=$("$AB" --continue --out "$dir/aged/run9" --unit-dir "$dir/units9" 2>&1) || rc=$?
	check "... and a boot refuses it and removes the unit, saying why (exit $rc)" sh -c '
		[ "$0" = 2 ] && echo "$1" | grep -q "by age" && echo "$1" | grep -q "disabling" &&
		grep -qx "systemctl disable algbench-ab-hardware.service" calls.log && [ ! -e units9/algbench-ab-hardware.service ]' "$rc" "$err"
	: >calls.log
	"$AB" --abort --out "$dir/aged/run9" >/dev/null 2>&1
	check "... and --abort of it marks it aborted" grep -qx "status=aborted" aged/run9/ab-hardware.state
	ln -s /dev/null tmpfiles/etc/tmpfiles.d/50-test.conf
	check "a file masked in /etc/tmpfiles.d (a link to /dev/null) empties nothing" \
		sh -c '"$@" >/dev/null 2>&1' - "$AB" "${plan[@]}" --out "$dir/cleaned/out" --dry-run
	rm -r tmpfiles
else
	for t in "a tmpfiles.d D folder" "a tmpfiles.d R glob" "a folder cleaned by age" "a specifier" "a symlink into an emptied folder" \
		"a path's first line wins" "a masked file" "--status in a cleaned folder" "a boot in a cleaned folder" "--abort in a cleaned folder"; do
		skip "OUT and $t" "no systemd-tmpfiles to read the stand-in configuration"
	done
fi
# The unit at boot, as systemd runs it: its append: outputs are opened (as
# root, following links) before ExecStart runs.
unit_boot() { # UNIT-FILE: what systemd does with it after a boot
	local so
	local -a argv
	so=$(sed -n 's/^StandardOutput=append://p' "$1")
	read -ra argv <<<"$(sed -n 's/^ExecStart=//p' "$1")"
	if [ -n "$so" ]; then "${argv[@]}" >>"$so" 2>&1; else "${argv[@]}" 2>&1; fi
}
u=$dir/units/algbench-ab-hardware.service
if [ "$(id -u)" = 0 ]; then
	# The reboot of the finding: OUT in a root-owned sticky folder that the
	# boot emptied (and that the configuration did not say so), made again by
	# another user with ab-hardware.log a link to a root file.
	mkdir emptied && chmod 1777 emptied
	"$AB" "${start[@]}" --out "$dir/emptied/out" -- "${args[@]}" >/dev/null 2>&1
	check "start in a sticky folder: the unit opens nothing in OUT (no append: output)" \
		sh -c '[ -s "$0" ] && ! grep -q "append:" "$0"' "$u"
	printf 'secret\n' >victim2 && chmod 600 victim2
	rm -rf emptied/out && mkdir emptied/out && ln -s "$dir/victim2" emptied/out/ab-hardware.log &&
		chown -h 4242 emptied/out emptied/out/ab-hardware.log
	echo "$off" >running
	: >calls.log
	st=0 && unit_boot "$u" >boot.txt 2>&1 || st=$?
	check "after the reboot, another user's OUT with a linked log: the root file is untouched (exit $st)" \
		sh -c '[ "$1" != 0 ] && [ "$(cat victim2)" = secret ] && [ "$(stat -c %a victim2)" = 600 ]' sh "$st"
	check "... OUT is refused as theirs, and the unit is disabled and deleted, saying so" sh -c '
		grep -q "owned by uid 4242" boot.txt && grep -q "disabl" boot.txt &&
		grep -qx "systemctl disable algbench-ab-hardware.service" calls.log && [ ! -e "$0" ]' "$u"
else
	skip "start in a sticky folder: the unit opens nothing in OUT" "needs root to own the sticky folder"
	skip "after the reboot, another user's OUT with a linked log: the root file is untouched" "needs root to chown"
	skip "... OUT is refused as theirs, and the unit is disabled and deleted" "needs root to chown"
fi
# A boot that finds no run in OUT (the folder was removed): the unit goes.
"$AB" "${start[@]}" --out "$dir/run7" -- "${args[@]}" >/dev/null 2>&1
rm -rf run7
: >calls.log
rc=0
unit_boot "$u" >boot7.txt 2>&1 || rc=$?
check "--continue without a state: disables and deletes the unit, says so (exit $rc)" sh -c '
	[ "$1" = 2 ] && grep -q "no ab-hardware.state" boot7.txt && grep -q "disabl" boot7.txt &&
	grep -qx "systemctl disable algbench-ab-hardware.service" calls.log && [ ! -e "$0" ] && [ ! -e run7 ]' "$u" "$rc"
# The log is the script's own, opened after its checks.
check "a round's output is in OUT/ab-hardware.log" grep -q "rebooting into" run/ab-hardware.log
# ---- grub.cfg: a real one, and nesting that fooled a line reader ----------
entries() { # CFG [ARGS]: "BASE-ENTRY NEW-ENTRY" as a dry run reports them
	"$AB" --rounds 1 --out "$dir/g" --grub-cfg "$1" --unit-dir units --dry-run "${@:2}" 2>&1 |
		sed -n 's/^ab-hardware: \(BASE\|NEW \) [^ ]*: GRUB entry //p' | paste -sd' '
}
real=$ALGBENCH_TOP/tests/host/grub/debian12.cfg
u=0f5c3b1e-5d2a-4c47-9d8e-3c1b2a9e7f10
check "Debian 12's grub-mkconfig output: both variants in the Advanced submenu, not their recovery entries" \
	test "$(entries "$real")" = "gnulinux-advanced-$u>gnulinux-6.1.0-57-algbench-stats-off-advanced-$u gnulinux-advanced-$u>gnulinux-6.1.0-57-algbench-stats-on-advanced-$u"
check "... the newest kernel by the top-level entry, the other Debian kernel in the submenu" \
	test "$(entries "$real" --base 6.12.118+deb12-amd64 --new 6.1.0-57-amd64)" = "gnulinux-simple-$u gnulinux-advanced-$u>gnulinux-6.1.0-57-amd64-advanced-$u"
# Nested submenus, a function inside a submenu that defines a decoy entry, a
# "}" with blanks after it, a one-line entry: only menu entries count.
printf '%s\n' 'if [ "${next_entry}" ] ; then' '   set default="${next_entry}"' 'fi' \
	'function load_video {' '	insmod all_video' '}   ' \
	"submenu 'Other kernels' \$menuentry_id_option 'outer' {" \
	'	function decoy {' \
	"		menuentry 'in a function' \$menuentry_id_option 'in-function' {" \
	'			linux /vmlinuz-6.1.0-57-algbench-stats-on ro' '		}' '	}  	' \
	"	submenu 'Inner' \$menuentry_id_option 'inner' {" \
	"		menuentry 'one line' { linux /vmlinuz-6.1.0-57-algbench-stats-off ro; }" \
	"		menuentry 'stats-on' --class debian \$menuentry_id_option 'on-nested' {" \
	'			load_video' '			linux /vmlinuz-6.1.0-57-algbench-stats-on ro quiet' '		}	 ' \
	'	} # inner' \
	"	menuentry 'stats-off' \$menuentry_id_option 'off-outer' {" \
	'		linux /vmlinuz-6.1.0-57-algbench-stats-off ro quiet' '	}' '}' >nested.cfg
check "nested submenus, a function in a submenu, trailing blanks: the ids path of the real entries" \
	test "$(entries nested.cfg)" = "outer>off-outer outer>inner>on-nested"
head -n -1 nested.cfg >open.cfg
refused "a block never closed: the file is refused" "never closed" \
	"$AB" --rounds 1 --out "$dir/g" --grub-cfg open.cfg --unit-dir units --dry-run
{ cat nested.cfg; echo '}'; } >extra.cfg
refused "a } that closes nothing: the file is refused" "closes nothing" \
	"$AB" --rounds 1 --out "$dir/g" --grub-cfg extra.cfg --unit-dir units --dry-run
printf '%s\n' 'set x=${next_entry}' "menuentry 'split' \$menuentry_id_option 'split'" '{' \
	'linux /vmlinuz-6.1.0-57-algbench-stats-on' '}' "menuentry 'off' --id off {" 'linux /vmlinuz-6.1.0-57-algbench-stats-off' '}' >split.cfg
refused "an entry whose { is on the next line: refused, not guessed" "does not open on its line" \
	"$AB" --rounds 1 --out "$dir/g" --grub-cfg split.cfg --unit-dir units --dry-run
# An id that starts with - would reach grub-reboot as an option (grub-reboot
# takes no --): refused, like any id that is not a plain name.
{ cat grub.cfg; printf '%s\n' "menuentry 'dash' \$menuentry_id_option '--help' {" '	linux /boot/vmlinuz-6.1.0-77-dash ro' '}'; } >dash.cfg
rc=0 err=$("$AB" --rounds 1 --out "$dir/g" --grub-cfg dash.cfg --unit-dir units --base 6.1.0-77-dash --dry-run 2>&1) || rc=$?
check "a GRUB id starting with - is refused, never handed to grub-reboot (exit $rc)" sh -c '
	[ "$0" = 2 ] && echo "$1" | grep -q "starts with -" && ! echo "$1" | grep -q "grub-reboot --help"' "$rc" "$err"
# ---- --rounds auto: a look after each round, stop when decided -------------
# A stand-in for `algbench run` (merge and compare are the real algbench's):
# one job, NEW 10% slower (stats-on, and 6.1.0-52 and -53 for the bisection
# below), each boot jittered by at most 1%, so the rule of a cap of 6 (looks
# at 5 and 6 boots a side) decides it at 5: 10 boots, not 12.
mkdir fake
cat >fake/algbench <<FAKE
#!/bin/sh
[ "\$1" = run ] || exec "$ALGBENCH" "\$@"
[ -z "\${FAKE_FAIL:-}" ] || { echo "fake: failing as told" >&2; exit 3; }
for out; do :; done
n=\$(( \$(cat "$dir/fake/count" 2>/dev/null || echo 0) + 1 ))
echo "\$n" >"$dir/fake/count"
case \$(uname -r) in *stats-on | 6.1.0-5[23]-amd64) slow=1.10 ;; *) slow=1 ;; esac
jq -n --argjson n "\$n" --argjson slow "\$slow" --arg rel "\$(uname -r)" '{ schema: "algbench/1",
	run: { id: ("fake" + (\$n | tostring)), host: { kernel: \$rel } },
	results: [ { backend: "kmod", type: "skcipher", alg: "cbc(aes)", driver: "cbc-aes-aesni", op: "encrypt",
		keylen: 16, size: 16, threads: 1, mode: "sync", kat: "pass",
		samples: [ range(3) | { ops: 100, bytes: 1600,
			ns: ((100000 * \$slow * (1 + ((\$n * 7) % 11 - 5) / 500)) | floor) } ] } ] }' >"\$out"
FAKE
chmod 755 fake/algbench
auto=(--rounds auto --max-rounds 6 --out auto1 --grub-cfg grub.cfg --unit-dir "$dir/units" --settle 0)
ALGBENCH=$dir/fake/algbench "$AB" "${auto[@]}" -- --alg 'cbc(aes)' >log.txt 2>&1
check "--rounds auto: the state keeps the cap and the rule" sh -c '
	grep -qx "rounds=6" auto1/ab-hardware.state && grep -qx "auto=1" auto1/ab-hardware.state'
"$AB" --status --out auto1 >status-auto1.txt 2>&1
check "--status: boots of at most 12, the rule" sh -c '
	grep -q "^boots:   0 of at most 12 done" status-auto1.txt && grep -q "^rule:    --rounds auto --max-rounds 6" status-auto1.txt'
for b in 1 2 3 4 5 6 7 8; do
	if [ $((b % 2)) = 1 ]; then boot "$off" auto1; else boot "$on" auto1; fi
done
check "after 4 rounds: looks at 1..4 said continue, a reboot into round 5" sh -c '
	[ "$(grep -c "after round [1-4]: continue" auto1/ab-hardware.log)" = 4 ] && grep -qx reboot calls.log &&
	grep -qx "status=running" auto1/ab-hardware.state'
boot "$off" auto1
boot "$on" auto1
check "round 5: the look stops it (every pair decided), no reboot, unit removed" sh -c '
	grep -q "after round 5: stop: every pair decided" auto1/ab-hardware.log && ! grep -qx reboot calls.log &&
	grep -qx "status=done: compare found a pair slower" auto1/ab-hardware.state && [ ! -e units/algbench-ab-hardware.service ]'
check "... compare.json: slower, decided at 5 by the sequential rule of cap 6" \
	jqok '.sequential.max_boots == 6 and .sequential.boots == 5 and .pairs[0].verdict == "slower"
		and .pairs[0].sequential.decided_at == 5' auto1/compare.json
check "... looks.tsv: a row per round, the last one stopping" sh -c '
	[ "$(tail -n +2 auto1/looks.tsv | wc -l)" = 5 ] && tail -n1 auto1/looks.tsv | grep -q "every pair decided"'
refused "--max-rounds without --rounds auto is refused" "cap of --rounds auto" \
	"$AB" --rounds 4 --max-rounds 6 --out run8 --grub-cfg grub.cfg --unit-dir units --dry-run
refused "--headline with a character outside a name is refused" "comma-separated" \
	"$AB" --rounds auto --headline 'x;y' --out run8 --grub-cfg grub.cfg --unit-dir units --dry-run
# ---- --bisect: the first bad of four installed kernels, through reboots ----
# The stand-in algbench above: 6.1.0-52 and -53 are 10% slower than -50 and
# -51. Each pair is an A/B of --rounds auto (cap 6, decided at 5), so: the
# first against the last (slower), -51 (good), -52 (bad): 3 A/Bs, 30 boots.
{
	printf '%s\n' 'if [ "${next_entry}" ] ; then' '   set default="${next_entry}"' 'fi'
	for n in 50 51 52 53; do
		printf '%s\n' "menuentry 'Debian, Linux 6.1.0-$n-amd64' \$menuentry_id_option 'k-6.1.0-$n-amd64' {" \
			"	linux /boot/vmlinuz-6.1.0-$n-amd64 root=UUID=1234 ro quiet" '}'
	done
} >bisect.cfg
kernels=6.1.0-50-amd64,6.1.0-51-amd64,6.1.0-52-amd64,6.1.0-53-amd64
bis=(--kernels "$kernels" --bisect --rounds auto --max-rounds 6 --grub-cfg bisect.cfg --unit-dir "$dir/units" --settle 0)
ALGBENCH=$dir/fake/algbench "$AB" "${bis[@]}" --out bis --dry-run -- --alg 'cbc(aes)' >dry-bis.txt 2>&1
check "--bisect --dry-run: each kernel's GRUB entry, at most 3 A/Bs of at most 12 boots, the first's entry" sh -c '
	grep -q "kernel 3: 6.1.0-52-amd64: GRUB entry k-6.1.0-52-amd64$" dry-bis.txt &&
	grep -q "at most 3 x 12 = 36 boots" dry-bis.txt && grep -qx "would run: grub-reboot k-6.1.0-50-amd64" dry-bis.txt &&
	[ ! -e bis/ab-hardware.state ]'
refused "--kernels without --bisect is refused" "list of a --bisect" "$AB" --kernels "$kernels" --out bis --grub-cfg bisect.cfg --dry-run
refused "--bisect without --kernels is refused" "needs --kernels" "$AB" --bisect --out bis --grub-cfg bisect.cfg --dry-run
refused "--bisect with --base is refused" "drop --base and --new" "$AB" "${bis[@]}" --base 6.1.0-50-amd64 --out bis --dry-run
refused "a kernel twice in --kernels is refused" "in it twice" \
	"$AB" "${bis[@]/$kernels/6.1.0-50-amd64,6.1.0-51-amd64,6.1.0-50-amd64}" --out bis --dry-run
refused "a kernel with no GRUB entry in --kernels is refused" "no GRUB entry boots /vmlinuz-6.1.0-54-amd64" \
	"$AB" "${bis[@]/$kernels/$kernels,6.1.0-54-amd64}" --out bis --dry-run
: >calls.log
ALGBENCH=$dir/fake/algbench "$AB" "${bis[@]}" --out bis -- --alg 'cbc(aes)' >log.txt 2>&1
check "--bisect start: the state has the list, the pair, and reboots into the first" sh -c '
	grep -qx "kernels=$0" bis/ab-hardware.state && grep -qx "pair=check" bis/ab-hardware.state &&
	grep -qx "grub-reboot k-6.1.0-50-amd64" calls.log && grep -qx reboot calls.log' "$kernels"
"$AB" --status --out bis >status-bis0.txt 2>&1
check "--status before the first A/B: no good or bad so far, and no boots line of the bisection" sh -c '
	grep -q "^bisect:  4 kernels ($0); the first A/B, the first against the last, says which jobs are searched" status-bis0.txt &&
	! grep -q "so far" status-bis0.txt && ! grep -q "^all:" status-bis0.txt' "$kernels"
# Boot whatever the last grub-reboot chose, as GRUB would, until a boot
# reboots no more (at most MAX boots).
follow() { # OUT MAX
	local n=0 e
	while grep -qx reboot calls.log && [ "$n" -lt "$2" ]; do
		e=$(sed -n 's/^grub-reboot //p' calls.log | tail -n1)
		boot "${e#k-}" "$1"
		n=$((n + 1))
	done
}
follow bis 10
"$AB" --status --out bis >status-bis.txt 2>&1
check "after the first A/B (10 boots): slower; --status names the next pair, -50 against -51, and the boots so far" sh -c '
	grep -q "^pair:    k02 (pairs/k02/: 6.1.0-50-amd64 against 6.1.0-51-amd64); decisions made: 1" status-bis.txt &&
	grep -q "^all:     10 boots so far in the bisection (pairs check), at most 36\$" status-bis.txt &&
	jq -e ".pairs[0].verdict == \"slower\"" bis/pairs/check/compare.json >/dev/null && grep -qx "grub-reboot k-6.1.0-50-amd64" calls.log'
follow bis 40
check "--bisect: done, first bad 6.1.0-52-amd64; the unit removed, no reboot left" sh -c '
	grep -qx "status=done: first bad 6.1.0-52-amd64" bis/ab-hardware.state && ! grep -qx reboot calls.log &&
	[ ! -e units/algbench-ab-hardware.service ] && grep -qx "grub-editenv - unset next_entry" calls.log'
check "... bisect.tsv: -51 good, -52 bad, each at 5 rounds a side" sh -c '
	[ "$(tail -n +2 bis/bisect.tsv | cut -f2,6,7 | paste -sd" ")" = "6.1.0-51-amd64	good	5 6.1.0-52-amd64	bad	5" ]'
check "... 30 boots, each in the kernel GRUB was told to boot, in its pair" sh -c '
	[ "$(awk -F"\t" "NR > 1 && \$6 == \"ok\" && \$4 == \$5" bis/ab-hardware.boots | wc -l)" = 30 ] &&
	[ "$(awk -F"\t" "NR > 1" bis/ab-hardware.boots | wc -l)" = 30 ] &&
	[ "$(awk -F"\t" "NR > 1 { print \$8 }" bis/ab-hardware.boots | uniq -c | awk "{ print \$1 \$2 }" | paste -sd" ")" = "10check 10k02 10k03" ]'
check "... each A/B booted both of its kernels afresh (pairs/k03: -50 and -52, 5 rounds each)" sh -c '
	ls bis/pairs/k03/rounds/6.1.0-50-amd64-r5.json bis/pairs/k03/rounds/6.1.0-52-amd64-r5.json >/dev/null &&
	jq -e ".pairs[0].verdict == \"slower\"" bis/pairs/k03/compare.json >/dev/null'
check "... report.md: the first bad, the last good, 3 decisions and their error bound" sh -c '
	grep -q "^First bad kernel: \*\*6.1.0-52-amd64\*\* (-); the last good: 6.1.0-51-amd64 (-)." bis/report.md &&
	grep -q "^3 decisions by compare.s rule. Each errs with probability at most compare.s 0.05, so the whole at most 3 x 0.05 = 0.15" bis/report.md &&
	grep -q "^Not two Debian kernel packages: no changelog to read." bis/report.md &&
	grep -q "scripts/ab-hardware --rounds auto --max-rounds 6 --kernels .* --bisect --out" bis/report.md'
boot 6.1.0-52-amd64 bis
check "a boot after the bisection does nothing" sh -c '[ ! -s calls.log ]'
# A bisection that stops (its first round fails): the unit goes, and a
# report says why and names no kernel.
: >calls.log
ALGBENCH=$dir/fake/algbench "$AB" "${bis[@]}" --out bis2 -- --alg 'cbc(aes)' >log.txt 2>&1
echo 6.1.0-50-amd64 >running
: >calls.log
FAKE_FAIL=1 "$AB" --continue --out bis2 >>log.txt 2>&1 || true
check "--bisect stopped by a failed round: state, unit removed, report.md says why" sh -c '
	grep -q "^status=stopped: round 1 on 6.1.0-50-amd64 exited [1-9]" bis2/ab-hardware.state && [ ! -e units/algbench-ab-hardware.service ] &&
	! grep -qx reboot calls.log && grep -q "^No first bad kernel named: stopped: round 1 on 6.1.0-50-amd64" bis2/report.md'
refused "--settle beyond 99999 s is refused" "0..99999" "$AB" "${bis[@]}" --settle 100000 --out bis3 --dry-run
# bisect.sh's judgement of a kernel between: a searched job that did not run
# there (compare has it one-sided) leaves it undecided, never good.
(
	. "$ALGBENCH_TOP/scripts/bisect.sh"
	bisect_direction=slower bisect_keys=$'kmod cbc\nafalg cbc'
	jq -n '{ pairs: [ { key: "afalg cbc", verdict: "same" } ], one_sided: [ { key: "kmod cbc" } ] }' >judge.json
	bisect_judge judge.json
	echo "$bisect_decision $bisect_bad $bisect_good $bisect_neither $bisect_missing" >judge.txt
	bisect_undecided_why K 5 x.md >>judge.txt
)
check "bisect_judge: a searched job missing from a kernel between: undecided, and said so" sh -c '
	[ "$(head -n1 judge.txt)" = "undecided 0 1 1 1" ] && grep -q "^K: 1 of the searched jobs did not run on it" judge.txt'

mkdir partial && cp bin/reboot partial/
expect_status "stand-ins missing a command are refused" 2 \
	env ALGBENCH_AB_HARDWARE_COMMANDS="$dir/partial" "$AB" --status --out run 2>/dev/null
tap_end
