/* SPDX-License-Identifier: GPL-2.0 */
#ifndef ALGBENCH_BACKEND_H
#define ALGBENCH_BACKEND_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "core/error.h"
#include "core/job.h"

/*
 * backends: a backend is one struct of operations, like fio's ioengines: afalg
 * (libkcapi), openssl (EVP), kmod (algbench.ko). docs/backends.md explains
 * the two ways a backend can run a job and what the harness does around it.
 */

/*
 * One access mode of a backend (the JSON's "mode", --mode's word), with
 * what the others need to know about it, so the plan, the harness and the
 * run's table (run/table.c) read the row instead of comparing names (fio's
 * ioengine flags).
 */
#define AB_MODE_ASYNC	 (1u << 0) /* several requests outstanding (afalg aio, kmod async) */
#define AB_MODE_ZEROCOPY (1u << 1) /* the payload's pages are handed over (afalg vmsplice) */

struct ab_mode {
	const char *name;
	unsigned int flags;	  /* AB_MODE_* */
	const char *baseline;	  /* the run's summary sets this mode against that one, or NULL */
	unsigned int no_types;	  /* bit (1u << AB_HASH) ... per type this mode never runs */
	const char *no_types_why; /* why: "AF_ALG hashes have no aio (...)" */
};

/*
 * The operations. Every function pointer is optional, in two combinations:
 *
 *  - per-operation: open/op/output/close. The shared harness does the KAT
 *    (open with the KAT vector, op, output, compare), then starts the pinned
 *    threads, each with its own open() handle, and times op() calls.
 *  - whole job: run_job. The backend times the job itself (kmod: inside the
 *    kernel) and fills res->samples (and res->driver); the harness still
 *    computes the statistics. With run_job, kat() does the known-answer check
 *    (set res->kat and res->kat_detail); without kat() the KAT is skipped.
 *
 * Errors are -errno with a message in WHY (AB_WHY_LEN bytes) that names the
 * thing, the cause and the fix. ab_status_from_errno() sorts them.
 */
/* What a backend needs of an algorithm's row (struct ab_backend.needs). */
#define AB_NEEDS_EVP (1u << 0) /* an OpenSSL name for the key size (ab_keysize.evp) */

struct ab_backend {
	const char *name;
	unsigned int needs; /* AB_NEEDS_*: a row without it is skipped by the backend's probe */
	unsigned int types; /* bit (1u << AB_AEAD) ... per type it can run */
	/* for each type not in types: why not, as a skipped row says it (stress-ng) */
	const char *type_why[AB_N_TYPES];
	const struct ab_mode *modes; /* ended by a row without name; modes[0] is the default */

	/*
	 * Does this backend ever run JOB's combination (acomp over 64 KiB),
	 * beyond what types and the modes' no_types say? Pure: no I/O, no
	 * module loading; the plan asks it for every job, dry runs included.
	 * 0, or -EOPNOTSUPP/-EINVAL and WHY.
	 */
	int (*supports)(const struct ab_job *job, char why[AB_WHY_LEN]);
	/*
	 * Can JOB run here? 0; 1 with a note in WHY for the command to say (the
	 * module was loaded from the build, not installed); or -errno and WHY
	 * (module missing, no EVP name).
	 */
	int (*probe)(const struct ab_job *job, char why[AB_WHY_LEN]);
	/* The driver implementing JOB's algorithm ("" if the backend cannot tell). */
	void (*driver)(const struct ab_job *job, char *buf, size_t len);

	int (*open)(const struct ab_job *job, const struct ab_vector *v, void **ctx,
		    char why[AB_WHY_LEN]);
	int (*op)(void *ctx);
	/* The last op's output in canonical form (see struct ab_vector). */
	int (*output)(void *ctx, const uint8_t **out, size_t *len);
	void (*close)(void *ctx);

	int (*kat)(const struct ab_job *job, struct ab_result *res);
	int (*run_job)(const struct ab_job *job, struct ab_result *res);
};

/* The registered backends (backend.c holds the only table). */
extern const struct ab_backend *const ab_backends[];
extern const size_t ab_backends_len;

const struct ab_backend *ab_backend_find(const char *name);
/* B's mode row named MODE, or NULL. */
const struct ab_mode *ab_backend_mode(const struct ab_backend *b, const char *mode);
/* JOB's mode row (job->mode is one of job->backend's modes). */
const struct ab_mode *ab_job_mode(const struct ab_job *job);
int ab_backend_runs(const struct ab_backend *b, enum ab_type type);
/* Whether B runs ALG's type and ALG has what B needs (its first key size's EVP name). */
int ab_backend_runs_alg(const struct ab_backend *b, const struct ab_alg *alg);
/*
 * -EOPNOTSUPP and WHY when JOB's backend or mode never runs its type (the
 * rows' types, type_why, no_types); 0 otherwise.
 */
int ab_backend_refuses(const struct ab_job *job, char why[AB_WHY_LEN]);
/* Each backend's name, each mode's name once: each and a space on OUT (completion). */
void ab_backend_words(FILE *out);
void ab_mode_words(FILE *out);
/* "afalg: sendmsg, vmsplice, aio; openssl: evp; ..." from the table, for --help. */
void ab_backend_modes_text(char *buf, size_t len);
/* The same for the N backends at BS (a plan's), for its messages. */
void ab_backend_modes_text_of(const struct ab_backend *const *bs, size_t n, char *buf, size_t len);

#endif
