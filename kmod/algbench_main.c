// SPDX-License-Identifier: GPL-2.0
/*
 * algbench.ko: a tcrypt-style benchmark of the kernel crypto API that stays
 * loaded, runs on many CPUs at once and answers in key=value lines.
 *
 * /dev/algbench (0600, root)          the control interface, a misc device:
 *                                     write one job line; the write returns
 *                                     when the job is done (or its error);
 *                                     reading the same open file gives that
 *                                     job's result
 * /sys/kernel/debug/algbench/result   diagnostics only (0400): the last
 *                                     job's result, whoever ran it
 *
 * A character device, not a debugfs file, because kernel lockdown
 * (lockdown=integrity, Secure Boot) refuses to open a writable debugfs file,
 * while a device node is governed by its mode like any file.
 *
 * A job runs one kthread per requested CPU, bound to it, each with its own
 * tfm, requests and buffers; all of them are set up and checked before any
 * starts timing, start together, and are released together after the last
 * one stops. Counters live on each thread's stack during the timed loop and
 * are written once at its end: no shared cache line is touched while timing.
 * A job holds no CPU hotplug lock; one of its CPUs going offline cancels it
 * (abk_cpu_down()). The protocol is described in docs/kmod.md.
 */
#include <linux/cpuhotplug.h>
#include <linux/debugfs.h>
#include <linux/kthread.h>
#include <linux/miscdevice.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/timex.h>
#include <linux/uaccess.h>

#include "algbench.h"
#include "compat.h"

static DEFINE_MUTEX(abk_run_lock);    /* one job at a time */
static DEFINE_MUTEX(abk_result_lock); /* abk_last and each file's result */
static char *abk_last;
static struct dentry *abk_dir;
static DEFINE_SPINLOCK(abk_hp_lock); /* abk_watched, and its job's offline mask */
static struct abk_job *abk_watched;  /* the running job, for abk_cpu_down() */
static enum cpuhp_state abk_hp_state;

/* ---- results --------------------------------------------------------------------- */

struct abk_out {
	char *buf;
	size_t len, cap;
};

static __printf(2, 3) void abk_put(struct abk_out *o, const char *fmt, ...)
{
	va_list ap;

	if (o->len >= o->cap)
		return;
	va_start(ap, fmt);
	o->len += vscnprintf(o->buf + o->len, o->cap - o->len, fmt, ap);
	va_end(ap);
}

static const char *abk_errname(int err)
{
	switch (-err) {
	case 0:
		return "0";
	case EINVAL:
		return "EINVAL";
	case ENOENT:
		return "ENOENT";
	case ENOMEM:
		return "ENOMEM";
	case EBADMSG:
		return "EBADMSG";
	case EINTR:
		return "EINTR";
	case EBUSY:
		return "EBUSY";
	case EAGAIN:
		return "EAGAIN";
	case ENOSPC:
		return "ENOSPC";
	case EOVERFLOW:
		return "EOVERFLOW";
	case EOPNOTSUPP:
		return "EOPNOTSUPP";
	case ENOTSUPP:
		return "ENOTSUPP";
	case ENODEV:
		return "ENODEV";
	case ETIMEDOUT:
		return "ETIMEDOUT";
	case ECANCELED:
		return "ECANCELED";
	default:
		return "other";
	}
}

static void abk_put_status(struct abk_out *o, int err, const char *reason)
{
	abk_put(o, "status=%d\nerror=%s\nreason=%s\n", err, abk_errname(err), reason);
}

static void abk_put_job(struct abk_out *o, const struct abk_job *job)
{
	abk_put(o, "type=%s\nalg=%s\nop=%s\nmode=%s\ninflight=%u\nsize=%u\nkeylen=%u\n",
		abk_name(ABK_KEY_TYPE, job->type), job->alg, abk_name(ABK_KEY_OP, job->op),
		abk_name(ABK_KEY_MODE, job->mode), job->inflight, job->size, job->keylen);
	if (job->type == ABK_AEAD)
		abk_put(o, "aad=%u\n", job->aad);
	if (abk_given(job, ABK_KEY_COUNT))
		abk_put(o, "count=%u\n", job->count);
	abk_put(o, "ms=%u\n", job->ms);
	abk_put(o, "warmup_ms=%u\ncorpus=%s\ncpus=%*pbl\nthreads=%u\n", job->warmup_ms,
		abk_name(ABK_KEY_CORPUS, job->corpus), cpumask_pr_args(&job->cpus),
		cpumask_weight(&job->cpus));
}

