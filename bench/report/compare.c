// SPDX-License-Identifier: GPL-2.0
/*
 * algbench compare BASE NEW: pairs the jobs of two result files and gives
 * each pair a verdict (DESIGN.md, "Statistics"). A job is slower or faster
 * only when the ratio of medians passes the threshold, its 95% bootstrap
 * interval excludes 1 and Mann-Whitney p < 0.01; a side whose CV passes 5%
 * makes an otherwise "same" job "inconclusive". The same job appearing
 * several times in one file (rounds merged by scripts/ab-stats) pools its
 * samples.
 */
#include <errno.h>
#include <getopt.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "command.h"
#include "core/stats.h"
#include "report/result_json.h"
#include "sys/array.h"
#include "sys/json_out.h"
#include "sys/progress.h"

#define BOOTSTRAP_ITERS 10000
#define MIN_SAMPLES	9

/* The fields that identify a job across two runs. */
static const char *const key_fields[] = { "backend", "type", "alg",	"op",
					  "keylen",  "size", "threads", "mode" };
#define N_KEY_FIELDS (sizeof(key_fields) / sizeof(key_fields[0]))

struct side {
	double *mbps; /* one throughput per sample, MB/s (1e6 bytes) */
	size_t n, cap;
	int present;
};

struct job_pair {
	char *key;     /* "backend type alg op keylen size threads mode" */
	json_t *ident; /* the key fields, for the JSON output */
	struct side side[2];
};

struct pairing {
	struct job_pair *pairs;
	size_t n, cap;
};

static void key_of(json_t *result, char *buf, size_t len, json_t **ident)
{
	size_t used = 0;

	*ident = json_object();
	for (size_t i = 0; i < N_KEY_FIELDS; i++) {
		json_t *v = json_object_get(result, key_fields[i]);
		char part[160];

		if (json_is_string(v))
			snprintf(part, sizeof(part), "%s", json_string_value(v));
		else if (json_is_integer(v))
			snprintf(part, sizeof(part), "%lld", (long long)json_integer_value(v));
		else
			snprintf(part, sizeof(part), "-");
		if (v)
			json_object_set(*ident, key_fields[i], v);
		used += (size_t)snprintf(buf + used, used < len ? len - used : 0, "%s%s",
					 i ? " " : "", part);
	}
}

static struct job_pair *find_or_add(struct pairing *p, const char *key, json_t *ident)
{
	for (size_t i = 0; i < p->n; i++)
		if (!strcmp(p->pairs[i].key, key)) {
			json_decref(ident);
			return &p->pairs[i];
		}
	if (AB_ARRAY_RESERVE(p->pairs, p->cap, p->n))
		return NULL;
	p->pairs[p->n] = (struct job_pair){ .key = strdup(key), .ident = ident };
	return &p->pairs[p->n++];
}

static int add_sample(struct side *s, double mbps)
{
	if (AB_ARRAY_RESERVE(s->mbps, s->cap, s->n))
		return -ENOMEM;
	s->mbps[s->n++] = mbps;
	return 0;
}

/* Only jobs that passed their known-answer check and were timed count. */
static int collect(struct pairing *p, json_t *root, int which, const char *path)
{
	json_t *results = json_object_get(root, "results"), *r;
	size_t i;

	json_array_foreach(results, i, r)
	{
		json_t *samples = json_object_get(r, "samples"), *s, *ident;
		const char *kat = json_string_value(json_object_get(r, "kat"));
		struct job_pair *jp;
		char key[1024];
		size_t j;

		if (!json_array_size(samples) || (kat && strcmp(kat, "pass")))
			continue;
		key_of(r, key, sizeof(key), &ident);
		jp = find_or_add(p, key, ident);
		if (!jp)
			return -ENOMEM;
		jp->side[which].present = 1;
		json_array_foreach(samples, j, s)
		{
			json_t *jb = json_object_get(s, "bytes"), *jn = json_object_get(s, "ns");
			double bytes = json_number_value(jb), ns = json_number_value(jn);

			/* A sample that cannot give a throughput is an error, never a verdict. */
			if (!json_is_number(jb) || !json_is_number(jn) || !(ns > 0) ||
			    !(bytes > 0) || !isfinite(bytes) || !isfinite(ns)) {
				fprintf(stderr,
					"algbench compare: %s: job %s: sample %zu: want numbers "
					"bytes > 0 and "
					"ns > 0; fix or regenerate the result file\n",
					path, key, j);
				return -EINVAL;
			}
			if (add_sample(&jp->side[which], bytes / ns * 1e3))
				return -ENOMEM;
		}
	}
	return 0;
}

