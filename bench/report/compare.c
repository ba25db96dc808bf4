// SPDX-License-Identifier: GPL-2.0
/*
 * algbench compare BASE NEW: pairs the jobs of two result files and gives
 * each pair a verdict (docs/statistics.md). The unit of replication is the
 * boot: samples tagged with a `round` (files merged by `algbench merge` or
 * scripts/ab-stats) are grouped per round, a file without rounds is one
 * unit (one process run). Wallclock: a two-level bootstrap interval of the
 * ratio of medians of boot medians, an exact permutation test over boot
 * medians, Benjamini-Hochberg across the pairs. Deterministic (-icount,
 * run.ab.mode): instructions per operation, and the range of the ratio over
 * every pair of boots instead of an interval and p.
 */
#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/opt.h"
#include "command.h"
#include "core/number.h"
#include "core/sequential.h"
#include "core/stats.h"
#include "report/tuning.h"
#include "result/result_json.h"
#include "sys/array.h"
#include "sys/json_out.h"
#include "sys/path.h"
#include "sys/progress.h"
#include "sys/text.h"

/*
 * The cost is bounded (docs/statistics.md): a pair with too few boots for a
 * verdict is not resampled at all; the two-level bootstrap runs
 * BOOTSTRAP_ITERS iterations while iterations x values per iteration (units
 * plus samples, both sides) stays within the pair's share of COMPARE_WORK,
 * fewer beyond that but never below BOOTSTRAP_MIN_ITERS; a pair's share is
 * COMPARE_WORK over the pairs that get a verdict, at most PAIR_WORK. So the
 * resampling draws at most max(COMPARE_WORK, BOOTSTRAP_MIN_ITERS x the
 * samples read) values, plus the permutation test's share (core/stats.h).
 * Everything else is linear in the input, but for the selection of medians
 * (linear on average) and the pairing (hashed by job key).
 */
#define BOOTSTRAP_ITERS	    10000u
#define BOOTSTRAP_MIN_ITERS 1000u
#define COMPARE_WORK	    2000000000.0
#define PAIR_WORK	    50000000.0
/* A verdict needs this many boots (units) on each side. */
#define MIN_BOOTS_WALLCLOCK	3
#define MIN_BOOTS_DETERMINISTIC 2
/* Benjamini-Hochberg false discovery rate for slower/faster. */
#define FDR_ALPHA 0.05

/* One boot's (or process run's) samples of one job. */
struct unit {
	long long round; /* the samples' `round`; 0 when they carry none */
	double *mbps;	 /* MB/s (1e6 bytes) per sample */
	double *nsop;	 /* ns x threads / ops per sample */
	size_t n, cap, cap_nsop;
};

struct side {
	struct unit *units;
	size_t n_units, cap, n_samples;
	int present;
	double ins_per_op;   /* --perf: the result's median instructions/op; NAN without */
	json_t *driver;	     /* the result's driver (a string), or NULL */
	json_t *round_index; /* round -> position in units (jansson's hash table) */
};

struct job_pair {
	char *key;     /* "backend type alg op keylen size threads mode" */
	json_t *ident; /* the key fields, for the JSON output */
	struct side side[2];
};

struct pairing {
	struct job_pair *pairs;
	size_t n, cap;
	json_t *index; /* job key -> position in pairs (jansson's hash table) */
};

/* The pair for KEY, made if new; IDENT is taken over either way. NULL when out of memory. */
static struct job_pair *find_or_add(struct pairing *p, const char *key, json_t *ident)
{
	json_t *at = p->index ? json_object_get(p->index, key) : NULL;
	struct job_pair *jp;

	if (at) {
		json_decref(ident);
		return &p->pairs[json_integer_value(at)];
	}
	if ((!p->index && !(p->index = json_object())) || AB_ARRAY_RESERVE(p->pairs, p->cap, p->n))
		goto fail;
	jp = &p->pairs[p->n];
	*jp = (struct job_pair){ .key = strdup(key), .ident = ident };
	jp->side[0].ins_per_op = jp->side[1].ins_per_op = NAN;
	if (!jp->key || json_object_set_new(p->index, key, json_integer((json_int_t)p->n))) {
		free(jp->key); /* not counted in p->n yet, so free_pairing() would not */
		goto fail;
	}
	p->n++;
	return jp;
fail:
	json_decref(ident);
	return NULL;
}

static struct unit *unit_of(struct side *s, long long round)
{
	/* a round's samples come together (merge writes them so): the last unit first */
	char name[24];
	json_t *at;

	if (s->n_units && s->units[s->n_units - 1].round == round)
		return &s->units[s->n_units - 1];
	/* hashed: a linear search over 400,000 rounds of one job took minutes */
	snprintf(name, sizeof(name), "%lld", round);
	if ((at = s->round_index ? json_object_get(s->round_index, name) : NULL))
		return &s->units[json_integer_value(at)];
	if ((!s->round_index && !(s->round_index = json_object())) ||
	    json_object_set_new(s->round_index, name, json_integer((json_int_t)s->n_units)) ||
	    AB_ARRAY_RESERVE(s->units, s->cap, s->n_units))
		return NULL;
	s->units[s->n_units] = (struct unit){ .round = round };
	return &s->units[s->n_units++];
}

static int add_sample(struct side *s, long long round, double mbps, double nsop)
{
	struct unit *u = unit_of(s, round);

	/* gcc -fanalyzer's leak here is false: u->mbps/nsop are freed by free_pairing() */
	if (!u || AB_ARRAY_RESERVE(u->mbps, u->cap, u->n) ||
	    AB_ARRAY_RESERVE(u->nsop, u->cap_nsop, u->n))
		return -ENOMEM;
	u->mbps[u->n] = mbps;
	u->nsop[u->n++] = nsop;
	s->n_samples++;
	return 0;
}

/* A result's --perf instructions/op (a counting host's), or NAN. */
static double perf_ins_per_op(json_t *result)
{
	json_t *v = json_object_get(json_object_get(result, "perf"), "instructions_per_op");
	double x = json_number_value(v);

	return json_is_number(v) && isfinite(x) && x > 0 ? x : NAN;
}

/* A pair has a verdict only when both files measured the job. */
static bool both_present(const struct job_pair *jp)
{
	return jp->side[0].present && jp->side[1].present;
}

/*
 * Beside the verdicts, the instruction view of the same pairs where both
 * sides counted (run --perf on hardware): a table after the summary and
 * "instructions_per_op" in the pair's JSON. Not a verdict: one median per side.
 */
static bool both_counted(const struct job_pair *jp)
{
	return isfinite(jp->side[0].ins_per_op) && isfinite(jp->side[1].ins_per_op);
}

