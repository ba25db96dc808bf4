/* SPDX-License-Identifier: GPL-2.0 */
/*
 * algbench.ko internals shared by the control device (main) and the request
 * types (algbench_types.c and one file per type).
 */
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

/* kernel-only lengths; the job keys' limits are the ABI's ABK_MAX_* */
#define ABK_HEAD_LEN   32U
#define ABK_REASON_LEN 192

struct abk_job {
	/* set from the line through the key table (algbench_main.c) */
	unsigned int type;   /* enum abk_type */
	unsigned int op;     /* enum abk_op */
	unsigned int mode;   /* enum abk_mode */
	unsigned int corpus; /* enum ab_corpus */
	char alg[CRYPTO_MAX_ALG_NAME];
	unsigned int keylen, size, aad, authsize, ms, warmup_ms, inflight;
	/* count=: exactly this many timed operations per thread instead of ms */
	unsigned int count;
	u8 expect[ABK_MAX_DIGEST];
	unsigned int expect_len;
	/* key=, iv=, adata=: bytes instead of the fixed patterns (for KATs) */
	u8 key[ABK_MAX_KEY], iv[ABK_MAX_IV], adata[ABK_MAX_ADATA];
	unsigned int key_len, iv_len, adata_len;
	struct cpumask cpus;
	unsigned long given; /* BIT(enum abk_key) for each key the line gave */
	/* while running: */
	struct completion go;
	bool stop;
	/* CPUs of cpus= that went offline during the job (abk_hp_lock) */
	struct cpumask offline;
};

/* Whether the job line gave KEY (count=, key=, ...). */
static inline bool abk_given(const struct abk_job *job, enum abk_key key)
{
	return job->given & BIT(key);
}

static inline bool abk_async(const struct abk_job *job)
{
	return job->mode == ABK_ASYNC;
}

/* One request that can be outstanding, with its own buffers. */
struct abk_req {
	void *req;
	u8 *src, *dst;
	unsigned int src_len, dst_len;
	struct scatterlist sg_src, sg_dst;
	/* aead, as tcrypt: the associated data in its own entry, then the data */
	u8 *aad;
	struct scatterlist asg_src[2], asg_dst[2];
	struct crypto_wait wait;
	u8 iv[ABK_MAX_IV];
	int ret;
};

struct abk_thread {
	struct abk_job *job;
	const struct abk_type_ops *type;
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
	struct abk_req *reqs;
	unsigned int nreqs;
	u8 *input; /* job->size bytes of the corpus */
	u8 *aux;   /* ciphertext or compressed input for the reverse op */
	unsigned int aux_len;
	/* filled by setup */
	char driver[CRYPTO_MAX_ALG_NAME];
	const char *check;
	u8 head[ABK_HEAD_LEN]; /* first bytes of the checked output */
	unsigned int head_len;
	u32 input_crc;
	unsigned int csize; /* acomp: compressed size of the input */
	/* filled by the timed run, written once at its end */
	u64 ops, bytes, ns, cycles;
	int err;
	char reason[ABK_REASON_LEN];
};

struct abk_type_ops {
	enum abk_op default_op;
	unsigned int ops_mask; /* BIT(enum abk_op) allowed */
	bool can_async;
	bool keyed; /* keylen defaults to 16 */
	unsigned int max_size;
	/* allocate tfm and requests, check correctness, prepare the timed op */
	int (*setup)(struct abk_thread *t);
	void (*teardown)(struct abk_thread *t);
	/*
	 * The timed loop with one request in flight (inflight=1): operations
	 * until *ops reaches limit, jiffies reaches end_j or the job is
	 * stopped; 0 or the failing operation's error. One indirect call per
	 * sample, none per operation (abk_measure).
	 */
	int (*loop1)(struct abk_thread *t, unsigned long end_j, u64 limit, u64 *ops);
};

extern const struct abk_type_ops *const abk_types[ABK_N_TYPES];
/* each type's row, in its own file as crypto/ splits the kernel's API */
extern const struct abk_type_ops abk_aead_ops, abk_skcipher_ops, abk_shash_ops, abk_ahash_ops,
	abk_acomp_ops;

/* Start one request of each type; return what the crypto API returned.
 * Called directly by the timed loop (abk_submit), not through the table. */
int abk_aead_submit(struct abk_thread *t, struct abk_req *r);
int abk_skcipher_submit(struct abk_thread *t, struct abk_req *r);
int abk_shash_submit(struct abk_thread *t, struct abk_req *r);
int abk_ahash_submit(struct abk_thread *t, struct abk_req *r);
int abk_acomp_submit(struct abk_thread *t, struct abk_req *r);

__printf(3, 4) int abk_fail(struct abk_thread *t, int err, const char *fmt, ...);
int abk_wait(struct abk_req *r, int ret);
int abk_alloc_reqs(struct abk_thread *t, unsigned int src_len, unsigned int dst_len);
void abk_free_reqs(struct abk_thread *t);
void abk_set_head(struct abk_thread *t, const u8 *out, unsigned int len);
int abk_check_expect(struct abk_thread *t, const u8 *out, unsigned int len);
void abk_job_key(const struct abk_job *job, u8 *key);
int abk_job_iv(struct abk_thread *t, u8 *iv, unsigned int ivsize);
void abk_job_aad(const struct abk_job *job, u8 *aad);
/* t->input: job->size bytes of the job's corpus, and its crc32 */
int abk_alloc_input(struct abk_thread *t);
/* The message for a crypto_alloc_*() that failed with ERR. */
int abk_alloc_failed(struct abk_thread *t, const char *type, long err);

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

#endif
