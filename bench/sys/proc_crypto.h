/* SPDX-License-Identifier: GPL-2.0 */
/*
 * /proc/crypto, read once for everyone: as blocks of "key : value" lines
 * (the conformance suite compares them with GETALG), and as the typed view
 * the benchmark uses to pick the driver a bind by name gets.
 */
#ifndef ALGBENCH_PROC_CRYPTO_H
#define ALGBENCH_PROC_CRYPTO_H

#include <stddef.h>

#include "core/job.h"

#define PC_MAX_KV 24

/* One block, its lines in order. Values fit: names are under 128 bytes. */
struct pc_alg {
	size_t n_kv;
	struct {
		char key[24];
		char val[AB_NAME_LEN];
	} kv[PC_MAX_KV];
};

/* Reads PATH (normally /proc/crypto). 0, or -errno; *algs is malloc'ed. */
int pc_read(const char *path, struct pc_alg **algs, size_t *n);
/* The value of KEY in A, or NULL. */
const char *pc_get(const struct pc_alg *a, const char *key);

/* One block of /proc/crypto, typed. */
struct ab_proc_alg {
	char name[AB_NAME_LEN];
	char driver[AB_NAME_LEN];
	char module[64];
	char type[32]; /* aead, skcipher, shash, ahash, scomp, acomp, cipher ... */
	int priority;
	int priority_bad; /* its priority line is not a number: never chosen (0 in PRIORITY) */
	int selftest_ok;  /* "selftest : passed" */
	int internal;	  /* "internal : yes": not reachable from AF_ALG */
	/* The sizes the block lists (0 when it has none or the value is not a number). */
	unsigned int blocksize, digestsize, ivsize, maxauthsize;
	unsigned int min_keysize, max_keysize;
};

/* Parse PATH (NULL: /proc/crypto) into a malloc'd array. 0 or -errno. */
int ab_proc_crypto_read(const char *path, struct ab_proc_alg **out, size_t *n);

/*
 * The implementation the kernel binds for NAME of TYPE: highest priority
 * among self-tested, non-internal entries of a matching type whose algorithm
 * or driver name is NAME, or NULL.
 */
const struct ab_proc_alg *ab_proc_crypto_best(const struct ab_proc_alg *a, size_t n,
					      const char *name, enum ab_type type);

/*
 * The entry NAME names: the driver of that name (a driver name pins it), else
 * the highest-priority self-tested, non-internal entry whose algorithm name is
 * NAME, of any type; NULL if the kernel lists neither.
 */
const struct ab_proc_alg *ab_proc_crypto_lookup(const struct ab_proc_alg *a, size_t n,
						const char *name);

/*
 * The kernel's generic implementation of algorithm NAME of TYPE (driver
 * "*-generic", or a template over one: "cbc(aes-generic)"), self-tested and
 * not internal; NULL if there is none.
 */
const struct ab_proc_alg *ab_proc_crypto_generic(const struct ab_proc_alg *a, size_t n,
						 const char *name, enum ab_type type);

/* Whether a /proc/crypto type string belongs to TYPE. */
int ab_proc_type_matches(const char *proc_type, enum ab_type type);

#endif