static void print_instructions(FILE *tbl, const struct pairing *p)
{
	size_t n = 0;

	for (size_t i = 0; i < p->n; i++) {
		const struct job_pair *jp = &p->pairs[i];

		if (!both_counted(jp))
			continue;
		if (!n++)
			fprintf(tbl, "\nInstructions per operation (perf counters, medians; not a "
				     "verdict)\n\n| job | base | new | new/base |\n"
				     "|---|---|---|---|\n");
		fputs("| ", tbl);
		ab_fput_md(tbl, jp->key);
		fprintf(tbl, " | %.0f | %.0f | %.4f |\n", jp->side[0].ins_per_op,
			jp->side[1].ins_per_op, jp->side[1].ins_per_op / jp->side[0].ins_per_op);
	}
}

/* Only jobs that passed their known-answer check and were timed count. */
static int collect(struct pairing *p, json_t *root, int which, const char *path)
{
	json_t *results = json_object_get(root, "results"), *r;
	size_t i;

	json_array_foreach (results, i, r) {
		json_t *samples = json_object_get(r, "samples"), *s, *ident;
		json_t *jthreads = json_object_get(r, "threads");
		const char *kat = json_string_value(json_object_get(r, "kat"));
		double threads = json_is_integer(jthreads) && json_integer_value(jthreads) > 0
					 ? (double)json_integer_value(jthreads)
					 : 1;
		struct job_pair *jp;
		char *key;
		size_t j;

		if (!json_array_size(samples) || (kat && strcmp(kat, "pass")))
			continue;
		key = ab_job_key(r, &ident);
		jp = key ? find_or_add(p, key, ident) : NULL;
		free(key);
		if (!jp)
			return -ENOMEM;
		jp->side[which].present = 1;
		jp->side[which].ins_per_op = perf_ins_per_op(r);
		if (json_is_string(json_object_get(r, "driver")))
			jp->side[which].driver = json_object_get(r, "driver");
		json_array_foreach (samples, j, s) {
			json_t *jb = json_object_get(s, "bytes"), *jn = json_object_get(s, "ns");
			json_t *jo = json_object_get(s, "ops"), *jr = json_object_get(s, "round");
			double bytes = json_number_value(jb), ns = json_number_value(jn);
			double ops = json_number_value(jo);

			/* A sample that cannot give a throughput is an error, never a verdict. */
			if (!json_is_number(jb) || !json_is_number(jn) || !(ns > 0) ||
			    !(bytes > 0) || !isfinite(bytes) || !isfinite(ns) ||
			    (jr && !json_is_integer(jr))) {
				ab_err("%s: job ", path);
				ab_fput_term(stderr, jp->key);
				fprintf(stderr,
					": sample %zu: want numbers bytes > 0 and ns > 0 (and an "
					"integer round, if any); fix or regenerate the result "
					"file\n",
					j);
				return -EINVAL;
			}
			if (add_sample(&jp->side[which], jr ? json_integer_value(jr) : 0,
				       ab_sample_mbps(bytes, ns),
				       ops > 0 && isfinite(ops)
					       ? ab_sample_ns_per_op(ns, threads, ops)
					       : NAN))
				return -ENOMEM;
		}
	}
	return 0;
}

/* "deterministic" when the file says it was measured under -icount. */
static bool deterministic_file(json_t *root)
{
	json_t *ab = json_object_get(json_object_get(root, "run"), "ab");
	const char *mode = json_string_value(json_object_get(ab, "mode"));

	return mode && !strcmp(mode, "deterministic");
}

static json_t *load_result(const char *path)
{
	char why[AB_WHY_LEN];
	json_t *root = ab_result_load(path, why);

	if (!root)
		ab_err("%s: %s\n", path, why);
	return root;
}

struct side_summary {
	double mbps;	   /* median of the boot medians */
	double spread;	   /* wallclock: CV of boot medians; deterministic: max |dev| */
	double nsop;	   /* median of the boot medians of ns/op */
	double *boot_nsop; /* each boot's median of ns/op (NAN: none), malloc'd */
	size_t boots, samples;
};

struct verdict {
	struct side_summary base, new;
	double ratio, lo, hi, p, p_adj; /* p, p_adj NAN in deterministic mode */
	unsigned int iters;		/* bootstrap iterations; 0: none */
	const char *word;
	char why[AB_WHY_LEN]; /* why inconclusive, or "" */
	bool few_boots;
	struct ab_seq_verdict seq; /* --sequential: the rule's verdict and figures */
	double noise;		   /* SD of log boot medians, both sides pooled; NAN: unknown */
	unsigned int need;	   /* boots a side that would decide; 0: none would */
	bool need_in_cap;	   /* --sequential: NEED is within the cap */
};

/* Values one bootstrap iteration draws: every unit and every sample, both sides. */
static double iteration_cost(const struct job_pair *jp)
{
	return (double)(jp->side[0].n_units + jp->side[0].n_samples + jp->side[1].n_units +
			jp->side[1].n_samples);
}

static unsigned int bootstrap_iters(const struct job_pair *jp, double pair_work)
{
	double iters = pair_work / iteration_cost(jp);

	return iters >= BOOTSTRAP_ITERS	      ? BOOTSTRAP_ITERS
	       : iters <= BOOTSTRAP_MIN_ITERS ? BOOTSTRAP_MIN_ITERS
					      : (unsigned int)iters;
}

/*
 * Per-boot medians of the N boots of one side; *unit_meds and *unit_nsop are
 * malloc'd, N each (N passed, not read from S again: every caller's loop is
 * then over the count these arrays were filled to).
 */
static int boot_medians(const struct side *s, size_t n, double **unit_meds, double **unit_nsop)
{
	/* calloc: the analyser cannot follow N through every caller's loops */
	double *m = calloc(n ? n : 1, sizeof(*m)), *o = calloc(n ? n : 1, sizeof(*o));
	double *tmp;
	size_t max_n = 0;

	for (size_t i = 0; i < n; i++)
		max_n = s->units[i].n > max_n ? s->units[i].n : max_n;
	tmp = malloc((max_n ? max_n : 1) * sizeof(*tmp));
	if (!m || !o || !tmp) {
		free(m);
		free(o);
		free(tmp);
		return -ENOMEM;
	}
	for (size_t i = 0; i < n; i++) {
		const struct unit *u = &s->units[i];
		size_t k = 0;

		memcpy(tmp, u->mbps, u->n * sizeof(*tmp));
		m[i] = ab_median(tmp, u->n);
		for (size_t j = 0; j < u->n; j++)
			if (isfinite(u->nsop[j]))
				tmp[k++] = u->nsop[j];
		o[i] = ab_median(tmp, k);
	}
	free(tmp);
	*unit_meds = m;
	*unit_nsop = o;
	return 0;
}

static double max_rel_dev(const double *v, size_t n, double center)
{
	double worst = 0;

	for (size_t i = 0; i < n; i++)
		if (center > 0 && fabs(v[i] - center) / center > worst)
			worst = fabs(v[i] - center) / center;
	return worst;
}

/*
 * The boot-to-boot spread for the power estimate: the standard deviation of
 * log boot medians about each side's mean, pooled over both sides (NAN
 * without two boots on a side).
 */
