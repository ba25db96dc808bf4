// SPDX-License-Identifier: GPL-2.0
/* Table rows and the end-of-run summary. */
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backends/backend.h"
#include "core/number.h"
#include "core/stats.h"
#include "result/result_json.h"
#include "run/table.h"
#include "sys/array.h"

void ab_report_init(struct ab_report *r)
{
	memset(r, 0, sizeof(*r));
}

void ab_report_free(struct ab_report *r)
{
	free(r->ok);
	memset(r, 0, sizeof(*r));
}

void ab_report_header(FILE *out, const struct ab_run_info *run, size_t n_jobs)
{
	fprintf(out,
		"# algbench %s: kernel %s, %s, %u CPUs usable, virtualized %s, CRYPTO_STATS %s; "
		"%zu jobs\n",
		run->id, run->kernel, run->cpu_model[0] ? run->cpu_model : "unknown CPU",
		run->smp_threads, run->virtualized, run->crypto_stats, n_jobs);
	/* c/B is TSC ticks on x86 (docs/result-json.md); elsewhere say what it counts */
	if (strcmp(run->cycle_counter.name, "tsc") && run->cycle_counter.usable)
		fprintf(out, "# c/B: %s ticks at %llu Hz (the system counter, not CPU cycles)\n",
			run->cycle_counter.name, (unsigned long long)run->cycle_counter.hz);
	else if (strcmp(run->cycle_counter.name, "tsc"))
		fprintf(out, "# c/B: unavailable: %s\n", run->cycle_counter.why);
	fprintf(out, "%-8s %-8s %-27s %4s %-8s %6s %3s %-4s %10s %8s %10s %10s %9s %6s  %s\n",
		"backend", "mode", "alg", "key", "op", "size", "thr", "kat", "MB/s", "+-MAD", "min",
		"max", "ns/op", "c/B", "driver");
	fflush(out);
}

void ab_report_row(FILE *out, const struct ab_result *res)
{
	const struct ab_job *j = &res->job;
	char key[16] = "-"; /* an unkeyed hash or compressor has no key size, not a 0-bit key */

	if (j->key->bits)
		snprintf(key, sizeof(key), "%u", j->key->bits);
	fprintf(out, "%-8s %-8s %-27s %4s %-8s %6zu %3u %-4s ", j->backend->name, j->mode,
		j->alg->name, key, ab_op_name(j->op), j->size, j->threads, ab_kat_name(res->kat));
	if (res->status != AB_STATUS_OK) {
		fprintf(out, "%s: %s\n", ab_status_name(res->status), res->reason);
		if (res->kat_detail[0] && res->kat == AB_KAT_FAIL)
			fprintf(out, "    %s\n", res->kat_detail);
	} else {
		fprintf(out, "%10.2f %8.2f %10.2f %10.2f %9.0f ", res->mbps.median, res->mbps.mad,
			res->mbps.min, res->mbps.max, res->ns_per_op_median);
		if (isfinite(res->cycles_per_byte))
			fprintf(out, "%6.2f", res->cycles_per_byte);
		else
			fprintf(out, "%6s", "-");
		fprintf(out, "  %s\n", res->driver);
		if (isfinite(res->instructions_per_op))
			fprintf(out,
				"    perf: %.0f instructions/op, %.2f instructions/byte, %.0f "
				"cycles/op, IPC %.2f (%s)\n",
				res->instructions_per_op, res->instructions_per_byte,
				res->pmu_cycles_per_op,
				res->pmu_cycles_per_op > 0
					? res->instructions_per_op / res->pmu_cycles_per_op
					: 0.0,
				res->perf_scope);
		else if (res->job.perf)
			fprintf(out, "    perf: unavailable: %s\n",
				res->perf_unavailable[0] ? res->perf_unavailable
							 : "no sample was counted");
	}
	fflush(out);
}

