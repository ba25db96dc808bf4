/* SPDX-License-Identifier: GPL-2.0 */
/*
 * core: the job model every room shares: what a job is, what one sample
 * holds, what a result carries, and how an errno becomes skipped or failed.
 */
#ifndef ALGBENCH_JOB_H
#define ALGBENCH_JOB_H

#include <stddef.h>
#include <stdint.h>

#include "core/catalogue.h"
#include "core/error.h"

#define AB_NAME_LEN	  128 /* algorithm and driver names (CRYPTO_MAX_NAME is 64) */
#define AB_KAT_DETAIL_LEN 512 /* "got ... want ..." in hex, truncated */

struct ab_backend; /* backends/backend.h */

/* One benchmark job: what to run, how, for how long. */
struct ab_job {
	const struct ab_alg *alg;
	const struct ab_keysize *key; /* one of alg->keys */
	const struct ab_backend *backend;
	enum ab_op op;
	const char *mode;     /* one of backend->modes */
	size_t size;	      /* payload bytes per operation */
	unsigned int threads; /* pinned threads, one per CPU, 1..nproc */
	double seconds;	      /* length of one sample window */
	double warmup;	      /* seconds of untimed operations before the first sample */
	unsigned int repeats; /* samples */
	int perf;	      /* --perf: count cycles and instructions (sys/perf.h) */
	int interleaved;      /* its samples came one per pass of the whole plan (--interleave) */
};

/*
 * The fixed inputs of one operation. For aead decrypt, in is ciphertext||tag
 * made by the reference; for every op, expect is the reference's output in
 * canonical form (aead encrypt: ciphertext||tag, without the AAD; hash: the
 * digest) or NULL when there is no reference.
 */
struct ab_vector {
	const uint8_t *key;
	unsigned int keylen;
	const uint8_t *iv;
	unsigned int ivlen;
	const uint8_t *aad;
	unsigned int aadlen;
	const uint8_t *in;
	size_t inlen;
	const uint8_t *expect;
	size_t expectlen;
};

/* One thread's (one CPU's) part of a timed window. */
struct ab_cpu_sample {
	unsigned int cpu; /* the CPU the thread was pinned to */
	uint64_t ops, bytes, ns;
};

/* One timed window: totals over all threads, wall time of the slowest. */
struct ab_sample {
	uint64_t ops;
	uint64_t bytes;
	uint64_t ns;
	uint64_t cycles; /* TSC ticks summed over threads; 0: not measured */
	/*
	 * The harness's own time before this window: from the last thread's
	 * end of the previous window to the last thread's start of this one
	 * (barrier release, failure check). 0: first window, or not measured
	 * (kmod).
	 */
	uint64_t harness_ns;
	/* --perf: hardware cycles and instructions of the window; 0: not counted */
	uint64_t pmu_cycles, pmu_instructions;
	unsigned int n_cpus;	       /* entries in per_cpu; 0: not kept */
	struct ab_cpu_sample *per_cpu; /* ab_sample_alloc_cpus(); ab_result_free() frees */
};

struct ab_spread {
	double median, min, max, mad;
};

enum ab_status {
	AB_STATUS_OK,
	AB_STATUS_SKIPPED, /* cannot run here: algorithm, module or interface absent */
	AB_STATUS_FAILED,  /* should run but did not: KAT mismatch, key refused, I/O error */
};

enum ab_kat {
	AB_KAT_SKIP, /* the check did not run (the job was skipped or failed before it) */
	AB_KAT_PASS,
	AB_KAT_FAIL,
	AB_KAT_NONE, /* nothing to check against: kat_detail says why (no second implementation) */
};

struct ab_result {
	struct ab_job job;
	char driver[AB_NAME_LEN]; /* driver the kernel bound, "" if unknown/n.a. */
	enum ab_status status;
	char reason[AB_WHY_LEN]; /* why skipped or failed */
	enum ab_kat kat;
	char kat_detail[AB_KAT_DETAIL_LEN];
	unsigned int n_samples;
	struct ab_sample *samples; /* ab_result_alloc_samples(); freed by ab_result_free() */
	struct ab_spread mbps;	   /* MB/s = 1e6 bytes per second, over samples */
	double ns_per_op_median;
	double cycles_per_byte; /* NAN when the TSC is not invariant */
	/* --perf: medians over the counted samples; NAN when none was counted */
	double instructions_per_op, instructions_per_byte, pmu_cycles_per_op;
	const char *perf_scope;		   /* what was counted: AB_PERF_SCOPE_* */
	char perf_unavailable[AB_WHY_LEN]; /* --perf but not counted: why */
};

#define AB_PERF_SCOPE_THREADS "threads" /* each worker thread, its syscalls' kernel work too */
#define AB_PERF_SCOPE_CPUS                                                                         \
	"cpus-line" /* every task on the job's CPUs over the whole kmod job line */

/* ENOENT, EAFNOSUPPORT, ENOPKG, ELIBBAD ... -> skipped; anything else failed. */
enum ab_status ab_status_from_errno(int err);
const char *ab_status_name(enum ab_status s);
const char *ab_kat_name(enum ab_kat k);

/* For run_job backends: room for N samples in RES (n_samples set to 0). */
int ab_result_alloc_samples(struct ab_result *res, unsigned int n);
void ab_result_free(struct ab_result *res);

/* Room for N per-CPU entries in S (n_cpus set to N, entries zeroed). */
int ab_sample_alloc_cpus(struct ab_sample *s, unsigned int n);

#endif
