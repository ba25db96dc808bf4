#!/usr/bin/env bash
# algbench config-check on real distribution configs: the configs inside
# Debian bookworm's linux-image packages (amd64, cloud-amd64, rt-amd64,
# fetched once by scripts/fetch-debian-kernels), synthetic edits of them,
# the A/B variant configs when built, and malformed inputs.
. "$(dirname "$0")/../lib.sh"
tap_begin
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cc() { "$ALGBENCH" config-check "$@"; }
ccq() { cc "$@" >/dev/null; } # exit status only
ids() { cc --json "$@" | jq -r '.findings[].id' | sort | tr '\n' ' '; } # rule ids that fire
has() { [[ " $(ids "$2") " == *" $1 "* ]]; } # has RULE FILE
lacks() { ! has "$@"; }
# new_rules_are FILE IDS: the modules-missing and trace-* findings of FILE are exactly IDS
new_rules_are() { [ "$(cc --json "$1" | jq -r '[.findings[].id | select(. == "modules-missing" or startswith("trace-"))] | sort | join(" ")')" = "$2" ]; }
option_of() { cc --json "$2" | jq -r --arg id "$1" '.findings[] | select(.id == $id) | .option'; } # option_of RULE FILE
errors() { cc --json "$1" | jq -r .summary.error; }
# edit IN OUT SYMBOL VALUE: set SYMBOL (y, m, n = "is not set", absent = no line)
edit() {
	local in=$1 out=$2 sym=$3 val=$4
	grep -Ev "^(CONFIG_$sym=|# CONFIG_$sym is not set$)" "$in" >"$out"
	case $val in
	absent) ;;
	n) echo "# CONFIG_$sym is not set" >>"$out" ;;
	*) echo "CONFIG_$sym=$val" >>"$out" ;;
	esac
}