static double pooled_log_sd(const double *a, size_t na, const double *b, size_t nb)
{
	const double *side[2] = { a, b };
	size_t n[2] = { na, nb };
	double ss = 0;

	if (na + nb < 3)
		return NAN;
	for (int k = 0; k < 2; k++) {
		double mean = 0;

		for (size_t i = 0; i < n[k]; i++)
			mean += log(side[k][i]) / (double)n[k];
		for (size_t i = 0; i < n[k]; i++)
			ss += (log(side[k][i]) - mean) * (log(side[k][i]) - mean);
	}
	return sqrt(ss / (double)(na + nb - 2));
}

/*
 * Everything but the word, which needs every pair's p (judge_word). A pair
 * with too few boots for a verdict gets its medians, never an interval or p:
 * nothing resampled could change its "inconclusive".
 */
static int measure(const struct job_pair *jp, bool deterministic, double pair_work,
		   struct verdict *v)
{
	const size_t boots[2] = { jp->side[0].n_units, jp->side[1].n_units };
	double *meds[2], *nsop[2], *tmp;
	struct side_summary *sum[2] = { &v->base, &v->new };

	memset(v, 0, sizeof(*v));
	v->p = v->p_adj = v->lo = v->hi = NAN;
	if (boot_medians(&jp->side[0], boots[0], &meds[0], &nsop[0]))
		return -ENOMEM;
	if (boot_medians(&jp->side[1], boots[1], &meds[1], &nsop[1])) {
		free(meds[0]);
		free(nsop[0]);
		return -ENOMEM;
	}
	for (int k = 0; k < 2; k++) {
		size_t n = boots[k];

		sum[k]->boots = n;
		sum[k]->samples = jp->side[k].n_samples;
		tmp = malloc(n * sizeof(*tmp));
		if (tmp) {
			memcpy(tmp, meds[k], n * sizeof(*tmp));
			sum[k]->mbps = ab_median(tmp, n);
			memcpy(tmp, nsop[k], n * sizeof(*tmp));
			sum[k]->nsop = ab_median(tmp, n);
			free(tmp);
		}
		sum[k]->spread =
			deterministic ? max_rel_dev(meds[k], n, sum[k]->mbps) : ab_cv(meds[k], n);
		sum[k]->boot_nsop = nsop[k];
		nsop[k] = NULL;
	}
	v->ratio = v->base.mbps > 0 ? v->new.mbps / v->base.mbps : NAN;
	v->noise = pooled_log_sd(meds[0], boots[0], meds[1], boots[1]);
	v->few_boots = boots[0] < (deterministic ? MIN_BOOTS_DETERMINISTIC : MIN_BOOTS_WALLCLOCK) ||
		       boots[1] < (deterministic ? MIN_BOOTS_DETERMINISTIC : MIN_BOOTS_WALLCLOCK);
	if (deterministic) {
		/*
		 * The ratio over every pair of boots, the whole cross-boot spread:
		 * boot medians are MB/s > 0, so its ends are the smallest NEW over
		 * the largest BASE and the largest NEW over the smallest BASE.
		 */
		double b_min = INFINITY, b_max = -INFINITY, n_min = INFINITY, n_max = -INFINITY;

		for (size_t i = 0; i < boots[0]; i++)
			if (meds[0][i] > 0) {
				b_min = meds[0][i] < b_min ? meds[0][i] : b_min;
				b_max = meds[0][i] > b_max ? meds[0][i] : b_max;
			}
		for (size_t j = 0; j < boots[1]; j++) {
			n_min = meds[1][j] < n_min ? meds[1][j] : n_min;
			n_max = meds[1][j] > n_max ? meds[1][j] : n_max;
		}
		if (isfinite(b_min) && isfinite(n_min)) {
			v->lo = n_min / b_max;
			v->hi = n_max / b_min;
		}
	} else if (!v->few_boots) {
		struct ab_unit *ua = calloc(boots[0], sizeof(*ua));
		struct ab_unit *ub = calloc(boots[1], sizeof(*ub));

		for (size_t i = 0; ua && i < boots[0]; i++)
			ua[i] = (struct ab_unit){ jp->side[0].units[i].mbps,
						  jp->side[0].units[i].n };
		for (size_t i = 0; ub && i < boots[1]; i++)
			ub[i] = (struct ab_unit){ jp->side[1].units[i].mbps,
						  jp->side[1].units[i].n };
		v->iters = bootstrap_iters(jp, pair_work);
		if (ua && ub)
			ab_bootstrap2_ratio_ci(ua, boots[0], ub, boots[1], v->iters, &v->lo,
					       &v->hi);
		v->p = ab_permutation_p(meds[0], boots[0], meds[1], boots[1]);
		free(ua);
		free(ub);
	}
	for (int k = 0; k < 2; k++) {
		free(meds[k]);
		free(nsop[k]);
	}
	return 0;
}

/*
 * The verdict: the interval (deterministic: the range over boots) against
 * the band [1 - threshold, 1 + threshold]. Wholly inside: same. Wholly
 * outside: slower or faster, in wallclock mode only if the Benjamini-
 * Hochberg adjusted permutation p is below FDR_ALPHA as well. Anything else,
 * or too few boots: inconclusive, with the reason.
 */
static void judge_word(struct verdict *v, bool deterministic, double threshold)
{
	int min_boots = deterministic ? MIN_BOOTS_DETERMINISTIC : MIN_BOOTS_WALLCLOCK;
	bool below = v->hi<1 - threshold, above = v->lo> 1 + threshold;

	v->why[0] = 0;
	if (v->few_boots) {
		v->word = "inconclusive";
		snprintf(v->why, sizeof(v->why), "%zu vs %zu boots; a verdict needs %d a side",
			 v->base.boots, v->new.boots, min_boots);
	} else if (!isfinite(v->lo) || !isfinite(v->hi)) {
		v->word = "inconclusive";
		snprintf(v->why, sizeof(v->why), "no interval");
	} else if ((below || above) && (deterministic || v->p_adj < FDR_ALPHA)) {
		v->word = below ? "slower" : "faster";
	} else if (below || above) {
		v->word = "inconclusive";
		snprintf(v->why, sizeof(v->why), "p(BH) %.2g is not below %.2g", v->p_adj,
			 FDR_ALPHA);
	} else if (v->lo >= 1 - threshold && v->hi <= 1 + threshold) {
		v->word = "same";
	} else {
		v->word = "inconclusive";
		snprintf(v->why, sizeof(v->why), "%s across the band's edge",
			 deterministic ? "range" : "interval");
	}
}

/* --- the sequential rule (--sequential MAX; core/sequential.h) --- */

struct round_median {
	long long round;
	double mbps;
};

static int cmp_round(const void *x, const void *y)
{
	long long a = ((const struct round_median *)x)->round;
	long long b = ((const struct round_median *)y)->round;

	return (a > b) - (a < b);
}

