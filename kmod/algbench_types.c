// SPDX-License-Identifier: GPL-2.0
/*
 * The five request types algbench.ko measures. Each type allocates its own
 * tfm and requests on the thread's CPU, proves it computes the right thing
 * (round trip, caller's digest or a built-in vector) and leaves every
 * request ready for the timed loop: the type's loop1 with one request in
 * flight, abk_*_submit() and abk_wait() for a batch.
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

const char *const abk_op_names[ABK_N_OPS] = ABK_OP_NAMES;

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

/*
 * The body of every loop1: submit, wait, count, as tcrypt's timed loops do.
 * The clock (jiffies), the stop flag and cond_resched() are looked at only
 * when jiffies moves, so a 16-byte request pays a load and a compare for
 * them, and the operation is a direct call the compiler sees (the type's
 * enc/dec choice is made once, outside the loop).
 */
#define ABK_LOOP1(t, end_j, limit, ops, op_expr)                                                   \
	({                                                                                         \
		unsigned long __last = jiffies;                                                    \
		int __ret = 0;                                                                     \
		while (*(ops) < (limit)) {                                                         \
			__ret = (op_expr);                                                         \
			if (unlikely(__ret))                                                       \
				break;                                                             \
			++*(ops);                                                                  \
			if (unlikely(READ_ONCE(jiffies) != __last)) {                              \
				__last = jiffies;                                                  \
				if (!time_before(__last, (end_j)) || READ_ONCE((t)->job->stop))    \
					break;                                                     \
				cond_resched();                                                    \
			}                                                                          \
		}                                                                                  \
		__ret;                                                                             \
	})

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
				abk_op_names[job->op], len);
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

static int abk_alloc_input(struct abk_thread *t)
{
	t->input = kmalloc(t->job->size, GFP_KERNEL);
	if (!t->input)
		return abk_fail(t, -ENOMEM, "no memory for a %u-byte input", t->job->size);
	ab_corpus_fill(t->job->corpus, t->input, t->job->size);
	t->input_crc = crc32_le(~0U, t->input, t->job->size) ^ ~0U;
	return 0;
}

static int abk_alloc_failed(struct abk_thread *t, const char *type, long err)
{
	if (err == -ENOENT)
		return abk_fail(t, -ENOENT,
				"no %s named '%s' in this kernel (module missing, or another type)",
				type, t->job->alg);
	return abk_fail(t, (int)err, "cannot allocate %s '%s' (error %ld)", type, t->job->alg, err);
}

/* ---- aead ------------------------------------------------------------------ */

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

/* ---- skcipher (in place, as tcrypt) ------------------------------------------ */

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

/* ---- hashes: shared check ------------------------------------------------------ */

/* Known answers for unkeyed hashes, used when the caller gives no expect=. */
static const struct {
	const char *alg, *msg, *digest;
} abk_hash_vectors[] = {
	{ "md5", "abc", "900150983cd24fb0d6963f7d28e17f72" },
	{ "sha1", "abc", "a9993e364706816aba3e25717850c26c9cd0d89d" },
	{ "sha224", "abc", "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7" },
	{ "sha256", "abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad" },
	{ "sha384", "abc",
	  "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded163"
	  "1a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7" },
	{ "sha512", "abc",
	  "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
	  "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f" },
	{ "crc32c", "123456789", "839206e3" },
	{ "crc32", "123456789", "2639f4cb" },
};

typedef int (*abk_digest_fn)(struct abk_thread *t, const u8 *msg, unsigned int len, u8 *out);

