/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The sequential A/B rule (docs/statistics.md, "Booting until it decides"):
 * boots are added a pair at a time (one a side) and the data are looked at
 * after each pair, up to a cap of MAX boots a side. The false-alarm rate
 * (a slower or faster verdict when nothing changed) stays at or under ALPHA
 * across every look: each look n gets its share level[n] of ALPHA from an
 * O'Brien-Fleming-like Lan-DeMets spending function of t = n / MAX, and the
 * shares add up to at most ALPHA (Bonferroni across looks, so no model of
 * how the looks correlate is needed). The test at a look is the exact
 * Wilcoxon-Mann-Whitney (a permutation test of ranks) over the log boot
 * medians, and the interval for the ratio its inversion (Hodges-Lehmann):
 * both exact at any level, with no resampling.
 */
#ifndef ALGBENCH_SEQUENTIAL_H
#define ALGBENCH_SEQUENTIAL_H

#include <stddef.h>

/* The cap a plan takes: the null distributions it keeps grow as MAX^3. */
#define AB_SEQ_MAX_BOOTS 64

struct ab_seq_plan {
	double alpha;		/* false slower/faster, over every look together */
	unsigned int max_boots; /* the cap: boots a side */
	/*
	 * level[n], n = 0..max_boots: the test level spent at the look with n
	 * boots a side; 0 where that look cannot reject at all (its smallest
	 * p, 2 / C(2n, n), is above what the spending function has left), whose
	 * share then goes to the next look.
	 */
	double *level;
	/* cdf[n][u] = P(U <= u), U the Mann-Whitney count of n vs n boots, no change */
	double **cdf;
};

/* 0, or -EINVAL (ALPHA not in (0, 1), MAX not in 1..AB_SEQ_MAX_BOOTS), -ENOMEM. */
int ab_seq_plan_init(struct ab_seq_plan *plan, double alpha, unsigned int max_boots);
void ab_seq_plan_free(struct ab_seq_plan *plan);
/* Cumulative alpha spent by information fraction T in [0, 1] (O'Brien-Fleming-like). */
double ab_seq_spent(double alpha, double t);

enum ab_seq_word { AB_SEQ_UNDECIDED, AB_SEQ_SLOWER, AB_SEQ_FASTER, AB_SEQ_SAME };

/* One job's boot medians (MB/s, > 0), in boot order; the first n of each side count. */
struct ab_seq_job {
	const double *a, *b;
	size_t n;
};

struct ab_seq_verdict {
	enum ab_seq_word word;
	unsigned int decided_at; /* boots a side at the deciding look; 0: undecided */
	unsigned int look;	 /* boots a side at the look the figures below are from */
	double level;		 /* the interval's level: 1 - level coverage */
	double p;		 /* exact two-sided Wilcoxon-Mann-Whitney p at that look */
	double ratio;		 /* Hodges-Lehmann estimate of NEW/BASE */
	double lo, hi;		 /* the ratio's interval; 0 and INFINITY when unbounded */
	/* at that look: the level slower/faster needed after Benjamini-Hochberg over FAMILY jobs */
	double bh_level;
	size_t family;
};

/*
 * Replays every look of M jobs, one boot a side at a time, up to each job's
 * n (which must not exceed the plan's cap): at look n, the jobs with at
 * least n boots a side form the family; Benjamini-Hochberg at level[n] over
 * their p gives R rejections, and an undecided job becomes slower (faster)
 * when its interval at level R x level[n] / family (Benjamini-Yekutieli's
 * false coverage-statement level) lies wholly below (above) the band
 * [1 - THRESHOLD, 1 + THRESHOLD], same when its interval at level[n] lies
 * wholly inside it. A verdict, once given, is kept. 0, -EINVAL, -ENOMEM.
 */
int ab_seq_replay(const struct ab_seq_plan *plan, double threshold, const struct ab_seq_job *jobs,
		  size_t m, struct ab_seq_verdict *out);

/*
 * Boots a side a fixed design at two-sided level GAMMA would need to decide
 * with 80% power, at a spread SIGMA (standard deviation of log boot medians)
 * when the change must clear a distance DIST (in log ratio) to the nearest
 * edge of the band: (pi/3) x 2 (z(1 - GAMMA/2) + z(0.8))^2 SIGMA^2 / DIST^2,
 * and at least the boots whose smallest exact p reaches GAMMA. 0 when DIST
 * <= 0 (no number of boots decides at that ratio).
 */
unsigned int ab_seq_boots_needed(double sigma, double dist, double gamma);

/* z with P(Z <= z) = P for a standard normal Z (P in (0, 1)). */
double ab_normal_quantile(double p);

#endif