static json_t *load_result(const char *path)
{
	json_error_t err;
	json_t *root = json_load_file(path, 0, &err);
	const char *schema;

	if (!root) {
		if (err.line > 0)
			fprintf(stderr, "compare: %s: line %d: %s\n", path, err.line, err.text);
		else
			fprintf(stderr, "compare: %s\n", err.text);
		return NULL;
	}
	schema = json_string_value(json_object_get(root, "schema"));
	if (!schema || strcmp(schema, "algbench/1") ||
	    !json_is_array(json_object_get(root, "results"))) {
		fprintf(stderr,
			"compare: %s: not an algbench result (want schema \"algbench/1\" with a "
			"results array)\n",
			path);
		json_decref(root);
		return NULL;
	}
	return root;
}

struct verdict {
	double base_median, new_median, ratio, lo, hi, p, base_cv, new_cv;
	const char *word;
	int few_samples;
};

static struct verdict judge(const struct job_pair *jp, double threshold)
{
	const struct side *a = &jp->side[0], *b = &jp->side[1];
	struct verdict v = { 0 };

	v.base_median = ab_median(a->mbps, a->n);
	v.new_median = ab_median(b->mbps, b->n);
	v.ratio = v.base_median > 0 ? v.new_median / v.base_median : NAN;
	ab_bootstrap_ratio_ci(a->mbps, a->n, b->mbps, b->n, BOOTSTRAP_ITERS, 1, &v.lo, &v.hi);
	v.p = ab_mann_whitney_p(a->mbps, a->n, b->mbps, b->n);
	v.base_cv = ab_cv(a->mbps, a->n);
	v.new_cv = ab_cv(b->mbps, b->n);
	v.few_samples = a->n < MIN_SAMPLES || b->n < MIN_SAMPLES;
	/*
	 * The verdict comes from the interval against the equivalence band
	 * [1 - threshold, 1 + threshold]: wholly below -> slower, wholly above
	 * -> faster, wholly inside -> same, straddling an edge -> inconclusive
	 * (a difference that is not significant is not shown to be absent).
	 * The p-value is reported beside it but does not decide.
	 */
	if (v.few_samples || !isfinite(v.lo) || !isfinite(v.hi))
		v.word = "inconclusive";
	else if (v.hi < 1 - threshold)
		v.word = "slower";
	else if (v.lo > 1 + threshold)
		v.word = "faster";
	else if (v.lo >= 1 - threshold && v.hi <= 1 + threshold)
		v.word = "same";
	else
		v.word = "inconclusive";
	return v;
}

static json_t *run_summary(json_t *root, const char *path)
{
	json_t *run = json_object_get(root, "run");
	json_t *host = json_object_get(run, "host");

	return json_pack("{s:s, s:O?, s:O?, s:O?}", "file", path, "id", json_object_get(run, "id"),
			 "kernel", json_object_get(host, "kernel"), "crypto_stats",
			 json_object_get(host, "crypto_stats"));
}

static int write_json(json_t *doc, const char *path)
{
	int err;

	if (!strcmp(path, "-"))
		return ab_json_print(doc, stdout, 0);
	err = ab_json_write_atomic(path, doc, 0);
	if (err)
		fprintf(stderr, "compare: cannot write %s: %s\n", path, strerror(-err));
	return err;
}

static void usage(FILE *out)
{
	fprintf(out,
		"usage: algbench compare BASE.json NEW.json [--threshold PCT] [--json OUT]\n\n"
		"Pairs the jobs of two algbench result files by (backend, type, alg, op,\n"
		"keylen, size, threads, mode) and prints a markdown table: each side's\n"
		"median MB/s with its CV, the ratio NEW/BASE of medians, its 95%% bootstrap\n"
		"interval, the Mann-Whitney p-value and a verdict from the interval against\n"
		"the band 1 +- threshold: slower (wholly below), faster (wholly above), same\n"
		"(wholly inside) or inconclusive (across an edge, or under %d samples on a\n"
		"side). Repeated jobs pool their samples (docs/statistics.md).\n\n"
		"  --threshold PCT  smallest change that counts (default 2)\n"
		"  --json OUT       also write the comparison as JSON (- for stdout)\n\n"
		"Exit: 0 nothing slower, 1 a regression, 2 an error (unreadable input, or\n"
		"jobs measured on one side only, which are listed).\n",
		MIN_SAMPLES);
}

static void print_pair(FILE *tbl, const struct job_pair *jp, const struct verdict *v)
{
	fprintf(tbl, "| %s | %.1f ±%.1f%% | %.1f ±%.1f%% | %.4f | [%.4f, %.4f] | %.2g | %s%s |\n",
		jp->key, v->base_median, v->base_cv * 100, v->new_median, v->new_cv * 100, v->ratio,
		v->lo, v->hi, v->p, v->word, v->few_samples ? " (few samples)" : "");
}

static json_t *pair_json(const struct job_pair *jp, const struct verdict *v)
{
	return json_pack(
		"{s:O, s:{s:f, s:f, s:I}, s:{s:f, s:f, s:I}, s:f, s:[f, f], s:f, s:s, s:b}", "job",
		jp->ident, "base", "median_mbps", v->base_median, "cv", v->base_cv, "n",
		(json_int_t)jp->side[0].n, "new", "median_mbps", v->new_median, "cv", v->new_cv,
		"n", (json_int_t)jp->side[1].n, "ratio", v->ratio, "ci95", v->lo, v->hi, "p", v->p,
		"verdict", v->word, "few_samples", v->few_samples);
}

