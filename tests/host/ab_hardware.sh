#!/usr/bin/env bash
# scripts/ab-hardware's state machine (issue 16 item 3): the reboots, GRUB and
# systemd cannot run here, so reboot, grub-reboot, grub-editenv, systemctl
# and uname are stand-ins that record their calls (ALGBENCH_AB_HARDWARE_COMMANDS);
# each round is a real `algbench run` of the openssl backend through
# scripts/ab-stats --here, and the end is a real ab-stats --merge. grub.cfg is
# a fake with hostile entry names: it is parsed, never run.
. "$(dirname "$0")/../lib.sh"
tap_begin
scratch_dir
AB=$ALGBENCH_TOP/scripts/ab-hardware
mkdir bin units
for c in reboot grub-reboot grub-editenv systemctl; do
	printf '#!/bin/sh\necho "%s${*:+ $*}" >>"%s/calls.log"\n' "$c" "$dir" >"bin/$c"
done
# uname -r is the kernel the last reboot "booted" (the test sets it); the rest is the real uname.
printf '#!/bin/sh\n[ "$1" = -r ] && exec cat "%s/running"\nexec /bin/uname "$@"\n' "$dir" >bin/uname
chmod +x bin/*
export ALGBENCH_AB_HARDWARE_COMMANDS=$dir/bin
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
boot() { echo "$1" >running; : >calls.log; "$AB" --continue --out run >>log.txt 2>&1; }
args=(--backend openssl --alg sha256 --sizes 64 --threads 1 --seconds 0.01 --warmup 0 --repeats 2)
start=(--rounds 2 --out run --grub-cfg grub.cfg --unit-dir "$dir/units" --settle 0)

"$AB" "${start[@]}" --dry-run -- "${args[@]}" >dry.txt 2>&1
check "--dry-run: prints grub-reboot, systemctl enable and reboot, runs none" sh -c '
	grep -q "^would run: grub-reboot gnulinux-advanced-1234\\\\>gnulinux-6.1.0-57-algbench-stats-off-advanced-1234$" dry.txt &&
	grep -q "^would run: systemctl enable algbench-ab-hardware.service$" dry.txt &&
	grep -qx "would run: reboot" dry.txt && [ ! -s calls.log ] && [ ! -e units/algbench-ab-hardware.service ] &&
	[ ! -e run/ab-hardware.state ]'
check "--dry-run prints the unit it would install" grep -q "ExecStart=$AB --continue --out $dir/run" dry.txt

: >calls.log
"$AB" "${start[@]}" -- "${args[@]}" >log.txt 2>&1
check "start: base's entry by GRUB ids (submenu>entry), unit enabled, reboot" sh -c '
	printf "%s\n" "systemctl daemon-reload" "systemctl enable algbench-ab-hardware.service" \
		"grub-reboot gnulinux-advanced-1234>gnulinux-6.1.0-57-algbench-stats-off-advanced-1234" "reboot" |
		cmp -s - calls.log'
check "start: the unit runs --continue --out OUT" grep -qx "ExecStart=$AB --continue --out $dir/run" units/algbench-ab-hardware.service
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
# a boot whose governor differs: the merge must say so
jq '.run.host.governor = "powersave"' run/rounds/stats-off-r2.json >g.json && mv g.json run/rounds/stats-off-r2.json
boot "$on"
check "last boot: merged both sides, no reboot" sh -c '
	[ -s run/base-stats-off.json ] && [ -s run/new-stats-on.json ] && ! grep -qx reboot calls.log'
check "last boot: the unit is disabled and deleted, grub's one-shot entry unset" sh -c '
	grep -qx "systemctl disable algbench-ab-hardware.service" calls.log &&
	grep -qx "grub-editenv - unset next_entry" calls.log && [ ! -e units/algbench-ab-hardware.service ]'
check "merged: every job has both rounds' samples" \
	jq -e 'all(.results[]; .rounds == 2 and (.samples | length) == 4)' run/new-stats-on.json >/dev/null
check "a governor that differs between boots: warned in the merged files and compare.md" sh -c '
	jq -e ".run.ab.host_tuning == \"differs\"" run/base-stats-off.json >/dev/null &&
	head -n1 run/compare.md | grep -q "^\*\*WARNING: the host.s governor/turbo/SMT/topology differ" &&
	grep -q "stats-off-r2.json	powersave" run/host-tuning.tsv'
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
mkdir partial && cp bin/reboot partial/
expect_status "stand-ins missing a command are refused" 2 \
	env ALGBENCH_AB_HARDWARE_COMMANDS="$dir/partial" "$AB" --status --out run 2>/dev/null
tap_end
