#!/usr/bin/env bash
# Runs in the guest (tests/vm/kmod_load.sh boots it): each way loading
# algbench.ko fails gets its own message, with the kernel's own error and
# the fix, and kmod jobs are then skipped with it (table and JSON) while the
# run goes on. TAP.
#
#   kmod_load_guest.sh plain|sig_enforce|lockdown [DIR]
#
# plain: not root, none for this kernel, loaded from a build folder with a
# note, a group-writable one refused, another kernel's module (vermagic) by
# insmod and by modprobe, conform as an unprivileged user. sig_enforce (boot
# with module.sig_enforce=1) and lockdown (lockdown=integrity): the unsigned
# module refused through modprobe and through insmod, and one signed by a
# key the kernel does not trust. DIR holds kmod612/algbench.ko, a module
# built for Debian's 6.12 (plain), and signed/ (algbench.ko signed as DKMS
# signs, and the certificate mok.pub).
. /opt/algbench/tests/lib.sh
# shellcheck disable=SC2034 # read by tests/lib.sh's helpers: the guest's algbench is on PATH
ALGBENCH=algbench
case=${1:?usage: kmod_load_guest.sh plain|sig_enforce|lockdown [DIR]}
share=${2:-/results}
rel=$(uname -r)
extra=/lib/modules/$rel/extra
job='type=shash alg=sha256 ms=50'
out=$(mktemp) err=$(mktemp)
tap_begin
echo "# $case boot: $(cat /proc/cmdline)"

# A module built for this kernel, in the layout of build/kmod: KMOD/REL/algbench.ko
kmod=/tmp/kmod
mkdir -p "$kmod/$rel"
cp "$extra/algbench.ko" "$kmod/$rel/"
chmod 755 "$kmod" "$kmod/$rel"
chmod 644 "$kmod/$rel/algbench.ko"

# kmod_says NAME NEEDLE... : `algbench kmod JOB` (ALGBENCH_KMOD_DIR as
# exported) exits 2 and its message holds every NEEDLE
kmod_says() {
	local name=$1 rc=0 n miss=""
	shift
	algbench kmod "$job" >"$out" 2>"$err" || rc=$?
	for n in "$@"; do grep -qF -- "$n" "$err" || miss="$miss [$n]"; done
	if [ "$rc" = 2 ] && [ -z "$miss" ]; then
		ok "$name"
	else
		not_ok "$name (exit $rc; missing:$miss)"
	fi
	sed 's/^/#   /' "$err"
}

# skipped_with NAME NEEDLE [RUNNER...]: a run of an openssl and a kmod job:
# openssl ran, the kmod jobs are skipped and their reason holds NEEDLE in the
# table and in the JSON
skipped_with() {
	local name=$1 needle=$2 json=/tmp/run.json
	shift 2
	rm -f "$json"
	"$@" algbench run --backend openssl,kmod --alg sha256 --mode evp,sync --sizes 4096 \
		--seconds 0.05 --warmup 0 --repeats 1 --out "$json" >"$out" 2>"$err"
	check "$name: the run goes on (openssl ran) and says the kmod job is skipped in its table" \
		sh -c "grep -q '^openssl .* pass ' '$out' && grep -q '^kmod .*skipped: .*$needle' '$out'"
	check "$name: ... and in its JSON" jqok --arg n "$needle" \
		'([.results[] | select(.backend == "openssl")][0].status == "ok") and
		 ([.results[] | select(.backend == "kmod")][0] | .status == "skipped" and (.reason | contains($n)))' "$json"
}

unloaded() { rmmod algbench 2>/dev/null; [ ! -e /sys/module/algbench ]; }

# signed_refused NAME WORDS: DIR/signed/algbench.ko, signed by a DKMS-style key
# the kernel does not trust, with that key where DKMS keeps it: the message
# names the signer and says to enroll /var/lib/dkms/mok.pub
signed_refused() {
	if [ ! -f "$share/signed/algbench.ko" ]; then
		skip "$1" "no signed module in $share/signed (no sign-file in Debian's kbuild, or no openssl)"
		return
	fi
	mkdir -p /var/lib/dkms "/tmp/ksigned/$rel"
	cp "$share/signed/mok.pub" /var/lib/dkms/
	cp "$share/signed/algbench.ko" "/tmp/ksigned/$rel/"
	chmod -R go-w /tmp/ksigned
	ALGBENCH_KMOD_DIR=/tmp/ksigned
	kmod_says "$1" "finit_module(/tmp/ksigned/$rel/algbench.ko): $2" \
		"it is signed by 'DKMS module signing key', a key the kernel does not trust: enroll DKMS's key: mokutil --import /var/lib/dkms/mok.pub"
	ALGBENCH_KMOD_DIR=$kmod
}

