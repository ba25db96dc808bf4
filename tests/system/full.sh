#!/usr/bin/env bash
# The proof on a full system (issue 21 item 5): a Debian 12 system disk
# (scripts/system/image: systemd, udev, GRUB, Debian's 6.1 and 6.12 kernels
# with headers, DKMS), booted through its own GRUB by scripts/system/run.
# First the .debs are built from debian/ in a clean chroot, twice, by
# scripts/system/debs (BPF engine, lintian, reproducible). In the guest,
# tests/system/guest.sh does what a user does on their server: installs them
# (or, while the tree has no debian/, this build's binary and modules by
# hand), runs scripts/bench with a short job list and the package's
# autopkgtests, installs a third kernel (an older Debian 6.12 ABI, as a user
# installs one: Debian's packages, dpkg -i), lets scripts/ab-hardware
# --bisect reboot through GRUB over the three to find the first that moved a
# job (A/Bs of ABAB boots, each judged by compare), then boots once with
# lockdown=integrity module.sig_enforce=1. This script checks what the guest recorded. First run: the image is built (root; tens of minutes).
. "$(dirname "$0")/../lib.sh"
tap_begin
if [ "$(id -u)" != 0 ]; then
	skip_all "needs root: mmdebstrap --mode=root builds the system image"
fi
scratch_dir
t_start=$SECONDS
build=${ALGBENCH_BUILD_DIR:-$ALGBENCH_TOP/build}
share=$dir/share
mkdir -p "$share/tree" "$share/out"
# What the guest recorded and every boot's console, kept for a look after the
# test at its verdict (an earlier run's records never pass for this one's).
keep=$build/system-full
rm -rf "$keep"
keep_records() {
	mkdir -p "$keep" && cp -a "$share/out" "$share/.system" "$keep/" 2>/dev/null &&
		echo "# the guest's records and console log: $keep"
}
# The tree as a user would have it: the tracked files and new ones, not build
# folders or results.
(cd "$ALGBENCH_TOP" && git ls-files -co --exclude-standard -z | grep -zv '^results/' |
	tar --null -T - -cf -) | tar -C "$share/tree" -xf - || { echo "Bail out! cannot copy the tree"; exit 1; }