/* One side's boot medians in the order the boots ran (by round), malloc'd. */
static double *medians_by_round(const struct side *s)
{
	const size_t n = s->n_units;
	struct round_median *rm = malloc((n ? n : 1) * sizeof(*rm));
	double *meds = NULL, *nsop = NULL;

	if (rm && !boot_medians(s, n, &meds, &nsop)) {
		for (size_t i = 0; i < n; i++)
			rm[i] = (struct round_median){ s->units[i].round, meds[i] };
		qsort(rm, n, sizeof(*rm), cmp_round);
		for (size_t i = 0; i < n; i++)
			meds[i] = rm[i].mbps;
	}
	free(rm);
	free(nsop);
	return meds;
}

/*
 * Replays the rule's looks over every pair measured on both sides, from
 * the first boot a side to the last pair of boots (the first n boots of
 * each side make look n), so that the same files always give the same
 * verdicts and the caller keeps no state between looks. -EINVAL when a
 * pair has more boots a side than the plan's cap.
 */
static int sequential_verdicts(const struct pairing *p, struct verdict *v,
			       const struct ab_seq_plan *plan, double threshold)
{
	struct ab_seq_job *jobs = calloc(p->n ? p->n : 1, sizeof(*jobs));
	struct ab_seq_verdict *out = calloc(p->n ? p->n : 1, sizeof(*out));
	size_t *at = calloc(p->n ? p->n : 1, sizeof(*at)), m = 0;
	int err = jobs && out && at ? 0 : -ENOMEM;

	for (size_t i = 0; !err && i < p->n; i++) {
		const struct job_pair *jp = &p->pairs[i];
		size_t na = jp->side[0].n_units, nb = jp->side[1].n_units;

		if (!both_present(jp))
			continue;
		jobs[m] = (struct ab_seq_job){ medians_by_round(&jp->side[0]),
					       medians_by_round(&jp->side[1]), na < nb ? na : nb };
		at[m++] = i;
		if (!jobs[m - 1].a || !jobs[m - 1].b) {
			err = -ENOMEM;
		} else if (jobs[m - 1].n > plan->max_boots) {
			ab_err("job ");
			ab_fput_term(stderr, jp->key);
			fprintf(stderr,
				" has %zu boots a side, more than --sequential's cap of %u; "
				"give the cap the run was planned with\n",
				jobs[m - 1].n, plan->max_boots);
			err = -EINVAL;
		}
	}
	if (!err)
		err = ab_seq_replay(plan, threshold, jobs, m, out);
	for (size_t k = 0; !err && k < m; k++)
		v[at[k]].seq = out[k];
	for (size_t k = 0; jobs && k < m; k++) {
		free((double *)jobs[k].a);
		free((double *)jobs[k].b);
	}
	free(jobs);
	free(out);
	free(at);
	return err;
}

static const char *const seq_words[] = {
	[AB_SEQ_UNDECIDED] = "inconclusive",
	[AB_SEQ_SLOWER] = "slower",
	[AB_SEQ_FASTER] = "faster",
	[AB_SEQ_SAME] = "same",
};

/* The rule's verdict in place of the fixed-rounds one. */
static void sequential_word(struct verdict *v, const struct ab_seq_plan *plan, double threshold)
{
	size_t n = v->base.boots < v->new.boots ? v->base.boots : v->new.boots;

	v->word = seq_words[v->seq.word];
	v->why[0] = 0;
	if (v->seq.word != AB_SEQ_UNDECIDED)
		return;
	if (v->seq.bh_level > 0 && v->seq.look == n && v->seq.family > 1 &&
	    (v->seq.hi < 1 - threshold || v->seq.lo > 1 + threshold))
		snprintf(v->why, sizeof(v->why),
			 "outside the band at %.2g, but Benjamini-Hochberg over %zu pairs asks "
			 "%.2g; %zu of %u boots a side",
			 v->seq.level, v->seq.family, v->seq.bh_level, n, plan->max_boots);
	else
		snprintf(v->why, sizeof(v->why), "undecided after %zu of %u boots a side%s", n,
			 plan->max_boots, n >= plan->max_boots ? ": the cap" : "");
}

/*
 * Item 2 of the rule: how many boots a side would decide this pair at the
 * spread it shows, from the distance of its ratio to the band's nearest
 * edge (ab_seq_boots_needed). With a plan, the first look whose own level
 * that many boots reach; without, the fixed design at FDR_ALPHA.
 */
static void boots_needed(struct verdict *v, double threshold, const struct ab_seq_plan *plan)
{
	double r = log(plan ? v->seq.ratio : v->ratio), dist;
	double up = log(1 + threshold), down = log(1 - threshold);

	v->need = 0;
	v->need_in_cap = false;
	if (!isfinite(v->noise) || !isfinite(r))
		return;
	dist = r < down ? down - r : r > up ? r - up : fmin(up - r, r - down);
	if (!plan) {
		v->need = ab_seq_boots_needed(v->noise, dist, FDR_ALPHA);
		v->need = v->need && v->need < MIN_BOOTS_WALLCLOCK ? MIN_BOOTS_WALLCLOCK : v->need;
		return;
	}
	for (unsigned int n = 1; n <= plan->max_boots; n++) {
		unsigned int want = ab_seq_boots_needed(v->noise, dist, plan->level[n]);

		if (plan->level[n] > 0 && want && n >= want) {
			v->need = n;
			v->need_in_cap = true;
			return;
		}
	}
	v->need = ab_seq_boots_needed(v->noise, dist, plan->alpha);
}

/*
 * A side as the comparison records it: its file named from the folder the
 * JSON goes to (the working directory for stdout), so the comparison moves
 * with the results beside it and names no machine's folders.
 */
static json_t *run_summary(json_t *root, const char *path, const char *json_out)
{
	json_t *run = json_object_get(root, "run");
	json_t *host = json_object_get(run, "host");
	char dir[4096], file[4096];

	if (json_out && strcmp(json_out, "-"))
		ab_path_dir(json_out, dir, sizeof(dir));
	else
		snprintf(dir, sizeof(dir), ".");
	ab_path_rel(path, dir, file, sizeof(file)); /* else its name alone */
	return json_pack("{s:s, s:O?, s:O?, s:O?}", "file", file, "id", json_object_get(run, "id"),
			 "kernel", json_object_get(host, "kernel"), "crypto_stats",
			 json_object_get(host, "crypto_stats"));
}

static int write_json(json_t *doc, const char *path)
{
	char why[AB_WHY_LEN];
	/* 15 digits: alpha 0.05 as 0.05, not jansson's round-trip 0.050000000000000003 */
	int err = ab_json_write(path, doc, JSON_REAL_PRECISION(15), why);

	if (err)
		ab_err("cannot write %s: %s\n", path, why);
	return err;
}

