// SPDX-License-Identifier: GPL-2.0
/*
 * Conformance, exact counters (issue 6): N operations through AF_ALG must
 * move one driver's GETSTAT counters by exactly what the kernel version's
 * crypto_stats_* code adds. Only a CONFIG_CRYPTO_STATS=y kernel before 6.10
 * has counters; elsewhere every row is a SKIP with the reason.
 *
 * What 6.1 counts (crypto/algapi.c): a successful request bumps its _cnt by
 * one and its _tlen by the request's length (cryptlen for aead: plaintext
 * on encrypt, ciphertext plus tag on decrypt); a failed one bumps err_cnt
 * only. algif_hash hashes with update (tlen += len) and final (cnt += 1),
 * or digest: either way +1 and +L per digest. Known differences of later
 * versions are in the quirks table below.
 */
#include <errno.h>
#include <inttypes.h>
#include <kcapi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>

#include "conform.h"

#define N_OPS			 16
#define LEN			 4096
#define AAD			 16
#define TAG			 16
#define CRYPTO_ALG_INTERNAL_FLAG 0x2000

enum op { OP_HASH, OP_ENC, OP_DEC, OP_BADTAG };

struct counter_case {
	const char *alg; /* AF_ALG name; bound through its best driver */
	int kind;	 /* 0 hash, 1 skcipher, 2 aead */
	enum op op;
};

/* Deltas one run of N_OPS is expected to add, by counter name. */
struct expect {
	const char *counter[3];
	uint64_t delta[3];
};

/* Versions [from, to) where the kernel counts otherwise (ABI-NOTES.md). */
static unsigned kernel_version(void)
{
	struct utsname u;
	unsigned a = 0, b = 0;

	uname(&u);
	sscanf(u.release, "%u.%u", &a, &b);
	return a * 100 + b;
}

static void expected(const struct counter_case *k, unsigned ver, bool shash, struct expect *e)
{
	/* 6.3-6.6 counted ahash-over-shash twice (42808e5dc602, fixed by 2f1f34c1bf7b). */
	uint64_t twice = shash && ver >= 603 && ver < 607 ? 2 : 1;
	/* From 6.3 crypto_aead_decrypt bumps the encrypt counters. */
	bool dec_as_enc = ver >= 603;

	memset(e, 0, sizeof(*e));
	switch (k->op) {
	case OP_HASH:
		*e = (struct expect){ { "hash_cnt", "hash_tlen", "err_cnt" },
				      { twice * N_OPS, twice * N_OPS * LEN, 0 } };
		break;
	case OP_ENC:
		*e = (struct expect){ { "encrypt_cnt", "encrypt_tlen", "err_cnt" },
				      { N_OPS, (uint64_t)N_OPS * LEN, 0 } };
		break;
	case OP_DEC: {
		uint64_t tlen = (uint64_t)N_OPS * (k->kind == 2 ? LEN + TAG : LEN);
		bool as_enc = k->kind == 2 && dec_as_enc;

		*e = (struct expect){ { as_enc ? "encrypt_cnt" : "decrypt_cnt",
					as_enc ? "encrypt_tlen" : "decrypt_tlen", "err_cnt" },
				      { N_OPS, tlen, 0 } };
		break;
	}
	case OP_BADTAG:
		*e = (struct expect){ { "err_cnt", "decrypt_cnt", "encrypt_cnt" }, { 1, 0, 0 } };
		break;
	}
}

/* The highest-priority non-internal driver of name, as AF_ALG would pick. */
static int best_driver(struct conform_ctx *c, const char *name, char *driver, bool *shash)
{
	struct cu_alg *algs;
	size_t n;
	int best = -1, ret = conform_dump(c->s, &algs, &n);

	if (ret)
		return ret;
	for (size_t i = 0; i < n; i++) {
		if (strcmp(algs[i].name, name) || (algs[i].flags & CRYPTO_ALG_INTERNAL_FLAG))
			continue;
		if (best < 0 || algs[i].priority > algs[best].priority)
			best = (int)i;
	}
	if (best >= 0) {
		snprintf(driver, CRYPTO_MAX_NAME, "%s", algs[best].driver);
		*shash = !strcmp(algs[best].report.type, "shash");
	}
	free(algs);
	return best < 0 ? -ENOENT : 0;
}

