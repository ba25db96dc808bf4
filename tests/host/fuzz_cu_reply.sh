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
fuzz_run "reply parser" "$fuzzer" corpus
tap_end
