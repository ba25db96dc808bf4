#!/usr/bin/env bash
# crypto_user on Debian's 6.12, the kernel after the removal, in one boot:
# GETSTAT answers -ENOTSUPP for every algorithm by design, and conform says so.
. "$(dirname "$0")/../lib.sh"
exec "$VMRUN" --kernel debian-6.12 --smp 2 \
	--modules aesni_intel,sha256_ssse3,gcm,ctr,xts,crc32c_intel,lz4,zstd \
	-- bash /opt/algbench/tests/vm/netlink_612_guest.sh