void ab_report_add(struct ab_report *r, const struct ab_result *res)
{
	const struct ab_job *j = &res->job;

	r->n_jobs++;
	r->n_skipped += res->status == AB_STATUS_SKIPPED;
	r->n_failed += res->status == AB_STATUS_FAILED;
	r->n_kat_pass += res->kat == AB_KAT_PASS;
	r->n_kat_fail += res->kat == AB_KAT_FAIL;
	if (res->status != AB_STATUS_OK)
		return;
	if (AB_ARRAY_RESERVE(r->ok, r->cap, r->n_ok))
		return;
	r->ok[r->n_ok++] = (struct ab_report_entry){ j->alg, j->key,  j->backend, j->mode,
						     j->op,  j->size, j->threads, res->mbps };
}

/* The same job but for its thread count (and, for compare_mode, its mode). */
static int same_but_threads(const struct ab_report_entry *a, const struct ab_report_entry *b)
{
	return a->alg == b->alg && a->key == b->key && a->backend == b->backend && a->op == b->op &&
	       a->size == b->size;
}

static int same_job(const struct ab_report_entry *a, const struct ab_report_entry *b)
{
	return same_but_threads(a, b) && a->threads == b->threads;
}

double ab_scaling_efficiency(double mbps_1, double mbps_n, unsigned int n)
{
	return mbps_1 > 0 && n ? mbps_n / (n * mbps_1) : NAN;
}

/*
 * One line per job that ran at 1 thread and at more: T(N)/(N*T(1)) of the
 * medians for each N, in the order the thread counts ran. 1.0 is perfect
 * scaling; shared state (a refcount, CRYPTO_STATS counters) pulls it down.
 */
/*
 * More than this is not scaling but a sign the 1-thread run was slowed (a
 * frequency step, another load, a cold cache) or the threads did not do N
 * times the work: said beside the number, never printed as if it were one.
 */
#define SCALING_SUSPECT 1.25

static void scaling_lines(FILE *out, const struct ab_report *r)
{
	for (size_t i = 0; i < r->n_ok; i++) {
		const struct ab_report_entry *one = &r->ok[i];
		int printed = 0;
		double worst = 0;
		unsigned int worst_n = 0;

		if (one->threads != 1)
			continue;
		for (size_t k = 0; k < r->n_ok; k++) {
			const struct ab_report_entry *m = &r->ok[k];

			if (m->threads < 2 || !same_but_threads(one, m) ||
			    strcmp(one->mode, m->mode))
				continue;
			if (!printed++) {
				/* "128-bit ", or nothing where there is no key */
				char key[24] = "";

				if (one->key->bits)
					snprintf(key, sizeof(key), "%u-bit ", one->key->bits);
				fprintf(out, "# scaling %s %s %s %s%s %zu: T(N)/(N*T(1))",
					one->backend->name, one->mode, one->alg->name, key,
					ab_op_name(one->op), one->size);
			}
			double eff =
				ab_scaling_efficiency(one->mbps.median, m->mbps.median, m->threads);

			fprintf(out, "%s N=%u %.3f", printed > 1 ? "," : "", m->threads, eff);
			if (eff > worst) {
				worst = eff;
				worst_n = m->threads;
			}
		}
		if (printed)
			fprintf(out, "\n");
		if (worst > SCALING_SUSPECT)
			fprintf(out,
				"# warning: efficiency %.2f at N=%u is above 1: N threads moved "
				"more "
				"than N times the 1-thread run; that run was likely slowed (noise, "
				"frequency, another load): rerun with more --repeats before "
				"reading "
				"these numbers\n",
				worst, worst_n);
	}
}

