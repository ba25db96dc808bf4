// SPDX-License-Identifier: GPL-2.0
/*
 * algbench merge -o OUT RUN1.json RUN2.json ...: the runs (one per boot, or
 * one per process run on one kernel) become one result file whose jobs hold
 * every run's samples, each tagged with its round (the run's position,
 * from 1), so that compare can take the boot as its unit. Every summary
 * field is recomputed by ab_result_stats(), the function `algbench run`
 * uses: one definition of MB/s, ns/op and cycles/byte.
 */
#include <errno.h>
#include <jansson.h>
#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/opt.h"
#include "command.h"
#include "core/stats.h"
#include "result/result_json.h"
#include "sys/array.h"
#include "sys/json_in.h"
#include "sys/json_out.h"

struct merged_job {
	char *key;	/* ab_job_key() */
	json_t *result; /* the first round's result object, samples replaced */
	json_t *samples;
	json_t *drivers; /* distinct driver names, in order of appearance */
	size_t rounds, passed, failed;
};

struct merge {
	struct merged_job *jobs;
	size_t n, cap;
	json_t *index; /* job key -> position in jobs (jansson's hash table, as compare's) */
};

static int uint_or_absent(json_t *v)
{
	return !v || (json_is_integer(v) && json_integer_value(v) >= 0);
}

/* --perf's counts, when there: {cycles, instructions}, non-negative integers. */
static int perf_ok(json_t *perf)
{
	return !perf || (json_is_object(perf) && json_object_get(perf, "instructions") &&
			 uint_or_absent(json_object_get(perf, "cycles")) &&
			 uint_or_absent(json_object_get(perf, "instructions")));
}

/* A sample's counters must be non-negative integers; ns and ops above 0. */
static int sample_ok(json_t *s)
{
	json_t *ops = json_object_get(s, "ops"), *bytes = json_object_get(s, "bytes");
	json_t *ns = json_object_get(s, "ns"), *cyc = json_object_get(s, "cycles");

	return json_is_integer(ops) && json_integer_value(ops) >= 0 && json_is_integer(bytes) &&
	       json_integer_value(bytes) >= 0 && json_is_integer(ns) &&
	       json_integer_value(ns) > 0 && uint_or_absent(cyc) &&
	       perf_ok(json_object_get(s, "perf")) && !json_object_get(s, "round");
}

/* A perf summary merge may carry: a scope the harness writes. */
static int perf_scope_known(json_t *perf)
{
	const char *scope = ab_json_str(perf, "scope", "");

	return !strcmp(scope, AB_PERF_SCOPE_THREADS) || !strcmp(scope, AB_PERF_SCOPE_CPUS);
}

/* Absent, or what the harness writes: a known scope, or {unavailable: why} alone. */
static int perf_summary_ok(json_t *perf)
{
	return !perf || perf_scope_known(perf) ||
	       (json_object_size(perf) == 1 &&
		json_is_string(json_object_get(perf, "unavailable")));
}

static struct merged_job *job_of(struct merge *m, json_t *result)
{
	char *key = ab_job_key(result, NULL);
	struct merged_job *job;
	json_t *at;

	if (!key)
		return NULL;
	/* hashed: a linear search made a run of 100,000 jobs take minutes */
	if ((at = m->index ? json_object_get(m->index, key) : NULL)) {
		free(key);
		return &m->jobs[json_integer_value(at)];
	}
	if ((!m->index && !(m->index = json_object())) ||
	    json_object_set_new(m->index, key, json_integer((json_int_t)m->n)) ||
	    AB_ARRAY_RESERVE(m->jobs, m->cap, m->n)) {
		free(key);
		return NULL;
	}
	job = &m->jobs[m->n];
	*job = (struct merged_job){ .key = key,
				    .result = json_deep_copy(result),
				    .samples = json_array(),
				    .drivers = json_array() };
	if (!job->result || !job->samples || !job->drivers) {
		json_decref(job->result);
		json_decref(job->samples);
		json_decref(job->drivers);
		free(key);
		return NULL;
	}
	/* only a perf summary the harness could have written comes along */
	if (!perf_summary_ok(json_object_get(result, "perf")))
		json_object_del(job->result, "perf");
	m->n++;
	return job;
}

