// SPDX-License-Identifier: GPL-2.0
/*
 * The five request types algbench.ko measures, one file each as the kernel's
 * crypto/ splits its API (algbench_aead.c, algbench_skcipher.c,
 * algbench_hash.c for shash and ahash, algbench_acomp.c), and here what
 * they share: requests and buffers, the job's key, IV and AAD, the checked
 * output, and the table of types. Each type allocates its own tfm and
 * requests on the thread's CPU, proves it computes the right thing (round
 * trip, caller's digest or a built-in vector) and leaves every request ready
 * for the timed loop: the type's loop1 with one request in flight,
 * abk_*_submit() and abk_wait() for a batch.
 *
 * Buffer layout follows crypto/tcrypt.c so the two measure the same work:
 * aead out of place with the associated data in front of both buffers,
 * skcipher in place, hashes one-shot digests over a linear buffer.
 */
#include <linux/crc32.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "algbench.h"

int abk_fail(struct abk_thread *t, int err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vscnprintf(t->reason, sizeof(t->reason), fmt, ap);
	va_end(ap);
	t->err = err;
	return err;
}

int abk_wait(struct abk_req *r, int ret)
{
	return crypto_wait_req(ret, &r->wait);
}
int abk_alloc_reqs(struct abk_thread *t, unsigned int src_len, unsigned int dst_len)
{
	unsigned int i;

	t->reqs = kcalloc(t->nreqs, sizeof(*t->reqs), GFP_KERNEL);
	if (!t->reqs)
		return -ENOMEM;
	for (i = 0; i < t->nreqs; i++) {
		struct abk_req *r = &t->reqs[i];

		crypto_init_wait(&r->wait);
		r->src_len = src_len;
		r->dst_len = dst_len;
		/* kmalloc, not kvmalloc: scatterlists need linear memory */
		r->src = kzalloc(src_len, GFP_KERNEL);
		r->dst = dst_len ? kzalloc(dst_len, GFP_KERNEL) : NULL;
		if (!r->src || (dst_len && !r->dst))
			return -ENOMEM;
		sg_init_one(&r->sg_src, r->src, src_len);
		if (dst_len)
			sg_init_one(&r->sg_dst, r->dst, dst_len);
	}
	return 0;
}

void abk_free_reqs(struct abk_thread *t)
{
	unsigned int i;

	if (!t->reqs)
		return;
	for (i = 0; i < t->nreqs; i++) {
		kfree_sensitive(t->reqs[i].src);
		kfree_sensitive(t->reqs[i].dst);
		kfree(t->reqs[i].aad);
	}
	kfree(t->reqs);
	t->reqs = NULL;
}

void abk_set_head(struct abk_thread *t, const u8 *out, unsigned int len)
{
	t->head_len = min(len, ABK_HEAD_LEN);
	memcpy(t->head, out, t->head_len);
}

/* expect= holds the first bytes of the output the check computed. */
int abk_check_expect(struct abk_thread *t, const u8 *out, unsigned int len)
{
	const struct abk_job *job = t->job;

	if (!job->expect_len)
		return 0;
	if (job->expect_len > len)
		return abk_fail(t, -EINVAL, "expect= has %u bytes but %s gives %u", job->expect_len,
				abk_name(ABK_KEY_OP, job->op), len);
	if (memcmp(job->expect, out, job->expect_len))
		return abk_fail(t, -EBADMSG, "%s output %*phN differs from expect=%*phN", t->driver,
				min(job->expect_len, 16U), out, min(job->expect_len, 16U),
				job->expect);
	return 0;
}

void abk_job_key(const struct abk_job *job, u8 *key)
{
	if (abk_given(job, ABK_KEY_KEY))
		memcpy(key, job->key, job->keylen);
	else
		ab_key_fill(key, job->keylen);
}

int abk_job_iv(struct abk_thread *t, u8 *iv, unsigned int ivsize)
{
	const struct abk_job *job = t->job;

	if (!abk_given(job, ABK_KEY_IV)) {
		ab_iv_fill(iv, ivsize);
		return 0;
	}
	if (job->iv_len != ivsize)
		return abk_fail(t, -EINVAL, "iv= has %u bytes, %s takes %u", job->iv_len, t->driver,
				ivsize);
	memcpy(iv, job->iv, ivsize);
	return 0;
}

/* tcrypt fills the associated data with 0xff; adata= gives it instead. */
void abk_job_aad(const struct abk_job *job, u8 *aad)
{
	/* abk_validate made job->aad == job->adata_len (<= ABK_MAX_ADATA) */
	if (abk_given(job, ABK_KEY_ADATA))
		memcpy(aad, job->adata, min(job->aad, job->adata_len));
	else
		memset(aad, 0xff, job->aad);
}

int abk_alloc_input(struct abk_thread *t)
{
	t->input = kmalloc(t->job->size, GFP_KERNEL);
	if (!t->input)
		return abk_fail(t, -ENOMEM, "no memory for a %u-byte input", t->job->size);
	ab_corpus_fill(t->job->corpus, t->input, t->job->size);
	t->input_crc = crc32_le(~0U, t->input, t->job->size) ^ ~0U;
	return 0;
}

int abk_alloc_failed(struct abk_thread *t, const char *type, long err)
{
	if (err == -ENOENT)
		return abk_fail(t, -ENOENT,
				"no %s named '%s' in this kernel (module missing, or another type)",
				type, t->job->alg);
	return abk_fail(t, (int)err, "cannot allocate %s '%s' (error %ld)", type, t->job->alg, err);
}

/* ---- the table: one row per type, in the ABI's order ------------------------------ */
const struct abk_type_ops *const abk_types[ABK_N_TYPES] = {
	[ABK_AEAD] = &abk_aead_ops,   [ABK_SKCIPHER] = &abk_skcipher_ops,
	[ABK_SHASH] = &abk_shash_ops, [ABK_AHASH] = &abk_ahash_ops,
	[ABK_ACOMP] = &abk_acomp_ops,
};
