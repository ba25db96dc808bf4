// SPDX-License-Identifier: GPL-2.0
/* The algorithm catalogue: one row per algorithm (see catalogue.h). */
#include <string.h>

#include "core/catalogue.h"

#define AES_IV 16
#define TAG    16

/* RFC 3720 B.4: CRC32C of 32 zero bytes, as the kernel returns it (le32). */
static const uint8_t zeros32[32];
static const uint8_t crc32c_zeros32[4] = { 0xaa, 0x36, 0x91, 0x8a };
static const struct ab_kat_vector crc32c_rfc3720 = {
	.source = "RFC 3720 B.4",
	.in = zeros32,
	.inlen = sizeof(zeros32),
	.out = crc32c_zeros32,
	.outlen = sizeof(crc32c_zeros32),
};

const struct ab_alg ab_catalogue[] = {
	/* aead: AAD of 16 bytes, tag 16, as IPsec ESP uses them. */
	{ .name = "gcm(aes)",
	  .type = AB_AEAD,
	  .n_keys = 2,
	  .keys = { { 16, 128, "aes-128-gcm" }, { 32, 256, "aes-256-gcm" } },
	  .ivlen = 12,
	  .taglen = TAG,
	  .aadlen = 16,
	  .min_size = 1,
	  .block = 1,
	  .ref = AB_REF_EVP },
	/*
	 * key = AES key || 4-byte salt; the kernel wants assoclen 16 or 20 with the 8-byte IV
	 * as the AAD's tail (ESP), authenticating only the first assoclen-8 bytes; OpenSSL's
	 * equivalent is GCM with nonce salt||iv and that shorter AAD.
	 */
	{ .name = "rfc4106(gcm(aes))",
	  .type = AB_AEAD,
	  .n_keys = 1,
	  .keys = { { 20, 128, "aes-128-gcm" } },
	  .ivlen = 8,
	  .taglen = TAG,
	  .aadlen = 16,
	  .min_size = 1,
	  .block = 1,
	  .ref = AB_REF_EVP,
	  .flags = AB_F_RFC4106 },
	/* The kernel's 16-byte IV is L'=iv[0] then the nonce; we use a 12-byte nonce (L=3). */
	{ .name = "ccm(aes)",
	  .type = AB_AEAD,
	  .n_keys = 1,
	  .keys = { { 16, 128, "aes-128-ccm" } },
	  .ivlen = AES_IV,
	  .taglen = TAG,
	  .aadlen = 16,
	  .min_size = 1,
	  .block = 1,
	  .ref = AB_REF_EVP,
	  .flags = AB_F_CCM_IV },
	{ .name = "rfc7539(chacha20,poly1305)",
	  .type = AB_AEAD,
	  .n_keys = 1,
	  .keys = { { 32, 256, "chacha20-poly1305" } },
	  .ivlen = 12,
	  .taglen = TAG,
	  .aadlen = 16,
	  .min_size = 1,
	  .block = 1,
	  .ref = AB_REF_EVP },

	/* skcipher */
	{ .name = "cbc(aes)",
	  .type = AB_SKCIPHER,
	  .n_keys = 2,
	  .keys = { { 16, 128, "aes-128-cbc" }, { 32, 256, "aes-256-cbc" } },
	  .ivlen = AES_IV,
	  .min_size = 16,
	  .block = 16,
	  .ref = AB_REF_EVP },
	{ .name = "ctr(aes)",
	  .type = AB_SKCIPHER,
	  .n_keys = 2,
	  .keys = { { 16, 128, "aes-128-ctr" }, { 32, 256, "aes-256-ctr" } },
	  .ivlen = AES_IV,
	  .min_size = 1,
	  .block = 1,
	  .ref = AB_REF_EVP },
	/* The two key halves must differ (OpenSSL and FIPS kernels refuse equal halves). */
	{ .name = "xts(aes)",
	  .type = AB_SKCIPHER,
	  .n_keys = 2,
	  .keys = { { 32, 256, "aes-128-xts" }, { 64, 512, "aes-256-xts" } },
	  .ivlen = AES_IV,
	  .min_size = 16,
	  .block = 1,
	  .ref = AB_REF_EVP },

	/* hash */
	{ .name = "sha256",
	  .type = AB_HASH,
	  .n_keys = 1,
	  .keys = { { 0, 0, "sha256" } },
	  .digestlen = 32,
	  .min_size = 0,
	  .block = 1,
	  .ref = AB_REF_EVP },
	{ .name = "sha512",
	  .type = AB_HASH,
	  .n_keys = 1,
	  .keys = { { 0, 0, "sha512" } },
	  .digestlen = 64,
	  .min_size = 0,
	  .block = 1,
	  .ref = AB_REF_EVP },
	/* The EVP name is the digest under EVP_MAC HMAC. */
	{ .name = "hmac(sha256)",
	  .type = AB_HASH,
	  .n_keys = 1,
	  .keys = { { 32, 256, "sha256" } },
	  .digestlen = 32,
	  .min_size = 0,
	  .block = 1,
	  .ref = AB_REF_EVP,
	  .flags = AB_F_HMAC },
	/* OpenSSL has no crc32c: the KAT is RFC 3720 B.4's published vector. */
	{ .name = "crc32c",
	  .type = AB_HASH,
	  .n_keys = 1,
	  .keys = { { 0, 0, NULL } },
	  .digestlen = 4,
	  .min_size = 0,
	  .block = 1,
	  .ref = AB_REF_VECTOR,
	  .vector = &crc32c_rfc3720 },

	/* acomp: AF_ALG has no compression interface, so only kmod runs these. */
	/* The kernel's deflate is raw deflate (no zlib header). */
	{ .name = "deflate",
	  .type = AB_ACOMP,
	  .n_keys = 1,
	  .keys = { { 0, 0, NULL } },
	  .min_size = 1,
	  .block = 1,
	  .ref = AB_REF_ZLIB },
	/* no lzo library in the build */
	{ .name = "lzo",
	  .type = AB_ACOMP,
	  .n_keys = 1,
	  .keys = { { 0, 0, NULL } },
	  .min_size = 1,
	  .block = 1,
	  .ref = AB_REF_NONE },
	{ .name = "lz4",
	  .type = AB_ACOMP,
	  .n_keys = 1,
	  .keys = { { 0, 0, NULL } },
	  .min_size = 1,
	  .block = 1,
	  .ref = AB_REF_LZ4 },
	{ .name = "zstd",
	  .type = AB_ACOMP,
	  .n_keys = 1,
	  .keys = { { 0, 0, NULL } },
	  .min_size = 1,
	  .block = 1,
	  .ref = AB_REF_ZSTD },
};

