// SPDX-License-Identifier: GPL-2.0
/*
 * The A/B rules' error rates, by simulation (docs/statistics.md): synthetic
 * A/A comparisons at several noise levels must give a false slower/faster at
 * or under the stated rate, for compare's fixed-rounds rule and for the
 * sequential rule (core/sequential.h); a 5% change at 1% noise must be
 * decided slower. A fixed seed: the same figures on every run, so the
 * bounds cannot fail by chance. Compute only, TAP output.
 */
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/sequential.h"
#include "core/stats.h"
#include "sys/tap.h"

#define ALPHA	  0.05
#define THRESHOLD 0.02
#define REPS	  1000 /* A/A comparisons per noise level and design */
#define AB_REPS	  200
#define SAMPLES	  10 /* samples a boot */
#define MOST	  24 /* boots a side simulated; the largest cap */
#define BOOT_ITERS                                                                                 \
	1000 /* compare's bootstrap in the simulation (compare runs 10,000): the                   \
		false-alarm bound rests on p, which is exact */

static uint64_t rng = 0x853C49E6748FEA9BULL;

static double uniform(void)
{
	rng ^= rng >> 12;
	rng ^= rng << 25;
	rng ^= rng >> 27;
	return (double)((rng * 0x2545F4914F6CDD1DULL) >> 11) / 9007199254740992.0;
}

static double gauss(void)
{
	double u = uniform(), v = uniform();

	return sqrt(-2 * log(u > 0 ? u : 1e-300)) * cos(2 * M_PI * v);
}

struct noise {
	const char *name;
	double between, within; /* SD of log: boot to boot, sample to sample */
	int bimodal;		/* boots fall on one of two levels `between` apart */
};

/* One side's boots: SAMPLES samples each, and each boot's median. */
struct side {
	double s[MOST][SAMPLES];
	double med[MOST];
};

static void boot_side(const struct noise *nz, double level, struct side *out)
{
	for (int b = 0; b < MOST; b++) {
		double boot =
			nz->bimodal ? (uniform() < 0.5 ? log(1 - nz->between) : 0) + 0.005 * gauss()
				    : nz->between * gauss();
		double tmp[SAMPLES];

		for (int k = 0; k < SAMPLES; k++)
			out->s[b][k] = tmp[k] = level * exp(boot + nz->within * gauss());
		out->med[b] = ab_median(tmp, SAMPLES);
	}
}

/* ab_tap_ok with the figures in the test's name */
static __attribute__((format(printf, 2, 3))) void okf(bool cond, const char *fmt, ...)
{
	char name[300];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(name, sizeof(name), fmt, ap);
	va_end(ap);
	ab_tap_ok(cond, name);
}

enum design_kind { FIXED, SEQUENTIAL };

struct design {
	const char *name;
	enum design_kind kind;
	unsigned int boots; /* fixed: boots a side; sequential: the cap */
	double threshold;   /* 0: the test alone, no band to clear (the spending's own rate) */
	struct ab_seq_plan plan;
};

struct tally {
	unsigned int slower, faster, same, undecided;
	unsigned int boots[REPS]; /* boots a side when decided */
	unsigned int n_decided;
};

/* compare's fixed-rounds rule (report/compare.c) for one job: BH of one p is p. */
static enum ab_seq_word fixed_rule(const struct side *a, const struct side *b, unsigned int n)
{
	struct ab_unit ua[MOST], ub[MOST];
	double lo, hi, p;

	for (unsigned int i = 0; i < n; i++) {
		ua[i] = (struct ab_unit){ a->s[i], SAMPLES };
		ub[i] = (struct ab_unit){ b->s[i], SAMPLES };
	}
	ab_bootstrap2_ratio_ci(ua, n, ub, n, BOOT_ITERS, &lo, &hi);
	p = ab_permutation_p(a->med, n, b->med, n);
	if ((hi < 1 - THRESHOLD || lo > 1 + THRESHOLD) && p < ALPHA)
		return hi < 1 - THRESHOLD ? AB_SEQ_SLOWER : AB_SEQ_FASTER;
	if (lo >= 1 - THRESHOLD && hi <= 1 + THRESHOLD)
		return AB_SEQ_SAME;
	return AB_SEQ_UNDECIDED;
}

static void judge(struct design *d, const struct side *a, const struct side *b, struct tally *t)
{
	enum ab_seq_word w;
	unsigned int at = d->boots;

	if (d->kind == FIXED) {
		w = fixed_rule(a, b, d->boots);
	} else {
		struct ab_seq_job job = { a->med, b->med, d->boots };
		struct ab_seq_verdict v;

		if (ab_seq_replay(&d->plan, d->threshold, &job, 1, &v))
			abort(); /* a plan that fits MOST cannot fail */
		w = v.word;
		at = v.decided_at;
	}
	t->slower += w == AB_SEQ_SLOWER;
	t->faster += w == AB_SEQ_FASTER;
	t->same += w == AB_SEQ_SAME;
	t->undecided += w == AB_SEQ_UNDECIDED;
	if (w != AB_SEQ_UNDECIDED)
		t->boots[t->n_decided++] = at;
}

