// SPDX-License-Identifier: GPL-2.0
/*
 * The shared timing harness: known answer first, then one pinned thread per
 * CPU, each with its own handle and buffers, released together by a barrier
 * for every sample. Nothing hot is shared: each worker writes only its own
 * cache-line-aligned slot.
 */
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "backends/backend.h"
#include "backends/vector.h"
#include "core/stats.h"
#include "run/harness.h"
#include "sys/cpu.h"
#include "sys/perf.h"
#include "trace/markers.h"

/* Ops between clock reads: enough that reading the clock costs < ~1%. */
#define BATCH_NS  20000
#define MAX_BATCH 4096

/* Lock-free, so a signal handler may set it; workers poll it per batch. */
static int stop_requested;

void ab_job_stop(void)
{
	__atomic_store_n(&stop_requested, 1, __ATOMIC_RELAXED);
}

bool ab_job_stopped(void)
{
	return __atomic_load_n(&stop_requested, __ATOMIC_RELAXED);
}

/* Which job of this process is running, for the markers (set before its threads start). */
static uint32_t job_seq;

/* A user_events marker (trace/markers.h); callers check trace_marker_on() first. */
static void mark(const struct ab_job *job, uint32_t sample, enum trace_marker_phase phase, int cpu,
		 uint64_t ops)
{
	struct trace_marker m = { .size = job->size,
				  .ops = ops,
				  .job = job_seq,
				  .sample = sample,
				  .phase = phase,
				  .threads = job->threads,
				  .cpu = (uint32_t)cpu,
				  .key_bits = job->key->bits };

	snprintf(m.backend, sizeof(m.backend), "%s", job->backend->name);
	snprintf(m.mode, sizeof(m.mode), "%s", job->mode);
	snprintf(m.op, sizeof(m.op), "%s", ab_op_name(job->op));
	snprintf(m.alg, sizeof(m.alg), "%s", job->alg->name);
	trace_marker_write(&m);
}

/* One thread's window, with its start, for the bookkeeping time between windows. */
struct window {
	uint64_t t0, ops, bytes, ns, cycles;
	struct ab_perf_count pmu;
};

/*
 * The threads start behind a gate: the barrier needs every one of them, so
 * it is set up only once all exist; if one cannot be created, the gate
 * sends the others home instead of leaving them at the barrier.
 */
struct gate {
	pthread_mutex_t lock;
	pthread_cond_t opened;
	int state; /* 0 closed, 1 go, -1 go home */
};

static int gate_pass(struct gate *g)
{
	int state;

	pthread_mutex_lock(&g->lock);
	while (!g->state)
		pthread_cond_wait(&g->opened, &g->lock);
	state = g->state;
	pthread_mutex_unlock(&g->lock);
	return state > 0;
}

static void gate_open(struct gate *g, int state)
{
	pthread_mutex_lock(&g->lock);
	g->state = state;
	pthread_cond_broadcast(&g->opened);
	pthread_mutex_unlock(&g->lock);
}

struct worker {
	const struct ab_job *job;
	struct worker *all;
	struct gate *gate;
	pthread_barrier_t *barrier;
	pthread_t thread;
	int cpu;
	struct ab_vecbuf vb;
	void *ctx;
	int err;
	char why[AB_WHY_LEN];
	struct window *samples;
	/* --perf: this thread's counters; perf_why says why not counted */
	struct ab_perf perf;
	int perf_on;
	char perf_why[AB_WHY_LEN];
} __attribute__((aligned(64)));

static int worker_fail(struct worker *w, int err, const char *what)
{
	if (!w->err) {
		/* Other workers poll err between samples. */
		__atomic_store_n(&w->err, err, __ATOMIC_RELAXED);
		if (!w->why[0])
			snprintf(w->why, sizeof(w->why), "%s: %s %s failed on CPU %d: %s",
				 w->job->alg->name, w->job->backend->name, what, w->cpu,
				 strerror(-err));
	}
	return err;
}

/* Untimed operations; returns how many ops go between two clock reads. */
static unsigned int warm_up(struct worker *w)
{
	const struct ab_backend *b = w->job->backend;
	uint64_t start = ab_now_ns(), until = start + (uint64_t)(w->job->warmup * 1e9), n = 0, t;
	int ret;

	do {
		ret = b->op(w->ctx);
		if (ret < 0) {
			worker_fail(w, ret, "warm-up op");
			return 1;
		}
		n++;
		t = ab_now_ns();
	} while (t < until && !ab_job_stopped());
	t = (t - start) / n; /* ns per op */
	return t >= BATCH_NS ? 1
	       : t	     ? (unsigned int)(BATCH_NS / t < MAX_BATCH ? BATCH_NS / t : MAX_BATCH)
			     : MAX_BATCH;
}

