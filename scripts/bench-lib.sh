# Shared by scripts/bench, scripts/peers and tests/vm/bench.sh.
# shellcheck shell=bash
#
# The x86 accelerated crypto modules a real Debian boot gets from udev (CPU
# modalias). The VM's busybox init has no udev, and without these the kernel
# binds the generic C drivers for whatever is requested first.
ALGBENCH_ACCEL_MODULES=aesni_intel,ghash_clmulni_intel,sha256_ssse3,sha512_ssse3,crc32c_intel,chacha_x86_64,poly1305_x86_64
