/* SPDX-License-Identifier: GPL-2.0 */
/*
 * algbench.ko's job-line ABI, shared by the module (kmod/) and user space
 * (bench/backends/backend_kmod.c, bench/sys/kmod_client.c, netlink/conform):
 * the job keys with their limits, and the names of types, ops, modes and
 * corpora.
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

/* inflight= of a mode=async job whose line gives none: tcrypt's 8 requests */
#define ABK_DEFAULT_INFLIGHT 8U

/* The values of type=, op=, mode=; their names are in abk_key()'s table. */
enum abk_type { ABK_AEAD, ABK_SKCIPHER, ABK_SHASH, ABK_AHASH, ABK_ACOMP, ABK_N_TYPES };
enum abk_op { ABK_ENCRYPT, ABK_DECRYPT, ABK_DIGEST, ABK_COMPRESS, ABK_DECOMPRESS, ABK_N_OPS };
enum abk_mode { ABK_SYNC, ABK_ASYNC, ABK_N_MODES };
#define ABK_N_CORPORA 3 /* enum ab_corpus, kmod/algbench_corpus.h */

/*
 * The job keys. The module parses a line through one table indexed by
 * this enum, user space builds lines with the same names and bounds
 * (bench/sys/kmod_client.h), so a key and its limits are said once.
 */
enum abk_key {
	ABK_KEY_TYPE,
	ABK_KEY_ALG,
	ABK_KEY_OP,
	ABK_KEY_MODE,
	ABK_KEY_INFLIGHT,
	ABK_KEY_SIZE,
	ABK_KEY_KEYLEN,
	ABK_KEY_AAD,
	ABK_KEY_AUTHSIZE,
	ABK_KEY_MS,
	ABK_KEY_COUNT,
	ABK_KEY_WARMUP_MS,
	ABK_KEY_CPUS,
	ABK_KEY_CORPUS,
	ABK_KEY_EXPECT,
	ABK_KEY_KEY,
	ABK_KEY_IV,
	ABK_KEY_ADATA,
	ABK_N_KEYS
};

/* What a key's value is. */
enum abk_kind {
	ABK_NAME, /* one of values[] (type=aead) */
	ABK_UINT, /* a number from lo to hi */
	ABK_HEX,  /* hex bytes, at most hi of them */
	ABK_TEXT, /* a string the module reads itself (alg=, cpus=) */
};

struct abk_key_desc {
	const char *name;
	enum abk_kind kind;
	unsigned int lo, hi;
	const char *const *values; /* ABK_NAME: in the enum's order */
	unsigned int n_values;
};

/* Key K's row, or NULL past the end. */
static inline const struct abk_key_desc *abk_key(unsigned int k)
{
	/* the names on the job line, in the order of the enums: the one table of them */
	static const char *const types[ABK_N_TYPES] = { "aead", "skcipher", "shash", "ahash",
							"acomp" };
	static const char *const ops[ABK_N_OPS] = { "encrypt", "decrypt", "digest", "compress",
						    "decompress" };
	static const char *const modes[ABK_N_MODES] = { "sync", "async" };
	static const char *const corpora[ABK_N_CORPORA] = { "binary", "text", "pattern" };
	static const struct abk_key_desc keys[ABK_N_KEYS] = {
		[ABK_KEY_TYPE] = { "type", ABK_NAME, 0, 0, types, ABK_N_TYPES },
		[ABK_KEY_ALG] = { "alg", ABK_TEXT, 0, 0, 0, 0 },
		[ABK_KEY_OP] = { "op", ABK_NAME, 0, 0, ops, ABK_N_OPS },
		[ABK_KEY_MODE] = { "mode", ABK_NAME, 0, 0, modes, ABK_N_MODES },
		[ABK_KEY_INFLIGHT] = { "inflight", ABK_UINT, 1, ABK_MAX_INFLIGHT, 0, 0 },
		[ABK_KEY_SIZE] = { "size", ABK_UINT, 1, ABK_MAX_SIZE, 0, 0 },
		[ABK_KEY_KEYLEN] = { "keylen", ABK_UINT, 0, ABK_MAX_KEY, 0, 0 },
		[ABK_KEY_AAD] = { "aad", ABK_UINT, 0, ABK_MAX_AAD, 0, 0 },
		[ABK_KEY_AUTHSIZE] = { "authsize", ABK_UINT, 1, ABK_MAX_AUTHSIZE, 0, 0 },
		[ABK_KEY_MS] = { "ms", ABK_UINT, 1, ABK_MAX_MS, 0, 0 },
		[ABK_KEY_COUNT] = { "count", ABK_UINT, 0, ABK_MAX_COUNT, 0, 0 },
		[ABK_KEY_WARMUP_MS] = { "warmup_ms", ABK_UINT, 0, ABK_MAX_WARMUP_MS, 0, 0 },
		[ABK_KEY_CPUS] = { "cpus", ABK_TEXT, 0, 0, 0, 0 },
		[ABK_KEY_CORPUS] = { "corpus", ABK_NAME, 0, 0, corpora, ABK_N_CORPORA },
		[ABK_KEY_EXPECT] = { "expect", ABK_HEX, 0, ABK_MAX_DIGEST, 0, 0 },
		[ABK_KEY_KEY] = { "key", ABK_HEX, 0, ABK_MAX_KEY, 0, 0 },
		[ABK_KEY_IV] = { "iv", ABK_HEX, 0, ABK_MAX_IV, 0, 0 },
		[ABK_KEY_ADATA] = { "adata", ABK_HEX, 0, ABK_MAX_ADATA, 0, 0 },
	};

	return k < ABK_N_KEYS ? &keys[k] : 0;
}

/* The name of VALUE of key K (type=, op=, mode=, corpus=), or NULL. */
static inline const char *abk_name(enum abk_key k, unsigned int value)
{
	const struct abk_key_desc *d = abk_key(k);

	return d && d->kind == ABK_NAME && value < d->n_values ? d->values[value] : 0;
}

#endif
