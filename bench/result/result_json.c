// SPDX-License-Identifier: GPL-2.0
/* Result JSON, schema algbench/1 (docs/result-json.md), on jansson. */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/stats.h"
#include "result/result_json.h"
#include "sys/cpu.h"
#include "sys/json_out.h"
#include "version.h"

/* Rewrite a result file at most this often (each rewrite copies it all). */
#define REWRITE_NS 1000000000ull

json_t *ab_run_info_to_json(const struct ab_run_info *run)
{
	const struct ab_cycle_counter *c = &run->cycle_counter;
	json_t *o, *counter;
	int err;

	/* {name, hz: N or null} when samples carry its ticks, else {name, unavailable} */
	if (c->usable)
		counter = json_pack("{s:s, s:o}", "name", c->name, "hz",
				    c->hz ? json_integer((json_int_t)c->hz) : json_null());
	else
		counter = json_pack("{s:s, s:s}", "name", c->name[0] ? c->name : "none",
				    "unavailable", c->why[0] ? c->why : "not probed");
	o = json_pack("{s:s, s:s, s:s, s:{s:s, s:s, s:I, s:I, s:s, s:s, s:s, s:s, s:s, s:s, "
		      "s:s, s:I, s:I}}",
		      "id", run->id, "started", run->started, "tool_version", ALGBENCH_VERSION,
		      "host", "kernel", run->kernel, "cpu_model", run->cpu_model, "nproc",
		      (json_int_t)run->nproc, "smp_threads", (json_int_t)run->smp_threads,
		      "crypto_stats", run->crypto_stats, "config_source", run->config_source,
		      "virtualized", run->virtualized, "clocksource", run->clocksource, "governor",
		      run->tuning.governor, "turbo", run->tuning.turbo, "smt", run->tuning.smt,
		      "packages", (json_int_t)run->tuning.packages, "cores",
		      (json_int_t)run->tuning.cores);
	if (!o) {
		json_decref(counter);
		return NULL;
	}
	/* each set takes its value whether or not it succeeds: call both */
	err = json_object_set_new(json_object_get(o, "host"), "cycle_counter", counter);
	err |= json_object_set_new(
		json_object_get(o, "host"), "loadavg",
		isfinite(run->loadavg[0])
			? json_pack("[f, f, f]", run->loadavg[0], run->loadavg[1], run->loadavg[2])
			: json_null());
	if (err) {
		json_decref(o);
		return NULL;
	}
	return o;
}

static json_t *per_cpu_to_json(const struct ab_sample *s)
{
	json_t *arr = json_array();

	for (unsigned int i = 0; i < s->n_cpus; i++) {
		const struct ab_cpu_sample *c = &s->per_cpu[i];

		json_array_append_new(arr,
				      json_pack("{s:I, s:I, s:I, s:I}", "cpu", (json_int_t)c->cpu,
						"ops", (json_int_t)c->ops, "bytes",
						(json_int_t)c->bytes, "ns", (json_int_t)c->ns));
	}
	return arr;
}

static json_t *samples_to_json(const struct ab_result *res)
{
	json_t *arr = json_array();

	for (unsigned int i = 0; i < res->n_samples; i++) {
		const struct ab_sample *s = &res->samples[i];
		json_t *o = json_pack("{s:I, s:I, s:I}", "ops", (json_int_t)s->ops, "bytes",
				      (json_int_t)s->bytes, "ns", (json_int_t)s->ns);

		if (s->cycles)
			json_object_set_new(o, "cycles", json_integer((json_int_t)s->cycles));
		if (s->harness_ns)
			json_object_set_new(o, "harness_ns",
					    json_integer((json_int_t)s->harness_ns));
		if (s->pmu_instructions)
			json_object_set_new(o, "perf",
					    json_pack("{s:I, s:I}", "cycles",
						      (json_int_t)s->pmu_cycles, "instructions",
						      (json_int_t)s->pmu_instructions));
		if (s->n_cpus)
			json_object_set_new(o, "per_cpu", per_cpu_to_json(s));
		json_array_append_new(arr, o);
	}
	return arr;
}

/*
 * The medians scripts would otherwise compute in jq (each with its own
 * definition of a median): per CPU, the median over samples of its own MB/s
 * (scripts/contention-control), and the median harness_ns
 * (scripts/smp-scaling). Set on O when the samples carry them.
 */
