/* SPDX-License-Identifier: GPL-2.0 */
#ifndef ALGBENCH_BACKEND_H
#define ALGBENCH_BACKEND_H

#include <stddef.h>
#include <stdint.h>

#include "core/job.h"


/*
 * backends: a backend is one struct of operations, like fio's ioengines: afalg
 * (libkcapi), openssl (EVP), kmod (algbench.ko). docs/backends.md explains
 * the two ways a backend can run a job and what the harness does around it.
 */

/*
 * The operations. Every function pointer except name/summary/types/modes is
 * optional, in two combinations:
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
struct ab_backend {
	const char *name;
	const char *summary;
	unsigned int types;	  /* bit (1u << AB_AEAD) ... per type it can run */
	const char *const *modes; /* NULL-terminated; modes[0] is the default */

	/*
	 * Does this backend ever run JOB's combination (hash x aio, acomp over
	 * 64 KiB)? Pure: no I/O, no module loading; the plan asks it for every
	 * job, dry runs included. 0, or -EOPNOTSUPP/-EINVAL and WHY.
	 */
	int (*supports)(const struct ab_job *job, char *why);
	/* Can JOB run here? 0, or -errno and WHY (module missing, no EVP name). */
	int (*probe)(const struct ab_job *job, char *why);
	/* The driver implementing JOB's algorithm ("" if the backend cannot tell). */
	void (*driver)(const struct ab_job *job, char *buf, size_t len);

	int (*open)(const struct ab_job *job, const struct ab_vector *v, void **ctx, char *why);
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
int ab_backend_has_mode(const struct ab_backend *b, const char *mode);
int ab_backend_runs(const struct ab_backend *b, enum ab_type type);

#endif