# --- Debian's packages ---------------------------------------------------------
fetch_flavours() { # fetch_flavours ARRAY [--series S]: ARRAY[flavour] = its .deb
	local -n into=$1
	local list flavour path
	shift
	if list=$("$ALGBENCH_TOP/scripts/fetch-debian-kernels" "$@" amd64 cloud-amd64 rt-amd64); then
		# shellcheck disable=SC2034 # into is a nameref: this fills the caller's array
		while read -r flavour path; do into[$flavour]=$path; done <<<"$list"
	fi
}
declare -A deb deb612
fetch_flavours deb
check "fetched Debian's amd64, cloud-amd64 and rt-amd64 packages" [ ${#deb[@]} = 3 ]

for f in amd64 cloud-amd64 rt-amd64; do
	d=${deb[$f]:-/nonexistent/$f.deb}
	expect_status "debian $f: exit 0" 0 ccq "$d"
	check "debian $f: no errors" [ "$(errors "$d")" = 0 ]
	check "debian $f: arch x86_64, Linux 6.1" sh -c '"$0" config-check --json "$1" | jq -e ".config.arch == \"x86_64\" and (.config.version | startswith(\"6.1.\"))" >/dev/null' "$ALGBENCH" "$d"
	check "debian $f: AF_ALG aead exposure (CVE-2026-31431) warned" has af-alg-aead-copy-fail "$d"
	check "debian $f: CRYPTO_FIPS=y noted" has fips "$d"
	check "debian $f: every x86_64 accelerated driver present" sh -c '! "$0" config-check --json "$1" | jq -r ".findings[].id" | grep -q ^accel-' "$ALGBENCH" "$d"
	check "debian $f: AF_ALG, crypto_user, modules and tcrypt present" sh -c '! "$0" config-check --json "$1" | jq -r ".findings[].id" | grep -v "^trace-" | grep -Eq "missing$"' "$ALGBENCH" "$d"
	check "debian $f: of modules and trace's needs only user_events missing (absent in 6.1)" new_rules_are "$d" trace-user-events-missing
done
check "debian rt-amd64: PREEMPT_RT noted" has preempt-rt "${deb[rt-amd64]}"
check "debian amd64: no PREEMPT_RT note" lacks preempt-rt "${deb[amd64]}"
check "debian amd64: report names the config inside the package" sh -c '"$0" config-check "$1" | head -1 | grep -q "(./boot/config-6.1.0-[0-9]*-amd64 in data.tar.xz)"' "$ALGBENCH" "${deb[amd64]}"

# Debian's 6.12: CRYPTO_STATS is gone from 6.10, so its absence is the expected state.
fetch_flavours deb612 --series 6.12
check "fetched Debian's 6.12 amd64, cloud-amd64 and rt-amd64 packages" [ ${#deb612[@]} = 3 ]
for f in amd64 cloud-amd64 rt-amd64; do
	d=${deb612[$f]:-/nonexistent/$f.deb}
	expect_status "debian 6.12 $f: exit 0" 0 ccq "$d"
	check "debian 6.12 $f: no errors" [ "$(errors "$d")" = 0 ]
	check "debian 6.12 $f: of modules and trace's needs only user_events missing (not set)" new_rules_are "$d" trace-user-events-missing
	check "debian 6.12 $f: crypto stats 'removed in Linux 6.10', no crypto-stats finding" sh -c '"$0" config-check --json "$1" | jq -e ".config.version | startswith(\"6.12.\")" >/dev/null && "$0" config-check --json "$1" | jq -e ".config.crypto_stats == \"removed in Linux 6.10\" and ([.findings[].id] | index(\"crypto-stats\") | not)" >/dev/null' "$ALGBENCH" "$d"
done
plain612=$work/config-612
dpkg-deb --fsys-tarfile "${deb612[amd64]:-/nonexistent}" 2>/dev/null | tar -xO --wildcards './boot/config-*' >"$plain612" 2>/dev/null
edit "$plain612" "$work/ue612" USER_EVENTS y
check "6.12 with USER_EVENTS=y: none of modules' or trace's rules" new_rules_are "$work/ue612" ""
echo CONFIG_CRYPTO_STATS=y >>"$plain612"
expect_status "6.12 config with a stray CONFIG_CRYPTO_STATS=y: exit 0 (Kconfig ignores a removed symbol)" 0 ccq "$plain612"

# The same config read by dpkg-deb, as plain text and gzip'd: same verdicts.
plain=$work/config-amd64
dpkg-deb --fsys-tarfile "${deb[amd64]}" 2>/dev/null | tar -xO --wildcards './boot/config-*' >"$plain" 2>/dev/null
gzip -9c "$plain" >"$plain.gz"
check "plain config: same findings as the .deb" [ "$(ids "$plain")" = "$(ids "${deb[amd64]}")" ]
check "gzip'd config: same findings as the plain one" [ "$(ids "$plain.gz")" = "$(ids "$plain")" ]
check "compare .deb vs plain: no crypto changes" sh -c '"$0" config-check "$1" "$2" | grep -A1 "^Crypto-relevant" | grep -q "(none)"' "$ALGBENCH" "${deb[amd64]}" "$plain"
check "compare amd64 vs cloud-amd64: CRYPTO_CRC32C m -> y" sh -c '"$0" config-check --json "$1" "$2" | jq -e ".changes[] | select(.option == \"CRYPTO_CRC32C\" and .old == \"m\" and .new == \"y\")" >/dev/null' "$ALGBENCH" "${deb[amd64]}" "${deb[cloud-amd64]}"

# --- synthetic edits of Debian's amd64 config -------------------------------------
edit "$plain" "$work/stats" CRYPTO_STATS y
expect_status "CRYPTO_STATS=y: exit 1" 1 ccq "$work/stats"
check "6.1 config: crypto stats line says y" sh -c '"$0" config-check "$1" | grep -qx "crypto stats: y"' "$ALGBENCH" "$work/stats"
check "CRYPTO_STATS=y: the error" sh -c '"$0" config-check --json "$1" | jq -e ".findings[] | select(.id == \"crypto-stats\" and .severity == \"error\")" >/dev/null' "$ALGBENCH" "$work/stats"
check "CRYPTO_STATS=y: report cites the Lustre figure" sh -c '"$0" config-check "$1" | grep -q "21.7 GB/s to 48.2 GB/s"' "$ALGBENCH" "$work/stats"
# No header: version and arch unknown are said, never "(Linux , x86_64)" (issue 11, defect 19)
printf 'CONFIG_CRYPTO_USER_API_HASH=y\n' >"$work/nohead-a"
printf 'CONFIG_CRYPTO_USER_API_HASH=m\n' >"$work/nohead-b"
check "compare of two configs without a header says 'version unknown'" sh -c '"$0" config-check "$1" "$2" | grep -q "old: .*nohead-a (Linux version unknown, "' "$ALGBENCH" "$work/nohead-a" "$work/nohead-b"
expect_status "compare amd64 -> stats: exit 1" 1 ccq "$plain" "$work/stats"
check "compare amd64 -> stats: CRYPTO_STATS n -> y, error added" sh -c '"$0" config-check --json "$1" "$2" | jq -e "(.changes == [{\"option\": \"CRYPTO_STATS\", \"old\": \"n\", \"new\": \"y\"}]) and ([.findings_added[].id] == [\"crypto-stats\"])" >/dev/null' "$ALGBENCH" "$plain" "$work/stats"
# Kconfig reads a bool by its first character: these are all y (issue 11, defect 6)
for v in 'y ' $'y\r' yes; do
	edit "$plain" "$work/stats-odd" CRYPTO_STATS "$v"
	check "CRYPTO_STATS=$(printf %q "$v"): the error, exit 1" sh -c '"$0" config-check --json "$1" | jq -e ".findings[] | select(.id == \"crypto-stats\" and .severity == \"error\")" >/dev/null; [ $? = 0 ] && { "$0" config-check "$1" >/dev/null; [ $? = 1 ]; }' "$ALGBENCH" "$work/stats-odd"
done
edit "$plain" "$work/stats-m" CRYPTO_STATS m # a bool; only =y turns it on
check "CRYPTO_STATS=m (invalid for a bool): no error" lacks crypto-stats "$work/stats-m"

edit "$plain" "$work/a" CRYPTO_USER_API_HASH n
edit "$work/a" "$work/b" CRYPTO_USER absent
check "USER_API_HASH not set: warned" has af-alg-hash-missing "$work/b"
check "CRYPTO_USER absent: warned" has crypto-user-missing "$work/b"
expect_status "missing AF_ALG/crypto_user: warnings only, exit 0" 0 ccq "$work/b"
edit "$plain" "$work/a" CRYPTO_USER_API_AEAD n
check "USER_API_AEAD off: missing warned, no CVE exposure" sh -c '[ "$("$0" config-check --json "$1" | jq -r "[.findings[].id] | (index(\"af-alg-aead-missing\") != null) and (index(\"af-alg-aead-copy-fail\") == null)")" = true ]' "$ALGBENCH" "$work/a"

edit "$plain" "$work/a" CRYPTO_AES_NI_INTEL n
edit "$work/a" "$work/b" CRYPTO_SHA256_SSSE3 absent
check "no AES-NI: accel-aesni" has accel-aesni "$work/b"
check "no SHA256_SSSE3: accel-sha256-x86" has accel-sha256-x86 "$work/b"
edit "$work/b" "$work/c" CRYPTO_LIB_SHA256_ARCH y
check "CRYPTO_LIB_SHA256_ARCH=y (newer kernels) counts for sha256" lacks accel-sha256-x86 "$work/c"

edit "$plain" "$work/a" CRYPTO_MANAGER_DISABLE_TESTS y
edit "$work/a" "$work/b" CRYPTO_MANAGER_EXTRA_TESTS y
check "MANAGER_DISABLE_TESTS=y warned" has selftests-disabled "$work/b"
check "MANAGER_EXTRA_TESTS=y warned" has selftests-extra "$work/b"
edit "$plain" "$work/a" PROVE_LOCKING y
edit "$work/a" "$work/b" KASAN y
edit "$work/b" "$work/c" DEBUG_PREEMPT y
for r in debug-lockdep debug-kasan debug-preempt; do check "debug options: $r" has $r "$work/c"; done
check "debian amd64: no debug-option warnings" sh -c '! "$0" config-check --json "$1" | jq -r ".findings[].id" | grep -q ^debug-' "$ALGBENCH" "$plain"

edit "$plain" "$work/a" CRYPTO_TEST absent
check "no CRYPTO_TEST, no CRYPTO_BENCHMARK: tcrypt missing" has tcrypt-missing "$work/a"
edit "$work/a" "$work/b" CRYPTO_BENCHMARK m
check "CRYPTO_BENCHMARK=m (2025 name) counts as tcrypt" lacks tcrypt-missing "$work/b"
edit "$work/a" "$work/b" CRYPTO_BENCHMARK y
check "CRYPTO_BENCHMARK=y: built-in tcrypt warned" has tcrypt-builtin "$work/b"

# A kernel without modules; what algbench trace needs
edit "$plain" "$work/a" MODULES n
check "MODULES not set: modules-missing, a warning" sh -c '"$0" config-check --json "$1" | jq -e ".findings[] | select(.id == \"modules-missing\" and .severity == \"warning\")" >/dev/null' "$ALGBENCH" "$work/a"
expect_status "MODULES not set: warnings only, exit 0" 0 ccq "$work/a"
check "modules-missing says the kmod backend cannot run" sh -c '"$0" config-check "$1" | grep -A3 "\[modules-missing\]" | grep -q "kmod backend"' "$ALGBENCH" "$work/a"
edit "$plain" "$work/a" KPROBES n
check "KPROBES not set: trace-kprobes-missing names KPROBES" [ "$(option_of trace-kprobes-missing "$work/a")" = KPROBES ]
edit "$plain" "$work/a" KRETPROBES absent
check "KRETPROBES absent alone: trace-kprobes-missing names KRETPROBES (each is needed)" [ "$(option_of trace-kprobes-missing "$work/a")" = KRETPROBES ]
edit "$plain" "$work/a" HIST_TRIGGERS n
check "HIST_TRIGGERS not set: trace-hist-missing" has trace-hist-missing "$work/a"
edit "$plain" "$work/a" BPF_JIT n
check "BPF_JIT not set: trace-bpf-missing names BPF_JIT" [ "$(option_of trace-bpf-missing "$work/a")" = BPF_JIT ]
edit "$plain" "$work/a" DEBUG_INFO_BTF n
check "DEBUG_INFO_BTF not set: trace-btf-missing, info" sh -c '"$0" config-check --json "$1" | jq -e ".findings[] | select(.id == \"trace-btf-missing\" and .severity == \"info\")" >/dev/null' "$ALGBENCH" "$work/a"

# The running kernel's own config, when it has /proc/config.gz: modules-missing
# exactly when the kernel shows no /proc/modules (this project's build host)
if [ -r /proc/config.gz ] && [ -d /proc/self ]; then
	if [ -e /proc/modules ]; then
		check "/proc/config.gz: no modules-missing (this kernel has /proc/modules)" lacks modules-missing /proc/config.gz
	else
		check "/proc/config.gz: modules-missing (this kernel has no /proc/modules)" has modules-missing /proc/config.gz
	fi
	ue=$(zcat /proc/config.gz | grep -c '^CONFIG_USER_EVENTS=y$')
	if [ "$ue" = 0 ]; then check "/proc/config.gz: trace-user-events-missing (no CONFIG_USER_EVENTS=y)" has trace-user-events-missing /proc/config.gz
	else check "/proc/config.gz: no trace-user-events-missing (CONFIG_USER_EVENTS=y)" lacks trace-user-events-missing /proc/config.gz; fi
	echo "# /proc/config.gz: $(cc --json /proc/config.gz | jq -r '[.findings[].id | select(. == "modules-missing" or startswith("trace-"))] | join(" ")')"
else
	skip "/proc/config.gz: modules-missing as the kernel shows" "no /proc/config.gz"
fi

# --- other architectures --------------------------------------------------------
printf '# Linux/arm64 6.1.0 Kernel Configuration\nCONFIG_ARM64=y\nCONFIG_CRYPTO_AES_ARM64_CE_BLK=m\nCONFIG_CRYPTO_GHASH_ARM64_CE=y\n' >"$work/arm64"
check "arm64: arch from CONFIG_ARM64" sh -c '"$0" config-check --json "$1" | jq -e ".config.arch == \"arm64\"" >/dev/null' "$ALGBENCH" "$work/arm64"
check "arm64: missing CE sha2 warned" has accel-sha2-ce "$work/arm64"
check "arm64: present CE drivers not warned" sh -c '[ "$("$0" config-check --json "$1" | jq -r "[.findings[].id] | (index(\"accel-aes-ce\") == null) and (index(\"accel-ghash-ce\") == null) and (map(select(endswith(\"-x86\") or . == \"accel-aesni\")) == [])")" = true ]' "$ALGBENCH" "$work/arm64"
printf 'CONFIG_RISCV=y\n' >"$work/riscv"
check "riscv: accelerated drivers not checked, said so" has accel-arch-unlisted "$work/riscv"

# --- the A/B variant configs (issue: A/B kernels), when built ------------------------
# variant_config NAME: the config of the stats-on/stats-off kernel, or nothing.
# Never builds: ALGBENCH_<NAME>_CONFIG, or build-variants' root when
# ALGBENCH_TEST_VARIANTS=1 says asking it (which may build) is fine.
variant_config() {
	local var=ALGBENCH_${1//-/_}_CONFIG root
	var=${var^^}
	if [ -n "${!var:-}" ]; then echo "${!var}"; return; fi
	[ "${ALGBENCH_TEST_VARIANTS:-0}" = 1 ] && [ -x "$ALGBENCH_TOP/scripts/kernel/build-variants" ] || return 0
	root=$("$ALGBENCH_TOP/scripts/kernel/build-variants" --print-root "$1" 2>/dev/null) || return 0
	ls "$root"/boot/config-* 2>/dev/null | head -n1
}
# name, the rule that must fire (or !rule: must not), exit status
while read -r name rule want; do
	cfg=$(variant_config "$name")
	if [ -z "$cfg" ] || [ ! -f "$cfg" ]; then
		var=ALGBENCH_${name//-/_}_CONFIG
		ok "variant $name: $rule, exit $want # SKIP not built (set ${var^^}=PATH or ALGBENCH_TEST_VARIANTS=1)"
		continue
	fi
	if [ "${rule#!}" != "$rule" ]; then check "variant $name: no ${rule#!}" lacks "${rule#!}" "$cfg"
	else check "variant $name: $rule" has "$rule" "$cfg"; fi
	expect_status "variant $name: exit $want" "$want" ccq "$cfg"
done <<'VARIANTS'
stats-on crypto-stats 1
stats-off !crypto-stats 0
VARIANTS

# --- malformed inputs: exit 2 with the reason ---------------------------------------
bad() { # bad NAME FILE REASON-REGEX
	local out st=0
	out=$(cc "$2" 2>&1 >/dev/null) || st=$?
	if [ $st = 2 ] && grep -Eq "$3" <<<"$out"; then ok "$1: exit 2, '$out'"
	else not_ok "$1 (exit $st, '$out', want 2 and /$3/)"; fi
}
printf '\177ELF\002\001\001\000\000\000\000\000\000\000\000\000\003\000>\000' >"$work/garbage"
head -c 4000 /dev/zero >>"$work/garbage"
head -c 20000 "$plain.gz" >"$work/truncated.gz"
cp "$plain.gz" "$work/corrupt.gz" && printf '\377\377\377\377\377\377' | dd of="$work/corrupt.gz" bs=1 seek=3000 conv=notrunc 2>/dev/null
: >"$work/empty"
: | gzip >"$work/empty.gz"
mkdir "$work/dir"
printf 'root:x:0:0:root:/root:/bin/sh\n' >"$work/passwd"
head -c 4096 "${deb[amd64]}" >"$work/truncated.deb"
bad "binary garbage" "$work/garbage" "binary data"
bad "truncated gzip" "$work/truncated.gz" "truncated gzip"
bad "corrupt gzip" "$work/corrupt.gz" "corrupt gzip"
bad "empty file" "$work/empty" "empty file"
bad "empty gzip" "$work/empty.gz" "empty file"
bad "directory" "$work/dir" "is a directory"
mkfifo "$work/fifo"
# a FIFO must be refused before it is opened (an open would block: issue 11, defect 8);
# timeout only guards the test run against the old hang
fifo_out=$(timeout 20 "$ALGBENCH" config-check "$work/fifo" 2>&1 >/dev/null); fifo_st=$?
if [ "$fifo_st" = 2 ] && grep -q "not a regular file" <<<"$fifo_out"; then ok "FIFO: exit 2 at once, '$fifo_out'"
else not_ok "FIFO (exit $fifo_st, '$fifo_out', want 2 and 'not a regular file')"; fi
bad "missing file" "$work/nonexistent" "No such file"
bad "not a config" "$work/passwd" "not a kernel config: line 1"
bad "truncated .deb" "$work/truncated.deb" "corrupt|truncated"
head -c 150000 "${deb[amd64]}" >"$work/truncated-data.deb" # ends inside data.tar, before the config
bad "truncated .deb inside data.tar: the reason, not '(null)'" "$work/truncated-data.deb" "corrupt data.tar.xz: truncated"
check "--json on unreadable input: the reason as JSON" sh -c '"$0" config-check --json "$1" 2>/dev/null | jq -e ".error | test(\"truncated gzip\")" >/dev/null' "$ALGBENCH" "$work/truncated.gz"
expect_status "no FILE: usage error, exit 2" 2 ccq
expect_status "three files: exit 2" 2 ccq "$plain" "$plain" "$plain"
tap_end