static int abk_hash_check(struct abk_thread *t, const char *cra_name, unsigned int dsize,
			  abk_digest_fn digest)
{
	const struct abk_job *job = t->job;
	u8 out[ABK_MAX_DIGEST], again[ABK_MAX_DIGEST], want[ABK_MAX_DIGEST];
	unsigned int i;
	int ret;

	ret = digest(t, t->input, job->size, out);
	if (ret)
		return abk_fail(t, ret, "%s digest failed in the check (error %d)", t->driver, ret);
	abk_set_head(t, out, dsize);
	if (job->expect_len) {
		t->check = "expect";
		return abk_check_expect(t, out, dsize);
	}
	for (i = 0; !job->keylen && i < ARRAY_SIZE(abk_hash_vectors); i++) {
		const char *msg = abk_hash_vectors[i].msg;

		if (strcmp(cra_name, abk_hash_vectors[i].alg))
			continue;
		if (hex2bin(want, abk_hash_vectors[i].digest, dsize))
			return abk_fail(t, -EINVAL, "built-in vector for %s is malformed",
					cra_name);
		memcpy(t->reqs[0].src, msg, strlen(msg));
		ret = digest(t, t->reqs[0].src, strlen(msg), again);
		if (ret)
			return abk_fail(t, ret, "%s digest failed in the check (error %d)",
					t->driver, ret);
		if (memcmp(again, want, dsize))
			return abk_fail(t, -EBADMSG, "%s(\"%s\") = %*phN, want %*phN", t->driver,
					msg, min(dsize, 16U), again, min(dsize, 16U), want);
		t->check = "vector";
		return 0;
	}
	/* no known answer: at least the same input must give the same digest */
	ret = digest(t, t->input, job->size, again);
	if (ret || memcmp(out, again, dsize))
		return abk_fail(t, ret ?: -EBADMSG, "%s gives two digests for one input",
				t->driver);
	t->check = "repeat";
	return 0;
}

static int abk_hash_key(struct abk_thread *t, u32 flags,
			int (*setkey)(void *tfm, const u8 *k, unsigned int n), void *tfm)
{
	u8 key[ABK_MAX_KEY];
	int ret;

	if (!t->job->keylen) {
		if (flags & CRYPTO_TFM_NEED_KEY)
			return abk_fail(t, -EINVAL, "%s needs a key: give keylen=N", t->driver);
		return 0;
	}
	abk_job_key(t->job, key);
	ret = setkey(tfm, key, t->job->keylen);
	if (ret)
		return abk_fail(t, ret, "%s rejects keylen=%u (unkeyed hash?)", t->driver,
				t->job->keylen);
	return 0;
}

/* ---- shash (synchronous by nature: one request per thread) --------------------- */

static int abk_shash_digest(struct abk_thread *t, const u8 *msg, unsigned int len, u8 *out)
{
	return crypto_shash_digest(t->desc, msg, len, out);
}

static int abk_shash_setkey(void *tfm, const u8 *k, unsigned int n)
{
	return crypto_shash_setkey(tfm, k, n);
}

static int abk_shash_setup(struct abk_thread *t)
{
	const struct abk_job *job = t->job;
	struct crypto_shash *tfm;
	unsigned int dsize;
	int ret;

	tfm = crypto_alloc_shash(job->alg, 0, 0);
	if (IS_ERR(tfm))
		return abk_alloc_failed(t, "shash", PTR_ERR(tfm));
	t->tfm.shash = tfm;
	strscpy(t->driver, crypto_shash_driver_name(tfm), sizeof(t->driver));
	dsize = crypto_shash_digestsize(tfm);
	if (dsize > ABK_MAX_DIGEST)
		return abk_fail(t, -EINVAL, "%s digest of %u bytes is over %u", t->driver, dsize,
				ABK_MAX_DIGEST);
	ret = abk_hash_key(t, crypto_shash_get_flags(tfm), abk_shash_setkey, tfm);
	if (ret)
		return ret;
	t->desc = kzalloc(sizeof(*t->desc) + crypto_shash_descsize(tfm), GFP_KERNEL);
	if (!t->desc)
		return abk_fail(t, -ENOMEM, "no memory for a shash descriptor");
	t->desc->tfm = tfm;
	ret = abk_alloc_input(t);
	if (ret)
		return ret;
	if (abk_alloc_reqs(t, max(job->size, 16U), ABK_MAX_DIGEST))
		return abk_fail(t, -ENOMEM, "no memory for a %u-byte buffer", job->size);
	ret = abk_hash_check(t, crypto_tfm_alg_name(crypto_shash_tfm(tfm)), dsize,
			     abk_shash_digest);
	if (ret)
		return ret;
	memcpy(t->reqs[0].src, t->input, job->size);
	return 0;
}

