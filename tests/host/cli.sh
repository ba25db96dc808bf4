#!/usr/bin/env bash
# The CLI's contract: --help and --version succeed, unknown commands exit 2.
. "$(dirname "$0")/../lib.sh"
echo "TAP version 13"
check "--help lists commands" sh -c '"$0" --help | grep -q "^Commands:"' "$ALGBENCH"
check "--version prints the version" sh -c '"$0" --version | grep -Eq "^algbench [0-9]+\.[0-9]+\.[0-9]+$"' "$ALGBENCH"
expect_status "no command: exit 2" 2 "$ALGBENCH"
expect_status "unknown command: exit 2" 2 "$ALGBENCH" no-such-command
check "unknown command names itself" sh -c '"$0" no-such-command 2>&1 | grep -q "unknown command .no-such-command."' "$ALGBENCH"
# algbench.ko's limits (kmod/algbench_abi.h) are said before any kernel is asked
check "kmod: --seconds over algbench.ko's 60 s names the limit" sh -c \
	'"$0" run --backend kmod --alg sha256 --sizes 64 --threads 1 --seconds 61 --warmup 0 --repeats 1 2>&1 | grep -q "algbench.ko takes at most 60 s"' "$ALGBENCH"
tap_end