static int run_hash(struct kcapi_handle *h, const uint8_t *buf)
{
	uint8_t md[64];

	for (int i = 0; i < N_OPS; i++)
		if (kcapi_md_digest(h, buf, LEN, md, sizeof(md)) < 0)
			return -EIO;
	return 0;
}

static int run_skcipher(struct kcapi_handle *h, enum op op, uint8_t *buf, uint8_t *out)
{
	static const uint8_t key[16], iv[16];

	if (kcapi_cipher_setkey(h, key, sizeof(key)))
		return -EIO;
	for (int i = 0; i < N_OPS; i++) {
		ssize_t r = op == OP_ENC ? kcapi_cipher_encrypt(h, buf, LEN, iv, out, LEN,
								KCAPI_ACCESS_SENDMSG)
					 : kcapi_cipher_decrypt(h, buf, LEN, iv, out, LEN,
								KCAPI_ACCESS_SENDMSG);
		if (r != LEN)
			return -EIO;
	}
	return 0;
}

/* Encrypts once to get a valid ciphertext+tag, then runs the measured ops. */
static int run_aead(struct conform_ctx *c, struct kcapi_handle *h, enum op op, uint8_t *buf,
		    uint8_t *out, const char *driver, struct cu_stat *before)
{
	static const uint8_t key[16], iv[12];
	size_t ct = AAD + LEN + TAG;
	int n = op == OP_BADTAG ? 1 : N_OPS;

	if (kcapi_aead_setkey(h, key, sizeof(key)) || kcapi_aead_settaglen(h, TAG))
		return -EIO;
	kcapi_aead_setassoclen(h, AAD);
	if (op != OP_ENC) {
		if (kcapi_aead_encrypt(h, buf, AAD + LEN, iv, out, ct, KCAPI_ACCESS_SENDMSG) !=
		    (ssize_t)ct)
			return -EIO;
		memcpy(buf, out, ct);
		if (op == OP_BADTAG)
			buf[ct - 1] ^= 1;
		if (cu_get_stat(c->s, "", driver, before)) /* after the set-up encrypt */
			return -EIO;
	}
	for (int i = 0; i < n; i++) {
		ssize_t r = op == OP_ENC ? kcapi_aead_encrypt(h, buf, AAD + LEN, iv, out, ct,
							      KCAPI_ACCESS_SENDMSG)
					 : kcapi_aead_decrypt(h, buf, ct, iv, out, AAD + LEN,
							      KCAPI_ACCESS_SENDMSG);
		if (op == OP_BADTAG ? r != -EBADMSG : r < 0)
			return -EIO;
	}
	return 0;
}

static int open_handle(int kind, struct kcapi_handle **h, const char *name)
{
	return kind == 0   ? kcapi_md_init(h, name, 0)
	       : kind == 1 ? kcapi_cipher_init(h, name, 0)
			   : kcapi_aead_init(h, name, 0);
}

static void close_handle(int kind, struct kcapi_handle *h)
{
	if (kind == 0)
		kcapi_md_destroy(h);
	else if (kind == 1)
		kcapi_cipher_destroy(h);
	else
		kcapi_aead_destroy(h);
}

static int run_case(struct conform_ctx *c, const struct counter_case *k, const char *driver,
		    struct cu_stat *before)
{
	static uint8_t buf[AAD + LEN + TAG], out[AAD + LEN + TAG];
	struct kcapi_handle *h = NULL;
	int ret;

	ret = open_handle(k->kind, &h, driver);
	if (ret)
		return ret;
	if (k->kind == 0)
		ret = run_hash(h, buf);
	else if (k->kind == 1)
		ret = run_skcipher(h, k->op, buf, out);
	else
		ret = run_aead(c, h, k->op, buf, out, driver, before);
	close_handle(k->kind, h);
	return ret;
}