static void print_header(FILE *tbl, bool deterministic, bool sequential)
{
	if (sequential && !deterministic)
		fprintf(tbl,
			"| job (backend type alg op keylen size threads mode) | boots | base "
			"MB/s | new MB/s | new/base (HL) | interval (level) | p | decided at | "
			"verdict |\n|---|---|---|---|---|---|---|---|---|\n");
	else if (deterministic)
		fprintf(tbl, "| job (backend type alg op keylen size threads mode) | boots | base "
			     "ns/op | new ns/op | delta ns/op | new/base | range over boots | max "
			     "boot dev | verdict |\n|---|---|---|---|---|---|---|---|---|\n");
	else
		fprintf(tbl, "| job (backend type alg op keylen size threads mode) | boots | base "
			     "MB/s | new MB/s | new/base | 95%% CI | p | p (BH) | verdict |\n"
			     "|---|---|---|---|---|---|---|---|---|\n");
}

/*
 * "RATIO | [LO, HI]" rounded by the one rule (core/number.h) to the place
 * of the interval's half-width: a table never shows more digits than its
 * interval supports. Without an interval, the ratio alone at the rule's
 * default and "-".
 */
static void fput_ratio(FILE *tbl, double ratio, double lo, double hi)
{
	double h = isfinite(lo) && isfinite(hi) ? (hi - lo) / 2 : NAN;
	int d = ab_round_decimals(ratio, h);
	char r[32], a[32], b[32];

	ab_fmt_decimals(r, sizeof(r), ratio, d);
	if (isnan(h)) {
		fprintf(tbl, "%s | -", r);
		return;
	}
	fprintf(tbl, "%s | [%s, %s]", r, ab_fmt_decimals(a, sizeof(a), lo, d),
		ab_fmt_decimals(b, sizeof(b), hi, d));
}

static void print_pair(FILE *tbl, const struct job_pair *jp, const struct verdict *v,
		       bool deterministic, bool sequential)
{
	const char *sep = v->why[0] ? " (" : "", *end = v->why[0] ? ")" : "";
	char r[32];

	fputs("| ", tbl);
	ab_fput_md(tbl, jp->key);
	if (sequential && !deterministic) {
		fprintf(tbl, " | %zu/%zu | %.1f ±%.1f%% | %.1f ±%.1f%% | ", v->base.boots,
			v->new.boots, v->base.mbps, v->base.spread * 100, v->new.mbps,
			v->new.spread * 100);
		if (isfinite(v->seq.hi)) {
			fput_ratio(tbl, v->seq.ratio, v->seq.lo, v->seq.hi);
			fprintf(tbl, " (%.2g) | ", v->seq.level);
		} else {
			fprintf(tbl, "%s | unbounded (%.2g) | ",
				ab_fmt_round(r, sizeof(r), v->seq.ratio, NAN), v->seq.level);
		}
		fprintf(tbl, "%.2g | ", v->seq.p);
		if (v->seq.decided_at)
			fprintf(tbl, "%u | ", v->seq.decided_at);
		else
			fputs("- | ", tbl);
		fprintf(tbl, "%s%s%s%s |\n", v->word, sep, v->why, end);
	} else if (deterministic) {
		fprintf(tbl, " | %zu/%zu | %.1f | %.1f | %+.1f | ", v->base.boots, v->new.boots,
			v->base.nsop, v->new.nsop, v->new.nsop - v->base.nsop);
		fput_ratio(tbl, v->ratio, v->lo, v->hi);
		fprintf(tbl, " | %.3f%% | %s%s%s%s |\n",
			100 * (v->base.spread > v->new.spread ? v->base.spread : v->new.spread),
			v->word, sep, v->why, end);
	} else if (!v->iters) { /* too few boots: no interval, no p */
		fprintf(tbl, " | %zu/%zu | %.1f ±%.1f%% | %.1f ±%.1f%% | ", v->base.boots,
			v->new.boots, v->base.mbps, v->base.spread * 100, v->new.mbps,
			v->new.spread * 100);
		fput_ratio(tbl, v->ratio, NAN, NAN);
		fprintf(tbl, " | - | - | %s%s%s%s |\n", v->word, sep, v->why, end);
	} else {
		fprintf(tbl, " | %zu/%zu | %.1f ±%.1f%% | %.1f ±%.1f%% | ", v->base.boots,
			v->new.boots, v->base.mbps, v->base.spread * 100, v->new.mbps,
			v->new.spread * 100);
		fput_ratio(tbl, v->ratio, v->lo, v->hi);
		fprintf(tbl, " | %.2g | %.2g | %s%s%s%s |\n", v->p, v->p_adj, v->word, sep, v->why,
			end);
	}
}

static json_t *side_json(const struct side_summary *s, const struct side *in, bool deterministic)
{
	json_t *boots = json_array();

	for (size_t i = 0; boots && i < s->boots; i++)
		json_array_append_new(boots, ab_json_real_or_null(s->boot_nsop[i]));
	return json_pack("{s:o, s:o, s:I, s:I, s:o, s:o?, s:O?, s:o}", "median_mbps",
			 ab_json_real_or_null(s->mbps), deterministic ? "max_boot_dev" : "cv",
			 ab_json_real_or_null(s->spread), "n", (json_int_t)s->samples, "boots",
			 (json_int_t)s->boots, "ns_per_op", ab_json_real_or_null(s->nsop),
			 "boot_ns_per_op", boots, "driver", in->driver, "cv_kind",
			 json_string(deterministic ? "max relative deviation of a boot median"
						   : "CV of boot medians"));
}

/* Smallest and largest finite value of V[0..n); NAN, NAN when none. */
static void finite_range(const double *v, size_t n, double *min, double *max)
{
	*min = *max = NAN;
	for (size_t i = 0; i < n; i++)
		if (isfinite(v[i])) {
			*min = isnan(*min) || v[i] < *min ? v[i] : *min;
			*max = isnan(*max) || v[i] > *max ? v[i] : *max;
		}
}

/*
 * A pair as JSON: besides the verdict, what a report prints of it without
 * computing anything itself: the job key, each side's driver, boot medians
 * of ns/op and their median, the difference of those medians and its range
 * over every pair of boots (scripts/ab-report's headline).
 */
static json_t *pair_json(const struct job_pair *jp, const struct verdict *v, bool deterministic)
{
	double b_min, b_max, n_min, n_max;
	json_t *o = json_pack(
		"{s:s, s:O, s:o, s:o, s:o, s:[o, o], s:s, s:I, s:o, s:o, s:s, s:b}", "key", jp->key,
		"job", jp->ident, "base", side_json(&v->base, &jp->side[0], deterministic), "new",
		side_json(&v->new, &jp->side[1], deterministic), "ratio",
		ab_json_real_or_null(v->ratio), "ci95", ab_json_real_or_null(v->lo),
		ab_json_real_or_null(v->hi), "interval",
		deterministic ? "range over every pair of boots" : "two-level bootstrap 95%",
		"bootstrap_iterations", (json_int_t)v->iters, "p", ab_json_real_or_null(v->p),
		"p_bh", ab_json_real_or_null(v->p_adj), "verdict", v->word, "few_samples",
		v->few_boots);

	finite_range(v->base.boot_nsop, v->base.boots, &b_min, &b_max);
	finite_range(v->new.boot_nsop, v->new.boots, &n_min, &n_max);
	json_object_set_new(o, "delta_ns_per_op", ab_json_real_or_null(v->new.nsop - v->base.nsop));
	json_object_set_new(o, "delta_ns_per_op_range",
			    json_pack("[o, o]", ab_json_real_or_null(n_min - b_max),
				      ab_json_real_or_null(n_max - b_min)));
	if (both_counted(jp))
		json_object_set_new(o, "instructions_per_op",
				    json_pack("{s:f, s:f, s:f}", "base", jp->side[0].ins_per_op,
					      "new", jp->side[1].ins_per_op, "ratio",
					      jp->side[1].ins_per_op / jp->side[0].ins_per_op));
	if (v->why[0])
		json_object_set_new(o, "reason", json_string(v->why));
	return o;
}

