/* SPDX-License-Identifier: GPL-2.0 */
/* algbench.ko internals shared by the control file (main) and the types. */
#ifndef ALGBENCH_KMOD_H
#define ALGBENCH_KMOD_H

#include <crypto/acompress.h>
#include <crypto/aead.h>
#include <crypto/hash.h>
#include <crypto/skcipher.h>
#include <linux/completion.h>
#include <linux/cpumask.h>
#include <linux/crypto.h>
#include <linux/scatterlist.h>
#include <linux/sched.h>

#include "algbench_abi.h"
#include "algbench_corpus.h"

/* the job keys' limits live in the ABI header user space shares */
#define AB_MAX_SIZE	  ABK_MAX_SIZE
#define AB_MAX_ACOMP_SIZE ABK_MAX_ACOMP_SIZE
#define AB_MAX_INFLIGHT	  ABK_MAX_INFLIGHT
#define AB_MAX_THREAD_MEM ABK_MAX_THREAD_MEM
#define AB_MAX_TOTAL_MEM  ABK_MAX_TOTAL_MEM
#define AB_MAX_KEY	  ABK_MAX_KEY
#define AB_MAX_AAD	  ABK_MAX_AAD
#define AB_MAX_IV	  ABK_MAX_IV
#define AB_MAX_ADATA	  ABK_MAX_ADATA
#define AB_MAX_DIGEST	  ABK_MAX_DIGEST
#define AB_MAX_MS	  ABK_MAX_MS
#define AB_MAX_WARMUP_MS  ABK_MAX_WARMUP_MS
#define AB_MAX_COUNT	  ABK_MAX_COUNT
#define AB_HEAD_LEN	  32U
#define AB_REASON_LEN	  192

/* the wire's enums (algbench_abi.h) under the module's names */
enum ab_type {
	AB_AEAD = ABK_AEAD,
	AB_SKCIPHER = ABK_SKCIPHER,
	AB_SHASH = ABK_SHASH,
	AB_AHASH = ABK_AHASH,
	AB_ACOMP = ABK_ACOMP,
	AB_N_TYPES = ABK_N_TYPES
};
enum ab_op {
	AB_ENCRYPT = ABK_ENCRYPT,
	AB_DECRYPT = ABK_DECRYPT,
	AB_DIGEST = ABK_DIGEST,
	AB_COMPRESS = ABK_COMPRESS,
	AB_DECOMPRESS = ABK_DECOMPRESS,
	AB_N_OPS = ABK_N_OPS
};

struct ab_job {
	/* set from the line through the key table (algbench_main.c) */
	unsigned int type;   /* enum ab_type */
	unsigned int op;     /* enum ab_op */
	unsigned int mode;   /* enum abk_mode */
	unsigned int corpus; /* enum ab_corpus */
	char alg[CRYPTO_MAX_ALG_NAME];
	unsigned int keylen, size, aad, authsize, ms, warmup_ms, inflight;
	/* count=: exactly this many timed operations per thread instead of ms */
	unsigned int count;
	u8 expect[AB_MAX_DIGEST];
	unsigned int expect_len;
	/* key=, iv=, adata=: bytes instead of the fixed patterns (for KATs) */
	u8 key[AB_MAX_KEY], iv[AB_MAX_IV], adata[AB_MAX_ADATA];
	unsigned int key_len, iv_len, adata_len;
	struct cpumask cpus;
	unsigned long given; /* BIT(enum abk_key) for each key the line gave */
	/* while running: */
	struct completion go;
	bool stop;
};

/* Whether the job line gave KEY (count=, key=, ...). */
static inline bool ab_given(const struct ab_job *job, enum abk_key key)
{
	return job->given & BIT(key);
}

static inline bool ab_async(const struct ab_job *job)
{
	return job->mode == ABK_ASYNC;
}

/* One request that can be outstanding, with its own buffers. */
struct ab_req {
	void *req;
	u8 *src, *dst;
	unsigned int src_len, dst_len;
	struct scatterlist sg_src, sg_dst;
	/* aead, as tcrypt: the associated data in its own entry, then the data */
	u8 *aad;
	struct scatterlist asg_src[2], asg_dst[2];
	struct crypto_wait wait;
	u8 iv[AB_MAX_IV];
	int ret;
};

struct ab_thread {
	struct ab_job *job;
	const struct ab_type_ops *type;
	unsigned int cpu;
	struct task_struct *task;
	struct completion ready, finished;
	union {
		struct crypto_aead *aead;
		struct crypto_skcipher *skcipher;
		struct crypto_shash *shash;
		struct crypto_ahash *ahash;
		struct crypto_acomp *acomp;
	} tfm;
	struct shash_desc *desc;
	struct ab_req *reqs;
	unsigned int nreqs;
	u8 *input; /* job->size bytes of the corpus */
	u8 *aux;   /* ciphertext or compressed input for the reverse op */
	unsigned int aux_len;
	/* filled by setup */
	char driver[CRYPTO_MAX_ALG_NAME];
	const char *check;
	u8 head[AB_HEAD_LEN]; /* first bytes of the checked output */
	unsigned int head_len;
	u32 input_crc;
	unsigned int csize; /* acomp: compressed size of the input */
	/* filled by the timed run, written once at its end */
	u64 ops, bytes, ns, cycles;
	int err;
	char reason[AB_REASON_LEN];
};

struct ab_type_ops {
	const char *name;
	enum ab_op default_op;
	unsigned int ops_mask; /* BIT(enum ab_op) allowed */
	bool can_async;
	bool keyed; /* keylen defaults to 16 */
	unsigned int max_size;
	/* allocate tfm and requests, check correctness, prepare the timed op */
	int (*setup)(struct ab_thread *t);
	void (*teardown)(struct ab_thread *t);
	/*
	 * The timed loop with one request in flight (inflight=1): operations
	 * until *ops reaches limit, jiffies reaches end_j or the job is
	 * stopped; 0 or the failing operation's error. One indirect call per
	 * sample, none per operation (ab_measure).
	 */
	int (*loop1)(struct ab_thread *t, unsigned long end_j, u64 limit, u64 *ops);
};

extern const struct ab_type_ops *const ab_types[AB_N_TYPES];

/* Start one request of each type; return what the crypto API returned.
 * Called directly by the timed loop (ab_submit), not through the table. */
int ab_aead_submit(struct ab_thread *t, struct ab_req *r);
int ab_skcipher_submit(struct ab_thread *t, struct ab_req *r);
int ab_shash_submit(struct ab_thread *t, struct ab_req *r);
int ab_ahash_submit(struct ab_thread *t, struct ab_req *r);
int ab_acomp_submit(struct ab_thread *t, struct ab_req *r);
extern const char *const ab_op_names[AB_N_OPS];

__printf(3, 4) int ab_fail(struct ab_thread *t, int err, const char *fmt, ...);
int ab_wait(struct ab_req *r, int ret);
int ab_alloc_reqs(struct ab_thread *t, unsigned int src_len, unsigned int dst_len);
void ab_free_reqs(struct ab_thread *t);
void ab_set_head(struct ab_thread *t, const u8 *out, unsigned int len);
int ab_check_expect(struct ab_thread *t, const u8 *out, unsigned int len);
void ab_job_key(const struct ab_job *job, u8 *key);
int ab_job_iv(struct ab_thread *t, u8 *iv, unsigned int ivsize);
void ab_job_aad(const struct ab_job *job, u8 *aad);

#endif