int abk_shash_submit(struct abk_thread *t, struct abk_req *r)
{
	return crypto_shash_digest(t->desc, r->src, t->job->size, r->dst);
}

static int abk_shash_loop1(struct abk_thread *t, unsigned long end_j, u64 limit, u64 *ops)
{
	struct abk_req *r = &t->reqs[0];
	unsigned int size = t->job->size;

	return ABK_LOOP1(t, end_j, limit, ops, crypto_shash_digest(t->desc, r->src, size, r->dst));
}

static void abk_shash_teardown(struct abk_thread *t)
{
	kfree_sensitive(t->desc);
	if (!IS_ERR_OR_NULL(t->tfm.shash))
		crypto_free_shash(t->tfm.shash);
}

/* ---- ahash --------------------------------------------------------------------- */

static int abk_ahash_digest(struct abk_thread *t, const u8 *msg, unsigned int len, u8 *out)
{
	struct abk_req *r = &t->reqs[0];
	struct scatterlist sg;
	int ret;

	if (msg != r->src)
		memcpy(r->src, msg, len);
	sg_init_one(&sg, r->src, len);
	ahash_request_set_callback(r->req, CRYPTO_TFM_REQ_MAY_BACKLOG, crypto_req_done, &r->wait);
	ahash_request_set_crypt(r->req, &sg, r->dst, len);
	ret = abk_wait(r, crypto_ahash_digest(r->req));
	memcpy(out, r->dst, crypto_ahash_digestsize(t->tfm.ahash));
	return ret;
}

static int abk_ahash_setkey(void *tfm, const u8 *k, unsigned int n)
{
	return crypto_ahash_setkey(tfm, k, n);
}

static int abk_ahash_setup(struct abk_thread *t)
{
	const struct abk_job *job = t->job;
	struct crypto_ahash *tfm;
	unsigned int dsize, i;
	int ret;

	tfm = crypto_alloc_ahash(job->alg, 0, 0);
	if (IS_ERR(tfm))
		return abk_alloc_failed(t, "ahash", PTR_ERR(tfm));
	t->tfm.ahash = tfm;
	strscpy(t->driver, crypto_ahash_driver_name(tfm), sizeof(t->driver));
	dsize = crypto_ahash_digestsize(tfm);
	if (dsize > ABK_MAX_DIGEST)
		return abk_fail(t, -EINVAL, "%s digest of %u bytes is over %u", t->driver, dsize,
				ABK_MAX_DIGEST);
	ret = abk_hash_key(t, crypto_ahash_get_flags(tfm), abk_ahash_setkey, tfm);
	if (ret)
		return ret;
	ret = abk_alloc_input(t);
	if (ret)
		return ret;
	if (abk_alloc_reqs(t, max(job->size, 16U), ABK_MAX_DIGEST))
		return abk_fail(t, -ENOMEM, "no memory for %u requests of %u bytes", t->nreqs,
				job->size);
	for (i = 0; i < t->nreqs; i++) {
		t->reqs[i].req = ahash_request_alloc(tfm, GFP_KERNEL);
		if (!t->reqs[i].req)
			return abk_fail(t, -ENOMEM, "no memory for ahash requests");
	}
	ret = abk_hash_check(t, crypto_tfm_alg_name(crypto_ahash_tfm(tfm)), dsize,
			     abk_ahash_digest);
	if (ret)
		return ret;
	for (i = 0; i < t->nreqs; i++) {
		struct abk_req *r = &t->reqs[i];

		memcpy(r->src, t->input, job->size);
		sg_init_one(&r->sg_src, r->src, job->size);
		ahash_request_set_callback(r->req, CRYPTO_TFM_REQ_MAY_BACKLOG, crypto_req_done,
					   &r->wait);
		ahash_request_set_crypt(r->req, &r->sg_src, r->dst, job->size);
	}
	return 0;
}