static void boots_summary(struct tally *t, double *mean, double *median)
{
	double v[REPS], sum = 0;

	for (unsigned int i = 0; i < t->n_decided; i++)
		sum += v[i] = t->boots[i];
	*mean = t->n_decided ? sum / t->n_decided : NAN;
	*median = ab_median(v, t->n_decided);
}

static struct design designs[] = {
	{ .name = "fixed 3 (compare)", .kind = FIXED, .boots = 3, .threshold = THRESHOLD },
	{ .name = "fixed 6 (compare)", .kind = FIXED, .boots = 6, .threshold = THRESHOLD },
	{ .name = "sequential, cap 12", .kind = SEQUENTIAL, .boots = 12, .threshold = THRESHOLD },
	{ .name = "sequential, cap 24", .kind = SEQUENTIAL, .boots = MOST, .threshold = THRESHOLD },
	{ .name = "sequential, cap 12, band 0", .kind = SEQUENTIAL, .boots = 12 },
	{ .name = "sequential, cap 24, band 0", .kind = SEQUENTIAL, .boots = MOST },
};
#define FIRST_SEQUENTIAL 2
#define N_BANDED	 4
#define N_DESIGNS	 (sizeof(designs) / sizeof(designs[0]))

static void run_rows(const struct noise *nz, double change, unsigned int reps,
		     struct tally *tallies)
{
	memset(tallies, 0, N_DESIGNS * sizeof(*tallies));
	for (unsigned int r = 0; r < reps; r++) {
		static struct side a, b;

		boot_side(nz, 100, &a);
		boot_side(nz, 100 * change, &b);
		for (size_t d = 0; d < N_DESIGNS; d++)
			judge(&designs[d], &a, &b, &tallies[d]);
	}
}

static void print_row(const struct noise *nz, size_t d, struct tally *t, unsigned int reps)
{
	double mean, median;

	boots_summary(t, &mean, &median);
	printf("# | %s | %s | %.3f | %.3f | %.3f | %.3f | ", nz->name, designs[d].name,
	       (double)(t->slower + t->faster) / reps, (double)t->slower / reps,
	       (double)t->same / reps, (double)t->undecided / reps);
	if (t->n_decided)
		printf("%.1f | %.0f |\n", mean, median);
	else
		printf("- | - |\n");
}

static void test_plan(void)
{
	struct ab_seq_plan plan;
	double sum = 0;
	int ok = !ab_seq_plan_init(&plan, ALPHA, 12);

	for (unsigned int n = 1; ok && n <= 12; n++) {
		sum += plan.level[n];
		if (plan.level[n] > 0)
			ab_tap_diag("cap 12, look at %u boots a side: level %.5f (spent %.5f)", n,
				    plan.level[n], sum);
	}
	okf(ok && sum <= ALPHA + 1e-12 && sum > ALPHA * 0.99,
	    "the sequential plan spends at most alpha over its looks (%.5f)", sum);
	ab_tap_ok(ok && fabs(plan.cdf[3][0] - 1.0 / 20) < 1e-15 &&
			  fabs(plan.cdf[5][0] - 1.0 / 252) < 1e-15 && plan.cdf[5][25] == 1,
		  "Mann-Whitney null: 3 vs 3 wholly apart 1/20, 5 vs 5 1/252 (C(10, 5))");
	ab_tap_ok(ok && plan.level[3] == 0,
		  "no look at 3 boots a side: its smallest p (0.1) cannot reach its share");
	ab_seq_plan_free(&plan);
	ab_tap_ok(ab_seq_plan_init(&plan, ALPHA, AB_SEQ_MAX_BOOTS + 1) != 0 &&
			  ab_seq_plan_init(&plan, 0, 12) != 0,
		  "a plan beyond the cap or at alpha 0 is refused");
}

/*
 * Multiplicity: an A/A of FAMILY jobs measured in the same boots (a boot
 * effect shared by every job, so their p-values are dependent, plus each
 * job's own), judged together (Benjamini-Hochberg per look): the share of
 * runs with any false slower/faster stays within alpha.
 */
#define FAMILY	     24
#define FAMILY_REPS  300
#define FAMILY_BOOTS 12

