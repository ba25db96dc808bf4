// SPDX-License-Identifier: GPL-2.0
/* Fixed job inputs (the patterns of kmod/algbench_corpus.h) and their reference answers. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backends/backend.h"
#include "backends/evp.h"
#include "backends/vector.h"
#include "kmod/algbench_corpus.h"

static uint8_t *alloc_buf(size_t n)
{
	void *p = NULL;

	/* Page-aligned: vmsplice hands whole pages to the kernel. */
	if (posix_memalign(&p, 4096, n ? n : 1))
		return NULL;
	memset(p, 0, n ? n : 1);
	return p;
}

static void fill_iv(const struct ab_alg *alg, uint8_t *iv)
{
	ab_iv_fill(iv, alg->ivlen);
	if (alg->flags & AB_F_CCM_IV) {
		iv[0] = 2; /* L = 3: a 12-byte nonce */
		memset(iv + 13, 0, 3);
	}
}

/* The row's published vector, when it is the known answer asked for. */
static const struct ab_kat_vector *published(const struct ab_job *job, int for_kat)
{
	return for_kat && job->alg->ref == AB_REF_VECTOR ? job->alg->vector : NULL;
}

static int build_inputs(const struct ab_job *job, const struct ab_kat_vector *pv,
			struct ab_vecbuf *vb)
{
	const struct ab_alg *alg = job->alg;
	size_t size = pv ? pv->inlen : job->size;

	vb->key = alloc_buf(job->key->keylen);
	vb->iv = alloc_buf(alg->ivlen);
	vb->aad = alloc_buf(alg->aadlen);
	vb->in = alloc_buf(size + alg->taglen);
	vb->expect = alloc_buf(size + 64 + (pv ? pv->outlen : 0));
	if (!vb->key || !vb->iv || !vb->aad || !vb->in || !vb->expect)
		return -ENOMEM;
	ab_key_fill(vb->key, job->key->keylen);
	fill_iv(alg, vb->iv);
	ab_pattern_fill(vb->aad, alg->aadlen, 5, 0x50); /* user space's own AAD */
	if ((alg->flags & AB_F_RFC4106) && alg->aadlen >= 8)
		memcpy(vb->aad + alg->aadlen - 8, vb->iv, 8);
	if (pv)
		memcpy(vb->in, pv->in, size);
	else
		ab_corpus_fill(AB_CORPUS_PATTERN, vb->in, size);
	vb->v = (struct ab_vector){ .key = vb->key,
				    .keylen = job->key->keylen,
				    .iv = vb->iv,
				    .ivlen = alg->ivlen,
				    .aad = vb->aad,
				    .aadlen = alg->aadlen,
				    .in = vb->in,
				    .inlen = size };
	return 0;
}

/*
 * AB_REF_KERNEL: the same op on the same input through the job's own backend,
 * bound to the kernel's generic driver (testmgr's test_*_vs_generic_impl).
 */
static int kernel_reference(const struct ab_job *job, enum ab_op op, const struct ab_vector *v,
			    uint8_t *out, size_t *outlen, char why[AB_WHY_LEN])
{
	const struct ab_backend *b = job->backend;
	struct ab_alg generic = *job->alg;
	struct ab_job gj = *job;
	const uint8_t *res = NULL;
	char sub[AB_WHY_LEN] = "";
	void *ctx = NULL;
	size_t len = 0;
	int ret;

	generic.name = job->alg->ref_driver;
	generic.ref = AB_REF_NONE;
	gj.alg = &generic;
	gj.op = op;
	gj.mode = b->modes[0].name; /* one request, the default mode */
	ret = b->open(&gj, v, &ctx, sub);
	if (!ret && (ret = b->op(ctx)) > 0)
		ret = 0;
	if (!ret && !(ret = b->output(ctx, &res, &len)))
		memcpy(out, res, len);
	if (ctx)
		b->close(ctx);
	*outlen = len;
	if (ret)
		ab_whyf(why, "%s: its reference, the kernel's %s, failed: %.400s", job->alg->name,
			generic.name, sub[0] ? sub : strerror(ret < 0 ? -ret : ret));
	return ret;
}

/* OP's answer on V from the reference the row names; 0 with *OUTLEN 0: none here. */
static int reference(const struct ab_job *job, enum ab_op op, const struct ab_vector *v,
		     uint8_t *out, size_t *outlen, char why[AB_WHY_LEN])
{
	if (job->alg->ref == AB_REF_KERNEL)
		return kernel_reference(job, op, v, out, outlen, why);
	return ab_evp_reference(job, op, v, out, outlen, why);
}

/* Whether ab_vector_build() computes an answer for JOB (kmod asks the kernel itself). */
static int has_reference(const struct ab_job *job)
{
	if (job->alg->ref == AB_REF_KERNEL)
		return job->backend && job->backend->open;
	return job->alg->ref == AB_REF_EVP && job->key->evp;
}

int ab_vector_build(const struct ab_job *job, int for_kat, struct ab_vecbuf *vb,
		    char why[AB_WHY_LEN])
{
	const struct ab_kat_vector *pv = published(job, for_kat);
	uint8_t *ct;
	size_t n = 0;
	int ret;

	memset(vb, 0, sizeof(*vb));
	ret = build_inputs(job, pv, vb);
	if (ret) {
		ab_whyf(why, "%s: out of memory for %zu-byte buffers", job->alg->name, job->size);
		ab_vector_free(vb);
		return ret;
	}
	if (pv) {
		memcpy(vb->expect, pv->out, pv->outlen);
		vb->v.expect = vb->expect;
		vb->v.expectlen = pv->outlen;
		return 0;
	}
	/* the row names its reference: EVP or the generic driver here (acomp: acomp_ref.c) */
	if (!has_reference(job))
		return 0; /* no reference: KAT none, timing still possible */
	if (job->op != AB_OP_DECRYPT) {
		ret = reference(job, job->op, &vb->v, vb->expect, &n, why);
		if (ret)
			goto fail;
		vb->v.expect = vb->expect;
		vb->v.expectlen = n;
		return 0;
	}
	/* Decrypt: input = reference ciphertext (||tag), answer = the plaintext. */
	ct = alloc_buf(job->size + job->alg->taglen + 64);
	if (!ct) {
		ret = -ENOMEM;
		goto fail;
	}
	ret = reference(job, AB_OP_ENCRYPT, &vb->v, ct, &n, why);
	if (!ret) {
		memcpy(vb->expect, vb->in, job->size);
		memcpy(vb->in, ct, n);
		vb->v.inlen = n;
		vb->v.expect = vb->expect;
		vb->v.expectlen = job->size;
	}
	free(ct);
	if (ret)
		goto fail;
	return 0;
fail:
	ab_vector_free(vb);
	return ret;
}

void ab_vector_free(struct ab_vecbuf *vb)
{
	free(vb->key);
	free(vb->iv);
	free(vb->aad);
	free(vb->in);
	free(vb->expect);
	memset(vb, 0, sizeof(*vb));
}

void ab_hex(char *out, size_t len, const uint8_t *buf, size_t n, size_t max)
{
	size_t i, pos = 0;

	if (!len)
		return;
	out[0] = '\0';
	for (i = 0; i < n && i < max && pos + 3 < len; i++)
		pos += (size_t)snprintf(out + pos, len - pos, "%02x", buf[i]);
	if (i < n && pos + 4 < len)
		snprintf(out + pos, len - pos, "...");
}