static int add_run(struct merge *m, json_t *root, size_t round, const char *path)
{
	json_t *r, *s;
	size_t i, j;

	json_array_foreach (json_object_get(root, "results"), i, r) {
		struct merged_job *job;
		const char *kat = json_string_value(json_object_get(r, "kat"));
		json_t *driver = json_object_get(r, "driver"), *d;
		size_t k;
		int seen = 0;

		json_t *threads = json_object_get(r, "threads");

		if (!json_is_object(r)) {
			ab_err("%s: results[%zu] is not an object\n", path, i);
			return -EINVAL;
		}
		/* threads divide ns/op: a count that does not fit would become 0 */
		if (threads && (!json_is_integer(threads) || json_integer_value(threads) < 1 ||
				json_integer_value(threads) > UINT_MAX)) {
			ab_err("%s: results[%zu]: threads must be an integer from 1 to %u; fix "
			       "or regenerate the result file\n",
			       path, i, UINT_MAX);
			return -EINVAL;
		}
		if (!json_is_array(json_object_get(r, "samples"))) {
			ab_err("%s: results[%zu]: samples must be an array (an empty one for a "
			       "job that did not run); fix or regenerate the result file\n",
			       path, i);
			return -EINVAL;
		}
		job = job_of(m, r);
		if (!job)
			return -ENOMEM;
		job->rounds++;
		/* --perf's scope: the first round that counted says what was counted */
		if (!perf_scope_known(json_object_get(job->result, "perf")) &&
		    perf_scope_known(json_object_get(r, "perf")))
			json_object_set(job->result, "perf", json_object_get(r, "perf"));
		job->passed += kat && !strcmp(kat, "pass");
		job->failed += kat && !strcmp(kat, "fail");
		json_array_foreach (job->drivers, k, d)
			seen |= json_equal(d, driver);
		if (json_is_string(driver) && json_string_length(driver) && !seen)
			json_array_append(job->drivers, driver);
		json_array_foreach (json_object_get(r, "samples"), j, s) {
			json_t *copy;

			if (!json_is_object(s) || !sample_ok(s)) {
				ab_err("%s: job %s: sample %zu: want integers ops, bytes >= 0 "
				       "and ns > 0 (cycles, perf.cycles, perf.instructions >= 0 "
				       "when there), and no round (merge single runs)\n",
				       path, job->key, j);
				return -EINVAL;
			}
			copy = json_copy(s);
			json_object_set_new(copy, "round", json_integer((json_int_t)round));
			json_array_append_new(job->samples, copy);
		}
	}
	return 0;
}

/* The summary of one merged job, through the same function `run` uses. */
static int summarise(struct merged_job *job)
{
	json_t *threads = json_object_get(job->result, "threads"), *s, *psum;
	struct ab_result res = { 0 };
	size_t n = json_array_size(job->samples), i;
	const char *kat;

	res.job.threads = json_is_integer(threads) && json_integer_value(threads) > 0
				  ? (unsigned int)json_integer_value(threads)
				  : 1;
	kat = job->failed ? "fail" : job->passed == job->rounds ? "pass" : "skip";
	json_object_set_new(job->result, "kat", json_string(kat));
	json_object_set_new(job->result, "rounds", json_integer((json_int_t)job->rounds));
	if (json_array_size(job->drivers) > 1) {
		/* drivers that differ between boots: say all of them */
		char joined[1024] = "";
		size_t used = 0;
		json_t *d;

		json_array_foreach (job->drivers, i, d)
			used += (size_t)snprintf(joined + used,
						 used < sizeof(joined) ? sizeof(joined) - used : 0,
						 "%s%s", i ? "|" : "", json_string_value(d));
		json_object_set_new(job->result, "driver", json_string(joined));
	}
	json_object_set(job->result, "samples", job->samples);
	/* run --energy-model's estimate is one round's (its model: run.boots[].run) */
	json_object_del(job->result, "energy");
	/* so are run's per-CPU and harness_ns medians: merge does not recompute them */
	json_object_del(job->result, "per_cpu_mbps");
	json_object_del(job->result, "harness_ns_median");
	if (!n)
		return 0;
	res.samples = calloc(n, sizeof(*res.samples));
	if (!res.samples)
		return -ENOMEM;
	json_array_foreach (job->samples, i, s) {
		res.samples[i].ops = (uint64_t)json_integer_value(json_object_get(s, "ops"));
		res.samples[i].bytes = (uint64_t)json_integer_value(json_object_get(s, "bytes"));
		res.samples[i].ns = (uint64_t)json_integer_value(json_object_get(s, "ns"));
		json_t *perf = json_object_get(s, "perf");

		res.samples[i].cycles = (uint64_t)json_integer_value(json_object_get(s, "cycles"));
		res.samples[i].pmu_cycles =
			(uint64_t)json_integer_value(json_object_get(perf, "cycles"));
		res.samples[i].pmu_instructions =
			(uint64_t)json_integer_value(json_object_get(perf, "instructions"));
	}
	res.n_samples = (unsigned int)n;
	ab_result_stats(&res);
	if (ab_result_set_summary(job->result, &res)) {
		free(res.samples);
		return -ENOMEM;
	}
	/* --perf medians over every round's counted samples, never a copied claim */
	psum = json_object_get(job->result, "perf");
	res.perf_scope = perf_scope_known(psum) ? ab_json_str(psum, "scope", NULL) : NULL;
	if (isfinite(res.instructions_per_op) && res.perf_scope)
		json_object_set_new(job->result, "perf", ab_perf_summary_json(&res));
	else if (psum && !json_is_string(json_object_get(psum, "unavailable")))
		json_object_set_new(job->result, "perf",
				    json_pack("{s:s}", "unavailable", "no sample was counted"));
	free(res.samples);
	return 0;
}

