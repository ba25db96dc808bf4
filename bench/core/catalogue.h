/* SPDX-License-Identifier: GPL-2.0 */
#ifndef ALGBENCH_CATALOGUE_H
#define ALGBENCH_CATALOGUE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/*
 * The algorithm catalogue: one row per kernel crypto API algorithm that
 * algbench knows how to drive and check. Every backend and every report
 * works from these rows; adding an algorithm means adding one row in
 * catalogue.c (and, if its parameters are unusual, a comment there). Each
 * row names the reference its known answer comes from, as the kernel's
 * crypto/testmgr.c rows carry their checker.
 */

enum ab_type {
	AB_AEAD,
	AB_SKCIPHER,
	AB_HASH,
	AB_ACOMP,
	AB_N_TYPES,
};

/* What one timed operation does. */
enum ab_op {
	AB_OP_ENCRYPT,
	AB_OP_DECRYPT, /* aead: also verifies the tag */
	AB_OP_DIGEST,
	AB_OP_COMPRESS,
	AB_OP_DECOMPRESS,
	AB_N_OPS,
};

#define AB_MAX_KEYS 2

/* Parameter conventions of an algorithm (struct ab_alg.flags). */
#define AB_F_RFC4106 (1u << 0) /* key ends in a 4-byte salt; AAD's last 8 bytes are the IV */
#define AB_F_CCM_IV  (1u << 1) /* 16-byte IV: iv[0] = L-1, then the nonce */
#define AB_F_HMAC    (1u << 2) /* keyed hash: EVP name is the digest under HMAC */

/* One key size of an algorithm, with the OpenSSL EVP name that matches it. */
struct ab_keysize {
	unsigned int keylen; /* bytes handed to setkey (0: unkeyed) */
	unsigned int bits;   /* the size people name: 128 for aes-128, 256 for xts 2x128 */
	const char *evp;     /* EVP cipher/digest name; NULL: OpenSSL has none */
};

/* Where a row's known answer comes from. */
enum ab_ref {
	AB_REF_NONE,   /* no user-space reference: the kernel's round trip only */
	AB_REF_EVP,    /* OpenSSL EVP, by the key size's evp name */
	AB_REF_VECTOR, /* a published vector: ab_alg.vector */
	AB_REF_ZLIB,   /* compressors (bench/backends/acomp_ref.c) */
	AB_REF_LZ4,
	AB_REF_ZSTD,
	AB_REF_KERNEL, /* the kernel's generic driver ab_alg.ref_driver, through the job's backend
			*/
};

/* A published known answer: OUT is the algorithm of IN, as the kernel returns it. */
struct ab_kat_vector {
	const char *source; /* "RFC 3720 B.4" */
	const uint8_t *in;
	size_t inlen;
	const uint8_t *out;
	size_t outlen;
};

struct ab_alg {
	const char *name; /* kernel crypto API name, e.g. "gcm(aes)" */
	enum ab_type type;
	unsigned int n_keys;
	struct ab_keysize keys[AB_MAX_KEYS];
	unsigned int ivlen;	/* bytes of IV the kernel takes (aead/skcipher) */
	unsigned int taglen;	/* aead tag bytes */
	unsigned int aadlen;	/* aead associated data bytes the benchmark uses */
	unsigned int digestlen; /* hash output bytes */
	unsigned int min_size;	/* smallest payload (xts: one block) */
	unsigned int block;	/* payload must be a multiple (cbc: 16), 1 otherwise */
	unsigned int flags;	/* AB_F_*: parameter conventions the backends must follow */
	enum ab_ref ref;	/* the reference answer's source */
	const struct ab_kat_vector *vector; /* AB_REF_VECTOR's vector */
	const char *ref_driver;		    /* AB_REF_KERNEL's driver: "sha3-256-generic" */
	const char *ref_why;		    /* AB_REF_NONE: why there is no reference */
};

extern const struct ab_alg ab_catalogue[];
extern const size_t ab_catalogue_len;

/* The row named NAME (exact kernel name), or NULL. */
const struct ab_alg *ab_alg_find(const char *name);

/* The key size of ALG with BITS (0: its first), or NULL. */
const struct ab_keysize *ab_alg_key(const struct ab_alg *alg, unsigned int bits);

/* Whether OP applies to ALG's type (digest to hashes, encrypt to ciphers...). */
int ab_alg_has_op(const struct ab_alg *alg, enum ab_op op);

/* Whether SIZE is a payload ALG accepts (min_size, block multiple). */
int ab_alg_size_ok(const struct ab_alg *alg, size_t size);

/*
 * Who gives ALG's known answer, for messages: "OpenSSL", "RFC 3720 B.4",
 * "zlib", "the kernel's sha3-256-generic"; for none, why there is none.
 */
const char *ab_alg_ref_name(const struct ab_alg *alg);

const char *ab_type_name(enum ab_type type);
const char *ab_op_name(enum ab_op op);
/* Parse "aead", "skcipher", "hash", "acomp" (and op names); -1 if unknown. */
int ab_type_parse(const char *s);
int ab_op_parse(const char *s);

/* The catalogue's names, the type names, the op names: each and a space on OUT (completion). */
void ab_alg_words(FILE *out);
void ab_type_words(FILE *out);
void ab_op_words(FILE *out);

#endif