/* The rule's figures for one pair (--sequential, wallclock). */
static json_t *sequential_pair_json(const struct verdict *v)
{
	bool bounded = isfinite(v->seq.hi);

	return json_pack(
		"{s:s, s:o, s:I, s:f, s:o, s:o, s:[o, o]}", "verdict",
		v->seq.word == AB_SEQ_UNDECIDED ? "undecided" : seq_words[v->seq.word],
		"decided_at", v->seq.decided_at ? json_integer(v->seq.decided_at) : json_null(),
		"look", (json_int_t)v->seq.look, "level", v->seq.level, "p",
		ab_json_real_or_null(v->seq.p), "ratio_hl", ab_json_real_or_null(v->seq.ratio),
		"interval", ab_json_real_or_null(bounded ? v->seq.lo : NAN),
		ab_json_real_or_null(bounded ? v->seq.hi : NAN));
}

/* Item 2: boots a side that would decide an undecided pair. */
static json_t *boots_needed_json(const struct verdict *v, const struct ab_seq_plan *plan)
{
	json_t *o = json_pack("{s:o, s:o, s:f, s:s}", "boots",
			      v->need ? json_integer(v->need) : json_null(), "noise_log_sd",
			      ab_json_real_or_null(v->noise), "power", 0.8, "design",
			      plan ? "sequential" : "fixed rounds");

	if (plan)
		json_object_set_new(o, "within_cap", json_boolean(v->need_in_cap));
	return o;
}

/* Boots a side that would decide each undecided pair, after the summary. */
static void print_needed(FILE *tbl, const struct pairing *p, const struct verdict *v,
			 const struct ab_seq_plan *plan)
{
	size_t n = 0;

	for (size_t i = 0; i < p->n; i++) {
		const struct verdict *w = &v[i];

		if (!both_present(&p->pairs[i]) || strcmp(w->word, "inconclusive"))
			continue;
		if (!n++)
			fprintf(tbl, "\nBoots a side that would decide (80%% power at the spread "
				     "observed, docs/statistics.md)\n\n| job | SD of log boot "
				     "medians | boots a side |\n|---|---|---|\n");
		fputs("| ", tbl);
		ab_fput_md(tbl, p->pairs[i].key);
		if (!isfinite(w->noise))
			fputs(" | - | unknown: too few boots to see the spread |\n", tbl);
		else if (!w->need)
			fprintf(tbl, " | %.4f | none: the ratio sits on the band's edge |\n",
				w->noise);
		else if (plan && !w->need_in_cap)
			fprintf(tbl,
				" | %.4f | more than the cap of %u (a fixed design at %.2g: %u) "
				"|\n",
				w->noise, plan->max_boots, plan->alpha, w->need);
		else
			fprintf(tbl, " | %.4f | %u |\n", w->noise, w->need);
	}
}

static void free_pairing(struct pairing *p)
{
	json_decref(p->index);
	for (size_t i = 0; i < p->n; i++) {
		free(p->pairs[i].key);
		json_decref(p->pairs[i].ident);
		for (int k = 0; k < 2; k++) {
			for (size_t u = 0; u < p->pairs[i].side[k].n_units; u++) {
				free(p->pairs[i].side[k].units[u].mbps);
				free(p->pairs[i].side[k].units[u].nsop);
			}
			free(p->pairs[i].side[k].units);
			json_decref(p->pairs[i].side[k].round_index);
		}
	}
	free(p->pairs);
}

/* compare.json's "sequential": the plan, and whether the loop may stop. */
static json_t *sequential_json(const struct ab_seq_plan *plan, size_t look, size_t decided,
			       size_t undecided)
{
	json_t *looks = json_array();

	for (unsigned int n = 1; looks && n <= plan->max_boots; n++)
		if (plan->level[n] > 0)
			json_array_append_new(looks, json_pack("{s:i, s:f}", "boots", (int)n,
							       "level", plan->level[n]));
	return json_pack("{s:i, s:f, s:s, s:s, s:s, s:o, s:I, s:I, s:I, s:b, s:b, s:b}",
			 "max_boots", (int)plan->max_boots, "alpha", plan->alpha, "spending",
			 "O'Brien-Fleming-like (Lan-DeMets), looks' shares added (Bonferroni)",
			 "test",
			 "exact Wilcoxon-Mann-Whitney over log boot medians, Hodges-Lehmann "
			 "interval",
			 "correction", "Benjamini-Hochberg per look", "looks", looks, "boots",
			 (json_int_t)look, "decided", (json_int_t)decided, "undecided",
			 (json_int_t)undecided, "all_decided", !undecided, "cap_reached",
			 look >= plan->max_boots, "stop", !undecided || look >= plan->max_boots);
}

/* One comparison, as its steps below build it. */
struct comparison {
	double threshold;
	bool deterministic;
	FILE *tbl; /* the markdown: stdout, or stderr when the JSON owns stdout */
	struct pairing p;
	struct verdict *v;		      /* per pair */
	double *pv, *padj;		      /* the family's p values and their BH adjustment */
	size_t n_p;			      /* how many are in the family */
	struct ab_seq_plan plan_store, *plan; /* --sequential, wallclock; else NULL */
	size_t look, seq_decided;	      /* boots a side at this look; pairs decided */
	size_t slower, faster, same, inconclusive, lonely;
};

/* Both files' jobs paired by key; the modes must agree. */
static int pair_sides(struct comparison *c, json_t *base, const char *base_path, json_t *new,
		      const char *new_path)
{
	int err;

	c->deterministic = deterministic_file(base);
	if (c->deterministic != deterministic_file(new)) {
		ab_err("%s was measured %s, %s %s: instructions and time do "
		       "not compare\n",
		       base_path,
		       c->deterministic ? "under -icount (deterministic)" : "in wall-clock time",
		       new_path, c->deterministic ? "in wall-clock time" : "under -icount");
		return -EINVAL;
	}
	err = collect(&c->p, base, 0, base_path);
	return err ? err : collect(&c->p, new, 1, new_path);
}

/*
 * Every pair on both sides measured (interval, p), the pairs that get an
 * interval sharing COMPARE_WORK; the family of p values for the correction;
 * --sequential's rule over the rounds.
 */