static void timed_window(struct worker *w, unsigned int batch, unsigned int r, struct window *s)
{
	const struct ab_backend *b = w->job->backend;
	uint64_t window = (uint64_t)(w->job->seconds * 1e9), ops = 0, t0, t, c0;
	int ret = 0;

	if (trace_marker_on())
		mark(w->job, r, TRACE_MARK_SAMPLE_BEGIN, w->cpu, 0);
	if (w->perf_on && ab_perf_start(&w->perf)) {
		snprintf(w->perf_why, sizeof(w->perf_why), "cannot start the counters");
		w->perf_on = 0;
	}
	c0 = ab_cycles();
	t0 = ab_now_ns();
	do {
		for (unsigned int i = 0; i < batch; i++) {
			ret = b->op(w->ctx);
			if (ret < 0)
				break;
		}
		if (ret < 0) {
			worker_fail(w, ret, "op");
			break;
		}
		ops += batch;
		t = ab_now_ns();
	} while (t - t0 < window && !ab_job_stopped());
	s->t0 = t0;
	s->ns = ab_now_ns() - t0;
	s->cycles = ab_cycles_usable() ? ab_cycles() - c0 : 0;
	/* After the clock reads, so the window's time does not include the ioctl. */
	if (w->perf_on && ab_perf_stop(&w->perf, &s->pmu, w->perf_why))
		w->perf_on = 0;
	s->ops = ops;
	s->bytes = ops * w->job->size;
	if (trace_marker_on())
		mark(w->job, r, TRACE_MARK_SAMPLE_END, w->cpu, ops);
}

static int any_failed(const struct worker *w)
{
	for (unsigned int i = 0; i < w->job->threads; i++)
		if (__atomic_load_n(&w->all[i].err, __ATOMIC_RELAXED))
			return 1;
	return 0;
}

static void *worker_main(void *arg)
{
	struct worker *w = arg;
	const struct ab_job *job = w->job;
	unsigned int batch = 1;
	int ret;

	if (!gate_pass(w->gate))
		return NULL;
	ret = ab_cpu_pin_self(w->cpu);
	if (ret)
		worker_fail(w, ret, "pinning");
	else if (sched_getcpu() != w->cpu) /* the kernel moves us before it returns */
		worker_fail(w, -EIO, "pinning (the thread runs elsewhere)");
	if (!w->err) {
		ret = ab_vector_build(job, 0, &w->vb, w->why);
		if (!ret)
			ret = job->backend->open(job, &w->vb.v, &w->ctx, w->why);
		if (ret)
			worker_fail(w, ret, "open");
	}
	/* This thread on any CPU: its own work and its syscalls' kernel work only. */
	if (!w->err && job->perf)
		w->perf_on = !ab_perf_open(&w->perf, 0, -1, w->perf_why);
	pthread_barrier_wait(w->barrier); /* every handle is open (or failed) */
	if (!any_failed(w))
		batch = warm_up(w);
	for (unsigned int r = 0; r < job->repeats; r++) {
		pthread_barrier_wait(w->barrier);
		if (!any_failed(w))
			timed_window(w, batch, r, &w->samples[r]);
	}
	return NULL;
}

/*
 * Totals per sample, each thread's part (per_cpu), and the harness's own time
 * before a window: from the last thread's end of the previous window to the
 * last thread's start of this one (the barrier's release and the failure
 * check; a thread that is merely slower to finish does not count).
 */
static int merge_samples(const struct ab_job *job, struct worker *w, struct ab_result *res)
{
	int counted = job->perf;

	/* A sample's counts are all its threads' or none. */
	for (unsigned int i = 0; i < job->threads && counted; i++)
		if (!w[i].perf_on) {
			snprintf(res->perf_unavailable, sizeof(res->perf_unavailable), "%s",
				 w[i].perf_why[0] ? w[i].perf_why : "the counters did not start");
			counted = 0;
		}
	if (counted)
		res->perf_scope = AB_PERF_SCOPE_THREADS;
	for (unsigned int r = 0; r < job->repeats; r++) {
		struct ab_sample *s = &res->samples[r];
		uint64_t last_end = 0, last_start = 0;

		memset(s, 0, sizeof(*s));
		res->n_samples = r + 1; /* so ab_result_free() sees this per_cpu */
		if (ab_sample_alloc_cpus(s, job->threads))
			return -ENOMEM;
		for (unsigned int i = 0; i < job->threads; i++) {
			const struct window *x = &w[i].samples[r];

			s->ops += x->ops;
			s->bytes += x->bytes;
			s->cycles += x->cycles;
			if (counted) {
				s->pmu_cycles += x->pmu.cycles;
				s->pmu_instructions += x->pmu.instructions;
			}
			if (x->ns > s->ns)
				s->ns = x->ns; /* the slowest thread's wall time */
			s->per_cpu[i] = (struct ab_cpu_sample){ (unsigned int)w[i].cpu, x->ops,
								x->bytes, x->ns };
			if (r && w[i].samples[r - 1].t0 + w[i].samples[r - 1].ns > last_end)
				last_end = w[i].samples[r - 1].t0 + w[i].samples[r - 1].ns;
			if (x->t0 > last_start)
				last_start = x->t0;
		}
		s->harness_ns = r && last_start > last_end ? last_start - last_end : 0;
	}
	return 0;
}

