#!/usr/bin/env bash
# crypto_user on Debian's 6.1 in one boot: the conformance suite, and
# `algbench nl list|get|stat` checked against /proc/crypto. Extra crypto
# modules are loaded so the dump covers more than the built-in algorithms.
. "$(dirname "$0")/../lib.sh"
exec "$VMRUN" --modules aesni_intel,sha256_ssse3,sha512_ssse3,gcm,ccm,ctr,xts,chacha20poly1305,crc32c_intel,lz4,zstd,ecdh_generic \
	-- bash /opt/algbench/tests/vm/netlink_guest.sh