# ... and the shipped result debian/tests/compare-report reads.
r=results/debian-6.1-vs-6.12/wallclock
mkdir -p "$share/tree/$r" && cp "$ALGBENCH_TOP/$r"/*.json "$share/tree/$r/"

# The packages, built from this tree as a Debian buildd does (issue 36):
# scripts/system/debs builds them in a clean chroot (mmdebstrap's buildd
# variant and the Build-Depends), checks that the installed algbench has its
# BPF engine and builds again from another path, user, umask, locale, time
# zone and clock: the .debs must reproduce byte for byte. The disk installs
# the first build's .debs.
if [ -d "$ALGBENCH_TOP/debian" ]; then
	t0=$SECONDS
	debs=$dir/debs
	drc=0
	"$ALGBENCH_TOP/scripts/system/debs" --src "$share/tree" --out "$debs" 2>"$dir/debs.err" || drc=$?
	sed 's/^/# /' "$dir/debs.err"
	echo "# scripts/system/debs: exit $drc; $(paste -sd ';' "$debs/times" 2>/dev/null)"
	if ls "$debs"/a/algbench_*.deb >/dev/null 2>&1; then
		mkdir -p "$share/debs" && cp "$debs"/a/*.deb "$share/debs/"
		ok "clean-chroot build (buildd + Build-Depends, dpkg-buildpackage -b): $(cd "$share/debs" && echo *.deb) ($((SECONDS - t0)) s)"
	else
		not_ok "the clean-chroot build made no .debs (scripts/system/debs exit $drc)"
	fi
	grep -h "algbench trace: BPF engine\|BPF: crypto_counts" "$debs/build-a.log" 2>/dev/null | sed 's/^/# build A: /'
	check "cmake built the BPF engine in" grep -q "algbench trace: BPF engine built in" "$debs/build-a.log"
	sed 's/^/# /' "$debs/engine.txt" 2>/dev/null
	check "the installed algbench has its BPF engine" sh -c '[ -s "$1" ] && ! grep -q "built without the BPF engine" "$1"' _ "$debs/engine.txt"
	lintian "$debs"/a/*.deb >"$dir/lintian.log" 2>&1
	sed -n '/running with root privileges/!s/^/# lintian: /p' "$dir/lintian.log"
	check "lintian: 0 tags ($(grep -c '^[A-Z]: ' "$dir/lintian.log"))" sh -c '! grep -q "^[A-Z]: " "$1"' _ "$dir/lintian.log"
	sed 's/^/# reproducible: /' "$debs/repro.txt" 2>/dev/null
	check "reproducible: both builds' .debs byte-identical" sh -c '[ -s "$1" ] && ! grep -qv "^same " "$1"' _ "$debs/repro.txt"
	for f in "$debs"/diffoscope-*.txt; do
		[ -s "$f" ] && head -n 60 "$f" | sed "s|^|# $(basename "$f"): |"
	done
else
	mkdir -p "$share/prebuilt/bin" "$share/prebuilt/kmod"
	cp "$build/bin/algbench" "$share/prebuilt/bin/" || { echo "Bail out! no $build/bin/algbench"; exit 1; }
	cp -r "$build"/kmod/*-amd64 "$share/prebuilt/kmod/" 2>/dev/null
	skip "the algbench .debs" "the tree has no debian/ yet: the guest gets this build's algbench and its modules for $(ls "$share/prebuilt/kmod" | paste -sd ' ') by hand"
fi

# The bisection's middle kernel: the oldest Debian 6.12 ABI apt has with
# headers (so DKMS builds algbench for it), other than the disk's newest;
# its packages from the cache (one download), handed to the guest.
mid=$(bash -c '. "$1/scripts/vm/lib.sh" && top=$(debian_kernel_release 6.12) &&
	apt_cache search --names-only "^linux-headers-6\.12\.[0-9]+\+deb12-amd64\$" | cut -d" " -f1 |
	sed "s/^linux-headers-//" | grep -vxF "$top" | sort -V | head -n1' _ "$ALGBENCH_TOP")
mkdir -p "$share/kernel-debs"
if [ -n "$mid" ] && bash -c '. "$1/scripts/vm/lib.sh" && debian_kernel_root "$2" >/dev/null' _ "$ALGBENCH_TOP" "$mid"; then
	for p in "linux-image-$mid" "linux-headers-$mid" "linux-headers-${mid%-amd64}-common" "linux-kbuild-${mid%-amd64}"; do
		# shellcheck disable=SC2012 # the cache's own .debs: no blanks in their names
		d=$(ls -t "$ALGBENCH_CACHE/debian/debs/${p}_"*.deb 2>/dev/null | head -n1)
		[ -n "$d" ] && cp "$d" "$share/kernel-debs/"
	done
fi
check "the third kernel's packages ($mid: image, headers, common, kbuild)" \
	sh -c '[ "$(ls "$1"/*.deb 2>/dev/null | wc -l)" = 4 ]' _ "$share/kernel-debs"

# The guest's job lists: README's main command with a short suite, and the
# bisection's job: kmod deflate 16 B, which Debian's 6.12 kernels run several
# times faster than 6.1 under TCG (results/debian-6.1-vs-6.12), so each A/B
# decides it at 4 boots a side (with one job and every boot of one kernel
# faster than every boot of the other, the exact permutation p is 2/70; at 3
# a side it cannot be under 0.10, so fewer rounds are refused).
rounds=${ALGBENCH_SYSTEM_ROUNDS:-4}
[[ $rounds =~ ^[0-9]+$ ]] && [ "$rounds" -ge 4 ] ||
	{ echo "Bail out! ALGBENCH_SYSTEM_ROUNDS=$rounds: 4 rounds a side at least (fewer can decide nothing)"; exit 1; }
ROUNDS=$rounds
BENCH_ARGS=(--seconds 0.01 --repeats 2 --warmup 0 -- --alg 'sha256,cbc(aes),gcm(aes),deflate' --sizes '64,4096' --threads 1)
AB_ARGS=(--backend kmod --mode sync --alg deflate --op compress --sizes 16 --threads 1 --seconds 0.02 --warmup 0 --repeats 3)
declare -p ROUNDS BENCH_ARGS AB_ARGS >"$share/settings"

t0=$SECONDS
rc=0
"$ALGBENCH_TOP/scripts/system/run" --share "$share" --timeout "${ALGBENCH_SYSTEM_TIMEOUT:-14400}" \
	-- bash /mnt/algbench/tree/tests/system/guest.sh 2>&1 | sed 's/^/# /'
rc=${PIPESTATUS[0]}
guest_s=$((SECONDS - t0))
o=$share/out
if [ "$rc" = 0 ]; then ok "the guest ran every step and powered off ($guest_s s)"; else not_ok "scripts/system/run exited $rc after $guest_s s"; fi
echo "# boots seen by the test's unit (N, uname -r, time):"
sed 's/^/#   /' "$share/.system/boots" 2>/dev/null

# Booted through the disk's own GRUB, whose grub.cfg is update-grub's.
check "dpkg -i of the third kernel ($mid) exited 0" sh -c '[ "$(awk "\$1 == \"kernel-install\" { print \$3 }" "$1")" = 0 ]' _ "$o/times"
check "grub.cfg is update-grub's, with next_entry and three kernels (6.1, the third, 6.12)" sh -c '
	grep -q "generated by grub-mkconfig" "$1" && grep -q next_entry "$1" &&
	[ "$(grep -oE "^[[:space:]]*linux[[:space:]]+/boot/vmlinuz-6\.(1|12)\.[^ ]+" "$1" | sed "s/.*vmlinuz-//" | sort -u | wc -l)" = 3 ] &&
	grep -qF "/boot/vmlinuz-$2 " "$1"' _ "$o/grub.cfg" "$mid"
check "the console shows GRUB loading the kernel (no -kernel)" grep -aq "Booting .Debian GNU/Linux" "$share/.system/console.log"

case $(cat "$o/install-path" 2>/dev/null) in
debs)
	check "dpkg -i algbench and algbench-dkms" grep -q "Setting up algbench-dkms" "$o/dpkg.log"
	echo "# dkms status:"
	sed 's/^/#   /' "$o/dkms-status.txt"
	for rel in $(grep -o 'vmlinuz-[^ ]*' "$o/grub.cfg" | sed 's/vmlinuz-//' | sort -u); do
		check "dkms built algbench for $rel" grep -Fq ", $rel, x86_64: installed" "$o/dkms-status.txt" # -F: a release has dots and +
	done
	# autopkgtest in the guest: every test of debian/tests/control passed.
	echo "# autopkgtest (exit $(cat "$o/autopkgtest.rc" 2>/dev/null), $(awk '$1 == "autopkgtest" { print $2 " s" }' "$o/times" 2>/dev/null)) summary:"
	sed 's/^/#   /' "$o/autopkgtest/summary" 2>/dev/null || tail -n 20 "$o/autopkgtest.log" 2>/dev/null | sed 's/^/#   /'
	for t in $(sed -n 's/^Tests: *//p' "$ALGBENCH_TOP/debian/tests/control" | tr ',' ' '); do
		check "autopkgtest $t: PASS" grep -Eq "^$t +PASS" "$o/autopkgtest/summary"
	done
	;;
