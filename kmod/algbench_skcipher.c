// SPDX-License-Identifier: GPL-2.0
/* algbench.ko: type=skcipher (in place, as tcrypt). */
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "algbench.h"

static int abk_skcipher_op(struct abk_thread *t, struct abk_req *r, bool enc)
{
	skcipher_request_set_callback(r->req, CRYPTO_TFM_REQ_MAY_BACKLOG, crypto_req_done,
				      &r->wait);
	int ret = abk_job_iv(t, r->iv, crypto_skcipher_ivsize(t->tfm.skcipher));

	if (ret)
		return ret;
	skcipher_request_set_crypt(r->req, &r->sg_src, &r->sg_src, t->job->size, r->iv);
	return abk_wait(r, enc ? crypto_skcipher_encrypt(r->req) : crypto_skcipher_decrypt(r->req));
}

static int abk_skcipher_roundtrip(struct abk_thread *t)
{
	const struct abk_job *job = t->job;
	struct abk_req *r = &t->reqs[0];
	int ret;

	memcpy(r->src, t->input, job->size);
	ret = abk_skcipher_op(t, r, true);
	if (ret)
		return abk_fail(t, ret, "%s encrypt failed in the check (error %d)", t->driver,
				ret);
	memcpy(t->aux, r->src, job->size);
	abk_set_head(t, t->aux, job->size);
	ret = abk_check_expect(t, t->aux, job->size);
	if (ret)
		return ret;
	if (job->size >= 16 && !memcmp(t->aux, t->input, job->size))
		return abk_fail(t, -EBADMSG, "%s encrypt left the plaintext unchanged", t->driver);
	ret = abk_skcipher_op(t, r, false);
	if (ret)
		return abk_fail(t, ret, "%s decrypt failed in the check (error %d)", t->driver,
				ret);
	if (memcmp(r->src, t->input, job->size))
		return abk_fail(t, -EBADMSG, "%s decrypt(encrypt(x)) != x", t->driver);
	t->check = job->expect_len ? "roundtrip+expect" : "roundtrip";
	return 0;
}

static int abk_skcipher_setup(struct abk_thread *t)
{
	const struct abk_job *job = t->job;
	struct crypto_skcipher *tfm;
	unsigned int bs, i;
	u8 key[ABK_MAX_KEY];
	int ret;

	tfm = crypto_alloc_skcipher(job->alg, 0, 0);
	if (IS_ERR(tfm))
		return abk_alloc_failed(t, "skcipher", PTR_ERR(tfm));
	t->tfm.skcipher = tfm;
	strscpy(t->driver, crypto_skcipher_driver_name(tfm), sizeof(t->driver));
	bs = crypto_skcipher_blocksize(tfm);
	if (job->size % bs)
		return abk_fail(t, -EINVAL, "size=%u is not a multiple of %s's block size %u",
				job->size, t->driver, bs);
	if (crypto_skcipher_ivsize(tfm) > ABK_MAX_IV)
		return abk_fail(t, -EINVAL, "%s IV of %u bytes is over %u", t->driver,
				crypto_skcipher_ivsize(tfm), ABK_MAX_IV);
	abk_job_key(job, key);
	ret = crypto_skcipher_setkey(tfm, key, job->keylen);
	if (ret)
		return abk_fail(t, ret, "%s rejects keylen=%u", t->driver, job->keylen);
	ret = abk_alloc_input(t);
	if (ret)
		return ret;
	t->aux_len = job->size;
	t->aux = kmalloc(job->size, GFP_KERNEL);
	if (!t->aux || abk_alloc_reqs(t, job->size, 0))
		return abk_fail(t, -ENOMEM, "no memory for %u requests of %u bytes", t->nreqs,
				job->size);
	for (i = 0; i < t->nreqs; i++) {
		t->reqs[i].req = skcipher_request_alloc(tfm, GFP_KERNEL);
		if (!t->reqs[i].req)
			return abk_fail(t, -ENOMEM, "no memory for skcipher requests");
	}
	ret = abk_skcipher_roundtrip(t);
	if (ret)
		return ret;
	for (i = 0; i < t->nreqs; i++) {
		struct abk_req *r = &t->reqs[i];

		memcpy(r->src, job->op == ABK_ENCRYPT ? t->input : t->aux, job->size);
		abk_job_iv(t, r->iv, crypto_skcipher_ivsize(tfm));
		skcipher_request_set_callback(r->req, CRYPTO_TFM_REQ_MAY_BACKLOG, crypto_req_done,
					      &r->wait);
		skcipher_request_set_crypt(r->req, &r->sg_src, &r->sg_src, job->size, r->iv);
	}
	return 0;
}

int abk_skcipher_submit(struct abk_thread *t, struct abk_req *r)
{
	return t->job->op == ABK_ENCRYPT ? crypto_skcipher_encrypt(r->req)
					 : crypto_skcipher_decrypt(r->req);
}

static int abk_skcipher_loop1(struct abk_thread *t, unsigned long end_j, u64 limit, u64 *ops)
{
	struct abk_req *r = &t->reqs[0];

	if (t->job->op == ABK_ENCRYPT)
		return ABK_LOOP1(t, end_j, limit, ops,
				 crypto_wait_req(crypto_skcipher_encrypt(r->req), &r->wait));
	return ABK_LOOP1(t, end_j, limit, ops,
			 crypto_wait_req(crypto_skcipher_decrypt(r->req), &r->wait));
}

static void abk_skcipher_teardown(struct abk_thread *t)
{
	unsigned int i;

	for (i = 0; t->reqs && i < t->nreqs; i++)
		skcipher_request_free(t->reqs[i].req);
	if (!IS_ERR_OR_NULL(t->tfm.skcipher))
		crypto_free_skcipher(t->tfm.skcipher);
}

const struct abk_type_ops abk_skcipher_ops = {
	.default_op = ABK_ENCRYPT,
	.ops_mask = BIT(ABK_ENCRYPT) | BIT(ABK_DECRYPT),
	.can_async = true,
	.keyed = true,
	.max_size = ABK_MAX_SIZE,
	.setup = abk_skcipher_setup,
	.teardown = abk_skcipher_teardown,
	.loop1 = abk_skcipher_loop1,
};