static void abk_put_threads(struct abk_out *o, struct abk_thread **th, unsigned int n)
{
	const struct abk_thread *t0 = th[0];
	u64 ops = 0, bytes = 0, ns = 0, cycles = 0;
	unsigned int i;

	abk_put(o, "driver=%s\ncheck=%s\ninput_crc32=%08x\nout_head=%*phN\n", t0->driver,
		t0->check ?: "none", t0->input_crc, t0->head_len, t0->head);
	if (t0->job->type == ABK_AEAD)
		abk_put(o, "authsize=%u\n", crypto_aead_authsize(t0->tfm.aead));
	if (t0->job->type == ABK_ACOMP)
		abk_put(o, "csize=%u\n", t0->csize);
	for (i = 0; i < n; i++) {
		ops += th[i]->ops;
		bytes += th[i]->bytes;
		ns = max(ns, th[i]->ns);
		cycles = max(cycles, th[i]->cycles);
	}
	abk_put(o, "ops=%llu\nbytes=%llu\nns=%llu\ncycles=%llu\n", ops, bytes, ns, cycles);
	for (i = 0; i < n; i++)
		abk_put(o, "cpu%u.ops=%llu\ncpu%u.bytes=%llu\ncpu%u.ns=%llu\ncpu%u.cycles=%llu\n",
			th[i]->cpu, th[i]->ops, th[i]->cpu, th[i]->bytes, th[i]->cpu, th[i]->ns,
			th[i]->cpu, th[i]->cycles);
}

static int abk_out_init(struct abk_out *o, unsigned int threads)
{
	o->cap = 2048 + 160 * (size_t)threads;
	o->len = 0;
	/* 160 bytes per CPU: on a big machine more than a kmalloc should ask for */
	o->buf = kvzalloc(o->cap, GFP_KERNEL);
	return o->buf ? 0 : -ENOMEM;
}

/* ---- the job line ------------------------------------------------------------------ */

static int abk_parse_uint(const char *key, const char *val, unsigned int lo, unsigned int hi,
			  unsigned int *out, char *reason)
{
	unsigned int v;

	if (kstrtouint(val, 0, &v) || v < lo || v > hi) {
		snprintf(reason, ABK_REASON_LEN, "%s=%s: want a number from %u to %u", key, val, lo,
			 hi);
		return -EINVAL;
	}
	*out = v;
	return 0;
}

static int abk_parse_enum(const char *key, const char *val, const char *const *names,
			  unsigned int n, unsigned int *out, char *reason)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		if (names[i] && !strcmp(val, names[i])) {
			*out = i;
			return 0;
		}
	snprintf(reason, ABK_REASON_LEN, "%s=%s: unknown value", key, val);
	return -EINVAL;
}

static int abk_parse_cpus(const char *val, struct cpumask *mask, char *reason)
{
	if (!strcmp(val, "all")) {
		cpumask_copy(mask, cpu_online_mask);
		return 0;
	}
	if (cpulist_parse(val, mask) || cpumask_empty(mask)) {
		snprintf(reason, ABK_REASON_LEN,
			 "cpus=%s: want a CPU list like 0-3,5 or 'all' (CPUs 0-%u exist)", val,
			 nr_cpu_ids - 1);
		return -EINVAL;
	}
	if (!cpumask_subset(mask, cpu_online_mask)) {
		snprintf(reason, ABK_REASON_LEN, "cpus=%s: not all online (online: %*pbl)", val,
			 cpumask_pr_args(cpu_online_mask));
		return -EINVAL;
	}
	return 0;
}

static int abk_parse_hex(const char *key, const char *val, u8 *out, unsigned int max,
			 unsigned int *len, char *reason)
{
	size_t n = strlen(val);

	if (n % 2 || n / 2 > max || hex2bin(out, val, n / 2)) {
		snprintf(reason, ABK_REASON_LEN, "%s=%s: want up to %u bytes of hex", key, val,
			 max);
		return -EINVAL;
	}
	*len = n / 2;
	return 0;
}

static int abk_parse_alg(struct abk_job *job, const char *val, char *reason)
{
	if (strscpy(job->alg, val, sizeof(job->alg)) < 0) {
		snprintf(reason, ABK_REASON_LEN, "alg=%s: longer than %zu", val,
			 sizeof(job->alg) - 1);
		return -EINVAL;
	}
	return 0;
}

static int abk_parse_cpus_key(struct abk_job *job, const char *val, char *reason)
{
	return abk_parse_cpus(val, &job->cpus, reason);
}

/*
 * Where each key of the ABI's table (algbench_abi.h: name, kind, bounds)
 * lands in the job: numbers and names at off, hex bytes at off with their
 * count at len_off, text through its own parser.
 */