static int measure_pairs(struct comparison *c, unsigned int seq_max)
{
	size_t n = c->p.n ? c->p.n : 1, n_verdict = 0;
	struct ab_progress progress;
	double pair_work;
	int err = 0;

	c->v = calloc(n, sizeof(*c->v));
	c->pv = calloc(n, sizeof(*c->pv));
	c->padj = calloc(n, sizeof(*c->padj));
	if (!c->v || !c->pv || !c->padj)
		return -ENOMEM;
	for (size_t i = 0; i < c->p.n; i++) {
		const struct job_pair *jp = &c->p.pairs[i];

		n_verdict += both_present(jp) && jp->side[0].n_units >= MIN_BOOTS_WALLCLOCK &&
			     jp->side[1].n_units >= MIN_BOOTS_WALLCLOCK;
	}
	pair_work = n_verdict ? COMPARE_WORK / (double)n_verdict : PAIR_WORK;
	pair_work = pair_work < PAIR_WORK ? pair_work : PAIR_WORK;
	ab_progress_begin(&progress);
	for (size_t i = 0; !err && i < c->p.n; i++) {
		struct verdict *v = &c->v[i];

		if (!both_present(&c->p.pairs[i]))
			continue;
		ab_progress_step(&progress, "compare: pair %zu of %zu (%zu vs %zu boots)", i + 1,
				 c->p.n, c->p.pairs[i].side[0].n_units,
				 c->p.pairs[i].side[1].n_units);
		err = measure(&c->p.pairs[i], c->deterministic, pair_work, v);
		if (!err && isfinite(v->p) && !v->few_boots)
			c->pv[c->n_p++] = v->p;
	}
	ab_progress_clear(&progress);
	if (!err && seq_max && !c->deterministic) {
		err = ab_seq_plan_init(&c->plan_store, FDR_ALPHA, seq_max);
		c->plan = err ? NULL : &c->plan_store;
		if (!err)
			err = sequential_verdicts(&c->p, c->v, c->plan, c->threshold);
	}
	/* The family for the correction: every pair that has a p and enough boots. */
	if (!err)
		ab_bh_adjust(c->pv, c->n_p, c->padj);
	return err;
}

/* Each pair's verdict in words, its table row and its JSON; the counts. */
static void judge_pairs(struct comparison *c, json_t *pairs, json_t *one_sided)
{
	for (size_t i = 0, k = 0; i < c->p.n; i++) {
		struct job_pair *jp = &c->p.pairs[i];
		struct verdict *v = &c->v[i];
		json_t *pj;

		if (!both_present(jp)) {
			c->lonely++;
			json_array_append_new(one_sided,
					      json_pack("{s:O, s:s}", "job", jp->ident, "only_in",
							jp->side[0].present ? "base" : "new"));
			continue;
		}
		if (isfinite(v->p) && !v->few_boots)
			v->p_adj = c->padj[k++];
		judge_word(v, c->deterministic, c->threshold);
		if (c->plan)
			sequential_word(v, c->plan, c->threshold);
		if (!c->deterministic && !strcmp(v->word, "inconclusive"))
			boots_needed(v, c->threshold, c->plan);
		print_pair(c->tbl, jp, v, c->deterministic, c->plan != NULL);
		pj = pair_json(jp, v, c->deterministic);
		if (pj && c->plan)
			json_object_set_new(pj, "sequential", sequential_pair_json(v));
		if (pj && !c->deterministic && !strcmp(v->word, "inconclusive"))
			json_object_set_new(pj, "boots_needed", boots_needed_json(v, c->plan));
		json_array_append_new(pairs, pj);
		c->look = v->base.boots < c->look ? v->base.boots : c->look;
		c->look = v->new.boots < c->look ? v->new.boots : c->look;
		c->seq_decided += strcmp(v->word, "inconclusive") != 0;
		c->slower += !strcmp(v->word, "slower");
		c->faster += !strcmp(v->word, "faster");
		c->same += !strcmp(v->word, "same");
		c->inconclusive += !strcmp(v->word, "inconclusive");
	}
}

/* After the table: the counts, the one-sided jobs (stderr), the sequential look, what would decide.
 */
static void print_summary(struct comparison *c, unsigned int seq_max)
{
	size_t judged = c->slower + c->faster + c->same + c->inconclusive;

	fprintf(c->tbl,
		"\n%zu pairs: %zu slower, %zu faster, %zu same, %zu inconclusive (threshold "
		"%.1f%%, %s)\n",
		judged, c->slower, c->faster, c->same, c->inconclusive, c->threshold * 100,
		c->deterministic ? "deterministic: range over boots"
		: c->plan ? "sequential: exact rank test over boot medians, alpha spent over looks"
			  : "wallclock: boot medians, BH-adjusted permutation p");
	/* not part of the markdown: a job on one side only is an error (exit 2), said on stderr */
	for (size_t i = 0; i < c->p.n; i++)
		if (!both_present(&c->p.pairs[i])) {
			ab_err("only in %s: ", c->p.pairs[i].side[0].present ? "base" : "new");
			ab_fput_term(stderr, c->p.pairs[i].key);
			fputc('\n', stderr);
		}
	if (seq_max)
		fprintf(c->tbl,
			"sequential: %zu of %u boots a side; %zu of %zu pairs decided%s (false "
			"slower/faster at most %.2g over every look)\n",
			c->look, seq_max, c->seq_decided, judged,
			!c->inconclusive     ? ": all decided, stop"
			: c->look >= seq_max ? ": the cap, stop"
					     : ": boot another pair",
			FDR_ALPHA);
	print_needed(c->tbl, &c->p, c->v, c->plan);
	print_instructions(c->tbl, &c->p);
}

/* compare.json's summary and, with --sequential, its sequential block. */
static void summary_json(json_t *out, const struct comparison *c, unsigned int seq_max)
{
	json_object_set_new(out, "summary",
			    json_pack("{s:I, s:I, s:I, s:I, s:I}", "slower", (json_int_t)c->slower,
				      "faster", (json_int_t)c->faster, "same", (json_int_t)c->same,
				      "inconclusive", (json_int_t)c->inconclusive, "one_sided",
				      (json_int_t)c->lonely));
	if (!seq_max)
		return;
	json_object_set_new(
		out, "sequential",
		c->plan ? sequential_json(c->plan, c->look, c->seq_decided, c->inconclusive)
			: json_pack("{s:i, s:s, s:I, s:I, s:b}", "max_boots", (int)seq_max, "rule",
				    "deterministic: range over boots", "boots", (json_int_t)c->look,
				    "undecided", (json_int_t)c->inconclusive, "stop",
				    !c->inconclusive || c->look >= seq_max));
}

static void comparison_free(struct comparison *c)
{
	for (size_t i = 0; c->v && i < c->p.n; i++) {
		free(c->v[i].base.boot_nsop);
		free(c->v[i].new.boot_nsop);
	}
	free_pairing(&c->p);
	if (c->plan)
		ab_seq_plan_free(c->plan);
	free(c->v);
	free(c->pv);
	free(c->padj);
}

