// SPDX-License-Identifier: GPL-2.0
/*
 * openssl: the user-space reference on OpenSSL EVP, the same operations on
 * the same buffers as afalg. The key is set once per handle (as `openssl
 * speed -evp` does); each op sets the IV/nonce and runs init-update-final.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>

#include "backends/backend.h"
#include "backends/evp.h"

static const struct ab_mode openssl_modes[] = { { .name = "evp" }, { 0 } };

struct openssl_ctx {
	const struct ab_job *job;
	const struct ab_vector *v;
	EVP_CIPHER_CTX *cipher;
	EVP_MD_CTX *md;
	EVP_MD *md_type;
	EVP_CIPHER *cipher_type;
	EVP_MAC_CTX *mac;
	struct ab_evp_aead aead;
	uint8_t *out;
	size_t outlen;
	uint8_t tag[16];
};

static int openssl_probe(const struct ab_job *job, char why[AB_WHY_LEN])
{
	if (!job->key->evp) {
		ab_whyf(why, "%s: OpenSSL has no implementation; openssl jobs skipped",
			job->alg->name);
		return -ENOENT;
	}
	return 0;
}

static void openssl_driver(const struct ab_job *job, char *buf, size_t len)
{
	snprintf(buf, len, "%s", job->key->evp ? job->key->evp : "");
}

static int open_mac(struct openssl_ctx *c)
{
	EVP_MAC *mac = EVP_MAC_fetch(NULL, "HMAC", NULL);
	OSSL_PARAM params[] = {
		OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, (char *)c->job->key->evp,
						 0),
		OSSL_PARAM_construct_end(),
	};

	if (!mac)
		return -ENOENT;
	c->mac = EVP_MAC_CTX_new(mac);
	EVP_MAC_free(mac);
	if (!c->mac || !EVP_MAC_init(c->mac, c->v->key, c->v->keylen, params))
		return -EINVAL;
	return 0;
}

static int open_hash(struct openssl_ctx *c, char why[AB_WHY_LEN])
{
	c->outlen = c->job->alg->digestlen;
	if (c->job->alg->flags & AB_F_HMAC)
		return open_mac(c);
	c->md_type = ab_evp_md(c->job, why);
	if (!c->md_type)
		return -ENOENT;
	c->md = EVP_MD_CTX_new();
	return c->md ? 0 : -ENOMEM;
}

static int open_cipher(struct openssl_ctx *c, char why[AB_WHY_LEN])
{
	const struct ab_job *job = c->job;
	EVP_CIPHER *cipher = c->cipher_type = ab_evp_cipher(job, why);
	int enc = job->op == AB_OP_ENCRYPT;

	if (!cipher)
		return -ENOENT;
	c->cipher = EVP_CIPHER_CTX_new();
	if (!c->cipher)
		return -ENOMEM;
	c->outlen = job->size;
	if (job->alg->type == AB_SKCIPHER)
		return ab_evp_skcipher_op(c->cipher, cipher, c->v->key, c->v->iv, enc, c->v->in,
					  job->size, c->out);
	/* One full op sets the key, the IV length and (CCM) the tag length. */
	ab_evp_aead_params(job->alg, c->v, &c->aead);
	if (enc)
		c->outlen += job->alg->taglen;
	else
		memcpy(c->tag, c->v->in + job->size, job->alg->taglen);
	return ab_evp_aead_op(c->cipher, cipher, job->alg, &c->aead, enc, c->v->in, job->size,
			      c->out, c->tag);
}

static void openssl_close(void *ctx);

static int openssl_open(const struct ab_job *job, const struct ab_vector *v, void **ctxp,
			char why[AB_WHY_LEN])
{
	struct openssl_ctx *c = calloc(1, sizeof(*c));
	int ret;

	if (!c)
		return -ENOMEM;
	c->job = job;
	c->v = v;
	c->out = calloc(1, job->size + 64);
	if (!c->out) {
		free(c);
		return -ENOMEM;
	}
	ret = job->alg->type == AB_HASH ? open_hash(c, why) : open_cipher(c, why);
	if (ret) {
		if (ret != -ENOENT)
			ab_whyf(why, "%s: OpenSSL %s refused the parameters (%u-byte key)",
				job->alg->name, job->key->evp, job->key->keylen);
		openssl_close(c);
		return ret;
	}
	*ctxp = c;
	return 0;
}

static int hash_op(struct openssl_ctx *c)
{
	unsigned int n = 0;
	size_t m = 0;

	if (c->mac)
		return EVP_MAC_init(c->mac, NULL, 0, NULL) &&
				       EVP_MAC_update(c->mac, c->v->in, c->v->inlen) &&
				       EVP_MAC_final(c->mac, c->out, &m, c->outlen)
			       ? 0
			       : -EINVAL;
	return EVP_DigestInit_ex(c->md, c->md_type, NULL) &&
			       EVP_DigestUpdate(c->md, c->v->in, c->v->inlen) &&
			       EVP_DigestFinal_ex(c->md, c->out, &n)
		       ? 0
		       : -EINVAL;
}

static int openssl_op(void *ctx)
{
	struct openssl_ctx *c = ctx;
	const struct ab_job *job = c->job;
	int enc = job->op == AB_OP_ENCRYPT;

	switch (job->alg->type) {
	case AB_HASH:
		return hash_op(c);
	case AB_SKCIPHER:
		return ab_evp_skcipher_op(c->cipher, NULL, NULL, c->v->iv, enc, c->v->in, job->size,
					  c->out);
	case AB_AEAD:
		return ab_evp_aead_op(c->cipher, NULL, job->alg, &c->aead, enc, c->v->in, job->size,
				      c->out, enc ? c->out + job->size : c->tag);
	default:
		return -EOPNOTSUPP;
	}
}

static int openssl_output(void *ctx, const uint8_t **out, size_t *len)
{
	struct openssl_ctx *c = ctx;

	*out = c->out;
	*len = c->outlen;
	return 0;
}

static void openssl_close(void *ctx)
{
	struct openssl_ctx *c = ctx;

	EVP_CIPHER_CTX_free(c->cipher);
	EVP_MD_CTX_free(c->md);
	EVP_MD_free(c->md_type);
	EVP_CIPHER_free(c->cipher_type);
	EVP_MAC_CTX_free(c->mac);
	free(c->out);
	free(c);
}

const struct ab_backend ab_backend_openssl = {
	.name = "openssl",
	.needs = AB_NEEDS_EVP,
	.types = 1u << AB_AEAD | 1u << AB_SKCIPHER | 1u << AB_HASH,
	.type_why = { [AB_ACOMP] = "OpenSSL EVP has no compression; acomp is measured in-kernel "
				   "by the kmod backend" },
	.modes = openssl_modes,
	.probe = openssl_probe,
	.driver = openssl_driver,
	.open = openssl_open,
	.op = openssl_op,
	.output = openssl_output,
	.close = openssl_close,
};