# as_nobody CMD...: CMD as uid 65534, no capabilities (busybox su, an
# /etc/passwd entry for it first: the initramfs has none)
as_nobody() {
	grep -q '^nobody:' /etc/passwd 2>/dev/null || echo 'nobody:x:65534:65534:nobody:/tmp:/bin/sh' >>/etc/passwd
	grep -q '^nogroup:' /etc/group 2>/dev/null || echo 'nogroup:x:65534:' >>/etc/group
	local q
	q=$(printf '%q ' "$@")
	busybox su -s /bin/sh nobody -c "PATH=$PATH; $q"
}

case $case in
plain)
	check "algbench.ko not loaded at the start" unloaded

	# --- not root: it is installed, loading needs CAP_SYS_MODULE ---------------
	rc=0
	as_nobody algbench kmod "$job" >"$out" 2>"$err" || rc=$?
	n_ok=0
	for n in "loading a module needs root (CAP_SYS_MODULE, which uid 65534 does not have)" \
		"sudo modprobe algbench"; do grep -qF "$n" "$err" && n_ok=$((n_ok + 1)); done
	check "not root: exit 2, needs root (CAP_SYS_MODULE), and the fix: sudo modprobe algbench" \
		test "$rc" = 2 -a "$n_ok" = 2
	sed 's/^/#   /' "$err"
	skipped_with "not root" "needs root (CAP_SYS_MODULE" as_nobody
	check "... and nothing was loaded" unloaded

	# conform without root: the 5 CAP_NET_ADMIN checks are SKIPs with the
	# reason, not failures
	rc=0
	as_nobody algbench conform --tap >"$out" 2>"$err" || rc=$?
	grep -E '^not ok|# SKIP' "$out" | sed 's/^/#   conform: /'
	check "conform as nobody: exit 0" [ "$rc" = 0 ]
	check "conform as nobody: no 'not ok'" sh -c "! grep -q '^not ok' '$out'"
	check "conform as nobody: the 5 root-only requests are SKIPs that say CAP_NET_ADMIN" \
		[ "$(grep -c '^ok [0-9]* bad_.*(root).*# SKIP needs CAP_NET_ADMIN (run conform as root)' "$out")" = 5 ]

	# --- none for this kernel: not installed, not built -------------------------
	mv "$extra/algbench.ko" /tmp/algbench.ko.installed
	/sbin/depmod -a
	mkdir -p /tmp/empty
	export ALGBENCH_KMOD_DIR=/tmp/empty
	kmod_says "missing: its own message, names this kernel and both fixes" \
		"algbench.ko: none for this kernel ($rel): not installed (modprobe does not find it) and not built (no /tmp/empty/$rel/algbench.ko)" \
		"install algbench-dkms" "linux-headers-$rel"
	skipped_with "missing" "none for this kernel ($rel)"

	# --- only built: insmod from KMOD_DIR/REL with a note ------------------------
	export ALGBENCH_KMOD_DIR=$kmod
	rc=0
	algbench kmod "$job" >"$out" 2>"$err" || rc=$?
	check "built, not installed: exit 0, the job ran" sh -c "[ $rc = 0 ] && grep -q '^status=0' '$out'"
	check "... with a note that it was loaded from the build folder" grep -qF \
		"algbench kmod: note: algbench.ko is not installed for $rel; loaded $kmod/$rel/algbench.ko (insmod)" "$err"
	sed 's/^/#   /' "$err"
	check "... and it is algbench.ko that is loaded" test -e /sys/module/algbench
	unloaded

	chmod g+w "$kmod/$rel/algbench.ko"
	kmod_says "a group-writable build is refused, with the fix" \
		"$kmod/$rel/algbench.ko is writable by group or others" "chmod go-w"
	chmod g-w "$kmod/$rel/algbench.ko"

	# --- built for another kernel (Debian's 6.12 module on 6.1) -----------------
	if [ -f "$share/kmod612/algbench.ko" ]; then
		other=$(modinfo -F vermagic "$share/kmod612/algbench.ko" | sed 's/ *$//')
		mkdir -p "/tmp/kmod612/$rel"
		cp "$share/kmod612/algbench.ko" "/tmp/kmod612/$rel/"
		chmod -R go-w /tmp/kmod612
		ALGBENCH_KMOD_DIR=/tmp/kmod612
		kmod_says "vermagic, by insmod: the kernel's error, both releases, rebuild" \
			"finit_module(/tmp/kmod612/$rel/algbench.ko): Exec format error: built for another kernel (its vermagic '$other', this kernel $rel)" \
			"rebuild it against linux-headers-$rel"
		unset ALGBENCH_KMOD_DIR
		cp "$share/kmod612/algbench.ko" "$extra/algbench.ko"
		/sbin/depmod -a
		kmod_says "vermagic, by modprobe: modprobe's words, both releases, reinstall" \
			"modprobe: ERROR: could not insert 'algbench': Exec format error: built for another kernel (its vermagic '$other', this kernel $rel)" \
			"reinstall it for $rel (dkms autoinstall, with linux-headers-$rel)"
		rm -f "$extra/algbench.ko"
	else
		skip "vermagic" "no 6.12 algbench.ko in $share/kmod612 (build/kmod has none for Debian 6.12)"
	fi
	mv /tmp/algbench.ko.installed "$extra/algbench.ko"
	/sbin/depmod -a

	# --- installed, as root: modprobe loads it, no note ---------------------------
	unset ALGBENCH_KMOD_DIR
	rc=0
	algbench kmod "$job" >"$out" 2>"$err" || rc=$?
	check "installed, as root: exit 0, the job ran, nothing said on stderr" \
		sh -c "[ $rc = 0 ] && grep -q '^status=0' '$out' && [ ! -s '$err' ]"
	sed 's/^/#   /' "$err"
	check "... and it is loaded" test -e /sys/module/algbench
	unloaded
	;;
