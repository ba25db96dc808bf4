#!/bin/sh
# Runs inside an A/B kernel guest (tests/vm/ab_kernels.sh): prints the facts
# the host asserts on, one KEY=VALUE a line.
rel=$(uname -r)
echo "release=$rel"
echo "cpus=$(grep -c '^processor' /proc/cpuinfo)"
stats=$(sed -n 's/^CONFIG_CRYPTO_STATS=\(.*\)/\1/p; s/^# CONFIG_CRYPTO_STATS is not set/unset/p' "/boot/config-$rel")
echo "config_crypto_stats=${stats:-absent}"
echo "sha256_abc=$(printf abc | kcapi-dgst -c sha256 --hex 2>&1)"
echo "getstat_sha256=$(algbench-getstat-probe sha256 2>&1)"