static const struct abk_key_dest {
	size_t off, len_off;
	int (*parse)(struct abk_job *job, const char *val, char *reason);
} abk_key_dests[ABK_N_KEYS] = {
	[ABK_KEY_TYPE] = { offsetof(struct abk_job, type) },
	[ABK_KEY_ALG] = { .parse = abk_parse_alg },
	[ABK_KEY_OP] = { offsetof(struct abk_job, op) },
	[ABK_KEY_MODE] = { offsetof(struct abk_job, mode) },
	[ABK_KEY_INFLIGHT] = { offsetof(struct abk_job, inflight) },
	[ABK_KEY_SIZE] = { offsetof(struct abk_job, size) },
	[ABK_KEY_KEYLEN] = { offsetof(struct abk_job, keylen) },
	[ABK_KEY_AAD] = { offsetof(struct abk_job, aad) },
	[ABK_KEY_AUTHSIZE] = { offsetof(struct abk_job, authsize) },
	[ABK_KEY_MS] = { offsetof(struct abk_job, ms) },
	[ABK_KEY_COUNT] = { offsetof(struct abk_job, count) },
	[ABK_KEY_WARMUP_MS] = { offsetof(struct abk_job, warmup_ms) },
	[ABK_KEY_CPUS] = { .parse = abk_parse_cpus_key },
	[ABK_KEY_CORPUS] = { offsetof(struct abk_job, corpus) },
	[ABK_KEY_EXPECT] = { offsetof(struct abk_job, expect),
			     offsetof(struct abk_job, expect_len) },
	[ABK_KEY_KEY] = { offsetof(struct abk_job, key), offsetof(struct abk_job, key_len) },
	[ABK_KEY_IV] = { offsetof(struct abk_job, iv), offsetof(struct abk_job, iv_len) },
	[ABK_KEY_ADATA] = { offsetof(struct abk_job, adata), offsetof(struct abk_job, adata_len) },
};

/* The byte arrays hex keys fill are as long as the ABI's bounds say. */
static_assert(sizeof(((struct abk_job *)0)->expect) == ABK_MAX_DIGEST);
static_assert(sizeof(((struct abk_job *)0)->key) == ABK_MAX_KEY);
static_assert(sizeof(((struct abk_job *)0)->iv) == ABK_MAX_IV);
static_assert(sizeof(((struct abk_job *)0)->adata) == ABK_MAX_ADATA);

/* "type alg op ..." for messages that list the keys. */
static void abk_key_names(char *buf, size_t len)
{
	size_t pos = 0;
	unsigned int k;

	buf[0] = '\0';
	for (k = 0; k < ABK_N_KEYS; k++)
		pos += scnprintf(buf + pos, len - pos, "%s%s", k ? " " : "", abk_key(k)->name);
}

static int abk_find_key(const char *name)
{
	unsigned int k;

	for (k = 0; k < ABK_N_KEYS; k++)
		if (!strcmp(name, abk_key(k)->name))
			return k;
	return -1;
}

static int abk_parse_pair(struct abk_job *job, const char *key, const char *val, char *reason)
{
	const struct abk_key_desc *d;
	const struct abk_key_dest *dest;
	char known[ABK_REASON_LEN];
	void *field;
	int k = abk_find_key(key);

	if (k < 0) {
		abk_key_names(known, sizeof(known));
		snprintf(reason, ABK_REASON_LEN, "unknown key '%s' (known: %s)", key, known);
		return -EINVAL;
	}
	d = abk_key(k);
	dest = &abk_key_dests[k];
	field = (char *)job + dest->off;
	job->given |= BIT(k);
	switch (d->kind) {
	case ABK_NAME:
		return abk_parse_enum(key, val, d->values, d->n_values, field, reason);
	case ABK_UINT:
		return abk_parse_uint(key, val, d->lo, d->hi, field, reason);
	case ABK_HEX:
		return abk_parse_hex(key, val, field, d->hi, (void *)((char *)job + dest->len_off),
				     reason);
	default:
		return dest->parse(job, val, reason);
	}
}

