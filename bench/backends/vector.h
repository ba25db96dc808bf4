/* SPDX-License-Identifier: GPL-2.0 */
#ifndef ALGBENCH_VECTOR_H
#define ALGBENCH_VECTOR_H

#include "core/error.h"
#include "core/job.h"

/* A struct ab_vector with the memory it points at (page-aligned, owned). */
struct ab_vecbuf {
	struct ab_vector v;
	uint8_t *key, *iv, *aad, *in, *expect;
};

/*
 * The fixed inputs of JOB from deterministic patterns, and the reference
 * answer in v.expect from the reference the catalogue row names (OpenSSL, the
 * kernel's generic driver through JOB's backend when it has open(), or with
 * FOR_KAT a published vector, whose input then replaces the job's). Decrypt jobs get the
 * reference's ciphertext as input and the plaintext as answer. v.expect is NULL when there is no
 * reference. 0 or -errno with WHY.
 */
int ab_vector_build(const struct ab_job *job, int for_kat, struct ab_vecbuf *vb,
		    char why[AB_WHY_LEN]);
void ab_vector_free(struct ab_vecbuf *vb);

/* Hex of BUF (at most MAX bytes shown, "..." after) into OUT of LEN. */
void ab_hex(char *out, size_t len, const uint8_t *buf, size_t n, size_t max);

#endif
