#!/usr/bin/env bash
# The scripts' command lines (issue 20 defect 12, issue 21 item 3): --help
# says the header, not source lines, and runs nothing; no HOME is no crash;
# missing values and refusals are messages with exit 2; scripts/setup without
# apt names what it wanted; scripts/bench probes AF_ALG first, fetches a VM
# kernel only for the VM, sizes the VM's time limit by the plan, and a
# stopped run leaves no temporary result file behind.
. "$(dirname "$0")/../lib.sh"
tap_begin
scratch_dir
S=$ALGBENCH_TOP/scripts

# Each user-facing script, with HOME unset: --help exits 0 with its text.
for f in ab-hardware ab-report ab-stats bench contention-control peers setup smp-scaling test \
	fetch-debian-kernels vm/run kernel/build-variants kmod/tcrypt-compare cross-test; do
	rc=0
	# timeout: a --help that starts the real work is stopped, and fails
	out=$(env -u HOME -u ALGBENCH_CACHE -u XDG_CACHE_HOME timeout 120 "$S/$f" --help 2>&1) || rc=$?
	if [ "$rc" = 0 ] && [ -n "$out" ] && ! grep -qE 'unbound variable|^set -|^\. "|dirname "\$' <<<"$out"; then
		ok "scripts/$f --help without HOME: its text, no source lines"
	else
		not_ok "scripts/$f --help without HOME (exit $rc): $(head -c 300 <<<"$out")"
	fi
done
home=$(getent passwd "$(id -u)" | cut -d: -f6)
check "without HOME the cache is under the passwd entry's home" test \
	"$(env -u HOME -u ALGBENCH_CACHE -u XDG_CACHE_HOME sh -c ". '$S/lib.sh'; echo \$ALGBENCH_CACHE")" = "$home/.cache/algbench"
check "scripts/test --help is the usage, and starts nothing" sh -c '
	out=$(timeout 120 "$0/test" --help 2>&1) && echo "$out" | grep -q "^Every test" && ! echo "$out" | grep -q "installing\|== ctest\|nothing to install"' "$S"
expect_status "scripts/test with an argument: usage error" 2 "$S/test" --bogus 2>/dev/null
expect_status "scripts/cross-test without an architecture: usage error" 2 "$S/cross-test" 2>/dev/null
expect_status "scripts/cross-test riscv64 (not supported): usage error" 2 "$S/cross-test" riscv64 2>/dev/null

# scripts/setup: a mode per path; without apt a refusal that names packages.
expect_status "scripts/setup with an unknown mode: usage error" 2 "$S/setup" bogus 2>/dev/null
mkdir nopkg
for t in sh dirname basename uname id cut getent sed grep wc cat; do ln -s "$(command -v "$t")" nopkg/; done
rc=0
out=$(PATH=$dir/nopkg "$S/setup" host 2>&1) || rc=$?
check "scripts/setup host without apt: exit 2, not 127" [ "$rc" = 2 ]
check "... naming the packages and this kernel's headers, and --no-setup" sh -c '
	echo "$0" | grep -q "not a Debian or Ubuntu system" && echo "$0" | grep -q libkcapi-dev &&
	echo "$0" | grep -q "/lib/modules/$(uname -r)/build" && echo "$0" | grep -q -- --no-setup' "$out"
check "... and the host path wants no hypervisor or clang" sh -c '! echo "$0" | grep -qE "qemu|clang"' "$out"

# scripts/ab-report: a missing value and a plot that refuses are messages.
for x in b n; do
	"$ALGBENCH" run --backend openssl --alg sha256 --sizes 64 --threads 1 --seconds 0.01 --warmup 0 \
		--repeats 3 --json $x.json --quiet 2>/dev/null
done
rc=0
out=$("$S/ab-report" --base 2>&1) || rc=$?
check "ab-report --base without a value: exit 2 and says so" sh -c '[ "$0" = 2 ] && echo "$1" | grep -q -- "--base needs a value"' "$rc" "$out"
# a label gnuplot could interpret: plot refuses the file
jq '.run.host.kernel = "k$x"' n.json >n-evil.json
rc=0
out=$("$S/ab-report" --base b.json --new n-evil.json --out rx 2>&1) || rc=$?
check "ab-report when plot refuses: exit 2 with plot's reason, no report.md" sh -c '
	[ "$0" = 2 ] && echo "$1" | grep -q "algbench plot: n-evil.json: kernel/label" && echo "$1" | grep -q "algbench plot refused" &&
	[ ! -e "rx/report.md" ]' "$rc" "$out"
rc=0
out=$("$S/ab-stats" --here 1 --out abh --append 'initcall_blacklist=aesni_init' 2>&1) || rc=$?
check "ab-stats --append with --here: exit 2, the boot loader's job" sh -c \
	'[ "$0" = 2 ] && echo "$1" | grep -q "boot the machine with those words"' "$rc" "$out"