/* Rules that need the whole line; defaults that depend on the type. */
static int abk_validate(struct abk_job *job, char *reason)
{
	const struct abk_type_ops *ops;
	char known[ABK_REASON_LEN];

	if (!abk_given(job, ABK_KEY_TYPE) || !job->alg[0]) {
		abk_key_names(known, sizeof(known));
		snprintf(reason, ABK_REASON_LEN, "a job needs type= and alg= (keys: %s)", known);
		return -EINVAL;
	}
	ops = abk_types[job->type];
	if (!abk_given(job, ABK_KEY_OP))
		job->op = ops->default_op;
	if (!(ops->ops_mask & BIT(job->op))) {
		snprintf(reason, ABK_REASON_LEN, "op=%s does not apply to type=%s",
			 abk_name(ABK_KEY_OP, job->op), abk_name(ABK_KEY_TYPE, job->type));
		return -EINVAL;
	}
	if (abk_async(job) && !ops->can_async) {
		snprintf(reason, ABK_REASON_LEN,
			 "type=%s is synchronous only: use type=ahash for async",
			 abk_name(ABK_KEY_TYPE, job->type));
		return -EINVAL;
	}
	if (!abk_async(job) && abk_given(job, ABK_KEY_INFLIGHT) && job->inflight != 1) {
		snprintf(reason, ABK_REASON_LEN, "inflight=%u needs mode=async", job->inflight);
		return -EINVAL;
	}
	if (abk_async(job) && !abk_given(job, ABK_KEY_INFLIGHT))
		job->inflight = ABK_DEFAULT_INFLIGHT;
	if (job->size > ops->max_size) {
		snprintf(reason, ABK_REASON_LEN, "size=%u is over %u for type=%s", job->size,
			 ops->max_size, abk_name(ABK_KEY_TYPE, job->type));
		return -EINVAL;
	}
	if ((u64)job->size * 2 * job->inflight > ABK_MAX_THREAD_MEM) {
		snprintf(reason, ABK_REASON_LEN,
			 "size=%u x inflight=%u needs over %u MiB per thread", job->size,
			 job->inflight, ABK_MAX_THREAD_MEM >> 20);
		return -EINVAL;
	}
	if ((u64)job->size * 2 * job->inflight * cpumask_weight(&job->cpus) > ABK_MAX_TOTAL_MEM) {
		snprintf(reason, ABK_REASON_LEN,
			 "size=%u x inflight=%u on %u CPUs needs over %u MiB in all: fewer cpus= "
			 "or a smaller size",
			 job->size, job->inflight, cpumask_weight(&job->cpus),
			 ABK_MAX_TOTAL_MEM >> 20);
		return -EINVAL;
	}
	if ((abk_given(job, ABK_KEY_AAD) || abk_given(job, ABK_KEY_ADATA) ||
	     abk_given(job, ABK_KEY_AUTHSIZE)) &&
	    job->type != ABK_AEAD) {
		snprintf(reason, ABK_REASON_LEN, "aad= and authsize= apply to type=aead only");
		return -EINVAL;
	}
	/*
	 * Every length that indexes a buffer comes from one key: adata= gives
	 * the associated data and so its length; aad= may only repeat it.
	 */
	if (abk_given(job, ABK_KEY_ADATA) && abk_given(job, ABK_KEY_AAD) &&
	    job->aad != job->adata_len) {
		snprintf(reason, ABK_REASON_LEN, "adata= has %u bytes but aad=%u: give one of them",
			 job->adata_len, job->aad);
		return -EINVAL;
	}
	if (abk_given(job, ABK_KEY_ADATA))
		job->aad = job->adata_len;
	if (abk_given(job, ABK_KEY_KEY) && abk_given(job, ABK_KEY_KEYLEN) &&
	    job->keylen != job->key_len) {
		snprintf(reason, ABK_REASON_LEN, "key= has %u bytes but keylen=%u", job->key_len,
			 job->keylen);
		return -EINVAL;
	}
	if (abk_given(job, ABK_KEY_KEY))
		job->keylen = job->key_len;
	else if (!abk_given(job, ABK_KEY_KEYLEN))
		job->keylen = ops->keyed ? 16 : 0;
	if (job->type == ABK_ACOMP && job->keylen) {
		snprintf(reason, ABK_REASON_LEN, "keylen= does not apply to type=acomp");
		return -EINVAL;
	}
	/* A counted job is for exact bookkeeping (GETSTAT deltas): nothing timed by the clock. */
	if (abk_given(job, ABK_KEY_COUNT) && abk_given(job, ABK_KEY_WARMUP_MS)) {
		snprintf(reason, ABK_REASON_LEN,
			 "count= runs exactly that many operations: warmup_ms= does not apply");
		return -EINVAL;
	}
	/* ms= bounds a counted job in time: ETIMEDOUT if the count is not reached */
	if (abk_given(job, ABK_KEY_COUNT) && !abk_given(job, ABK_KEY_MS))
		job->ms = ABK_MAX_MS;
	if (abk_given(job, ABK_KEY_COUNT) && job->count % job->inflight) {
		snprintf(reason, ABK_REASON_LEN, "count=%u is not a multiple of inflight=%u",
			 job->count, job->inflight);
		return -EINVAL;
	}
	if (abk_given(job, ABK_KEY_COUNT))
		job->warmup_ms = 0;
	else if (!abk_given(job, ABK_KEY_WARMUP_MS))
		job->warmup_ms = min(job->ms / 10, 100U);
	if (!abk_given(job, ABK_KEY_CORPUS))
		job->corpus = job->type == ABK_ACOMP ? AB_CORPUS_TEXT : AB_CORPUS_BINARY;
	return 0;
}