static int set_run_medians(json_t *o, const struct ab_result *res)
{
	unsigned int n = res->n_samples, n_cpus = n ? res->samples[0].n_cpus : 0, k = 0;
	double *v = calloc(n ? n : 1, sizeof(*v));
	json_t *cpus = NULL;
	int ret = -ENOMEM;

	if (!v)
		return -ENOMEM;
	for (unsigned int i = 0; i < n; i++)
		if (res->samples[i].harness_ns)
			v[k++] = (double)res->samples[i].harness_ns;
	if (k && json_object_set_new(o, "harness_ns_median", json_real(ab_median(v, k))))
		goto out;
	/* per CPU, by position: every sample's threads are pinned alike */
	if (n_cpus && !(cpus = json_array()))
		goto out;
	for (unsigned int c = 0; c < n_cpus; c++) {
		unsigned int cpu = res->samples[0].per_cpu[c].cpu;

		k = 0;
		for (unsigned int i = 0; i < n; i++) {
			const struct ab_sample *s = &res->samples[i];

			if (c < s->n_cpus && s->per_cpu[c].cpu == cpu && s->per_cpu[c].ns)
				v[k++] = ab_sample_mbps((double)s->per_cpu[c].bytes,
							(double)s->per_cpu[c].ns);
		}
		if (k && json_array_append_new(cpus, json_pack("{s:I, s:f}", "cpu", (json_int_t)cpu,
							       "mbps_median", ab_median(v, k))))
			goto out;
	}
	if (cpus && json_object_set(o, "per_cpu_mbps", cpus))
		goto out;
	ret = 0;
out:
	json_decref(cpus);
	free(v);
	return ret;
}

json_t *ab_perf_summary_json(const struct ab_result *res)
{
	if (isfinite(res->instructions_per_op) && res->perf_scope)
		return json_pack("{s:s, s:o, s:o, s:o}", "scope", res->perf_scope,
				 "instructions_per_op", json_real(res->instructions_per_op),
				 "instructions_per_byte",
				 ab_json_real_or_null(res->instructions_per_byte), "cycles_per_op",
				 ab_json_real_or_null(res->pmu_cycles_per_op));
	if (res->perf_unavailable[0])
		return json_pack("{s:s}", "unavailable", res->perf_unavailable);
	return NULL;
}

int ab_result_set_summary(json_t *o, const struct ab_result *res)
{
	json_t *mbps = json_pack(
		"{s:o, s:o, s:o, s:o}", "median", ab_json_real_or_null(res->mbps.median), "min",
		ab_json_real_or_null(res->mbps.min), "max", ab_json_real_or_null(res->mbps.max),
		"mad", ab_json_real_or_null(res->mbps.mad));

	if (json_object_set_new(o, "mbps", mbps) ||
	    json_object_set_new(o, "ns_per_op_median",
				ab_json_real_or_null(res->ns_per_op_median)) ||
	    json_object_set_new(o, "cycles_per_byte", ab_json_real_or_null(res->cycles_per_byte)))
		return -ENOMEM;
	return 0;
}

json_t *ab_result_to_json(const struct ab_result *res, const char *backend)
{
	const struct ab_job *j = &res->job;
	json_t *o =
		json_pack("{s:s, s:s, s:s, s:s, s:s, s:I, s:I, s:I, s:I, s:s, s:s, s:s}", "backend",
			  backend, "type", ab_type_name(j->alg->type), "alg", j->alg->name,
			  "driver", res->driver, "op", ab_op_name(j->op), "keylen",
			  (json_int_t)j->key->keylen, "keybits", (json_int_t)j->key->bits, "size",
			  (json_int_t)j->size, "threads", (json_int_t)j->threads, "mode", j->mode,
			  "kat", ab_kat_name(res->kat), "status", ab_status_name(res->status));

	if (res->reason[0])
		json_object_set_new(o, "reason", json_string(res->reason));
	if (res->kat_detail[0])
		json_object_set_new(o, "kat_detail", json_string(res->kat_detail));
	json_object_set_new(o, "seconds", json_real(j->seconds));
	json_object_set_new(o, "repeats", json_integer(j->repeats));
	if (j->interleaved)
		json_object_set_new(o, "interleaved", json_true());
	json_object_set_new(o, "samples", samples_to_json(res));
	if (res->status == AB_STATUS_OK) {
		ab_result_set_summary(o, res);
		set_run_medians(o, res);
		if (res->job.perf) {
			json_t *perf = ab_perf_summary_json(res);

			json_object_set_new(
				o, "perf",
				perf ? perf
				     : json_pack("{s:s}", "unavailable", "no sample was counted"));
		}
	} else {
		json_object_set_new(o, "mbps", json_null());
		json_object_set_new(o, "ns_per_op_median", json_null());
		json_object_set_new(o, "cycles_per_byte", json_null());
	}
	return o;
}

/*
 * A string written bare in a job key: not empty, no byte a key's reader
 * could take for a separator, a quote or an escape (space and below, '"',
 * '\\', DEL), no NUL inside (json_string_value() would end there), and not
 * the start of another kind of field ('-' for absent, a digit or '-' for a
 * number, '[', '{', or a JSON literal). Every name algbench writes is bare.
 */
