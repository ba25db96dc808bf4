#!/usr/bin/env bash
# LAVA's own dispatcher runs algbench's job, offline: lava-run (lava-dispatcher
# 2023.01, Debian 12) with a device configuration rendered from lava-server's
# qemu.jinja2, the job from lava/algbench-lava-job booting Debian's 6.1 kernel
# with lava/algbench-lava-ramdisk's initramfs (file:// URLs), the test
# definition cloned by LAVA from a snapshot of this checkout. Checks: the job
# finished, LAVA recorded exactly the lava-test-case calls the job's own
# conform TAP and result JSON make (carried out through LAVA's log by
# lava/algbench-lava-files), conform ran, every timed job passed its KAT, and
# the KCIDB export of those files validates as host_kcidb's does.
# ALGBENCH_LAVA_KEEP=DIR keeps the job, device, LAVA's log and results there.
. "$(dirname "$0")/../lib.sh"
tap_begin
if ! command -v lava-run >/dev/null || ! /usr/bin/python3 -c 'import guestfs, jinja2' 2>/dev/null; then
	if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
		"$ALGBENCH_TOP/scripts/setup" lava >&2 || skip_all "lava-dispatcher could not be installed (scripts/setup lava failed)"
	else
		skip_all "lava-dispatcher not installed: run scripts/setup lava as root"
	fi
fi
command -v git >/dev/null || skip_all "no git: LAVA clones the test definition with it"
build=${ALGBENCH_BUILD_DIR:-$ALGBENCH_TOP/build}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

# lava-server's device-type templates, from its .deb (never installed: the
# server wants PostgreSQL and Django), unpacked once into the cache
lava_cache=$ALGBENCH_CACHE/lava
templates=$(ls -d "$lava_cache"/lava-server_*/usr/share/lava-server/device-types 2>/dev/null | tail -n1)
if [ -z "$templates" ]; then
	mkdir -p "$lava_cache/debs"
	(cd "$lava_cache/debs" && apt-get download -q lava-server >&2) ||
		skip_all "apt-get download lava-server failed (offline, or no apt lists): its device-type templates are needed"
	deb=$(ls "$lava_cache"/debs/lava-server_*.deb | tail -n1)
	dpkg-deb -x "$deb" "$lava_cache/$(basename "$deb" .deb)"
	templates=$(ls -d "$lava_cache"/lava-server_*/usr/share/lava-server/device-types | tail -n1)
