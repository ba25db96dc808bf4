// SPDX-License-Identifier: GPL-2.0
/* algbench.ko: type=shash and type=ahash, with the known answers both check against. */
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "algbench.h"

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

const struct abk_type_ops abk_shash_ops = {
	.default_op = ABK_DIGEST,
	.ops_mask = BIT(ABK_DIGEST),
	.max_size = ABK_MAX_SIZE,
	.setup = abk_shash_setup,
	.teardown = abk_shash_teardown,
	.loop1 = abk_shash_loop1,
};

const struct abk_type_ops abk_ahash_ops = {
	.default_op = ABK_DIGEST,
	.ops_mask = BIT(ABK_DIGEST),
	.can_async = true,
	.max_size = ABK_MAX_SIZE,
	.setup = abk_ahash_setup,
	.teardown = abk_ahash_teardown,
	.loop1 = abk_ahash_loop1,
};