prebuilt) ok "modules installed by hand (no package yet)" ;;
*) not_ok "the guest never reached the install step" ;;
esac

# README's main command on the host branch, kmod and acomp jobs ok.
bench_rc=$(cat "$o/bench.rc" 2>/dev/null || echo none)
bench=$(cat "$o/bench-path" 2>/dev/null || echo "the main command")
if [ "$(cat "$o/install-path" 2>/dev/null)" = debs ]; then
	check "the installed main command ran ($bench)" [ "$bench" = /usr/bin/algbench-bench ]
fi
check "$bench exits 0 (exit $bench_rc)" [ "$bench_rc" = 0 ]
check "$bench took the host branch" grep -Eq "^bench: the running kernel \(.*\) has AF_ALG" "$o/bench.log"
# shellcheck disable=SC2010 # the files are this test's own: no blanks in their names
json=$(ls "$o"/*.json 2>/dev/null | grep -v lockdown | head -n1)
if [ -n "$json" ]; then
	echo "# the suite's jobs: $(jq -r '[.results[].status] | group_by(.) | map("\(.[0]) \(length)") | join(", ")' "$json")"
	check "kmod jobs ran ok" jqok '[.results[] | select(.backend == "kmod" and .status == "ok")] | length > 0' "$json"
	check "acomp jobs ran ok in the kernel" jqok '[.results[] | select(.type == "acomp" and .backend == "kmod" and .status == "ok")] | length > 0' "$json"
	check "no job failed" jqok '[.results[] | select(.status == "failed")] | length == 0' "$json"
else
	not_ok "$bench left no result JSON"
fi

# The bisection through GRUB: the first against the last, then the kernel
# between, each an ABAB of 2 x ROUNDS boots.
ab=$o/ab
if [ -s "$ab/ab-hardware.boots" ]; then
	echo "# ab-hardware's boots (step, round, side, expected, running uname -r, result, time, pair):"
	sed 's/^/#   /' "$ab/ab-hardware.boots"
fi
check "ab-hardware --bisect finished, naming a first bad kernel ($(sed -n 's/^status: *//p' "$o/ab-status.txt" 2>/dev/null))" \
	grep -q '^status: *done: first bad ' "$o/ab-status.txt"
# the guest's kernels, oldest first, as it handed them to --kernels
read -r k1 k2 k3 < <(tr ',' ' ' <"$o/ab-kernels" 2>/dev/null)
check "two A/Bs (the first against the last, then the middle one) of $((2 * rounds)) boots, each into the planned kernel, none into another" sh -c '
	[ "$(awk -F"\t" "NR > 1 && \$6 == \"ok\" && \$4 == \$5" "$1" | wc -l)" = "$2" ] &&
	[ "$(awk -F"\t" "NR > 1" "$1" | wc -l)" = "$2" ] &&
	[ "$(awk -F"\t" "NR > 1 { print \$8 }" "$1" | uniq | paste -sd" ")" = "check k02" ]' _ "$ab/ab-hardware.boots" $((4 * rounds))
check "... check booted the first and the last kernel ($k1, $k3), k02 the first and the middle ($k1, $k2)" sh -c '
	[ -n "$4" ] && [ "$(awk -F"\t" "NR > 1 && \$8 == \"check\" { print \$5 }" "$1" | sort -u | paste -sd" ")" = "$(printf "%s\n" "$2" "$4" | sort -u | paste -sd" ")" ] &&
	[ "$(awk -F"\t" "NR > 1 && \$8 == \"k02\" { print \$5 }" "$1" | sort -u | paste -sd" ")" = "$(printf "%s\n" "$2" "$3" | sort -u | paste -sd" ")" ]' \
	_ "$ab/ab-hardware.boots" "$k1" "$k2" "$k3"
check "the boots alternate kernels (ABAB in each A/B)" sh -c '
	[ "$(awk -F"\t" "NR > 1 { print \$5 }" "$1" | uniq | wc -l)" = "$2" ]' _ "$ab/ab-hardware.boots" $((4 * rounds))
for pair in check k02; do
	check "A/B $pair: compare's report and a verdict for every pair" sh -c '[ -s "$1/compare.md" ] &&
		jq -e "(.pairs | length > 0) and all(.pairs[]; .verdict | IN(\"same\", \"slower\", \"faster\", \"inconclusive\"))" "$1/compare.json" >/dev/null' _ "$ab/pairs/$pair"
	check "A/B $pair: the rounds ran the kmod job ok on both kernels" sh -c '
		for f in "$1"/base-*.json "$1"/new-*.json; do
			jq -e "[.results[] | select(.backend == \"kmod\" and .status == \"ok\")] | length > 0" "$f" >/dev/null || exit 1
		done' _ "$ab/pairs/$pair"
done
check "report.md names the first bad and the last good kernel with their Debian versions" \
	grep -Eq '^First bad kernel: \*\*[^*]+\*\* \([0-9][^)]*\); the last good: ' "$ab/report.md"
[ -s "$ab/report.md" ] && { echo "# report.md:"; sed 's/^/#   /' "$ab/report.md"; }
echo "# ab-hardware wall time: $(cat "$o/ab-wall" 2>/dev/null)"

# The lockdown boot: the module loads (its key trusted) or the kmod jobs are
# skipped, with the reason: never the old "not built or not installed".
check "the lockdown boot had lockdown=integrity module.sig_enforce=1" sh -c '
	grep -q "lockdown=integrity" "$1/lockdown-cmdline" && grep -q "module.sig_enforce=1" "$1/lockdown-cmdline" &&
	grep -q "\[integrity\]" "$1/lockdown-state"' _ "$o"
echo "# lockdown: modprobe algbench: $(cat "$o/lockdown-modprobe" 2>/dev/null) (exit $(cat "$o/lockdown-modprobe.rc" 2>/dev/null)); signer: $(cat "$o/lockdown-signer" 2>/dev/null); mokutil --sb-state: $(cat "$o/lockdown-mokutil" 2>/dev/null)"
sed 's/^/#   /' "$o/lockdown-run.log" 2>/dev/null
lj=$o/lockdown-run.json
if [ "$(cat "$o/lockdown-modprobe.rc" 2>/dev/null)" = 0 ]; then
	check "under lockdown the signed module loaded and its job ran ok" jqok '[.results[] | select(.backend == "kmod" and .status == "ok")] | length > 0' "$lj"
else
	why=$(jq -r '[.results[] | select(.backend == "kmod")][0].reason // empty' "$lj" 2>/dev/null)
	echo "# lockdown: the kmod job's reason: $why"
	check "under lockdown the kmod job is skipped" jqok '[.results[] | select(.backend == "kmod" and .status == "skipped")] | length > 0' "$lj"
	check "... with the key/lockdown reason, not 'not built or not installed'" sh -c '
		echo "$1" | grep -qiE "key|lockdown|secure boot|signature|mokutil" && ! echo "$1" | grep -q "not built for this kernel, or not installed"' _ "$why"
fi
echo "# times (step seconds rc): $(paste -sd ';' "$o/times" 2>/dev/null); whole test $((SECONDS - t_start)) s"
keep_records
tap_end