static int abk_parse(char *line, struct abk_job *job, char *reason)
{
	char *tok, *val;
	int ret;

	job->size = 4096;
	job->ms = 1000;
	job->inflight = 1;
	cpumask_clear(&job->cpus);
	cpumask_set_cpu(cpumask_first(cpu_online_mask), &job->cpus);
	while ((tok = strsep(&line, " \t\n")) != NULL) {
		if (!*tok)
			continue;
		val = strchr(tok, '=');
		if (!val || val == tok || !val[1]) {
			snprintf(reason, ABK_REASON_LEN, "'%s' is not key=value", tok);
			return -EINVAL;
		}
		*val++ = '\0';
		ret = abk_parse_pair(job, tok, val, reason);
		if (ret)
			return ret;
	}
	return abk_validate(job, reason);
}

/* ---- the threads ----------------------------------------------------------------- */

/*
 * Direct calls, not a pointer in the type table: with retpolines an indirect call per
 * operation is ~1% of a 16-byte request, a cost tcrypt does not pay.
 */
static int abk_submit(struct abk_thread *t, struct abk_req *r)
{
	switch (t->job->type) {
	case ABK_AEAD:
		return abk_aead_submit(t, r);
	case ABK_SKCIPHER:
		return abk_skcipher_submit(t, r);
	case ABK_SHASH:
		return abk_shash_submit(t, r);
	case ABK_AHASH:
		return abk_ahash_submit(t, r);
	default:
		return abk_acomp_submit(t, r);
	}
}

/* Every request outstanding at once, then wait for all: tcrypt's mb scheme. */
static int abk_batch(struct abk_thread *t)
{
	unsigned int i;
	int ret = 0, r;

	for (i = 0; i < t->nreqs; i++)
		t->reqs[i].ret = abk_submit(t, &t->reqs[i]);
	for (i = 0; i < t->nreqs; i++) {
		r = abk_wait(&t->reqs[i], t->reqs[i].ret);
		if (r && !ret)
			ret = r;
	}
	return ret;
}

/* Whether the timed loop goes on: until count= operations (within ms=), or the window's end. */
static bool abk_more(const struct abk_job *job, u64 ops, unsigned long end_j)
{
	if (READ_ONCE(job->stop))
		return false;
	if (abk_given(job, ABK_KEY_COUNT) && ops >= job->count)
		return false;
	return time_before(jiffies, end_j);
}

static int abk_measure(struct abk_thread *t)
{
	const struct abk_job *job = t->job;
	u64 start, now, end, ops = 0;
	unsigned long end_j, last_j;
	cycles_t c0;
	int ret;

	end = ktime_get_ns() + (u64)job->warmup_ms * NSEC_PER_MSEC;
	while (job->warmup_ms && ktime_get_ns() < end && !READ_ONCE(job->stop)) {
		ret = abk_batch(t);
		if (ret)
			return abk_fail(t, ret, "%s %s failed in the warm-up (error %d)", t->driver,
					abk_name(ABK_KEY_OP, job->op), ret);
		cond_resched();
	}

	/*
	 * The loop ends on jiffies, as tcrypt's: a load, where reading the
	 * clocksource per operation costs ~100 instructions, 2% of a 16-byte
	 * op. The window itself is measured with ktime at both ends. For the
	 * same reason cond_resched() (with rcu_all_qs()) runs once per jiffy,
	 * not per operation: often enough for long windows, cheap for short ops.
	 */
	last_j = jiffies;
	end_j = last_j + max(msecs_to_jiffies(job->ms), 1UL);
	start = ktime_get_ns();
	c0 = get_cycles();
	ret = 0;
	if (t->nreqs == 1) {
		/* one request in flight: the type's own tight loop (loop1) */
		ret = t->type->loop1(t, end_j, abk_given(job, ABK_KEY_COUNT) ? job->count : U64_MAX,
				     &ops);
	} else {
		while (abk_more(job, ops, end_j)) {
			ret = abk_batch(t);
			if (ret)
				break;
			ops += t->nreqs;
			if (unlikely(READ_ONCE(jiffies) != last_j)) {
				cond_resched();
				last_j = jiffies;
			}
		}
	}
	t->cycles = get_cycles() - c0;
	now = ktime_get_ns();
	t->ns = now - start;
	t->ops = ops;
	t->bytes = ops * job->size;
	if (ret)
		return abk_fail(t, ret, "%s %s failed after %llu ops (error %d)", t->driver,
				abk_name(ABK_KEY_OP, job->op), ops, ret);
	/* the coordinator says why: a signal to the writer, or a CPU going offline */
	if (READ_ONCE(job->stop))
		return abk_fail(t, -EINTR, "stopped before the end of its window");
	if (abk_given(job, ABK_KEY_COUNT) && ops < job->count)
		return abk_fail(t, -ETIMEDOUT, "count=%u not reached in ms=%u (%llu ops done)",
				job->count, job->ms, ops);
	return 0;
}

