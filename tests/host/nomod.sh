#!/usr/bin/env bash
# On a kernel that cannot load modules (built without CONFIG_MODULES, as this
# project's build host): kmod, run --backend kmod, nl and conform say so, with
# the evidence and the fix, instead of linux-headers or modprobe, and exit as
# each does for "cannot run here" (docs/kmod.md, docs/netlink.md). On a
# kernel with modules the whole test is a SKIP.
. "$(dirname "$0")/../lib.sh"
tap_begin
[ -d /proc/self ] || skip_all "procfs is not mounted: nothing shows whether modules load"
[ -e /proc/modules ] && skip_all "this kernel loads modules (/proc/modules exists)"

nomod='this kernel cannot load modules (built without CONFIG_MODULES: no /proc/modules'
[ -r /proc/config.gz ] && nomod+='; CONFIG_MODULES is not set in /proc/config.gz'
nomod+='): boot a kernel with CONFIG_MODULES=y'
# said NAME CMD...: run CMD; its stdout and stderr in $said, its status in $st, shown as comments
said() {
	local name=$1
	shift
	st=0
	said=$("$@" 2>&1) || st=$?
	sed "s/^/# $name (exit $st): /" <<<"$said"
}
has() { grep -qF -- "$1" <<<"$said"; } # has TEXT: $said contains TEXT
lacks() { ! has "$1"; }
exits_saying() { [ "$st" = "$1" ] && has "$2"; } # exits_saying STATUS TEXT

said kmod "$ALGBENCH" kmod 'type=hash alg=sha256 size=64 count=1'
check "kmod: exit 2 (no module), as before" [ "$st" = 2 ]
check "kmod: the kernel cannot load modules, the evidence and the fix" \
	has "algbench kmod: algbench.ko: $nomod; algbench.ko has no built-in equivalent, so the kmod backend cannot run on this kernel"
check "kmod: no linux-headers advice" lacks linux-headers
check "kmod: no algbench-dkms advice" lacks algbench-dkms

said run "$ALGBENCH" run --backend kmod --alg sha256 --sizes 64 --threads 1 --seconds 0.01 --warmup 0 --repeats 1
check "run --backend kmod: exit 0 (its jobs skipped, each saying why: no failure)" [ "$st" = 0 ]
check "run --backend kmod: both jobs skipped with the reason" \
	[ "$(grep -cF "skipped: algbench.ko: $nomod; algbench.ko has no built-in equivalent, so the kmod backend cannot run on this kernel" <<<"$said")" = 2 ]
check "run --backend kmod: no linux-headers advice" lacks linux-headers

if "$ALGBENCH" nl list >/dev/null 2>&1; then
	skip "nl and conform: the no-crypto_user message" "crypto_user is built in here"
	tap_end
	exit
fi
cu="cannot open a NETLINK_CRYPTO socket: Protocol not supported: crypto_user is not built in, and $nomod, or one with crypto_user built in (CONFIG_CRYPTO_USER=y)"
said nl "$ALGBENCH" nl list
check "nl list: exit 2 (no crypto_user socket), as before" [ "$st" = 2 ]
check "nl list: crypto_user not built in, modules cannot load, the fixes" has "algbench nl list: $cu"
check "nl list: no modprobe advice" lacks modprobe
said nl-stat "$ALGBENCH" nl stat 'sha256'
check "nl stat: exit 2 and the same message" exits_saying 2 "algbench nl stat: $cu"
said conform "$ALGBENCH" conform
check "conform: exit 2 (no crypto_user socket), as before" [ "$st" = 2 ]
check "conform: its Bail out! line says it" has "conform: Bail out! $cu"
check "conform: no modprobe advice" lacks modprobe
said conform-tap "$ALGBENCH" conform --tap
check "conform --tap: exit 2 and a TAP Bail out! with it" exits_saying 2 "Bail out! $cu"
tap_end