const size_t ab_catalogue_len = sizeof(ab_catalogue) / sizeof(ab_catalogue[0]);

static const char *const type_names[AB_N_TYPES] = {
	[AB_AEAD] = "aead",
	[AB_SKCIPHER] = "skcipher",
	[AB_HASH] = "hash",
	[AB_ACOMP] = "acomp",
};

static const char *const op_names[AB_N_OPS] = {
	[AB_OP_ENCRYPT] = "encrypt",   [AB_OP_DECRYPT] = "decrypt",	  [AB_OP_DIGEST] = "digest",
	[AB_OP_COMPRESS] = "compress", [AB_OP_DECOMPRESS] = "decompress",
};

const struct ab_alg *ab_alg_find(const char *name)
{
	for (size_t i = 0; i < ab_catalogue_len; i++)
		if (!strcmp(ab_catalogue[i].name, name))
			return &ab_catalogue[i];
	return NULL;
}

const struct ab_keysize *ab_alg_key(const struct ab_alg *alg, unsigned int bits)
{
	if (!bits)
		return &alg->keys[0];
	for (unsigned int i = 0; i < alg->n_keys; i++)
		if (alg->keys[i].bits == bits)
			return &alg->keys[i];
	return NULL;
}

int ab_alg_has_op(const struct ab_alg *alg, enum ab_op op)
{
	switch (alg->type) {
	case AB_AEAD:
	case AB_SKCIPHER:
		return op == AB_OP_ENCRYPT || op == AB_OP_DECRYPT;
	case AB_HASH:
		return op == AB_OP_DIGEST;
	case AB_ACOMP:
		return op == AB_OP_COMPRESS || op == AB_OP_DECOMPRESS;
	default:
		return 0;
	}
}

int ab_alg_size_ok(const struct ab_alg *alg, size_t size)
{
	return size >= alg->min_size && (alg->block <= 1 || size % alg->block == 0);
}

const char *ab_alg_ref_name(const struct ab_alg *alg)
{
	switch (alg->ref) {
	case AB_REF_EVP:
		return "OpenSSL";
	case AB_REF_VECTOR:
		return alg->vector->source;
	case AB_REF_ZLIB:
		return "zlib";
	case AB_REF_LZ4:
		return "liblz4";
	case AB_REF_ZSTD:
		return "libzstd";
	case AB_REF_KERNEL:
		return alg->ref_driver;
	default:
		return alg->ref_why ? alg->ref_why : "no reference";
	}
}

const char *ab_type_name(enum ab_type type)
{
	return (unsigned int)type < AB_N_TYPES ? type_names[type] : "?";
}

const char *ab_op_name(enum ab_op op)
{
	return (unsigned int)op < AB_N_OPS ? op_names[op] : "?";
}

static int parse_name(const char *s, const char *const *names, int n)
{
	for (int i = 0; i < n; i++)
		if (!strcmp(s, names[i]))
			return i;
	return -1;
}

int ab_type_parse(const char *s)
{
	return parse_name(s, type_names, AB_N_TYPES);
}

int ab_op_parse(const char *s)
{
	return parse_name(s, op_names, AB_N_OPS);
}

void ab_alg_words(FILE *out)
{
	for (size_t i = 0; i < ab_catalogue_len; i++)
		fprintf(out, "%s ", ab_catalogue[i].name);
}

void ab_type_words(FILE *out)
{
	for (int i = 0; i < AB_N_TYPES; i++)
		fprintf(out, "%s ", type_names[i]);
}

void ab_op_words(FILE *out)
{
	for (int i = 0; i < AB_N_OPS; i++)
		fprintf(out, "%s ", op_names[i]);
}
