/* SPDX-License-Identifier: GPL-2.0 */
#ifndef ALGBENCH_EVP_H
#define ALGBENCH_EVP_H

#include <openssl/evp.h>

#include "core/catalogue.h"
#include "core/error.h"
#include "core/job.h"

/*
 * OpenSSL EVP, shared by the reference (KAT answers) and the openssl
 * backend: how a kernel algorithm's key/IV/AAD map onto EVP's, and one
 * operation on a context.
 */

/* The EVP view of an aead vector (rfc4106: salt||iv nonce, shorter AAD...). */
struct ab_evp_aead {
	const uint8_t *key;
	unsigned int keylen;
	uint8_t nonce[16];
	unsigned int noncelen;
	const uint8_t *aad;
	unsigned int aadlen;
};

void ab_evp_aead_params(const struct ab_alg *alg, const struct ab_vector *v, struct ab_evp_aead *p);

/* EVP cipher/digest of JOB's key size (free with EVP_*_free), or NULL with WHY. */
EVP_CIPHER *ab_evp_cipher(const struct ab_job *job, char why[AB_WHY_LEN]);
EVP_MD *ab_evp_md(const struct ab_job *job, char why[AB_WHY_LEN]);

/*
 * One aead operation on C. With CIPHER non-NULL the context is (re)built
 * with the key first; with NULL, C already holds the key and only the
 * nonce is set. Encrypt writes ciphertext to OUT and the tag to TAG;
 * decrypt reads the tag from TAG and fails with -EBADMSG if it is wrong.
 */
int ab_evp_aead_op(EVP_CIPHER_CTX *c, const EVP_CIPHER *cipher, const struct ab_alg *alg,
		   const struct ab_evp_aead *p, int enc, const uint8_t *in, size_t len,
		   uint8_t *out, uint8_t *tag);

/* One skcipher operation (no padding) with IV; key set when CIPHER non-NULL. */
int ab_evp_skcipher_op(EVP_CIPHER_CTX *c, const EVP_CIPHER *cipher, const uint8_t *key,
		       const uint8_t *iv, int enc, const uint8_t *in, size_t len, uint8_t *out);

/*
 * The reference answer for JOB's op on V (V->expect ignored), computed on
 * fresh contexts: canonical output (see struct ab_vector) into OUT (room for
 * inlen + 64), length in *OUTLEN. 0 or -errno with WHY.
 */
int ab_evp_reference(const struct ab_job *job, enum ab_op op, const struct ab_vector *v,
		     uint8_t *out, size_t *outlen, char why[AB_WHY_LEN]);

#endif
