/* SPDX-License-Identifier: GPL-2.0 */
/*
 * algbench.ko's job-line ABI, shared by the module (kmod/) and user space
 * (bench/backends/backend_kmod.c, bench/sys/kmod_client.c, netlink/conform):
 * the limits of the job keys and the names of types, ops, modes and corpora.
 * Plain C with no includes, usable from both sides; one place, so user space
 * can refuse a job line before the kernel does (e.g. ms= over ABK_MAX_MS).
 */
#ifndef ALGBENCH_ABI_H
#define ALGBENCH_ABI_H

/* limits of the job keys (inclusive) */
#define ABK_MAX_SIZE	   (1U << 20)  /* size= */
#define ABK_MAX_ACOMP_SIZE 65536U      /* size= for type=acomp: scomp's scratch size */
#define ABK_MAX_INFLIGHT   64U	       /* inflight= */
#define ABK_MAX_THREAD_MEM (64U << 20) /* size x 2 x inflight, per thread */
#define ABK_MAX_TOTAL_MEM  (96U << 20) /* the same over all cpus= */
#define ABK_MAX_KEY	   64U	       /* keylen=, key= bytes */
#define ABK_MAX_AAD	   4096U       /* aad= */
#define ABK_MAX_IV	   32U	       /* iv= bytes */
#define ABK_MAX_ADATA	   64U	       /* adata= bytes */
#define ABK_MAX_DIGEST	   64U	       /* expect= bytes */
#define ABK_MAX_AUTHSIZE   64U	       /* authsize= */
#define ABK_MAX_MS	   60000U      /* ms=, 1 ..; also a count= job's time bound */
#define ABK_MAX_WARMUP_MS  10000U      /* warmup_ms=, 0 .. */
#define ABK_MAX_COUNT	   100000000U  /* count=, 0 .. */
#define ABK_LINE_MAX	   1024	       /* a job line, with its newline, is shorter */

/* Names on the job line, in the order of the module's enums (initialisers). */
#define ABK_TYPE_NAMES                                                                             \
	{                                                                                          \
		"aead", "skcipher", "shash", "ahash", "acomp"                                      \
	}
#define ABK_OP_NAMES                                                                               \
	{                                                                                          \
		"encrypt", "decrypt", "digest", "compress", "decompress"                           \
	}
#define ABK_MODE_NAMES                                                                             \
	{                                                                                          \
		"sync", "async"                                                                    \
	}
#define ABK_CORPUS_NAMES                                                                           \
	{                                                                                          \
		"binary", "text", "pattern"                                                        \
	}

/* The same as enums, and the name of each (NULL past the end). */
enum abk_type { ABK_AEAD, ABK_SKCIPHER, ABK_SHASH, ABK_AHASH, ABK_ACOMP, ABK_N_TYPES };
enum abk_op { ABK_ENCRYPT, ABK_DECRYPT, ABK_DIGEST, ABK_COMPRESS, ABK_DECOMPRESS, ABK_N_OPS };

static inline const char *abk_type_name(unsigned int type)
{
	static const char *const names[ABK_N_TYPES] = ABK_TYPE_NAMES;

	return type < ABK_N_TYPES ? names[type] : 0;
}

static inline const char *abk_op_name(unsigned int op)
{
	static const char *const names[ABK_N_OPS] = ABK_OP_NAMES;

	return op < ABK_N_OPS ? names[op] : 0;
}

#endif
