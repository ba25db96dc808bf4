// SPDX-License-Identifier: GPL-2.0
/* algbench.ko: type=aead (out of place, the associated data in its own entry, as tcrypt). */
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "algbench.h"

/*
 * tcrypt's layout: the AAD in an entry of its own, the data (page-aligned:
 * kmalloc aligns power-of-two sizes naturally) after it, source and
 * destination apart. One entry holding AAD||data would shift the data off
 * page boundaries and cost the scatterwalk an extra step per page.
 */
static void abk_aead_sg(struct scatterlist *sg, u8 *aad, unsigned int aadlen, u8 *data,
			unsigned int len)
{
	if (!aadlen) {
		sg_init_one(sg, data, len);
		return;
	}
	sg_init_table(sg, 2);
	sg_set_buf(&sg[0], aad, aadlen);
	sg_set_buf(&sg[1], data, len);
}

static void abk_aead_set(struct abk_thread *t, struct abk_req *r, bool enc)
{
	const struct abk_job *job = t->job;
	unsigned int authsize = crypto_aead_authsize(t->tfm.aead);

	abk_aead_sg(r->asg_src, r->aad, job->aad, r->src, r->src_len);
	abk_aead_sg(r->asg_dst, r->aad, job->aad, r->dst, r->dst_len);
	aead_request_set_callback(r->req, CRYPTO_TFM_REQ_MAY_BACKLOG, crypto_req_done, &r->wait);
	aead_request_set_crypt(r->req, r->asg_src, r->asg_dst, job->size + (enc ? 0 : authsize),
			       r->iv);
	aead_request_set_ad(r->req, job->aad);
}

static int abk_aead_roundtrip(struct abk_thread *t)
{
	const struct abk_job *job = t->job;
	struct abk_req *r = &t->reqs[0];
	unsigned int authsize = crypto_aead_authsize(t->tfm.aead);
	unsigned int ctlen = job->size + authsize;
	int ret;

	memcpy(r->src, t->input, job->size);
	abk_aead_set(t, r, true);
	ret = abk_wait(r, crypto_aead_encrypt(r->req));
	if (ret)
		return abk_fail(t, ret, "%s encrypt failed in the check (error %d)", t->driver,
				ret);
	memcpy(t->aux, r->dst, ctlen);
	abk_set_head(t, t->aux, ctlen);
	ret = abk_check_expect(t, t->aux, ctlen);
	if (ret)
		return ret;
	if (job->size >= 16 && !memcmp(t->aux, t->input, job->size))
		return abk_fail(t, -EBADMSG, "%s encrypt left the plaintext unchanged", t->driver);
	/* decrypt back, the ciphertext going the other way */
	memcpy(r->src, t->aux, ctlen);
	memset(r->dst, 0, r->dst_len);
	abk_aead_set(t, r, false);
	ret = abk_wait(r, crypto_aead_decrypt(r->req));
	if (ret)
		return abk_fail(t, ret, "%s decrypt of its own ciphertext failed (error %d)",
				t->driver, ret);
	if (memcmp(r->dst, t->input, job->size))
		return abk_fail(t, -EBADMSG, "%s decrypt(encrypt(x)) != x", t->driver);
	t->check = job->expect_len ? "roundtrip+expect" : "roundtrip";
	return 0;
}

static int abk_aead_setup(struct abk_thread *t)
{
	const struct abk_job *job = t->job;
	struct crypto_aead *tfm;
	unsigned int authsize, i, len;
	int ret;

	tfm = crypto_alloc_aead(job->alg, 0, 0);
	if (IS_ERR(tfm))
		return abk_alloc_failed(t, "aead", PTR_ERR(tfm));
	t->tfm.aead = tfm;
	strscpy(t->driver, crypto_aead_driver_name(tfm), sizeof(t->driver));
	authsize = job->authsize ?: crypto_aead_maxauthsize(tfm);
	ret = crypto_aead_setauthsize(tfm, authsize);
	if (ret)
		return abk_fail(t, ret, "%s rejects authsize=%u", t->driver, authsize);
	if (crypto_aead_ivsize(tfm) > ABK_MAX_IV)
		return abk_fail(t, -EINVAL, "%s IV of %u bytes is over %u", t->driver,
				crypto_aead_ivsize(tfm), ABK_MAX_IV);
	{
		u8 key[ABK_MAX_KEY];

		abk_job_key(job, key);
		ret = crypto_aead_setkey(tfm, key, job->keylen);
		if (ret)
			return abk_fail(t, ret, "%s rejects keylen=%u", t->driver, job->keylen);
	}
	ret = abk_alloc_input(t);
	if (ret)
		return ret;
	len = job->size + authsize;
	t->aux_len = job->size + authsize;
	t->aux = kmalloc(t->aux_len, GFP_KERNEL);
	if (!t->aux || abk_alloc_reqs(t, len, len))
		return abk_fail(t, -ENOMEM, "no memory for %u requests of %u bytes", t->nreqs, len);
	for (i = 0; i < t->nreqs; i++) {
		t->reqs[i].req = aead_request_alloc(tfm, GFP_KERNEL);
		t->reqs[i].aad = kmalloc(max(job->aad, 1U), GFP_KERNEL);
		if (!t->reqs[i].req || !t->reqs[i].aad)
			return abk_fail(t, -ENOMEM, "no memory for aead requests");
		abk_job_aad(job, t->reqs[i].aad);
		ret = abk_job_iv(t, t->reqs[i].iv, crypto_aead_ivsize(tfm));
		if (ret)
			return ret;
	}
	ret = abk_aead_roundtrip(t);
	if (ret)
		return ret;
	for (i = 0; i < t->nreqs; i++) {
		struct abk_req *r = &t->reqs[i];

		if (job->op == ABK_ENCRYPT)
			memcpy(r->src, t->input, job->size);
		else
			memcpy(r->src, t->aux, t->aux_len);
		abk_aead_set(t, r, job->op == ABK_ENCRYPT);
	}
	return 0;
}

int abk_aead_submit(struct abk_thread *t, struct abk_req *r)
{
	return t->job->op == ABK_ENCRYPT ? crypto_aead_encrypt(r->req)
					 : crypto_aead_decrypt(r->req);
}

static int abk_aead_loop1(struct abk_thread *t, unsigned long end_j, u64 limit, u64 *ops)
{
	struct abk_req *r = &t->reqs[0];

	if (t->job->op == ABK_ENCRYPT)
		return ABK_LOOP1(t, end_j, limit, ops,
				 crypto_wait_req(crypto_aead_encrypt(r->req), &r->wait));
	return ABK_LOOP1(t, end_j, limit, ops,
			 crypto_wait_req(crypto_aead_decrypt(r->req), &r->wait));
}

static void abk_aead_teardown(struct abk_thread *t)
{
	unsigned int i;

	for (i = 0; t->reqs && i < t->nreqs; i++)
		aead_request_free(t->reqs[i].req);
	if (!IS_ERR_OR_NULL(t->tfm.aead))
		crypto_free_aead(t->tfm.aead);
}

const struct abk_type_ops abk_aead_ops = {
	.default_op = ABK_ENCRYPT,
	.ops_mask = BIT(ABK_ENCRYPT) | BIT(ABK_DECRYPT),
	.can_async = true,
	.keyed = true,
	.max_size = ABK_MAX_SIZE,
	.setup = abk_aead_setup,
	.teardown = abk_aead_teardown,
	.loop1 = abk_aead_loop1,
};
