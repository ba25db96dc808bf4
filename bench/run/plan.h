/* SPDX-License-Identifier: GPL-2.0 */
#ifndef ALGBENCH_PLAN_H
#define ALGBENCH_PLAN_H

#include "core/error.h"
#include "core/job.h"

/*
 * What `algbench run` and `algbench suite` were asked to do: the parsed
 * flags, and the job list they expand to. Parsing is separate from running
 * so the host tests can check it.
 */

#define AB_MAX_LIST 64

struct ab_plan {
	const struct ab_backend *backends[AB_MAX_LIST];
	unsigned int n_backends;
	const struct ab_alg *algs[AB_MAX_LIST];
	unsigned int n_algs;
	unsigned int types; /* bit per enum ab_type; 0: all */
	unsigned int ops;   /* bit per enum ab_op; 0: all that apply */
	unsigned int keybits[AB_MAX_LIST];
	unsigned int n_keybits; /* 0: every key size */
	const char *modes[AB_MAX_LIST];
	unsigned int n_modes; /* 0: every mode of each backend */
	size_t sizes[AB_MAX_LIST];
	unsigned int n_sizes;
	unsigned int threads[AB_MAX_LIST];
	unsigned int n_threads;
	double seconds, warmup;
	unsigned int repeats;
	int interleave;		  /* --interleave: the jobs take turns, one sample each per pass */
	const char *out;	  /* JSON path, directory (DIR/<run-id>.json) or "-"; NULL: none */
	int quiet;		  /* no table or progress line; needs --json, --csv or --markdown */
	int quick;		  /* --quick: the short plan (an AB_OPT_PRESET) */
	int csv, markdown;	  /* the result table on stdout as CSV or a GitHub table */
	int dry_run;		  /* print the jobs, run none */
	int trace;		  /* --trace: each job's crypto counters from probes (trace/) */
	const char *trace_engine; /* --trace-engine auto|bpf|tracefs */
	const char *energy_model; /* --energy-model SRC (em/em_source.h); NULL: none */
	int perf;	 /* --perf: hardware cycles and instructions per sample (sys/perf.h) */
	double start_at; /* --start-at: wall-clock (epoch) second to start at; 0: now */
};

/* Largest payload: AF_ALG's socket buffers and libkcapi's one-shot calls. */
#define AB_MAX_SIZE (1u << 20)

/*
 * Parsers for one flag's value. 0, or -EINVAL (-E2BIG: too many items)
 * with a message in WHY (AB_WHY_LEN) naming the bad item.
 */
int ab_parse_sizes(const char *s, struct ab_plan *p, char why[AB_WHY_LEN]); /* 16,64,4k */
int ab_parse_threads(const char *s, unsigned int ncpu, struct ab_plan *p,
		     char why[AB_WHY_LEN]); /* 1,2,all */
int ab_parse_backends(const char *s, struct ab_plan *p, char why[AB_WHY_LEN]);
int ab_parse_algs(const char *s, struct ab_plan *p, char why[AB_WHY_LEN]);
int ab_parse_types(const char *s, struct ab_plan *p, char why[AB_WHY_LEN]);
int ab_parse_ops(const char *s, struct ab_plan *p, char why[AB_WHY_LEN]);
int ab_parse_keys(const char *s, struct ab_plan *p, char why[AB_WHY_LEN]);
int ab_parse_modes(const char *s, struct ab_plan *p, char why[AB_WHY_LEN]);

/*
 * Expand P into jobs (malloc'd). An algorithm that no chosen backend can
 * run still gets one job, which the harness reports as skipped. 0, or -1
 * with WHY when nothing is left to run or a --mode is none of the chosen
 * backends' (--mode evp --backend afalg).
 */
int ab_plan_jobs(const struct ab_plan *p, struct ab_job **jobs, size_t *n, char why[AB_WHY_LEN]);

#endif