/* MODE of backend B against its baseline mode over every matching pair of OK jobs. */
static void compare_mode(FILE *out, const struct ab_report *r, const struct ab_backend *b,
			 const struct ab_mode *mode)
{
	double *ratio = calloc(r->n_ok ? r->n_ok : 1, sizeof(double));
	size_t n = 0, faster = 0, slower = 0;

	for (size_t i = 0; ratio && i < r->n_ok; i++) {
		const struct ab_report_entry *m = &r->ok[i];

		if (m->backend != b || strcmp(m->mode, mode->name))
			continue;
		for (size_t k = 0; k < r->n_ok; k++) {
			const struct ab_report_entry *s = &r->ok[k];

			if (strcmp(s->mode, mode->baseline) || !same_job(m, s) ||
			    s->mbps.median <= 0)
				continue;
			ratio[n++] = m->mbps.median / s->mbps.median;
			faster += m->mbps.min > s->mbps.max;
			slower += m->mbps.max < s->mbps.min;
		}
	}
	if (n) {
		double med = ab_median(ratio, n);

		fprintf(out,
			"# %s vs %s: %zu job pairs, median ratio %.3f; faster beyond noise in "
			"%zu, slower "
			"in %zu, within noise in %zu",
			mode->name, mode->baseline, n, med, faster, slower, n - faster - slower);
		if (mode->flags & AB_MODE_ZEROCOPY)
			fprintf(out, " -> %s",
				faster * 2 > n ? "zero-copy gain measured on this kernel"
					       : "no consistent zero-copy gain on this kernel");
		fprintf(out, "\n");
	}
	free(ratio);
}

/* Each backend once, in the order its first job ran. */
static int first_of_backend(const struct ab_report *r, size_t i)
{
	for (size_t k = 0; k < i; k++)
		if (r->ok[k].backend == r->ok[i].backend)
			return 0;
	return 1;
}

void ab_report_summary(FILE *out, const struct ab_report *r)
{
	fprintf(out, "# %zu jobs: %zu ok, %zu skipped, %zu failed; KAT %zu pass, %zu fail\n",
		r->n_jobs, r->n_ok, r->n_skipped, r->n_failed, r->n_kat_pass, r->n_kat_fail);
	for (size_t i = 0; i < r->n_ok; i++) {
		const struct ab_backend *b = r->ok[i].backend;

		if (!first_of_backend(r, i))
			continue;
		/* the rows name the comparisons: afalg's vmsplice and aio against sendmsg */
		for (const struct ab_mode *m = b->modes; m->name; m++)
			if (m->baseline)
				compare_mode(out, r, b, m);
	}
	scaling_lines(out, r);
}

/*
 * The exported columns: the result JSON's FIELD (SUB of it, for mbps), its
 * CSV name (the unit in the name) and its markdown title (NULL: CSV only).
 */
static const struct export_column {
	const char *field, *sub, *csv, *md;
} export_columns[] = {
	{ "backend", NULL, "backend", "backend" },
	{ "mode", NULL, "mode", "mode" },
	{ "alg", NULL, "alg", "alg" },
	{ "keybits", NULL, "key_bits", "key [bit]" },
	{ "op", NULL, "op", "op" },
	{ "size", NULL, "size_bytes", "size [B]" },
	{ "threads", NULL, "threads", "threads" },
	{ "kat", NULL, "kat", NULL },
	{ "mbps", "median", "median_MB_per_s", "median [MB/s]" },
	{ "mbps", "min", "min_MB_per_s", "min [MB/s]" },
	{ "mbps", "max", "max_MB_per_s", "max [MB/s]" },
	{ "mbps", "mad", "mad_MB_per_s", NULL },
	{ "ns_per_op_median", NULL, "ns_per_op_median", NULL },
	{ "cycles_per_byte", NULL, "cycles_per_byte", NULL },
	{ "driver", NULL, "driver", "driver" },
	{ "status", NULL, "status", "status" },
	{ "reason", NULL, "reason", NULL },
};

#define N_EXPORT_COLUMNS (sizeof(export_columns) / sizeof(export_columns[0]))

void ab_table_export_header(FILE *out, enum ab_table_format fmt)
{
	for (size_t i = 0; i < N_EXPORT_COLUMNS; i++) {
		const struct export_column *c = &export_columns[i];

		if (fmt == AB_TABLE_CSV)
			fprintf(out, "%s%s", i ? "," : "", c->csv);
		else if (c->md)
			fprintf(out, "| %s ", c->md);
	}
	if (fmt == AB_TABLE_MARKDOWN) {
		fprintf(out, "|\n");
		for (size_t i = 0; i < N_EXPORT_COLUMNS; i++)
			if (export_columns[i].md)
				fprintf(out, "|%s", export_columns[i].sub ? "---:" : "---");
	}
	fprintf(out, "%s\n", fmt == AB_TABLE_MARKDOWN ? "|" : "");
	fflush(out);
}