/*
 * The steps: pair both files' jobs, measure every pair, check the host
 * tuning of every boot, judge and print each pair, then the summary; the
 * JSON beside it. 0, 1 (a pair slower) or 2 (an error, a one-sided job).
 */
static int compare(const char *base_path, const char *new_path, double threshold,
		   const char *json_out, unsigned int seq_max)
{
	struct comparison c = {
		.threshold = threshold,
		/* With --json - the JSON owns stdout; the table goes to stderr (as run does). */
		.tbl = json_out && !strcmp(json_out, "-") ? stderr : stdout,
		.look = SIZE_MAX,
	};
	json_t *base = load_result(base_path), *new = base ? load_result(new_path) : NULL;
	json_t *out = NULL, *pairs = json_array(), *one_sided = json_array(), *tuning;
	int rc = 2, err;

	if (!base || !new)
		goto out;
	err = pair_sides(&c, base, base_path, new, new_path);
	if (!err)
		err = measure_pairs(&c, seq_max);
	if (err == -ENOMEM)
		ab_err("out of memory\n");
	if (err)
		goto out;
	out = json_pack("{s:s, s:o, s:o, s:f, s:s, s:i, s:s, s:f, s:O, s:O}", "schema",
			"algbench-compare/1", "base", run_summary(base, base_path, json_out), "new",
			run_summary(new, new_path, json_out), "threshold", threshold, "mode",
			c.deterministic ? "deterministic" : "wallclock", "min_boots",
			c.deterministic ? MIN_BOOTS_DETERMINISTIC : MIN_BOOTS_WALLCLOCK,
			"correction", "benjamini-hochberg", "alpha", FDR_ALPHA, "pairs", pairs,
			"one_sided", one_sided);
	tuning = ab_host_tuning_check(base, new, c.tbl);
	if (!tuning || json_object_set_new(out, "host_tuning", tuning)) {
		ab_err("out of memory\n");
		goto out;
	}
	print_header(c.tbl, c.deterministic, c.plan != NULL);
	judge_pairs(&c, pairs, one_sided);
	c.look = c.look == SIZE_MAX ? 0 : c.look;
	print_summary(&c, seq_max);
	summary_json(out, &c, seq_max);
	if (json_out && write_json(out, json_out))
		goto out;
	rc = c.lonely ? 2 : c.slower ? 1 : 0;
out:
	comparison_free(&c);
	json_decref(pairs);
	json_decref(one_sided);
	json_decref(out);
	json_decref(base);
	json_decref(new);
	return rc;
}

#define STR_(x) #x
#define STR(x)	STR_(x)

struct compare_opts {
	double threshold; /* percent */
	const char *json_out;
	unsigned int sequential; /* the cap, boots a side; 0: fixed rounds */
};

static int opt_threshold(const char *arg, void *pct, char why[AB_WHY_LEN])
{
	char *end;
	double v = strtod(arg, &end);

	if (end == arg || *end || !(v >= 0 && v < 100)) {
		ab_whyf(why, "'%s' is not a percentage in [0, 100)", arg);
		return -EINVAL;
	}
	*(double *)pct = v;
	return 0;
}

static const struct ab_opt compare_opts[] = {
	{ "threshold", 't', "PCT", AB_OPT_CALL, offsetof(struct compare_opts, threshold),
	  .help = "smallest change that counts, in percent", .call = opt_threshold, .def = "2" },
	{ "json", 'j', "OUT", AB_OPT_STR, offsetof(struct compare_opts, json_out),
	  .help = "also write the comparison as JSON (- for stdout; the table then goes to "
		  "stderr)",
	  .def_text = "none" },
	{ "sequential", 's', "MAX", AB_OPT_UINT, offsetof(struct compare_opts, sequential),
	  .help = "judge by the sequential rule of a run that boots pairs until every job is "
		  "decided or MAX boots a side (docs/statistics.md): call after each pair; "
		  "summary line and sequential.stop in --json say whether to stop",
	  .min = 1, .max = AB_SEQ_MAX_BOOTS, .def_text = "off: fixed rounds" },
	{ 0 },
};

static int compare_main(void *opts, int argc, char **argv)
{
	const struct compare_opts *o = opts;

	if (argc != 2)
		return ab_opt_error(&ab_compare_cmd,
				    "need exactly two result files, BASE and NEW, not %d", argc);
	return compare(argv[0], argv[1], o->threshold / 100, o->json_out, o->sequential);
}

const struct ab_opt_cmd ab_compare_cmd = {
	"compare",
	"[OPTIONS] BASE.json NEW.json",
	compare_opts,
	sizeof(struct compare_opts),
	compare_main,
	.operands = true,
	.about = "Pairs the jobs of two algbench result files by (backend, type, alg, op,\n"
		 "keylen, size, threads, mode) and prints a markdown table with a verdict per\n"
		 "job. The unit is the boot: samples are grouped by their `round` (files made\n"
		 "by `algbench merge` or scripts/ab-stats); a file without rounds is one unit.\n"
		 "Wallclock: medians of boot medians, their ratio NEW/BASE with a two-level\n"
		 "bootstrap 95% interval, an exact permutation p over boot medians and its\n"
		 "Benjamini-Hochberg adjustment across the pairs. Deterministic (run.ab.mode,\n"
		 "-icount): ns (= instructions) per operation and the ratio's range over\n"
		 "every pair of boots. Verdict from the interval (range) against the band\n"
		 "1 +- threshold: slower/faster wholly outside (wallclock: and p(BH) < 0.05),\n"
		 "same wholly inside, else inconclusive; a verdict needs " STR(
			 MIN_BOOTS_WALLCLOCK) " boots a side\n"
					      "(deterministic: " STR(
						      MIN_BOOTS_DETERMINISTIC) "). "
									       "docs/statistics.md "
									       "has the details.\n",
	.after = "--sequential MAX: for a run that boots ABAB pairs until every job is decided or\n"
		 "MAX boots a side; call it after each pair. Each look (n boots a side) spends a\n"
		 "share of alpha 0.05 (O'Brien-Fleming-like), judged by an exact rank test over\n"
		 "boot medians and its interval for the ratio, Benjamini-Hochberg per look;\n"
		 "the looks are replayed from the rounds, so no state is kept between calls.\n"
		 "--json's sequential.stop says whether to stop (all decided, or the cap).\n"
		 "Each undecided pair gets the boots a side that would decide it at the\n"
		 "spread it shows (boots_needed in --json).\n\n"
		 "Exit: 0 nothing slower, 1 a regression, 2 an error (unreadable input, or\n"
		 "jobs measured on one side only, listed on stderr). 0 includes a comparison\n"
		 "whose every pair is inconclusive: a gate that needs verdicts reads\n"
		 "summary.inconclusive from --json.\n",
};