static int abk_thread_fn(void *arg)
{
	struct abk_thread *t = arg;

	t->err = t->type->setup(t);
	complete(&t->ready);
	wait_for_completion(&t->job->go);
	if (!t->err && !READ_ONCE(t->job->stop))
		abk_measure(t);
	complete(&t->finished);
	/* stay until the coordinator has read the counters and stops us */
	set_current_state(TASK_INTERRUPTIBLE);
	while (!kthread_should_stop()) {
		schedule();
		set_current_state(TASK_INTERRUPTIBLE);
	}
	__set_current_state(TASK_RUNNING);
	return 0;
}

static struct abk_thread *abk_thread_new(struct abk_job *job, unsigned int cpu)
{
	struct abk_thread *t = kzalloc_node(sizeof(*t), GFP_KERNEL, cpu_to_node(cpu));

	if (!t)
		return NULL;
	t->job = job;
	t->type = abk_types[job->type];
	t->cpu = cpu;
	t->nreqs = job->inflight;
	init_completion(&t->ready);
	init_completion(&t->finished);
	return t;
}

static void abk_thread_free(struct abk_thread *t)
{
	t->type->teardown(t);
	abk_free_reqs(t);
	kfree_sensitive(t->input);
	kfree_sensitive(t->aux);
	kfree(t);
}

/* Waits for every thread to finish; a signal asks them to stop early. */
static bool abk_wait_finished(struct abk_job *job, struct abk_thread **th, unsigned int n)
{
	bool interrupted = false;
	unsigned int i;

	for (i = 0; i < n; i++) {
		if (!interrupted && !wait_for_completion_interruptible(&th[i]->finished))
			continue;
		if (!interrupted) {
			WRITE_ONCE(job->stop, true);
			interrupted = true;
		}
		wait_for_completion(&th[i]->finished);
	}
	return interrupted;
}

/* ---- CPU hotplug ------------------------------------------------------------------- */

/*
 * A job takes no CPU hotplug lock. cpus_read_lock() held across a job would
 * make CPU offlining wait for it (ms= plus warmup_ms=, over a minute), and,
 * while an offline waits for the write lock, every new reader waits behind
 * it: a module autoloaded by a thread's crypto_alloc_*() whose init takes
 * cpus_read_lock() (pcrypt's padata_alloc()) would wait for the offline,
 * the offline for the job, the job for that init.
 *
 * Instead the running job is watched: when one of its CPUs goes down, the
 * job is cancelled. Its thread there is moved to another CPU by the
 * scheduler (a kthread_bind()'s affinity is broken, not waited for), where
 * it would share a CPU with another thread of the job and time both wrong;
 * so every thread stops at its next look at job->stop (once per jiffy or
 * batch) and the job reports ECANCELED with the CPUs that went away, never
 * a time. The offline itself never waits for the job.
 *
 * This is the teardown of a CPUHP_AP_ONLINE_DYN state, run by the outgoing
 * CPU's hotplug thread with the hotplug lock held for writing, after
 * CPUHP_AP_ACTIVE's teardown has cleared the CPU from cpu_active_mask.
 */
static int abk_cpu_down(unsigned int cpu)
{
	spin_lock(&abk_hp_lock);
	if (abk_watched && cpumask_test_cpu(cpu, &abk_watched->cpus)) {
		cpumask_set_cpu(cpu, &abk_watched->offline);
		WRITE_ONCE(abk_watched->stop, true);
	}
	spin_unlock(&abk_hp_lock);
	return 0;
}

/*
 * Watches JOB from now on; true if all its CPUs are active. A CPU going down
 * is inactive before abk_cpu_down() runs for it, and both look under
 * abk_hp_lock: each CPU that goes down is either refused here or seen there.
 */
static bool abk_watch(struct abk_job *job)
{
	bool active;

	spin_lock(&abk_hp_lock);
	cpumask_andnot(&job->offline, &job->cpus, cpu_active_mask);
	active = cpumask_empty(&job->offline);
	if (active)
		abk_watched = job;
	spin_unlock(&abk_hp_lock);
	return active;
}

/* After this, abk_cpu_down() no longer touches the job. */
static void abk_unwatch(void)
{
	spin_lock(&abk_hp_lock);
	abk_watched = NULL;
	spin_unlock(&abk_hp_lock);
}