/* TEXT as one CSV field: quoted (quotes doubled) when it holds a comma, quote or line break. */
static void csv_field(FILE *out, const char *text)
{
	bool quote = strpbrk(text, ",\"\r\n") != NULL;

	if (quote)
		fputc('"', out);
	for (; *text; text++) {
		if (*text == '"')
			fputc('"', out);
		fputc(*text, out);
	}
	if (quote)
		fputc('"', out);
}

/* TEXT as one markdown cell: '|' escaped, line breaks as blanks. */
static void md_cell(FILE *out, const char *text)
{
	fputs("| ", out);
	for (; *text; text++) {
		if (*text == '|')
			fputc('\\', out);
		fputc(*text == '\n' || *text == '\r' ? ' ' : *text, out);
	}
	fputc(' ', out);
}

/* V as the result file writes it (jansson's own digits), "" when absent or null; malloc'd. */
static char *json_text(const json_t *v)
{
	if (json_is_string(v))
		return strdup(json_string_value(v));
	if (!v || json_is_null(v))
		return strdup("");
	return json_dumps(v, JSON_ENCODE_ANY);
}

/* MBPS's WHICH (median, min, max) at the median's decimals by the one rounding rule; "-" if none.
 */
static void md_mbps(const json_t *mbps, const char *which, char *buf, size_t len)
{
	const json_t *median = json_object_get(mbps, "median");
	double half = (json_real_value(json_object_get(mbps, "max")) -
		       json_real_value(json_object_get(mbps, "min"))) /
		      2;

	if (!json_is_real(median)) {
		snprintf(buf, len, "-");
		return;
	}
	ab_fmt_decimals(buf, len, json_real_value(json_object_get(mbps, which)),
			ab_round_decimals(json_real_value(median), half));
}

/* One cell of column C from result O, the way FMT writes it; 0 or -ENOMEM. */
static int export_cell(FILE *out, enum ab_table_format fmt, const struct export_column *c,
		       const json_t *o)
{
	const json_t *v = json_object_get(o, c->field), *reason = json_object_get(o, "reason");
	char num[64], *text;

	if (fmt == AB_TABLE_MARKDOWN && c->sub) {
		md_mbps(v, c->sub, num, sizeof(num));
		md_cell(out, num);
		return 0;
	}
	/* as in the text table: no key is "-" for a reader (CSV keeps the file's 0) */
	if (fmt == AB_TABLE_MARKDOWN && !strcmp(c->field, "keybits") &&
	    json_integer_value(v) == 0) {
		md_cell(out, "-");
		return 0;
	}
	if (c->sub)
		v = json_object_get(v, c->sub);
	/* markdown has no reason column: a job that did not run says why in its status cell */
	if (fmt == AB_TABLE_MARKDOWN && !strcmp(c->field, "status") && json_is_string(reason)) {
		if (asprintf(&text, "%s: %s", json_string_value(v), json_string_value(reason)) < 0)
			text = NULL;
	} else {
		text = json_text(v);
	}
	if (!text)
		return -ENOMEM;
	if (fmt == AB_TABLE_CSV)
		csv_field(out, text);
	else
		md_cell(out, text);
	free(text);
	return 0;
}

int ab_table_export_row(FILE *out, enum ab_table_format fmt, const struct ab_result *res)
{
	json_t *o = ab_result_to_json(res, res->job.backend->name);
	int err = o ? 0 : -ENOMEM;

	for (size_t i = 0; i < N_EXPORT_COLUMNS && !err; i++) {
		if (fmt == AB_TABLE_MARKDOWN && !export_columns[i].md)
			continue;
		if (fmt == AB_TABLE_CSV && i)
			fputc(',', out);
		err = export_cell(out, fmt, &export_columns[i], o);
	}
	json_decref(o);
	if (!err)
		fprintf(out, "%s\n", fmt == AB_TABLE_MARKDOWN ? "|" : "");
	fflush(out);
	return err;
}