static void test_family(void)
{
	static double a[FAMILY][FAMILY_BOOTS], b[FAMILY][FAMILY_BOOTS];
	double bound = ALPHA + 3 * sqrt(ALPHA * (1 - ALPHA) / FAMILY_REPS);
	const double thresholds[] = { THRESHOLD, 0 };
	struct ab_seq_plan plan;

	if (ab_seq_plan_init(&plan, ALPHA, FAMILY_BOOTS))
		abort();
	for (size_t t = 0; t < 2; t++) {
		unsigned int runs_with_false = 0, decided = 0;

		for (unsigned int r = 0; r < FAMILY_REPS; r++) {
			struct ab_seq_job jobs[FAMILY];
			struct ab_seq_verdict v[FAMILY];
			unsigned int wrong = 0;

			for (int n = 0; n < FAMILY_BOOTS; n++) {
				double shared_a = 0.03 * gauss(), shared_b = 0.03 * gauss();

				for (int j = 0; j < FAMILY; j++) {
					a[j][n] = 100 * exp(shared_a + 0.03 * gauss());
					b[j][n] = 100 * exp(shared_b + 0.03 * gauss());
				}
			}
			for (int j = 0; j < FAMILY; j++)
				jobs[j] = (struct ab_seq_job){ a[j], b[j], FAMILY_BOOTS };
			if (ab_seq_replay(&plan, thresholds[t], jobs, FAMILY, v))
				abort();
			for (int j = 0; j < FAMILY; j++) {
				wrong += v[j].word == AB_SEQ_SLOWER || v[j].word == AB_SEQ_FASTER;
				decided += v[j].word != AB_SEQ_UNDECIDED;
			}
			runs_with_false += wrong > 0;
		}
		okf((double)runs_with_false / FAMILY_REPS <= bound,
		    "A/A of %d jobs in shared boots (3%% shared, 3%% own), sequential cap %d, band "
		    "%.0f%%: runs with any false slower/faster %u of %d (%.3f), within %.4f; "
		    "%.1f%% of verdicts decided",
		    FAMILY, FAMILY_BOOTS, thresholds[t] * 100, runs_with_false, FAMILY_REPS,
		    (double)runs_with_false / FAMILY_REPS, bound,
		    100.0 * decided / (FAMILY * FAMILY_REPS));
	}
	ab_seq_plan_free(&plan);
}

int main(void)
{
	static const struct noise levels[] = {
		{ "0.5% between, 2% within", 0.005, 0.02, 0 },
		{ "3% between, 2% within", 0.03, 0.02, 0 },
		{ "15% between, 2% within", 0.15, 0.02, 0 },
		{ "bimodal: half the boots 15% low, 2% within", 0.15, 0.02, 1 },
	};
	static const struct noise ab_noise = { "1% between, 1% within", 0.01, 0.01, 0 };
	double bound = ALPHA + 3 * sqrt(ALPHA * (1 - ALPHA) / REPS);
	static struct tally t[N_DESIGNS];

	ab_tap_header();
	ab_tap_plan(4 + 4 * N_DESIGNS + N_BANDED - FIRST_SEQUENTIAL + 2);
	test_plan();
	for (size_t d = 0; d < N_DESIGNS; d++)
		if (designs[d].kind == SEQUENTIAL &&
		    ab_seq_plan_init(&designs[d].plan, ALPHA, designs[d].boots))
			abort();
	printf("# A/A, %d comparisons a row, threshold %.0f%% (band 0: slower/faster on the "
	       "test alone), alpha %.2f, %d samples a boot\n",
	       REPS, THRESHOLD * 100, ALPHA, SAMPLES);
	printf("# | noise | design | false slower/faster | of which slower | same | undecided "
	       "| mean boots to decide | median |\n# |---|---|---|---|---|---|---|---|\n");
	for (size_t l = 0; l < sizeof(levels) / sizeof(levels[0]); l++) {
		run_rows(&levels[l], 1, REPS, t);
		for (size_t d = 0; d < N_DESIGNS; d++) {
			print_row(&levels[l], d, &t[d], REPS);
			okf((double)(t[d].slower + t[d].faster) / REPS <= bound,
			    "A/A %s, %s: false slower/faster %u of %d, within alpha + 3 SD "
			    "(%.4f)",
			    levels[l].name, designs[d].name, t[d].slower + t[d].faster, REPS,
			    bound);
		}
	}
	printf("# A/B, NEW 5%% slower, %d comparisons a row\n", AB_REPS);
	run_rows(&ab_noise, 0.95, AB_REPS, t);
	for (size_t d = 0; d < N_BANDED; d++)
		print_row(&ab_noise, d, &t[d], AB_REPS);
	for (size_t d = FIRST_SEQUENTIAL; d < N_BANDED; d++) {
		double mean, median;

		boots_summary(&t[d], &mean, &median);
		okf(t[d].slower >= AB_REPS * 95 / 100 && !t[d].faster,
		    "A/B 5%% slower at 1%% noise, %s: slower in %u of %d, in %.1f boots a "
		    "side on average (median %.0f)",
		    designs[d].name, t[d].slower, AB_REPS, mean, median);
	}
	test_family();
	for (size_t d = 0; d < N_DESIGNS; d++)
		ab_seq_plan_free(&designs[d].plan);
	return ab_tap_finish();
}
