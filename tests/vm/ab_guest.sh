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
# tcrypt's init looks the algorithm up (type/mask: a hash, 0xe) and then
# returns -EAGAIN by design, so a working module loader answers "Resource
# temporarily unavailable"; an unknown one would give ENOENT.
echo "tcrypt=$(modprobe tcrypt alg=sha256 type=0xe mask=0xe 2>&1 | tr '\n' ' ')"
if [ -f /results/kdir_probe.ko ]; then
	insmod /results/kdir_probe.ko && grep -q '^kdir_probe ' /proc/modules && rmmod kdir_probe &&
		echo kdir_probe=loaded || echo kdir_probe=failed
fi
# The conformance suite, with its exact-counter rows through AF_ALG and
# algbench.ko (built for this kernel by CMake): TAP into the shared folder.
if [ -d /results ]; then
	algbench conform --tap >/results/conform.tap 2>&1
	echo "conform_rc=$?"
	# Judged by 6.4's rules, this 6.1 kernel's counting must show up as findings.
	algbench conform --tap --as-version 6.4 >/results/conform-6.4.tap 2>&1
	echo "conform_64_rc=$?"
fi
