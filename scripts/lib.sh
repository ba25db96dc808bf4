# Sourced by every script (scripts/, scripts/vm/, scripts/kernel/, tests/):
# the project root, the cache, the one die/note, and what several scripts
# boot with. POSIX sh, so scripts/setup and scripts/test can source it too
# (from sh, source it from a script in scripts/: sh cannot say where this
# file is, so the root comes from $0).
# shellcheck shell=sh
# shellcheck disable=SC2034,SC3028 # the variables are for the sourcing script; BASH_SOURCE has a fallback

ALGBENCH_TOP=$(cd "$(dirname "${BASH_SOURCE:-$0}")/.." && pwd)
# HOME may be unset (a systemd unit, env -i): then the passwd entry's home,
# and failing that the checkout's own .cache.
if [ -z "${ALGBENCH_CACHE:-}" ]; then
	if [ -n "${XDG_CACHE_HOME:-}" ]; then
		ALGBENCH_CACHE=$XDG_CACHE_HOME/algbench
	else
		ALGBENCH_CACHE=${HOME:-$(getent passwd "$(id -u)" 2>/dev/null | cut -d: -f6)}
		ALGBENCH_CACHE=${ALGBENCH_CACHE:-$ALGBENCH_TOP}/.cache/algbench
	fi
fi
# An installed copy (cmake --install, the algbench package) has no build/:
# install-paths.sh, written at install time, names the installed algbench.
# Its presence is how a script knows it is installed (ALGBENCH_INSTALLED=1).
ALGBENCH_INSTALLED=0
if [ -r "$ALGBENCH_TOP/scripts/install-paths.sh" ]; then
	. "$ALGBENCH_TOP/scripts/install-paths.sh"
	ALGBENCH_INSTALLED=1
fi

# The kernels scripts/kernel/build-variants builds: the one list (its --list
# prints it; scripts/vm/run, ab-stats and bench take these names). The uml-*
# ones are User-Mode Linux executables, the rest QEMU x86 kernels.
ALGBENCH_VARIANTS="stats-on stats-off trace debug uml-stats-on uml-stats-off"
is_variant() { # NAME: one of ALGBENCH_VARIANTS
	case $1 in "" | *[!a-z0-9-]*) return 1 ;; esac
	case " $ALGBENCH_VARIANTS " in *" $1 "*) return 0 ;; esac
	return 1
}
variants_text() { # the list for a message: "a, b, ... or z"
	echo "$ALGBENCH_VARIANTS" | sed 's/ /, /g; s/, \([^,]*\)$/ or \1/'
}

# Messages start with the script's name; a script may name itself first
# (scripts/vm/run says "vm").
ALGBENCH_ME=${ALGBENCH_ME:-$(basename "$0")}
note() { echo "$ALGBENCH_ME: $*" >&2; }
die() { note "$@"; exit 2; }
# help_from_header FILE: a script's --help, the comment block under its #!
# line (up to the first line that is not a comment), without the "# ". Lines
# that start "#+" say what only a checkout does: left out of an installed
# copy's --help (and so of its man page, made from the installed layout).
help_from_header() {
	if [ "$ALGBENCH_INSTALLED" = 1 ]; then
		sed -n '2,${/^#/!q;/^#+/d;s/^# \{0,1\}//p}' "$1"
	else
		sed -n '2,${/^#/!q;s/^#+\{0,1\} \{0,1\}//p}' "$1"
	fi
}

# script_options FILE: the long options of FILE's parser, for bash completion
# (dist/bash-completion/algbench), read from its case arms ("	--NAME) ... ;;")
# so that what is offered is what the parser takes, one a line as `algbench
# CMD --list-options` prints them: "--NAME none" (no value), "--NAME file",
# "--NAME word W..." or "--NAME value". An arm says its values after ";;" as
# "# complete: W..." or "# complete: file" (a "needs a file|folder" message
# says file too); arms marked "# checkout only" are left out when installed.
script_options() {
	awk -v installed="$ALGBENCH_INSTALLED" '
	/^\t(-[a-zA-Z] \| )?--[a-z][a-z0-9-]*\)/ {
		if (installed == 1 && /# checkout only/) next
		match($0, /--[a-z][a-z0-9-]*\)/)
		name = substr($0, RSTART, RLENGTH - 1)
		words = ""
		if (match($0, /# .*complete: .*/)) { words = $0; sub(/.*complete: /, "", words) }
		if (!/shift 2/) kind = "none"
		else if (words == "file" || /needs a (file|folder)/) kind = "file"
		else if (words != "") kind = "word " words
		else kind = "value"
		print name, kind
	}' "$1"
}

# The x86 accelerated crypto modules a real Debian boot gets from udev (CPU
# modalias). The VM's busybox init has no udev, and without these the kernel
# binds the generic C drivers for whatever is requested first.
ALGBENCH_ACCEL_MODULES=aesni_intel,ghash_clmulni_intel,sha256_ssse3,sha512_ssse3,crc32c_intel,chacha_x86_64,poly1305_x86_64
# arm64's, as Debian ships them (arch/arm64/crypto): the Crypto Extensions
# drivers (AES, CCM, GHASH/GCM, SHA-1/2/512/3, POLYVAL, CRC-T10DIF) and the
# NEON ones (ChaCha20, Poly1305). A real arm64 boot gets them from udev
# (cpu:type:...:feature:...); scripts/vm/run --arch arm64 --modules loads them.
ALGBENCH_ACCEL_MODULES_ARM64=aes_ce_blk,aes_ce_ccm,ghash_ce,sha1_ce,sha2_ce,sha512_ce,sha3_ce,polyval_ce,crct10dif_ce,chacha_neon,poly1305_neon

# rel_path PATH DIR: PATH as named from the folder DIR, the rule for every
# path a written file records (docs/result-json.md, "Paths"; in C,
# bench/sys/path.c): relative, and when the two share no folder but the root
# (a path climbing to / spells out the machine's folders), PATH's last
# component alone. A command line to re-run (commands.txt) names paths from
# the checkout's top: rel_path "$out" "$ALGBENCH_TOP".
rel_path() {
	_rp_p=$(realpath -m -- "$1") && _rp_d=$(realpath -m -- "$2") || return 2
	_rp_pt=${_rp_p#/} _rp_dt=${_rp_d#/}
	if [ "$_rp_d" = / ] || [ "${_rp_pt%%/*}" != "${_rp_dt%%/*}" ]; then
		basename -- "$_rp_p"
	else
		realpath -m --relative-to="$_rp_d" -- "$_rp_p"
	fi
}

# Every script sourcing this answers --list-options, its only argument, from
# its own parser (script_options) and stops there.
if [ "$#" = 1 ] && [ "$1" = --list-options ]; then
	script_options "$0"
	exit 0
fi
