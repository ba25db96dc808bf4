/* SPDX-License-Identifier: GPL-2.0 */
#ifndef ALGBENCH_ACOMP_REF_H
#define ALGBENCH_ACOMP_REF_H

#include <stddef.h>

/*
 * User-space references for the kernel's compressors, configured as the
 * kernel's crypto/{deflate,lz4,zstd}.c of 6.1 configure theirs: zlib raw
 * deflate (windowBits -11, memLevel 9, Z_DEFAULT_COMPRESSION), liblz4's
 * LZ4_compress_default, libzstd level 3 with parameters for an unknown
 * source size (the kernel calls zstd_get_params(3, 0)). lzo has no library
 * in the build.
 */
struct acomp_ref {
	const char *lib;  /* "zlib raw deflate wbits 11", ... */
	size_t csize;	  /* compressed size of the input */
	double mbps;	  /* compress throughput, 1e6 input bytes per second */
	int roundtrip_ok; /* the library decompresses its own output to the input */
};

/*
 * Compress IN for about SECONDS with the reference ALG's catalogue row names;
 * 0, -ENOENT (no such row, or it names no compressor) or -errno.
 */
int acomp_ref_run(const char *alg, const unsigned char *in, size_t len, double seconds,
		  struct acomp_ref *out);

#endif
