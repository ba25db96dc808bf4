#!/bin/sh
# shellcheck shell=bash # it runs itself again under bash (below) before any bash syntax
# Stand-in for `algbench run ... --out FILE` in the guest, for testing
# scripts/ab-stats before algbench run exists on this branch: times a few
# real AF_ALG sha256 digests (kcapi-dgst, 4096 bytes) and writes them as
# algbench/1 result JSON, with the running kernel's identity.
# usage: ab_standin.sh run [ARGS...] --out FILE   (ARGS are recorded as run.argv)
# bash for its clock (the guest's date is busybox's, which has no %N); the
# guest's bash sits wherever the host's did, so find it on PATH.
[ -n "${BASH_VERSION:-}" ] || exec bash "$0" "$@"
[ "$1" = run ] || { echo "ab_standin: usage: ab_standin.sh run ... --out FILE" >&2; exit 2; }
shift
out="" args=()
while [ $# -gt 0 ]; do
	case $1 in --out) out=$2; shift 2 ;; *) args+=("$1"); shift ;; esac
done
[ -n "$out" ] || { echo "ab_standin: --out FILE missing" >&2; exit 2; }
rel=$(uname -r)
if grep -q '^CONFIG_CRYPTO_STATS=y' "/boot/config-$rel"; then stats=y; else stats=n; fi
head -c 4096 /dev/zero >/tmp/in
samples=""
for _ in 1 2 3; do
	t0=${EPOCHREALTIME/./}
	kcapi-dgst -c sha256 -i /tmp/in >/dev/null || exit 1
	t1=${EPOCHREALTIME/./}
	samples="$samples${samples:+,}{\"ops\":1,\"bytes\":4096,\"ns\":$(((t1 - t0) * 1000))}"
done
argv=[]
[ ${#args[@]} -eq 0 ] || argv=$(printf '%s\n' "${args[@]}" | jq -R . | jq -sc .)
jq -n --argjson argv "$argv" --arg rel "$rel" --arg stats "$stats" --argjson samples "[$samples]" --argjson n "$(nproc)" '
	{ schema: "algbench/1",
	  run: { id: ("standin-" + $rel), started: (now | todate), tool_version: "ab_standin",
		 argv: $argv,
		 host: { kernel: $rel, cpu_model: "qemu", nproc: $n, smp_threads: 1,
			 crypto_stats: $stats, config_source: "/boot/config", virtualized: "tcg" } },
	  results: [ { backend: "afalg", type: "hash", alg: "sha256", driver: "standin",
		       op: "digest", keylen: 0, size: 4096, threads: 1, mode: "sync", kat: "pass",
		       samples: $samples } ] }' >"$out.tmp" && mv "$out.tmp" "$out"
