// SPDX-License-Identifier: GPL-2.0
/* algbench.ko: type=acomp (compress and decompress, checked by a round trip). */
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "algbench.h"

/* Room for incompressible input: lz4 and zstd bounds are size + size/255 + 64 or so. */
static unsigned int abk_acomp_bound(unsigned int size)
{
	return size + size / 8 + 1024;
}

static void abk_acomp_set(struct abk_req *r, unsigned int slen, unsigned int dlen)
{
	acomp_request_set_callback(r->req, CRYPTO_TFM_REQ_MAY_BACKLOG, crypto_req_done, &r->wait);
	acomp_request_set_params(r->req, &r->sg_src, &r->sg_dst, slen, dlen);
}

static int abk_acomp_roundtrip(struct abk_thread *t)
{
	const struct abk_job *job = t->job;
	struct abk_req *r = &t->reqs[0];
	struct acomp_req *req = r->req;
	int ret;

	memcpy(r->src, t->input, job->size);
	abk_acomp_set(r, job->size, r->dst_len);
	ret = abk_wait(r, crypto_acomp_compress(req));
	if (ret)
		return abk_fail(t, ret, "%s compress failed in the check (error %d)", t->driver,
				ret);
	t->csize = req->dlen;
	t->aux_len = req->dlen;
	memcpy(t->aux, r->dst, req->dlen);
	abk_set_head(t, t->aux, t->aux_len);
	/* decompress into the source buffer, wiped first */
	memcpy(r->dst, t->aux, t->aux_len);
	memset(r->src, 0, r->src_len);
	acomp_request_set_callback(req, CRYPTO_TFM_REQ_MAY_BACKLOG, crypto_req_done, &r->wait);
	acomp_request_set_params(req, &r->sg_dst, &r->sg_src, t->aux_len, r->src_len);
	ret = abk_wait(r, crypto_acomp_decompress(req));
	if (ret)
		return abk_fail(t, ret, "%s decompress of its own output failed (error %d)",
				t->driver, ret);
	if (req->dlen != job->size || memcmp(r->src, t->input, job->size))
		return abk_fail(t, -EBADMSG, "%s decompress(compress(x)) != x (%u of %u bytes)",
				t->driver, req->dlen, job->size);
	t->check = "roundtrip";
	return 0;
}

static int abk_acomp_setup(struct abk_thread *t)
{
	const struct abk_job *job = t->job;
	struct crypto_acomp *tfm;
	unsigned int bound = abk_acomp_bound(job->size), i;
	int ret;

	tfm = crypto_alloc_acomp(job->alg, 0, 0);
	if (IS_ERR(tfm))
		return abk_alloc_failed(t, "acomp", PTR_ERR(tfm));
	t->tfm.acomp = tfm;
	strscpy(t->driver, crypto_tfm_alg_driver_name(crypto_acomp_tfm(tfm)), sizeof(t->driver));
	ret = abk_alloc_input(t);
	if (ret)
		return ret;
	t->aux = kmalloc(bound, GFP_KERNEL);
	/* src holds the input or the compressed input; dst the other one */
	if (!t->aux || abk_alloc_reqs(t, bound, bound))
		return abk_fail(t, -ENOMEM, "no memory for %u requests of %u bytes", t->nreqs,
				bound);
	for (i = 0; i < t->nreqs; i++) {
		t->reqs[i].req = acomp_request_alloc(tfm);
		if (!t->reqs[i].req)
			return abk_fail(t, -ENOMEM, "no memory for acomp requests");
	}
	ret = abk_acomp_roundtrip(t);
	if (ret)
		return ret;
	for (i = 0; i < t->nreqs; i++) {
		struct abk_req *r = &t->reqs[i];

		if (job->op == ABK_COMPRESS)
			memcpy(r->src, t->input, job->size);
		else
			memcpy(r->src, t->aux, t->aux_len);
	}
	return 0;
}

/* acomp writes the output length into dlen: every request restates both. */
int abk_acomp_submit(struct abk_thread *t, struct abk_req *r)
{
	if (t->job->op == ABK_COMPRESS) {
		abk_acomp_set(r, t->job->size, r->dst_len);
		return crypto_acomp_compress(r->req);
	}
	abk_acomp_set(r, t->aux_len, r->dst_len);
	return crypto_acomp_decompress(r->req);
}

/* acomp resets the lengths before each operation: the request's dlen is an output. */
static int abk_acomp_loop1(struct abk_thread *t, unsigned long end_j, u64 limit, u64 *ops)
{
	struct abk_req *r = &t->reqs[0];
	unsigned int size = t->job->size, aux_len = t->aux_len;

	if (t->job->op == ABK_COMPRESS)
		return ABK_LOOP1(t, end_j, limit, ops,
				 (abk_acomp_set(r, size, r->dst_len),
				  crypto_wait_req(crypto_acomp_compress(r->req), &r->wait)));
	return ABK_LOOP1(t, end_j, limit, ops,
			 (abk_acomp_set(r, aux_len, r->dst_len),
			  crypto_wait_req(crypto_acomp_decompress(r->req), &r->wait)));
}

static void abk_acomp_teardown(struct abk_thread *t)
{
	unsigned int i;

	for (i = 0; t->reqs && i < t->nreqs; i++)
		if (t->reqs[i].req)
			acomp_request_free(t->reqs[i].req);
	if (!IS_ERR_OR_NULL(t->tfm.acomp))
		crypto_free_acomp(t->tfm.acomp);
}

const struct abk_type_ops abk_acomp_ops = {
	.default_op = ABK_COMPRESS,
	.ops_mask = BIT(ABK_COMPRESS) | BIT(ABK_DECOMPRESS),
	.can_async = true,
	.max_size = ABK_MAX_ACOMP_SIZE,
	.setup = abk_acomp_setup,
	.teardown = abk_acomp_teardown,
	.loop1 = abk_acomp_loop1,
};