static void set_status(struct ab_result *res, int err, const char *why)
{
	res->status = ab_status_from_errno(err);
	snprintf(res->reason, sizeof(res->reason), "%s", why);
}

/* 0, or pthread_create()'s -errno: *STARTED threads then wait at GATE. */
static int start_workers(const struct ab_job *job, struct worker *w, struct gate *gate,
			 pthread_barrier_t *bar, const int *cpus, unsigned int *started)
{
	for (unsigned int i = 0; i < job->threads; i++) {
		int err;

		w[i].job = job;
		w[i].all = w;
		w[i].gate = gate;
		w[i].barrier = bar;
		/* gcc -fanalyzer: cpus[i] is set (i < threads <= n_cpus), and time_threads frees
		 * samples */
		w[i].cpu = cpus[i];
		w[i].samples = calloc(job->repeats, sizeof(struct window));
		if (!w[i].samples)
			return -ENOMEM;
		err = pthread_create(&w[i].thread, NULL, worker_main, &w[i]);
		if (err)
			return -err;
		(*started)++;
	}
	return 0;
}

static void time_threads(const struct ab_job *job, struct ab_result *res)
{
	struct worker *w = aligned_alloc(64, sizeof(*w) * job->threads);
	int *cpus = malloc(sizeof(*cpus) * job->threads);
	int n_cpus = cpus ? ab_cpu_list(cpus, (int)job->threads) : 0;
	unsigned int started = 0;
	struct gate gate = { PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, 0 };
	pthread_barrier_t bar;
	int err;

	if (!w || (unsigned int)n_cpus < job->threads ||
	    ab_result_alloc_samples(res, job->repeats)) {
		set_status(res, -ENOMEM, "cannot start the worker threads (out of memory or CPUs)");
		free(w);
		free(cpus);
		return;
	}
	memset(w, 0, sizeof(*w) * job->threads);
	for (unsigned int i = 0; i < job->threads; i++)
		w[i].perf = (struct ab_perf){ { -1, -1 } }; /* closed, also for one never started */
	err = start_workers(job, w, &gate, &bar, cpus, &started);
	free(cpus);
	if (err) {
		char why[AB_WHY_LEN];

		ab_whyf(why, "cannot start thread %u of %u: %s", started + 1, job->threads,
			strerror(-err));
		set_status(res, err, why);
		gate_open(&gate, -1);
	} else {
		pthread_barrier_init(&bar, NULL, job->threads);
		gate_open(&gate, 1);
	}
	for (unsigned int i = 0; i < started; i++)
		pthread_join(w[i].thread, NULL);
	if (!err)
		pthread_barrier_destroy(&bar);
	for (unsigned int i = 0; i < job->threads; i++) {
		if (w[i].err && res->status == AB_STATUS_OK)
			set_status(res, w[i].err, w[i].why);
		if (w[i].ctx)
			job->backend->close(w[i].ctx);
		ab_perf_close(&w[i].perf);
		ab_vector_free(&w[i].vb);
	}
	/* A stopped job's last sample is cut short: keep none of it. */
	if (res->status == AB_STATUS_OK && ab_job_stopped())
		set_status(res, -EINTR, "interrupted by a signal; not timed to the end");
	if (res->status == AB_STATUS_OK && merge_samples(job, w, res))
		set_status(res, -ENOMEM, "out of memory for the per-CPU samples");
	for (unsigned int i = 0; i < job->threads; i++)
		free(w[i].samples);
	free(w);
}

static void kat_mismatch(struct ab_result *res, const uint8_t *got, size_t got_len,
			 const struct ab_vector *v)
{
	char g[AB_KAT_DETAIL_LEN / 2 - 16], e[AB_KAT_DETAIL_LEN / 2 - 16];

	ab_hex(g, sizeof(g), got, got_len, 64);
	ab_hex(e, sizeof(e), v->expect, v->expectlen, 64);
	res->kat = AB_KAT_FAIL;
	snprintf(res->kat_detail, sizeof(res->kat_detail), "got %s (%zu bytes) want %s (%zu bytes)",
		 g, got_len, e, v->expectlen);
	res->status = AB_STATUS_FAILED;
	snprintf(res->reason, sizeof(res->reason),
		 "%s %s %s: known-answer mismatch against %s; not timed", res->job.alg->name,
		 res->job.backend->name, ab_op_name(res->job.op), ab_alg_ref_name(res->job.alg));
}