int abk_ahash_submit(struct abk_thread *t, struct abk_req *r)
{
	return crypto_ahash_digest(r->req);
}

static int abk_ahash_loop1(struct abk_thread *t, unsigned long end_j, u64 limit, u64 *ops)
{
	struct abk_req *r = &t->reqs[0];

	return ABK_LOOP1(t, end_j, limit, ops,
			 crypto_wait_req(crypto_ahash_digest(r->req), &r->wait));
}

static void abk_ahash_teardown(struct abk_thread *t)
{
	unsigned int i;

	for (i = 0; t->reqs && i < t->nreqs; i++)
		ahash_request_free(t->reqs[i].req);
	if (!IS_ERR_OR_NULL(t->tfm.ahash))
		crypto_free_ahash(t->tfm.ahash);
}

/* ---- acomp --------------------------------------------------------------------- */

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

/* ---- the table ----------------------------------------------------------------- */

static const struct abk_type_ops abk_aead_ops = {
	.name = "aead",
	.default_op = ABK_ENCRYPT,
	.ops_mask = BIT(ABK_ENCRYPT) | BIT(ABK_DECRYPT),
	.can_async = true,
	.keyed = true,
	.max_size = ABK_MAX_SIZE,
	.setup = abk_aead_setup,
	.teardown = abk_aead_teardown,
	.loop1 = abk_aead_loop1,
};

static const struct abk_type_ops abk_skcipher_ops = {
	.name = "skcipher",
	.default_op = ABK_ENCRYPT,
	.ops_mask = BIT(ABK_ENCRYPT) | BIT(ABK_DECRYPT),
	.can_async = true,
	.keyed = true,
	.max_size = ABK_MAX_SIZE,
	.setup = abk_skcipher_setup,
	.teardown = abk_skcipher_teardown,
	.loop1 = abk_skcipher_loop1,
};

static const struct abk_type_ops abk_shash_ops = {
	.name = "shash",
	.default_op = ABK_DIGEST,
	.ops_mask = BIT(ABK_DIGEST),
	.max_size = ABK_MAX_SIZE,
	.setup = abk_shash_setup,
	.teardown = abk_shash_teardown,
	.loop1 = abk_shash_loop1,
};

static const struct abk_type_ops abk_ahash_ops = {
	.name = "ahash",
	.default_op = ABK_DIGEST,
	.ops_mask = BIT(ABK_DIGEST),
	.can_async = true,
	.max_size = ABK_MAX_SIZE,
	.setup = abk_ahash_setup,
	.teardown = abk_ahash_teardown,
	.loop1 = abk_ahash_loop1,
};

static const struct abk_type_ops abk_acomp_ops = {
	.name = "acomp",
	.default_op = ABK_COMPRESS,
	.ops_mask = BIT(ABK_COMPRESS) | BIT(ABK_DECOMPRESS),
	.can_async = true,
	.max_size = ABK_MAX_ACOMP_SIZE,
	.setup = abk_acomp_setup,
	.teardown = abk_acomp_teardown,
	.loop1 = abk_acomp_loop1,
};

const struct abk_type_ops *const abk_types[ABK_N_TYPES] = {
	[ABK_AEAD] = &abk_aead_ops,   [ABK_SKCIPHER] = &abk_skcipher_ops,
	[ABK_SHASH] = &abk_shash_ops, [ABK_AHASH] = &abk_ahash_ops,
	[ABK_ACOMP] = &abk_acomp_ops,
};
