// SPDX-License-Identifier: GPL-2.0
/* OpenSSL EVP helpers: the reference answers and the openssl backend's ops. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <openssl/err.h>

#include "backends/evp.h"

void ab_evp_aead_params(const struct ab_alg *alg, const struct ab_vector *v, struct ab_evp_aead *p)
{
	memset(p, 0, sizeof(*p));
	p->key = v->key;
	p->keylen = v->keylen;
	p->aad = v->aad;
	p->aadlen = v->aadlen;
	if (alg->flags & AB_F_RFC4106) {
		/* RFC 4106: nonce = salt (the key's last 4 bytes) || explicit IV. */
		p->keylen = v->keylen - 4;
		memcpy(p->nonce, v->key + p->keylen, 4);
		memcpy(p->nonce + 4, v->iv, v->ivlen);
		p->noncelen = 4 + v->ivlen;
		p->aadlen = v->aadlen - 8; /* the tail is the IV again, not authenticated */
	} else if (alg->flags & AB_F_CCM_IV) {
		/* Kernel CCM IV: iv[0] = L-1, nonce of 15-L bytes, counter. */
		p->noncelen = 15 - (v->iv[0] + 1);
		memcpy(p->nonce, v->iv + 1, p->noncelen);
	} else {
		memcpy(p->nonce, v->iv, v->ivlen);
		p->noncelen = v->ivlen;
	}
}

/*
 * Explicit fetches: a legacy EVP_get_*byname() object makes every Init
 * fetch the provider implementation again, which dominates small ops.
 */
EVP_CIPHER *ab_evp_cipher(const struct ab_job *job, char why[AB_WHY_LEN])
{
	EVP_CIPHER *c = job->key->evp ? EVP_CIPHER_fetch(NULL, job->key->evp, NULL) : NULL;

	if (!c)
		ab_whyf(why, "%s: OpenSSL has no cipher %s", job->alg->name,
			job->key->evp ? job->key->evp : "for it");
	return c;
}

EVP_MD *ab_evp_md(const struct ab_job *job, char why[AB_WHY_LEN])
{
	EVP_MD *md = job->key->evp ? EVP_MD_fetch(NULL, job->key->evp, NULL) : NULL;

	if (!md)
		ab_whyf(why, "%s: OpenSSL has no digest %s", job->alg->name,
			job->key->evp ? job->key->evp : "for it");
	return md;
}

static int setup_aead(EVP_CIPHER_CTX *c, const EVP_CIPHER *cipher, const struct ab_alg *alg,
		      const struct ab_evp_aead *p, int enc)
{
	if (!EVP_CipherInit_ex(c, cipher, NULL, NULL, NULL, enc) ||
	    !EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_AEAD_SET_IVLEN, (int)p->noncelen, NULL))
		return -EINVAL;
	/* CCM's tag length (M) goes into its key setup, so it comes first. */
	if ((alg->flags & AB_F_CCM_IV) &&
	    !EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_AEAD_SET_TAG, (int)alg->taglen, NULL))
		return -EINVAL;
	return EVP_CipherInit_ex(c, NULL, NULL, p->key, NULL, enc) ? 0 : -EINVAL;
}

int ab_evp_aead_op(EVP_CIPHER_CTX *c, const EVP_CIPHER *cipher, const struct ab_alg *alg,
		   const struct ab_evp_aead *p, int enc, const uint8_t *in, size_t len,
		   uint8_t *out, uint8_t *tag)
{
	int ccm = !!(alg->flags & AB_F_CCM_IV), n = 0, fin = 0;

	if (cipher && setup_aead(c, cipher, alg, p, enc))
		return -EINVAL;
	if (ccm && !enc && !EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_AEAD_SET_TAG, (int)alg->taglen, tag))
		return -EINVAL;
	if (!EVP_CipherInit_ex(c, NULL, NULL, NULL, p->nonce, enc))
		return -EINVAL;
	/* CCM needs the message length before the AAD. */
	if (ccm && !EVP_CipherUpdate(c, NULL, &n, NULL, (int)len))
		return -EINVAL;
	if (p->aadlen && !EVP_CipherUpdate(c, NULL, &n, p->aad, (int)p->aadlen))
		return -EINVAL;
	if (!EVP_CipherUpdate(c, out, &n, in, (int)len))
		return enc ? -EINVAL : -EBADMSG; /* CCM checks the tag here */
	if (!enc && !ccm && !EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_AEAD_SET_TAG, (int)alg->taglen, tag))
		return -EINVAL;
	if (!EVP_CipherFinal_ex(c, out + n, &fin))
		return enc ? -EINVAL : -EBADMSG;
	if (enc && !EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_AEAD_GET_TAG, (int)alg->taglen, tag))
		return -EINVAL;
	return 0;
}

