#!/bin/sh
# Runs inside a User-Mode Linux guest (tests/vm/uml.sh): prints the facts the
# host asserts on, one KEY=VALUE a line; results go to /results.
rel=$(uname -r)
echo "uname=$(uname -a)"
echo "release=$rel"
echo "vendor=$(sed -n 's/^vendor_id[[:space:]]*: //p' /proc/cpuinfo | head -n1)"
echo "cpus=$(grep -c '^processor' /proc/cpuinfo)"
stats=$(sed -n 's/^CONFIG_CRYPTO_STATS=\(.*\)/\1/p; s/^# CONFIG_CRYPTO_STATS is not set/unset/p' "/boot/config-$rel")
echo "config_crypto_stats=${stats:-absent}"
echo "sha256_abc=$(printf abc | kcapi-dgst -c sha256 --hex 2>&1)"
echo "getstat_sha256=$(algbench-getstat-probe sha256 2>&1)"
# generic C drivers only: what the kernel bound for these
echo "drivers=$(awk '/^driver/ { print $3 }' /proc/crypto | sort -u | tr '\n' ' ')"
[ -d /results ] || exit 0
echo "share_rw=$(echo uml >/results/share-probe && cat /results/share-probe)"
# hostfs reaches the share only (hostfs= on the kernel command line): a host
# folder named outright is not mounted, and hostfs's / is the share itself.
mkdir -p /mnt/hostfs
if mount -t hostfs -o /etc hostfs /mnt/hostfs 2>/dev/null; then
	echo "hostfs_etc=mounted: $(ls /mnt/hostfs | head -n 3 | tr '\n' ' ')"
	umount /mnt/hostfs
else
	echo "hostfs_etc=refused"
fi
if mount -t hostfs -o / hostfs /mnt/hostfs 2>/dev/null; then
	echo "hostfs_root=$(ls -A /mnt/hostfs | tr '\n' ' ')"
	umount /mnt/hostfs
else
	echo "hostfs_root=refused"
fi
# One in-kernel job through algbench.ko (built for this kernel by CMake).
modprobe algbench 2>&1 | sed 's/^/modprobe: /' >/results/kmod.log
algbench run --backend kmod --mode sync --alg 'cbc(aes)' --sizes 4096 --threads 1 \
	--seconds 0.2 --warmup 0 --repeats 2 --quiet --json /results/kmod.json >>/results/kmod.log 2>&1
echo "kmod_rc=$?"
algbench conform --tap >/results/conform.tap 2>&1
echo "conform_rc=$?"