static enum verdict compare(const struct conform_ctx *c, const struct cu_stat *a,
			    const struct cu_stat *b, const struct expect *e, char *why, size_t n)
{
	enum verdict v = V_PASS;

	for (int i = 0; i < 3; i++) {
		uint64_t x, y;

		if (cu_stat_counter(a, e->counter[i], &x) ||
		    cu_stat_counter(b, e->counter[i], &y)) {
			snprintf(why, n, "%s: no counter %s in CRYPTOCFGA_STAT_%s", a->alg.driver,
				 e->counter[i], cu_attr_kind(a->stat_attr));
			return V_FAIL;
		}
		conform_diag(c,
			     "%s %s: %" PRIu64 " -> %" PRIu64 " (+%" PRIu64 ", want +%" PRIu64 ")",
			     a->alg.driver, e->counter[i], x, y, y - x, e->delta[i]);
		if (y - x != e->delta[i] && v == V_PASS) {
			snprintf(why, n, "%s moved by %" PRIu64 ", want %" PRIu64, e->counter[i],
				 y - x, e->delta[i]);
			v = V_FAIL;
		}
	}
	return v;
}

static enum verdict check_counters(struct conform_ctx *c, const void *arg, char *why, size_t n)
{
	const struct counter_case *k = arg;
	struct kcapi_handle *h = NULL;
	struct cu_stat before, after;
	char driver[CRYPTO_MAX_NAME];
	struct expect e;
	bool shash = false;
	int ret;

	if (c->stats != 1) {
		snprintf(why, n, "kernel has no crypto statistics (%s)", c->stats_why);
		return V_SKIP;
	}
	/* Binding by name loads and instantiates what is missing; then bind the driver. */
	if (!open_handle(k->kind, &h, k->alg))
		close_handle(k->kind, h);
	ret = best_driver(c, k->alg, driver, &shash);
	if (!ret)
		ret = cu_get_stat(c->s, "", driver, &before);
	if (!ret)
		ret = run_case(c, k, driver, &before);
	if (!ret)
		ret = cu_get_stat(c->s, "", driver, &after);
	if (ret) {
		snprintf(why, n, "%s: cannot run: %s", k->alg, strerror(ret < 0 ? -ret : ret));
		return V_FAIL;
	}
	expected(k, kernel_version(), shash, &e);
	return compare(c, &before, &after, &e, why, n);
}

/* clang-format off */
#define CASE(alg, kind, op) &(const struct counter_case){ alg, kind, op }
/* clang-format on */

const struct conform_check conform_counter_checks[] = {
	{ "counters_sha256: 16 AF_ALG sha256 digests of 4096 B add hash_cnt 16, hash_tlen 65536",
	  check_counters, CASE("sha256", 0, OP_HASH) },
	{ "counters_cbc_aes_encrypt: 16 cbc(aes) encryptions of 4096 B add encrypt_cnt/tlen",
	  check_counters, CASE("cbc(aes)", 1, OP_ENC) },
	{ "counters_cbc_aes_decrypt: 16 cbc(aes) decryptions of 4096 B add decrypt_cnt/tlen",
	  check_counters, CASE("cbc(aes)", 1, OP_DEC) },
	{ "counters_gcm_aes_encrypt: 16 gcm(aes) encryptions add encrypt_cnt/tlen (plaintext)",
	  check_counters, CASE("gcm(aes)", 2, OP_ENC) },
	{ "counters_gcm_aes_decrypt: 16 gcm(aes) decryptions add decrypt_cnt/tlen (ct + tag)",
	  check_counters, CASE("gcm(aes)", 2, OP_DEC) },
	{ "counters_gcm_aes_badtag: a failed tag check adds err_cnt 1 and nothing else",
	  check_counters, CASE("gcm(aes)", 2, OP_BADTAG) },
};
const size_t conform_n_counter_checks = CONFORM_ROWS(conform_counter_checks);