static json_t *load_run(const char *path)
{
	char why[AB_WHY_LEN];
	json_t *root = ab_result_load(path, why);

	if (!root) {
		ab_err("%s: %s\n", path, why);
		return NULL;
	}
	if (!json_is_object(json_object_get(root, "run"))) {
		ab_err("%s: no run object (merge copies it into run.boots)\n", path);
		json_decref(root);
		return NULL;
	}
	return root;
}

static int merge_files(char **files, int n_files, const char *out, const char *variant,
		       const char *mode, unsigned int smp)
{
	struct merge m = { 0 };
	json_t *doc = NULL, *boots = json_array(), *results = json_array(), *run = NULL;
	char why[AB_WHY_LEN];
	int rc = 2, err = 0;

	for (int f = 0; f < n_files && !err; f++) {
		json_t *root = load_run(files[f]);

		if (!root) {
			err = -EINVAL;
			break;
		}
		if (!run)
			run = json_deep_copy(json_object_get(root, "run"));
		json_array_append_new(boots, json_pack("{s:i, s:O}", "round", f + 1, "run",
						       json_object_get(root, "run")));
		err = add_run(&m, root, (size_t)f + 1, files[f]);
		json_decref(root);
	}
	for (size_t i = 0; !err && i < m.n; i++) {
		err = summarise(&m.jobs[i]);
		json_array_append(results, m.jobs[i].result);
	}
	if (err == -ENOMEM)
		ab_err("out of memory\n");
	if (err)
		goto out;
	if (variant || mode || smp > 0) {
		json_t *ab = json_pack("{s:i}", "rounds", n_files);

		if (variant)
			json_object_set_new(ab, "variant", json_string(variant));
		if (mode)
			json_object_set_new(ab, "mode", json_string(mode));
		if (smp > 0)
			json_object_set_new(ab, "smp", json_integer(smp));
		json_object_set_new(run, "ab", ab);
	}
	if (variant) {
		const char *id = json_string_value(json_object_get(run, "id"));
		char merged_id[512];

		snprintf(merged_id, sizeof(merged_id), "%s+%s", id ? id : "run", variant);
		json_object_set_new(run, "id", json_string(merged_id));
	}
	json_object_set(run, "boots", boots);
	doc = json_pack("{s:s, s:O, s:O}", "schema", AB_SCHEMA, "run", run, "results", results);
	err = ab_json_write(out, doc, 0, why);
	if (err)
		ab_err("cannot write %s: %s\n", out, why);
	rc = err ? 2 : 0;
out:
	for (size_t i = 0; i < m.n; i++) {
		json_decref(m.jobs[i].result);
		json_decref(m.jobs[i].samples);
		json_decref(m.jobs[i].drivers);
		free(m.jobs[i].key);
	}
	free(m.jobs);
	json_decref(m.index);
	json_decref(doc);
	json_decref(run);
	json_decref(boots);
	json_decref(results);
	return rc;
}

struct merge_opts {
	const char *out, *variant, *mode;
	unsigned int smp;
};

static const struct ab_opt merge_opts[] = {
	{ "out", 'o', "FILE", AB_OPT_STR, offsetof(struct merge_opts, out),
	  .help = "where the merged file goes (needed; written atomically; - for stdout)" },
	{ "variant", 0, "NAME", AB_OPT_STR, offsetof(struct merge_opts, variant),
	  .help = "the kernel or variant these runs measured (run.ab.variant)",
	  .def_text = "none" },
	{ "mode", 0, "MODE", AB_OPT_STR, offsetof(struct merge_opts, mode),
	  .help = "how they ran: deterministic (-icount; compare then counts instructions), "
		  "wallclock, hardware...",
	  .def_text = "none" },
	{ "smp", 0, "N", AB_OPT_UINT, offsetof(struct merge_opts, smp), .min = 1, .max = 65536,
	  .help = "vCPUs or CPUs of the runs", .def_text = "none" },
	{ 0 },
};

static int merge_main(void *opts, int argc, char **argv)
{
	const struct merge_opts *o = opts;

	if (!o->out || !argc)
		return ab_opt_error(&ab_merge_cmd, "need --out FILE and at least one result file");
	return merge_files(argv, argc, o->out, o->variant, o->mode, o->smp);
}

const struct ab_opt_cmd ab_merge_cmd = {
	"merge",
	"--out OUT.json [--variant NAME] [--mode MODE] [--smp N] RUN1.json RUN2.json ...",
	merge_opts,
	sizeof(struct merge_opts),
	merge_main,
	.operands = true,
	.about = "Joins result files, one per boot (or per process run on one kernel), into\n"
		 "one: a job's samples are every run's samples, each tagged \"round\" (the\n"
		 "run's position, from 1), and its summary (mbps, ns_per_op_median,\n"
		 "cycles_per_byte) is recomputed over all of them as `algbench run` computes\n"
		 "it. run is the first file's, with run.boots holding every run object and,\n"
		 "when --variant, --mode or --smp is given, run.ab = {variant, mode, smp,\n"
		 "rounds}. Inputs must be single runs (samples without a round).\n",
	.after = "Exit: 0 merged, 2 bad usage or an input that is not a single algbench/1 run.\n",
};