static int abk_start_threads(struct abk_job *job, struct abk_thread **th, unsigned int *started,
			     char *reason)
{
	unsigned int cpu;

	*started = 0;
	for_each_cpu (cpu, &job->cpus) {
		struct abk_thread *t = abk_thread_new(job, cpu);
		struct task_struct *task;

		if (!t) {
			snprintf(reason, ABK_REASON_LEN, "no memory for the cpu%u thread", cpu);
			return -ENOMEM;
		}
		task = kthread_create_on_cpu(abk_thread_fn, t, cpu, "algbench/%u");
		if (IS_ERR(task)) {
			kfree(t);
			snprintf(reason, ABK_REASON_LEN,
				 "cannot start a thread on cpu%u (error %ld)", cpu, PTR_ERR(task));
			return PTR_ERR(task);
		}
		get_task_struct(task);
		t->task = task;
		th[(*started)++] = t;
		wake_up_process(task);
	}
	return 0;
}

static int abk_run_threads(struct abk_job *job, struct abk_out *o)
{
	unsigned int n = cpumask_weight(&job->cpus), started, i;
	char reason[ABK_REASON_LEN] = "ok";
	struct abk_thread **th;
	bool interrupted;
	int err;

	th = kcalloc(n, sizeof(*th), GFP_KERNEL);
	if (!th)
		return -ENOMEM;
	init_completion(&job->go);
	started = 0;
	if (!abk_watch(job)) {
		/* offline since the parser looked, or still coming up */
		err = -ECANCELED;
		snprintf(reason, sizeof(reason),
			 "cpu%*pbl not active (CPU hotplug under way): the job did not start",
			 cpumask_pr_args(&job->offline));
		goto out;
	}
	err = abk_start_threads(job, th, &started, reason);
	for (i = 0; i < started; i++) {
		wait_for_completion(&th[i]->ready);
		if (th[i]->err && !err) {
			err = th[i]->err;
			snprintf(reason, sizeof(reason), "cpu%u: %s", th[i]->cpu, th[i]->reason);
		}
	}
	/* one thread failing its setup or check means nobody is timed */
	if (err)
		WRITE_ONCE(job->stop, true);
	complete_all(&job->go);
	interrupted = abk_wait_finished(job, th, started);
	abk_unwatch();
	if (!cpumask_empty(&job->offline) && !err) {
		err = -ECANCELED;
		snprintf(reason, sizeof(reason),
			 "cpu%*pbl went offline during the job (CPU hotplug): cancelled, no times",
			 cpumask_pr_args(&job->offline));
	}
	if (interrupted && !err) {
		err = -EINTR;
		snprintf(reason, sizeof(reason), "stopped by a signal to the writer");
	}
	for (i = 0; i < started && !err; i++) {
		if (th[i]->err) {
			err = th[i]->err;
			snprintf(reason, sizeof(reason), "cpu%u: %s", th[i]->cpu, th[i]->reason);
		}
	}
	for (i = 0; i < started; i++)
		kthread_stop(th[i]->task);
out:
	abk_put_status(o, err, reason);
	abk_put_job(o, job);
	if (!cpumask_empty(&job->offline))
		abk_put(o, "offline=%*pbl\n", cpumask_pr_args(&job->offline));
	if (!err)
		abk_put_threads(o, th, started);
	else if (started && th[0]->driver[0])
		abk_put(o, "driver=%s\n", th[0]->driver);
	/* released together, after the last thread stopped timing */
	for (i = 0; i < started; i++) {
		put_task_struct(th[i]->task);
		abk_thread_free(th[i]);
	}
	kfree(th);
	return err;
}

/* Runs one job line; *text gets the result (also on error) or stays NULL. */
static int abk_run_line(char *line, char **text)
{
	char reason[ABK_REASON_LEN] = "";
	struct abk_job *job;
	struct abk_out o;
	int err;

	*text = NULL;
	job = kzalloc(sizeof(*job), GFP_KERNEL);
	if (!job)
		return -ENOMEM;
	/* no hotplug lock: a CPU going down meanwhile cancels the job (abk_cpu_down()) */
	err = abk_parse(line, job, reason);
	if (abk_out_init(&o, err ? 0 : cpumask_weight(&job->cpus))) {
		kfree(job);
		return -ENOMEM;
	}
	if (err)
		abk_put_status(&o, err, reason);
	else
		err = abk_run_threads(job, &o);
	kfree(job);
	*text = o.buf;
	return err;
}

/* ---- /dev/algbench and debugfs ------------------------------------------------------------- */