fi
kernel_root=$("$VMRUN" --kernel debian-6.1 --print-root) || skip_all "Debian's 6.1 kernel is not cached and cannot be fetched (scripts/vm/run --print-root)"
kernel=$(ls "$kernel_root"/boot/vmlinuz-* | head -n1)
release=${kernel##*/vmlinuz-}

nice -n 19 "$ALGBENCH_TOP/lava/algbench-lava-ramdisk" "$dir/ramdisk.cpio.gz" --build "$build" ||
	{ not_ok "the job's ramdisk"; tap_end; exit 1; }
# The definition LAVA clones: this checkout as it is, committed in a scratch repository
mkdir "$dir/repo"
# (a tracked file deleted in the work tree is not part of it "as it is")
git -C "$ALGBENCH_TOP" ls-files -z | (cd "$ALGBENCH_TOP" &&
	while IFS= read -r -d '' f; do if [ -e "$f" ] || [ -L "$f" ]; then printf '%s\0' "$f"; fi; done |
	xargs -0 cp --parents -a -t "$dir/repo") ||
	{ not_ok "a copy of the checkout's files"; tap_end; exit 1; }
git -C "$dir/repo" init -q && git -C "$dir/repo" add -A &&
	git -C "$dir/repo" -c user.name=algbench -c user.email=algbench@localhost commit -q -m snapshot ||
	{ not_ok "a snapshot repository of the checkout"; tap_end; exit 1; }

"$ALGBENCH_TOP/lava/algbench-lava-job" --kernel "file://$kernel" --ramdisk "file://$dir/ramdisk.cpio.gz" \
	--repository "$dir/repo" --algs 'cbc(aes),sha256' --sizes 64,4096 --seconds 0.05 --smp 2 --minutes 45 >"$dir/job.yaml"
if "$ALGBENCH_TOP/lava/algbench-lava-device" "$templates" "$ALGBENCH_TOP/lava/qemu-algbench.jinja2" \
	"$dir/job.yaml" >"$dir/device.yaml"; then
	ok "device configuration rendered from lava-server's qemu.jinja2"
else
	not_ok "device configuration rendered from lava-server's qemu.jinja2"
fi

# libguestfs builds LAVA's overlay disk in a small appliance VM; supermin takes
# its kernel from /boot, which a container or this host may lack: Debian's 6.1
# instead, with the modules.dep supermin reads (a linked copy, the cache untouched)
mkdir -p "$dir/sm/lib/modules"
cp -as "$kernel_root/lib/modules/$release" "$dir/sm/lib/modules/"
depmod -b "$dir/sm" "$release"
export SUPERMIN_KERNEL=$kernel SUPERMIN_KERNEL_VERSION=$release SUPERMIN_MODULES=$dir/sm/lib/modules/$release
export LIBGUESTFS_BACKEND=direct TMPDIR=$dir

start=$(date +%s)
rc=0
# LAVA's own limits end the job (45 minutes); this one only ends a hang
# the job id names LAVA's scratch folder (/var/lib/lava/dispatcher/tmp/ID):
# this shell's PID keeps two runs at once (two build trees) apart
timeout 4500 nice -n 19 lava-run --job-id "$$" --output-dir "$dir/out" --device "$dir/device.yaml" "$dir/job.yaml" \
	>"$dir/lava.log" 2>&1 || rc=$? # its log: JSON lines on stderr
echo "# lava-run: $(($(date +%s) - start)) s wall, exit $rc"
# LAVA's log: one YAML flow mapping a line ({dt, lvl, msg}; numbers in
# results are tagged strings, `! "812.5"`, so not JSON): LAVA's recorded
# results as "DEFINITION CASE RESULT[ MEASUREMENT UNITS]", its errors as text
lava_log() { # lava_log results|errors
	/usr/bin/python3 -c '
import sys, yaml
for line in open(sys.argv[2], encoding="utf-8", errors="replace"):
    try:
        e = yaml.safe_load(line)
    except yaml.YAMLError:
        continue
    if not isinstance(e, dict):
        continue
    m = e.get("msg")
    if sys.argv[1] == "results" and e.get("lvl") == "results" and isinstance(m, dict):
        extra = " %s %s" % (m["measurement"], m.get("units", "")) if "measurement" in m else ""
        print("%s %s %s%s" % (m.get("definition"), m.get("case"), m.get("result"), extra))
    elif sys.argv[1] == "errors" and e.get("lvl") in ("error", "exception"):
        print(m)
' "$1" "$dir/lava.log"
}
lava_log results >"$dir/results.txt" || not_ok "LAVA's recorded results read from its log (exit $?)"
sed 's/^/#   /' "$dir/results.txt" | grep -v '^#   [0-9]*_algbench ' # LAVA's own cases; the test's below
echo "#   ... and $(grep -c '^[0-9]*_algbench ' "$dir/results.txt") cases of the definition"
if [ "$rc" = 0 ] && grep -q '"Job finished correctly"' "$dir/lava.log"; then ok "lava-run finished the job"; else
	not_ok "lava-run finished the job (exit $rc)"
	lava_log errors | sed 's/^/#   /' | tail -n 20
fi
check "LAVA's job result is pass" grep -qx 'lava job pass' "$dir/results.txt"
check "LAVA's run of the definition is pass" grep -qx 'lava 0_algbench pass' "$dir/results.txt"

# The files the job's algbench wrote, from LAVA's log
if "$ALGBENCH_TOP/lava/algbench-lava-files" --extract "$dir/lava.log" "$dir/files" >/dev/null &&
	[ -s "$dir/files/conform.tap" ] && [ -s "$dir/files/bench.json" ]; then
	ok "conform.tap and bench.json carried out in LAVA's log"
else
	not_ok "conform.tap and bench.json carried out in LAVA's log"
fi
# What the job's report had to call, from those files (a recording stub on
# PATH), against what LAVA recorded for the definition
mkdir "$dir/bin"
printf '#!/bin/sh\nn=$1; shift\nprintf "%%s" "$n" >>"$LOG"; while [ $# -gt 0 ]; do case $1 in --result) printf " %%s" "$2" >>"$LOG";; --measurement) printf " %%s" "$2" >>"$LOG";; --units) printf " %%s" "$2" >>"$LOG";; esac; shift 2; done; echo >>"$LOG"\n' >"$dir/bin/lava-test-case"
chmod +x "$dir/bin/lava-test-case"
report_rc=0
PATH="$dir/bin:$PATH" LOG="$dir/want" "$ALGBENCH_TOP/lava/algbench-lava-report" \
	--tap "$dir/files/conform.tap" --result "$dir/files/bench.json" 2>"$dir/report.err" || report_rc=$?
sed -n 's/^[0-9]*_algbench //p' "$dir/results.txt" >"$dir/got"
check "the job's report re-run on its own files (exit $report_rc)" test "$report_rc" = 0
if [ -s "$dir/want" ] && diff -u <(sort "$dir/want") <(sort "$dir/got") >"$dir/diff"; then
	ok "LAVA recorded every test case algbench ran ($(wc -l <"$dir/got") cases)"
else
	not_ok "LAVA recorded every test case algbench ran"
	sed 's/^/#   /' "$dir/diff" | head -n 30
fi
# counts by awk: grep -c's exit 1 on a count of 0 is not an error here
conform_rows=$(awk '/^(not )?ok / { n++ } END { print n + 0 }' "$dir/files/conform.tap")
conform_cases=$(awk '/^conform\./ { n++ } END { print n + 0 }' "$dir/got")
check "conform's $conform_rows TAP rows are LAVA's conform cases" test "$conform_rows" -gt 0 -a "$conform_rows" = "$conform_cases"
check "no conform case failed" test "$(grep -c '^conform\.[^ ]* fail' "$dir/got")" = 0
check "every timed job passed its KAT" \
	jqok '[.results[] | select(.status == "ok")] | length > 0 and all(.kat == "pass")' "$dir/files/bench.json"
check "every bench case LAVA recorded passed with MB/s" \
	test "$(grep -c '^bench\.' "$dir/got")" -gt 0 -a "$(grep '^bench\.' "$dir/got" | grep -vc ' pass [0-9.]* MB/s$\| skip$')" = 0

expect_status "KCIDB export of the LAVA run" 0 "$ALGBENCH" export --kcidb --kernel "$release" \
	-o "$dir/kcidb.json" "$dir/files/conform.tap" "$dir/files/bench.json"
check "the export validates against the KCIDB v5 schema" \
	python3 "$ALGBENCH_TOP/tests/host/kcidb_validate.py" "$ALGBENCH_TOP/tests/kcidb-v5.schema.json" "$dir/kcidb.json"
if [ -n "${ALGBENCH_LAVA_KEEP:-}" ]; then
	mkdir -p "$ALGBENCH_LAVA_KEEP"
	cp "$dir/job.yaml" "$dir/device.yaml" "$dir/lava.log" "$dir/results.txt" "$dir/kcidb.json" "$dir/files/"* "$ALGBENCH_LAVA_KEEP/" 2>/dev/null
	cp -r "$dir/out" "$ALGBENCH_LAVA_KEEP/output" 2>/dev/null || echo "# lava-run's output folder was not kept (none, or cp failed)"
fi
tap_end
