/* SPDX-License-Identifier: GPL-2.0 */
#ifndef ALGBENCH_PROC_CRYPTO_H
#define ALGBENCH_PROC_CRYPTO_H

#include <stddef.h>

#include "backend.h"

/* One block of /proc/crypto. */
struct ab_proc_alg {
	char name[AB_NAME_LEN];
	char driver[AB_NAME_LEN];
	char module[64];
	char type[32]; /* aead, skcipher, shash, ahash, scomp, acomp, cipher ... */
	int priority;
	int selftest_ok; /* "selftest : passed" */
	int internal;	 /* "internal : yes": not reachable from AF_ALG */
};

/* Parse PATH (NULL: /proc/crypto) into a malloc'd array. 0 or -errno. */
int ab_proc_crypto_read(const char *path, struct ab_proc_alg **out, size_t *n);

/*
 * The implementation the kernel binds for NAME of TYPE: highest priority
 * among self-tested, non-internal entries of a matching type, or NULL.
 */
const struct ab_proc_alg *ab_proc_crypto_best(const struct ab_proc_alg *a, size_t n,
					      const char *name, enum ab_type type);

/* Whether a /proc/crypto type string belongs to TYPE. */
int ab_proc_type_matches(const char *proc_type, enum ab_type type);

#endif
