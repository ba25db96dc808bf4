#!/usr/bin/env bash
# Fuzzes the Debian changelog reader and attribute's rules for a bounded time
# (FUZZ_SECONDS, default 20) from tests/host/changelog.fixture (a changelog
# as the kernel team writes one): any crash, leak or sanitizer report fails
# the test. Usage: fuzz_changelog.sh FUZZER
. "$(dirname "$0")/../lib.sh"
fuzzer=$1
tap_begin
scratch_dir
mkdir corpus
cp "$ALGBENCH_TOP/tests/host/changelog.fixture" corpus/fixture
fuzz_run "changelog reader" "$fuzzer" corpus
tap_end