int ab_evp_skcipher_op(EVP_CIPHER_CTX *c, const EVP_CIPHER *cipher, const uint8_t *key,
		       const uint8_t *iv, int enc, const uint8_t *in, size_t len, uint8_t *out)
{
	int n = 0, fin = 0;

	if (cipher) {
		if (!EVP_CipherInit_ex(c, cipher, NULL, key, NULL, enc))
			return -EINVAL;
		EVP_CIPHER_CTX_set_padding(c, 0);
	}
	if (!EVP_CipherInit_ex(c, NULL, NULL, NULL, iv, enc) ||
	    !EVP_CipherUpdate(c, out, &n, in, (int)len) || !EVP_CipherFinal_ex(c, out + n, &fin))
		return -EINVAL;
	return 0;
}

static int ref_hash(const struct ab_job *job, const struct ab_vector *v, uint8_t *out,
		    size_t *outlen, char why[AB_WHY_LEN])
{
	EVP_MD *md = ab_evp_md(job, why);
	unsigned int n = 0;
	int ok;

	if (!md)
		return -ENOENT;
	if (job->alg->flags & AB_F_HMAC)
		ok = !!EVP_Q_mac(NULL, "HMAC", NULL, job->key->evp, NULL, v->key, v->keylen, v->in,
				 v->inlen, out, EVP_MAX_MD_SIZE, outlen);
	else
		ok = EVP_Digest(v->in, v->inlen, out, &n, md, NULL);
	EVP_MD_free(md);
	if (!(job->alg->flags & AB_F_HMAC))
		*outlen = n;
	if (ok)
		return 0;
	ab_whyf(why, "%s: OpenSSL %s failed: %s", job->alg->name, job->key->evp,
		ERR_error_string(ERR_get_error(), NULL));
	return -EINVAL;
}

static int ref_cipher(const struct ab_job *job, enum ab_op op, const struct ab_vector *v,
		      uint8_t *out, size_t *outlen, char why[AB_WHY_LEN])
{
	EVP_CIPHER *cipher = ab_evp_cipher(job, why);
	EVP_CIPHER_CTX *c;
	int enc = op == AB_OP_ENCRYPT, ret;
	struct ab_evp_aead p;
	size_t len = v->inlen;

	if (!cipher)
		return -ENOENT;
	c = EVP_CIPHER_CTX_new();
	if (!c) {
		EVP_CIPHER_free(cipher);
		return -ENOMEM;
	}
	if (job->alg->type == AB_AEAD) {
		ab_evp_aead_params(job->alg, v, &p);
		if (!enc)
			len -= job->alg->taglen;
		/* Encrypt appends the tag; decrypt reads it after the ciphertext. */
		ret = ab_evp_aead_op(c, cipher, job->alg, &p, enc, v->in, len, out,
				     enc ? out + len : (uint8_t *)v->in + len);
		*outlen = enc ? len + job->alg->taglen : len;
	} else {
		ret = ab_evp_skcipher_op(c, cipher, v->key, v->iv, enc, v->in, len, out);
		*outlen = len;
	}
	EVP_CIPHER_CTX_free(c);
	EVP_CIPHER_free(cipher);
	if (ret)
		ab_whyf(why, "%s: OpenSSL %s %s failed (%s)", job->alg->name, job->key->evp,
			ab_op_name(op), ret == -EBADMSG ? "tag mismatch" : "bad parameters");
	return ret;
}

int ab_evp_reference(const struct ab_job *job, enum ab_op op, const struct ab_vector *v,
		     uint8_t *out, size_t *outlen, char why[AB_WHY_LEN])
{
	switch (job->alg->type) {
	case AB_HASH:
		return ref_hash(job, v, out, outlen, why);
	case AB_AEAD:
	case AB_SKCIPHER:
		return ref_cipher(job, op, v, out, outlen, why);
	default:
		ab_whyf(why, "%s: no OpenSSL reference for %s", job->alg->name,
			ab_type_name(job->alg->type));
		return -EOPNOTSUPP;
	}
}