# scripts/bench: the probe decides, independently checked here.
if python3 -c 'import socket; socket.socket(38, socket.SOCK_SEQPACKET, 0)' 2>/dev/null; then want=host; else want=vm; fi
out=$("$S/bench" --dry-run 2>&1)
check "bench --dry-run takes the $want path, as socket(AF_ALG) here says" grep -qx "path: $want" <<<"$out"
out=$("$S/bench" --vm --dry-run --kernel stats-on -- --alg sha256 2>&1)
check "bench: a --kernel that is not Debian's is said to be fetched from nowhere" \
	grep -q "kernel: stats-on (not a Debian kernel: nothing is fetched" <<<"$out"
n=$("$ALGBENCH" suite --dry-run --alg 'sha256,cbc(aes)' | sed -n 's/^# \([0-9]*\) jobs$/\1/p')
out=$("$S/bench" --vm --dry-run --seconds 1 --repeats 5 -- --alg 'sha256,cbc(aes)' 2>&1)
limit=$(sed -n 's/^guest timeout: \([0-9]*\) s$/\1/p' <<<"$out")
check "bench: the VM's time limit follows the plan ($n jobs x 5 s of windows: ${limit:-none} s >= 2 x $((n * 5)))" \
	sh -c '[ -n "$0" ] && grep -qx "jobs: $1" <<EOF && [ "$0" -ge $(($1 * 10)) ]
$2
EOF' "$limit" "$n" "$out"
expect_status "bench --seconds 0: usage error" 2 "$S/bench" --seconds 0 --dry-run 2>/dev/null
expect_status "bench --kernel without a value: usage error" 2 "$S/bench" --kernel 2>/dev/null
# bench --arch arm64: the arm64 guest's plan, and what does not apply refused
# (exit 2, the reason named) before anything is installed, fetched or built.
has_lines() { # has_lines TEXT REGEX...: every REGEX matches a line of TEXT
	local text=$1 re; shift
	for re in "$@"; do grep -qE -- "$re" <<<"$text" || return 1; done
}
top=$(cd "$S/.." && pwd)
out=$(env -u ALGBENCH -u ALGBENCH_BUILD_DIR "$S/bench" --arch arm64 --dry-run 2>&1)
check "bench --arch arm64 --dry-run: the VM path on Debian's 6.1, the arm64 modules, build-arm64" \
	has_lines "$out" '^path: vm$' '^kernel: debian-6\.1 ' '^arch: arm64 .*aes_ce_blk,.*sha2_ce' \
	"^build: $top/build-arm64 \\(scripts/cross-test arm64 --no-test\\)$"
bench_refuses() { # NAME PATTERN ARGS...: exit 2 and PATTERN in the message
	local name=$1 pat=$2 rc=0 err; shift 2
	err=$("$S/bench" "$@" 2>&1) || rc=$?
	if [ "$rc" = 2 ] && grep -qF -- "$pat" <<<"$err"; then ok "$name: exit 2 with the reason"; else not_ok "$name (exit $rc: $err)"; fi
}
bench_refuses "bench --arch arm64 --host" "the host path runs on this machine's own kernel" --arch arm64 --host --dry-run
bench_refuses "bench --host --arch aarch64 (either order)" "drop --host" --host --arch aarch64 --dry-run
# (ALGBENCH_BUILD_DIR empty: this tree's x86 build would be refused first, rightly)
ALGBENCH_BUILD_DIR='' bench_refuses "bench --arch arm64 --kernel stats-on" "that kernel is built for x86" --arch arm64 --kernel stats-on --dry-run
ALGBENCH_BUILD_DIR='' bench_refuses "bench --arch arm64 --kernel debian:6.1.0-57-amd64" "an x86 ABI" --arch arm64 --kernel debian:6.1.0-57-amd64 --dry-run
bench_refuses "bench --arch riscv64" "expected x86_64 or arm64" --arch riscv64 --dry-run
bench_refuses "bench --arch without a value" "--arch needs a value" --arch
x86=$(mktemp -d) # a native configure's cache: no toolchain file
echo 'CMAKE_C_COMPILER:FILEPATH=/usr/bin/cc' >"$x86/CMakeCache.txt"
rc=0 err=$(ALGBENCH_BUILD_DIR=$x86 "$S/bench" --arch arm64 --dry-run 2>&1) || rc=$?
check "bench --arch arm64 with a native build folder: exit 2, naming it (exit $rc)" \
	sh -c '[ "$0" = 2 ] && echo "$1" | grep -qF "$2 is not an arm64 cross build"' "$rc" "$err" "$x86"
