/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The crypto_user conformance suite: shared state and the check table's row
 * type, so groups of checks can live in their own files (conform_*.c) and
 * be listed in the one table in conform.c.
 */
#ifndef ALGBENCH_CONFORM_H
#define ALGBENCH_CONFORM_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

#include "core/error.h"
#include "crypto_user.h"
#include "sys/tap.h" /* a check's verdict is a TAP verdict */

struct priv_result {
	bool ran;
	bool dropped;	      /* the child ran without CAP_NET_ADMIN */
	char how[AB_WHY_LEN]; /* how privileges were dropped, or why not */
	int err[4];	      /* NEWALG, DELALG, UPDATEALG, DELRNG */
	bool changed_known;
	bool changed;
};

struct conform_ctx {
	bool tap;
	struct cu_sock *s;
	struct cu_alg *algs; /* the GETALG dump the checks work from */
	size_t n_algs;
	struct pc_alg *proc; /* /proc/crypto read next to that dump */
	size_t n_proc;
	int stats; /* 1 on, 0 off, -1 cannot tell */
	char stats_why[AB_WHY_LEN];
	char target[CRYPTO_MAX_NAME]; /* a template instance for DELALG/UPDATEALG */
	int32_t target_prio;
	struct priv_result priv;
	int kmsg_fd;		       /* /dev/kmsg read from the start of the run, or -1 */
	unsigned counting_version;     /* 100 * major + minor whose counting rules apply */
	char counting_why[AB_WHY_LEN]; /* "uname -r" or "--as-version X.Y" */
	struct trace_session *trace;   /* --trace: algbench trace's probes, installed; else NULL */
};

struct conform_check {
	const char *name;
	enum ab_tap_verdict (*run)(struct conform_ctx *c, const void *arg, char why[AB_WHY_LEN]);
	const void *arg;
};

/* The groups, each a table in its own file. */
extern const struct conform_check conform_alg_checks[], conform_priv_checks[], conform_bad_checks[],
	conform_counter_checks[], conform_trace_checks[], conform_dmesg_checks[];
extern const size_t conform_n_alg_checks, conform_n_priv_checks, conform_n_bad_checks,
	conform_n_counter_checks, conform_n_trace_checks, conform_n_dmesg_checks;
#define CONFORM_ROWS(t) (sizeof(t) / sizeof((t)[0]))

/* A "# ..." diagnostic line in TAP, an indented note otherwise. */
void conform_diag(const struct conform_ctx *c, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* The GETALG dump into a malloc'ed array. 0 or -errno. */
int conform_dump(struct cu_sock *s, struct cu_alg **algs, size_t *n);

#endif
