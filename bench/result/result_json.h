/* SPDX-License-Identifier: GPL-2.0 */
#ifndef ALGBENCH_RESULT_JSON_H
#define ALGBENCH_RESULT_JSON_H

#include <jansson.h>

#include "core/error.h"
#include "core/job.h"
#include "sys/host.h"

/*
 * result/: the result file's format in one place, schema "algbench/1"
 * (docs/result-json.md): its writer, its one loader and schema check, the
 * job identity key, and the summary fields every writer of results (run,
 * merge) sets the same way.
 *
 * The writer rewrites a regular file through a temporary file and rename()
 * after a result when the last rewrite is a second old, and at
 * ab_json_close(), so an interrupted run keeps the jobs it finished (the
 * commands flush on SIGINT and SIGTERM); "-" means stdout, and any other
 * stream (/dev/null, a FIFO) is written once at ab_json_close()
 * (sys/json_out.h).
 */

#define AB_SCHEMA "algbench/1"

/*
 * DOC is a result file: an object with "schema": AB_SCHEMA, a "results"
 * array and, when there, a "run" object. 0, or -EINVAL and WHY.
 */
int ab_result_check(const json_t *doc, char why[AB_WHY_LEN]);

/*
 * The one loader: PATH read as a regular file only (a FIFO is refused, never
 * waited on), JSON with duplicate keys refused, then ab_result_check(). The
 * document, or NULL and WHY (without the path; the command prints
 * "algbench CMD: PATH: WHY").
 */
json_t *ab_result_load(const char *path, char why[AB_WHY_LEN]);

/*
 * RES's summary into the result object O: mbps {median, min, max, mad},
 * ns_per_op_median and cycles_per_byte, null where not finite. run writes
 * it for each job, merge recomputes it over every round's samples.
 */
int ab_result_set_summary(json_t *o, const struct ab_result *res);

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

/*
 * A writer for PATH ("-": stdout) into *OUT, the file opened and checked
 * once (sys/json_out.h): 0, or -errno with WHY when PATH cannot be written
 * (checked now, before any job runs). The caller says so: the writer prints
 * nothing.
 */
int ab_json_open(const char *path, const struct ab_run_info *run, struct ab_json_writer **out,
		 char why[AB_WHY_LEN]);
/*
 * RES plus the members of EXTRAS (an object, reference taken; may be NULL)
 * appended, and (for a file) the file rewritten atomically. 0 or -errno with WHY.
 */
int ab_json_add_extra(struct ab_json_writer *w, const struct ab_result *res, const char *backend,
		      json_t *extras, char why[AB_WHY_LEN]);
/* VALUE (reference taken) as "run".KEY, written with the next result or at close. 0 or -ENOMEM. */
int ab_json_set_run(struct ab_json_writer *w, const char *key, json_t *value);
/* Final write, free. 0 or -errno with WHY. */
int ab_json_close(struct ab_json_writer *w, char why[AB_WHY_LEN]);

/*
 * The job key of a result object: its (backend, type, alg, op, keylen, size,
 * threads, mode) as one string "afalg aead gcm(aes) encrypt 16 4096 1
 * sendmsg", whole however long (malloc'd; NULL when out of memory), and, if
 * IDENT is not NULL, the same fields as a new JSON object. A field is '-'
 * when absent, a string as it is when it is a plain name, anything else
 * (a string with a space, quote, backslash or control byte, an empty one,
 * one that could be read as another kind of field; a number) as compact
 * JSON: "gcm(aes) encrypt" is "\"gcm(aes) encrypt\"", so two keys are equal
 * only when every field is. Results with the same key are the same job
 * (compare pairs them, merge joins their rounds).
 */
char *ab_job_key(const json_t *result, json_t **ident);

#endif