sig_enforce)
	words="Key was rejected by service: the kernel loads only modules signed by a key it trusts (module.sig_enforce=1, on the kernel command line): the module is unsigned: install algbench-dkms"
	kmod_says "sig_enforce, by modprobe: EKEYREJECTED in modprobe's words, the cause and the fix" \
		"modprobe: ERROR: could not insert 'algbench': $words" \
		"mokutil --import /var/lib/dkms/mok.pub" "or boot without module.sig_enforce=1"
	skipped_with "sig_enforce" "Key was rejected by service"
	mv "$extra/algbench.ko" /tmp/
	/sbin/depmod -a
	export ALGBENCH_KMOD_DIR=$kmod
	kmod_says "sig_enforce, by insmod: finit_module's EKEYREJECTED, the cause and the fix" \
		"finit_module($kmod/$rel/algbench.ko): $words"
	signed_refused "sig_enforce, signed by an untrusted DKMS key: the signer, and enroll DKMS's key" \
		"Key was rejected by service: the kernel loads only modules signed by a key it trusts (module.sig_enforce=1"
	check "... and nothing was loaded" unloaded
	;;
lockdown)
	words="Operation not permitted: kernel lockdown (integrity, from lockdown= on the kernel command line) loads only modules signed by a key it trusts: the module is unsigned: install algbench-dkms"
	kmod_says "lockdown, by modprobe: EPERM in modprobe's words, the lockdown mode, its source and the fix" \
		"modprobe: ERROR: could not insert 'algbench': $words" \
		"mokutil --import /var/lib/dkms/mok.pub" "or boot without lockdown="
	skipped_with "lockdown" "kernel lockdown (integrity"
	# the same read from securityfs, as on a systemd host
	mkdir -p /sys/kernel/security
	mount -t securityfs securityfs /sys/kernel/security 2>/dev/null
	echo "# /sys/kernel/security/lockdown: $(cat /sys/kernel/security/lockdown 2>&1)"
	mv "$extra/algbench.ko" /tmp/
	/sbin/depmod -a
	export ALGBENCH_KMOD_DIR=$kmod
	kmod_says "lockdown, by insmod: finit_module's EPERM, the cause and the fix" \
		"finit_module($kmod/$rel/algbench.ko): Operation not permitted: kernel lockdown (integrity"
	signed_refused "lockdown, signed by an untrusted DKMS key: the signer, and enroll DKMS's key" \
		"Operation not permitted: kernel lockdown (integrity"
	check "... and nothing was loaded" unloaded
	;;
*) echo "kmod_load_guest.sh: unknown case '$case'" >&2; exit 2 ;;
esac
tap_end
