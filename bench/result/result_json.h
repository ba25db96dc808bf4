/* SPDX-License-Identifier: GPL-2.0 */
#ifndef ALGBENCH_RESULT_JSON_H
#define ALGBENCH_RESULT_JSON_H

#include <jansson.h>

#include "core/job.h"
#include "sys/host.h"

/*
 * Result JSON, schema "algbench/1" (docs/result-json.md). A file
 * is rewritten through a temporary file and rename() after a result when
 * the last rewrite is a second old, and at ab_json_close(), so an
 * interrupted run keeps the jobs it finished (the commands flush on SIGINT
 * and SIGTERM); "-" means stdout, written once at ab_json_close().
 */

#define AB_SCHEMA "algbench/1"

json_t *ab_run_info_to_json(const struct ab_run_info *run);
/*
 * RES as a result object. BACKEND is the name of RES's backend: the job
 * model holds the backend's row, which this room does not link (the caller,
 * run/, does: res->job.backend->name).
 */
json_t *ab_result_to_json(const struct ab_result *res, const char *backend);
/*
 * --perf's summary of RES: {scope, instructions_per_op, instructions_per_byte,
 * cycles_per_op} (medians) when samples were counted, {unavailable: why} when
 * not, NULL when RES has neither.
 */
json_t *ab_perf_summary_json(const struct ab_result *res);

struct ab_json_writer;

/* NULL with errno set and a message on stderr if PATH cannot be written. */
struct ab_json_writer *ab_json_open(const char *path, const struct ab_run_info *run);
/* Append RES and (for a file) rewrite it atomically. 0 or -errno. */
int ab_json_add(struct ab_json_writer *w, const struct ab_result *res, const char *backend);
/* The same plus the members of EXTRAS (an object, reference taken; may be NULL). */
int ab_json_add_extra(struct ab_json_writer *w, const struct ab_result *res, const char *backend,
		      json_t *extras);
/* VALUE (reference taken) as "run".KEY, written with the next result or at close. 0 or -ENOMEM. */
int ab_json_set_run(struct ab_json_writer *w, const char *key, json_t *value);
/* Final write, free. 0 or -errno. */
int ab_json_close(struct ab_json_writer *w);

/*
 * The job key of a result object: its (backend, type, alg, op, keylen, size,
 * threads, mode) as one string "afalg aead gcm(aes) encrypt 16 4096 1
 * sendmsg" ('-' for a field it lacks), and, if IDENT is not NULL, the same
 * fields as a new JSON object. Results with the same key are the same job
 * (compare pairs them, merge joins their rounds).
 */
void ab_job_key(json_t *result, char *buf, size_t len, json_t **ident);

#endif
