#!/usr/bin/env bash
# Fuzzes the crypto_user reply parser for a bounded time (FUZZ_SECONDS,
# default 20) from the unit tests' real-shaped replies: any crash, leak or
# sanitizer report fails the test. Usage: fuzz_cu_reply.sh FUZZER SEEDER
. "$(dirname "$0")/../lib.sh"
fuzzer=$1 seeder=$2
tap_begin
scratch_dir
mkdir corpus
"$seeder" --write-corpus corpus || { not_ok "the seeder writes the corpus"; tap_end; exit; }
if "$fuzzer" -max_total_time="${FUZZ_SECONDS:-20}" -seed=1 -timeout=5 -print_final_stats=1 \
	-artifact_prefix="$dir/" corpus >log 2>&1; then
	ok "reply parser survives ${FUZZ_SECONDS:-20} s of libFuzzer"
	grep -E '^stat::number_of_executed_units|^#[0-9]+.*DONE' log | sed 's/^/# /'
else
	not_ok "reply parser crashed or tripped a sanitizer under libFuzzer"
	tail -40 log | sed 's/^/# /'
	for a in "$dir"/crash-* "$dir"/leak-* "$dir"/timeout-*; do
		[ -e "$a" ] && { echo "# input (hex):"; od -An -tx1 "$a" | head -20 | sed 's/^/# /'; }
	done
fi
tap_end