static void abk_publish(struct file *file, char *text)
{
	size_t n = strlen(text) + 1;
	char *copy = kvmalloc(n, GFP_KERNEL);
	char *old_last, *old_mine;

	if (copy)
		memcpy(copy, text, n);
	mutex_lock(&abk_result_lock);
	old_last = abk_last;
	abk_last = copy;
	old_mine = file->private_data;
	file->private_data = text;
	mutex_unlock(&abk_result_lock);
	kvfree(old_last);
	kvfree(old_mine);
}

static ssize_t abk_run_write(struct file *file, const char __user *ubuf, size_t len, loff_t *pos)
{
	char *line, *text;
	int err;

	if (len >= ABK_LINE_MAX) {
		text = kasprintf(GFP_KERNEL,
				 "status=%d\nerror=EINVAL\nreason=the job line has %zu bytes; the "
				 "limit is %d\n",
				 -EINVAL, len, ABK_LINE_MAX - 1);
		if (text)
			abk_publish(file, text);
		return -EINVAL;
	}
	line = memdup_user_nul(ubuf, len);
	if (IS_ERR(line))
		return PTR_ERR(line);
	if (mutex_lock_killable(&abk_run_lock)) {
		kfree(line);
		return -EINTR;
	}
	err = abk_run_line(line, &text);
	mutex_unlock(&abk_run_lock);
	kfree(line);
	if (text)
		abk_publish(file, text);
	return err ? err : (ssize_t)len;
}

static ssize_t abk_text_read(struct file *file, char __user *ubuf, size_t len, loff_t *pos)
{
	ssize_t ret;

	mutex_lock(&abk_result_lock);
	ret = file->private_data ? simple_read_from_buffer(ubuf, len, pos, file->private_data,
							   strlen(file->private_data))
				 : 0;
	mutex_unlock(&abk_result_lock);
	return ret;
}

static int abk_text_release(struct inode *inode, struct file *file)
{
	kvfree(file->private_data);
	return 0;
}

static int abk_run_open(struct inode *inode, struct file *file)
{
	file->private_data = NULL;
	return nonseekable_open(inode, file);
}

/* A snapshot of the last result at open, so reads see one consistent text. */
static int abk_result_open(struct inode *inode, struct file *file)
{
	char *copy = NULL;
	size_t n;

	mutex_lock(&abk_result_lock);
	if (abk_last) {
		n = strlen(abk_last) + 1;
		copy = kvmalloc(n, GFP_KERNEL); /* kvmemdup() is 6.4+ */
		if (copy)
			memcpy(copy, abk_last, n);
	}
	file->private_data = copy;
	mutex_unlock(&abk_result_lock);
	return 0;
}

static const struct file_operations abk_run_fops = {
	.owner = THIS_MODULE,
	.open = abk_run_open,
	.write = abk_run_write,
	.read = abk_text_read,
	.release = abk_text_release,
	.llseek = ABK_NO_LLSEEK,
};

static const struct file_operations abk_result_fops = {
	.owner = THIS_MODULE,
	.open = abk_result_open,
	.read = abk_text_read,
	.release = abk_text_release,
	.llseek = default_llseek,
};

static struct miscdevice abk_misc = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "algbench",
	.fops = &abk_run_fops,
	.mode = 0600,
};

static int __init abk_init(void)
{
	int err;

	/* before the device: no job runs unwatched */
	err = cpuhp_setup_state_nocalls(CPUHP_AP_ONLINE_DYN, "crypto/algbench:online", NULL,
					abk_cpu_down);
	if (err < 0) {
		pr_err("algbench: cannot watch CPU hotplug (cpuhp state): %d\n", err);
		return err;
	}
	abk_hp_state = err;
	err = misc_register(&abk_misc);
	if (err) {
		pr_err("algbench: cannot register /dev/algbench (misc device): %d\n", err);
		cpuhp_remove_state_nocalls(abk_hp_state);
		return err;
	}
	/* diagnostics only: without debugfs the device still works */
	abk_dir = debugfs_create_dir("algbench", NULL);
	if (!IS_ERR(abk_dir))
		debugfs_create_file("result", 0400, abk_dir, NULL, &abk_result_fops);
	return 0;
}

/*
 * An open /dev/algbench holds a module reference (fops owner), so the kernel
 * refuses rmmod while a job runs (-EBUSY, "in use"); a signal to the writer
 * stops the job cleanly instead. Here no job can be running.
 */
static void __exit abk_exit(void)
{
	misc_deregister(&abk_misc);
	cpuhp_remove_state_nocalls(abk_hp_state);
	debugfs_remove_recursive(abk_dir);
	kvfree(abk_last);
}

module_init(abk_init);
module_exit(abk_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("algbench: per-CPU sync/async benchmark of the kernel crypto API");
