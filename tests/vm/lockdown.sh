#!/usr/bin/env bash
# algbench.ko's control device under kernel lockdown (lockdown=integrity),
# Debian's 6.1, two boots (see lockdown_guest.sh):
#   boot:    booted with lockdown=integrity: what happens to the unsigned
#            module built here (the kernel refuses it; algbench says so)
#   runtime: the module loaded first, then lockdown raised to integrity: a
#            writable debugfs file is refused, /dev/algbench runs jobs.
# The guests' TAP lines are numbered again here as one plan.
. "$(dirname "$0")/../lib.sh"
skip_unless_built algbench.ko
tap_begin
for mode in boot runtime; do
	args=(--kernel debian-6.1 --smp 2 --timeout 400)
	[ "$mode" = boot ] && args+=(--append lockdown=integrity)
	echo "# ---- $mode: scripts/vm/run ${args[*]}"
	n0=$tap_n
	while IFS= read -r l; do
		case $l in
		"ok "*) ok "$mode: ${l#ok [0-9]* }" ;;
		"not ok "*) not_ok "$mode: ${l#not ok [0-9]* }" ;;
		"TAP version"* | "1.."* | "# Totals"*) ;;
		# the guest's failures are counted above (exit 1); any other status is a guest that did not finish
		"ALGBENCH-LOCKDOWN-VM-EXIT "*)
			code=${l#ALGBENCH-LOCKDOWN-VM-EXIT }
			[ "$code" = 0 ] || [ "$code" = 1 ] || not_ok "$mode: the guest did not finish (scripts/vm/run exit $code)" ;;
		"#"*) echo "$l" ;;
		*) echo "# $l" ;;
		esac
	done < <(
		rc=0
		"$VMRUN" "${args[@]}" -- bash /opt/algbench/tests/vm/lockdown_guest.sh "$mode" 2>&1 || rc=$?
		echo "ALGBENCH-LOCKDOWN-VM-EXIT $rc"
	)
	[ "$tap_n" -gt "$n0" ] || not_ok "$mode: the guest ran no check"
done
tap_end
