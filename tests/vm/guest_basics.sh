#!/usr/bin/env bash
# The guest is the kernel the tests claim to check: Debian's 6.1, with AF_ALG
# and crypto_user reachable and a libkcapi digest that matches the standard.
. "$(dirname "$0")/../lib.sh"
exec "$VMRUN" -- algbench-guest-checks