/* Open a handle on the KAT vector, run one op, compare with the reference. */
static void kat_generic(const struct ab_job *job, struct ab_result *res)
{
	const struct ab_backend *b = job->backend;
	struct ab_vecbuf vb;
	const uint8_t *out;
	char why[AB_WHY_LEN] = "";
	void *ctx = NULL;
	size_t len = 0;
	int ret;

	ret = ab_vector_build(job, 1, &vb, why);
	if (ret)
		return set_status(res, ret, why);
	ret = b->open(job, &vb.v, &ctx, why);
	if (ret) {
		ab_vector_free(&vb);
		return set_status(res, ret, why);
	}
	if (b->driver)
		b->driver(job, res->driver, sizeof(res->driver));
	ret = b->op(ctx);
	if (ret < 0) {
		ab_whyf(why, "%s: %s %s failed during the known-answer check: %s", job->alg->name,
			b->name, ab_op_name(job->op),
			ret == -EBADMSG ? "tag mismatch (EBADMSG)" : strerror(-ret));
		set_status(res, ret == -EBADMSG ? -EIO : ret, why);
		res->kat = ret == -EBADMSG ? AB_KAT_FAIL : AB_KAT_SKIP;
	} else if (!vb.v.expect) {
		res->kat = AB_KAT_NONE; /* said, never a silent pass: the row's why */
		snprintf(res->kat_detail, sizeof(res->kat_detail), "%s", ab_alg_ref_name(job->alg));
	} else if (b->output(ctx, &out, &len) || len != vb.v.expectlen ||
		   memcmp(out, vb.v.expect, len)) {
		kat_mismatch(res, out, len, &vb.v);
	} else {
		res->kat = AB_KAT_PASS;
		snprintf(res->kat_detail, sizeof(res->kat_detail), "against %s",
			 ab_alg_ref_name(job->alg));
	}
	b->close(ctx);
	ab_vector_free(&vb);
}

static void run_whole_job(const struct ab_job *job, struct ab_result *res)
{
	int ret;

	if (job->backend->kat) {
		job->backend->kat(job, res);
		if (res->status != AB_STATUS_OK)
			return;
	}
	if (ab_result_alloc_samples(res, job->repeats))
		return set_status(res, -ENOMEM, "out of memory for samples");
	ret = job->backend->run_job(job, res);
	if (ret && res->status == AB_STATUS_OK) {
		res->status = ab_status_from_errno(ret);
		if (!res->reason[0])
			snprintf(res->reason, sizeof(res->reason), "%s: %s run failed: %s",
				 job->alg->name, job->backend->name,
				 strerror(ret < 0 ? -ret : ret));
	}
}

enum ab_status ab_job_run(const struct ab_job *job, struct ab_result *res)
{
	const struct ab_backend *b = job->backend;
	char why[AB_WHY_LEN] = "";
	int ret;

	memset(res, 0, sizeof(*res));
	res->job = *job;
	job_seq++;
	res->kat = AB_KAT_SKIP;
	res->cycles_per_byte = res->ns_per_op_median = 0;
	if (ab_backend_refuses(job, why)) {
		res->status = AB_STATUS_SKIPPED;
		snprintf(res->reason, sizeof(res->reason), "%s", why);
		return res->status;
	}
	if (trace_marker_on())
		mark(job, 0, TRACE_MARK_JOB_BEGIN, sched_getcpu(), 0);
	ret = b->probe ? b->probe(job, why) : 0; /* a note (1) was the command's to say */
	if (ret < 0) {
		set_status(res, ret, why);
	} else if (b->run_job) {
		if (!b->kat && b->open)
			kat_generic(job, res);
		if (res->status == AB_STATUS_OK)
			run_whole_job(job, res);
	} else {
		kat_generic(job, res);
		if (res->status == AB_STATUS_OK)
			time_threads(job, res);
	}
	if (res->status == AB_STATUS_OK)
		ab_result_stats(res);
	if (trace_marker_on()) {
		uint64_t ops = 0;

		for (unsigned int i = 0; i < res->n_samples; i++)
			ops += res->samples[i].ops;
		mark(job, res->n_samples, TRACE_MARK_JOB_END, sched_getcpu(), ops);
	}
	return res->status;
}
