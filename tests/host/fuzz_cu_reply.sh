#!/usr/bin/env bash
# Fuzzes the crypto_user reply parser for a bounded time (FUZZ_SECONDS,
# default 20) from the unit tests' real-shaped replies: any crash, leak or
# sanitizer report fails the test. Usage: fuzz_cu_reply.sh FUZZER SEEDER
set -eu
fuzzer=$1 seeder=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/corpus"
"$seeder" --write-corpus "$work/corpus"
echo "TAP version 13"
if "$fuzzer" -max_total_time="${FUZZ_SECONDS:-20}" -seed=1 -timeout=5 -print_final_stats=1 \
	-artifact_prefix="$work/" "$work/corpus" >"$work/log" 2>&1; then
	echo "ok 1 reply parser survives ${FUZZ_SECONDS:-20} s of libFuzzer"
	grep -E '^stat::number_of_executed_units|^#[0-9]+.*DONE' "$work/log" | sed 's/^/# /'
	echo "1..1"
else
	echo "not ok 1 reply parser crashed or tripped a sanitizer under libFuzzer"
	tail -40 "$work/log" | sed 's/^/# /'
	for a in "$work"/crash-* "$work"/leak-* "$work"/timeout-*; do
		[ -e "$a" ] && { echo "# input (hex):"; od -An -tx1 "$a" | head -20 | sed 's/^/# /'; }
	done
	echo "1..1"
	exit 1
fi