static bool key_bare(const json_t *v)
{
	const char *s = json_string_value(v);
	size_t len = json_string_length(v);

	if (!len || strlen(s) != len || strchr("-0123456789[{", s[0]) || !strcmp(s, "true") ||
	    !strcmp(s, "false") || !strcmp(s, "null"))
		return false;
	for (size_t i = 0; i < len; i++)
		if ((unsigned char)s[i] <= ' ' || s[i] == '"' || s[i] == '\\' || s[i] == 0x7f)
			return false;
	return true;
}

/* One field of a key: '-' when absent, a bare string, else its compact JSON. */
static int key_field(FILE *f, const json_t *v)
{
	char *json;
	int ret;

	if (!v)
		return fputc('-', f) == EOF ? -EIO : 0;
	if (json_is_string(v) && key_bare(v))
		return fputs(json_string_value(v), f) == EOF ? -EIO : 0;
	json = json_dumps(v, JSON_ENCODE_ANY | JSON_COMPACT);
	if (!json)
		return -ENOMEM;
	ret = fputs(json, f) == EOF ? -EIO : 0;
	free(json);
	return ret;
}

char *ab_job_key(const json_t *result, json_t **ident)
{
	static const char *const fields[] = { "backend", "type", "alg",	    "op",
					      "keylen",	 "size", "threads", "mode" };
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (ident)
		*ident = json_object();
	if (!f || (ident && !*ident))
		goto fail;
	for (size_t i = 0; i < sizeof(fields) / sizeof(fields[0]); i++) {
		json_t *v = json_object_get(result, fields[i]);

		if ((i && fputc(' ', f) == EOF) || key_field(f, v))
			goto fail;
		if (v && ident && json_object_set(*ident, fields[i], v))
			goto fail;
	}
	if (fclose(f)) {
		f = NULL;
		goto fail;
	}
	return buf;
fail:
	if (f)
		fclose(f);
	free(buf);
	if (ident) {
		json_decref(*ident);
		*ident = NULL;
	}
	return NULL;
}

struct ab_json_writer {
	struct ab_json_file *file; /* opened and checked once, at ab_json_open() */
	json_t *doc, *results;
	uint64_t last_write;
	int dirty;
};

int ab_json_open(const char *path, const struct ab_run_info *run, struct ab_json_writer **out,
		 char why[AB_WHY_LEN])
{
	struct ab_json_writer *w = calloc(1, sizeof(*w));
	int ret;

	*out = NULL;
	if (!w)
		return -ENOMEM;
	w->doc = json_pack("{s:s, s:o, s:[]}", "schema", AB_SCHEMA, "run", ab_run_info_to_json(run),
			   "results");
	w->results = json_object_get(w->doc, "results");
	ret = w->doc ? ab_json_file_open(path, &w->file, why) : -ENOMEM;
	/* Write the empty run now: a bad path fails before any job runs. */
	if (!ret && ab_json_file_replaces(w->file))
		ret = ab_json_file_write(w->file, w->doc, 0, why);
	if (ret) {
		if (ret == -ENOMEM)
			ab_whyf(why, "out of memory");
		ab_json_file_close(w->file);
		json_decref(w->doc);
		free(w);
		return ret;
	}
	*out = w;
	return 0;
}

int ab_json_set_run(struct ab_json_writer *w, const char *key, json_t *value)
{
	if (!value || json_object_set_new(json_object_get(w->doc, "run"), key, value))
		return -ENOMEM;
	w->dirty = 1;
	return 0;
}

int ab_json_add_extra(struct ab_json_writer *w, const struct ab_result *res, const char *backend,
		      json_t *extras, char why[AB_WHY_LEN])
{
	json_t *o = ab_result_to_json(res, backend);
	uint64_t now;

	if (o && extras && json_object_update(o, extras))
		json_decref(o), o = NULL;
	json_decref(extras);
	if (!o || json_array_append_new(w->results, o)) {
		ab_whyf(why, "out of memory");
		return -ENOMEM;
	}
	w->dirty = 1;
	now = ab_now_ns();
	if (!ab_json_file_replaces(w->file) || now - w->last_write < REWRITE_NS)
		return 0;
	w->last_write = now;
	w->dirty = 0;
	return ab_json_file_write(w->file, w->doc, 0, why);
}

int ab_json_close(struct ab_json_writer *w, char why[AB_WHY_LEN])
{
	int ret = 0;

	if (!w)
		return 0;
	if (w->dirty || !ab_json_file_replaces(w->file))
		ret = ab_json_file_write(w->file, w->doc, 0, why);
	ab_json_file_close(w->file);
	json_decref(w->doc);
	free(w);
	return ret;
}