rm -rf "$x86"

# The host path fetches no VM kernel: an empty cache stays empty.
mkdir cache res
rc=0
ALGBENCH_CACHE=$dir/cache "$S/bench" --host --no-setup --kernel debian-6.12 --results res --seconds 0.01 --repeats 2 \
	-- --backend openssl --alg sha256 --sizes 16 >host.txt 2>&1 || rc=$?
check "bench --host: exit 0, a result file and its report" sh -c '
	[ "$0" = 0 ] && [ "$(ls res/*.json | wc -l)" = 1 ] && ls -d res/*-report >/dev/null' "$rc"
check "... and no VM kernel fetched (the cache is empty)" [ -z "$(ls -A cache)" ]
check "... and it said --kernel is not used on the host" grep -q "debian-6.12 is the VM's kernel; this run is on the host, so it is not used" host.txt

# A results folder that is not the running user's alone is refused before
# anything runs, and nothing is written into it: another user's (as root, the
# installed algbench-bench's $PWD/results that someone made first), a link
# someone else owns, a world-writable one of ours.
if [ "$(id -u)" = 0 ]; then
	mkdir theirs && chown 65534 theirs
	mkdir mine && ln -s mine theirlink && chown -h 65534 theirlink
	mkdir open && chmod 777 open
	for r in theirs:"owned by uid 65534" theirlink:"a symlink owned by uid 65534" open:"writable by its group or by others"; do
		rc=0
		err=$(ALGBENCH_CACHE=$dir/cache "$S/bench" --host --no-setup --results "${r%%:*}" --seconds 0.01 --repeats 2 \
			-- --backend openssl --alg sha256 --sizes 16 2>&1) || rc=$?
		check "bench --results ${r%%:*}: refused, exit 2, saying ${r#*:} (exit $rc)" sh -c '
			[ "$0" = 2 ] && echo "$1" | grep -qF "$2" && echo "$1" | grep -q -- "--results DIR" &&
			[ -z "$(ls -A "$3")" ]' "$rc" "$err" "${r#*:}" "${r%%:*}/"
	done
else
	for r in theirs theirlink open; do skip "bench --results $r: refused" "needs root to chown"; done
fi
(
	umask 002
	ALGBENCH_CACHE=$dir/cache "$S/bench" --host --no-setup --results made/res --seconds 0.01 --repeats 2 \
		-- --backend openssl --alg sha256 --sizes 16 >made.txt 2>&1
)
check "bench makes its results folder without group write, whatever the umask (002 here)" \
	sh -c '[ "$(stat -c %a made/res)" = 755 ] && ls made/res/*.json >/dev/null'

# On a terminal (script(1) gives it one) the host path shows algbench's own
# progress line, with the time left.
if command -v script >/dev/null; then
	mkdir res3
	rc=0
	TERM=xterm ALGBENCH_CACHE=$dir/cache script -qec "'$S/bench' --host --no-setup --results res3 --seconds 0.2 --repeats 3 \
		-- --backend openssl --alg sha256,sha512 --sizes 16,64" typescript >/dev/null 2>&1 || rc=$?
	check "bench on a terminal: a progress line with an ETA (exit $rc)" sh -c '[ "$0" = 0 ] && grep -aq "elapsed, ETA" typescript' "$rc"
else
	skip "bench on a terminal: a progress line with an ETA" "no script(1) to give it a terminal"
fi

# Stopped mid-run: the temporary file a killed writer would leave is removed,
# one that was there before is not, and the suite stops too.
mkdir res2
: >res2/earlier.json.tmp.1
ALGBENCH_CACHE=$dir/cache "$S/bench" --host --no-setup --results res2 --seconds 0.3 --repeats 3 \
	-- --backend openssl --alg sha256,sha512 --sizes 16,64,256,1024 >stop.txt 2>&1 &
bench=$!
kid=""
for _ in $(seq 600); do # until the suite runs (at most a minute)
	kid=$(pgrep -P "$bench" -x algbench) && break
	sleep 0.1
done
: >"res2/run.json.tmp.$kid" # what a writer killed mid-write leaves
kill -TERM "$bench"
rc=0
wait "$bench" || rc=$?
check "bench stopped by SIGTERM: exit 143" [ "$rc" = 143 ]
check "... the run's temporary file is removed, an earlier one kept" sh -c '
	[ ! -e "res2/run.json.tmp.$0" ] && [ -e res2/earlier.json.tmp.1 ] && [ "$(ls res2 | grep -c "\.tmp\.")" = 1 ]' "$kid"
check "... and the suite ($kid) is stopped too" sh -c '[ -n "$0" ] && ! kill -0 "$0" 2>/dev/null' "$kid"
tap_end