static int compare(const char *base_path, const char *new_path, double threshold,
		   const char *json_out)
{
	json_t *base = load_result(base_path), *new = base ? load_result(new_path) : NULL;
	json_t *out = NULL, *pairs, *one_sided;
	struct pairing p = { 0 };
	size_t slower = 0, faster = 0, same = 0, inconclusive = 0, lonely = 0;
	/* With --json - the JSON owns stdout; the table goes to stderr (as run does). */
	FILE *tbl = json_out && !strcmp(json_out, "-") ? stderr : stdout;
	struct ab_progress progress;
	int rc = 2;

	if (!base || !new)
		goto out;
	{
		int err = collect(&p, base, 0, base_path);

		if (!err)
			err = collect(&p, new, 1, new_path);
		if (err == -ENOMEM)
			fprintf(stderr, "algbench compare: out of memory\n");
		if (err)
			goto out;
	}
	pairs = json_array();
	one_sided = json_array();
	out = json_pack("{s:s, s:o, s:o, s:f, s:o, s:o}", "schema", "algbench-compare/1", "base",
			run_summary(base, base_path), "new", run_summary(new, new_path),
			"threshold", threshold, "pairs", pairs, "one_sided", one_sided);
	fprintf(tbl, "| job (backend type alg op keylen size threads mode) | base MB/s | new MB/s "
		     "| new/base | 95%% CI | p | verdict |\n");
	fprintf(tbl, "|---|---|---|---|---|---|---|\n");
	ab_progress_begin(&progress);
	for (size_t i = 0; i < p.n; i++) {
		struct job_pair *jp = &p.pairs[i];
		struct verdict v;

		if (!jp->side[0].present || !jp->side[1].present) {
			lonely++;
			json_array_append_new(one_sided,
					      json_pack("{s:O, s:s}", "job", jp->ident, "only_in",
							jp->side[0].present ? "base" : "new"));
			continue;
		}
		ab_progress_step(&progress, "compare: pair %zu of %zu", i + 1, p.n);
		v = judge(jp, threshold);
		ab_progress_clear(&progress);
		print_pair(tbl, jp, &v);
		json_array_append_new(pairs, pair_json(jp, &v));
		slower += !strcmp(v.word, "slower");
		faster += !strcmp(v.word, "faster");
		same += !strcmp(v.word, "same");
		inconclusive += !strcmp(v.word, "inconclusive");
	}
	fprintf(tbl,
		"\n%zu pairs: %zu slower, %zu faster, %zu same, %zu inconclusive (threshold "
		"%.1f%%)\n",
		slower + faster + same + inconclusive, slower, faster, same, inconclusive,
		threshold * 100);
	for (size_t i = 0; i < p.n; i++)
		if (!p.pairs[i].side[0].present || !p.pairs[i].side[1].present)
			fprintf(tbl, "only in %s: %s\n",
				p.pairs[i].side[0].present ? "base" : "new", p.pairs[i].key);
	json_object_set_new(out, "summary",
			    json_pack("{s:I, s:I, s:I, s:I, s:I}", "slower", (json_int_t)slower,
				      "faster", (json_int_t)faster, "same", (json_int_t)same,
				      "inconclusive", (json_int_t)inconclusive, "one_sided",
				      (json_int_t)lonely));
	if (json_out && write_json(out, json_out)) {
		rc = 2;
		goto out;
	}
	rc = lonely ? 2 : slower ? 1 : 0;
out:
	for (size_t i = 0; i < p.n; i++) {
		free(p.pairs[i].key);
		json_decref(p.pairs[i].ident);
		free(p.pairs[i].side[0].mbps);
		free(p.pairs[i].side[1].mbps);
	}
	free(p.pairs);
	json_decref(out);
	json_decref(base);
	json_decref(new);
	return rc;
}

int cmd_compare(int argc, char **argv)
{
	static const struct option options[] = {
		{ "threshold", required_argument, NULL, 't' },
		{ "json", required_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *json_out = NULL;
	double threshold = 2;
	char *end;
	int c;

	while ((c = getopt_long(argc, argv, "t:j:h", options, NULL)) != -1) {
		switch (c) {
		case 't':
			threshold = strtod(optarg, &end);
			if (*end || !(threshold >= 0 && threshold < 100)) {
				fprintf(stderr,
					"compare: --threshold '%s' is not a percentage in [0, "
					"100)\n",
					optarg);
				return 2;
			}
			break;
		case 'j':
			json_out = optarg;
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			usage(stderr);
			return 2;
		}
	}
	if (argc - optind != 2) {
		fprintf(stderr,
			"compare: need exactly two result files, BASE and NEW (see --help)\n");
		return 2;
	}
	return compare(argv[optind], argv[optind + 1], threshold / 100, json_out);
}
