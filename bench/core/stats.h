/* SPDX-License-Identifier: GPL-2.0 */
#ifndef ALGBENCH_STATS_H
#define ALGBENCH_STATS_H

#include <stddef.h>
#include <stdint.h>

#include "core/job.h"

/*
 * One sample's throughput and latency, the one definition every reader uses
 * (run, merge, compare, plot): MB/s is 1e6 bytes per second (bytes per ns is
 * GB/s), and ns per operation is one operation's latency on one thread
 * (THREADS work side by side in NS). 0 when NS or OPS is 0.
 */
static inline double ab_sample_mbps(double bytes, double ns)
{
	return ns > 0 ? 1e3 * bytes / ns : 0;
}

static inline double ab_sample_ns_per_op(double ns, double threads, double ops)
{
	return ops > 0 ? ns * threads / ops : 0;
}

/*
 * The K-th smallest of X[0..N) (0-based, K < N) in linear time on average,
 * never worse than a sort; X is reordered so that X[0..K) <= X[K] <= X[K+1..N).
 */
double ab_select(double *x, size_t n, size_t k);

/*
 * Median of X (NAN when N is 0): the middle value, for an even N the mean
 * of the two middle values; the one definition (scripts read it from the
 * result and compare files instead of computing their own). X is reordered.
 */
double ab_median(double *x, size_t n);

/* Median, min, max and MAD (median absolute deviation, unscaled) of X. */
void ab_spread_of(const double *x, size_t n, struct ab_spread *out);

/* MB/s, ns/op and cycles/byte of RES from its samples. */
void ab_result_stats(struct ab_result *res);

/* Comparing two sets of throughput samples (A/B). */

/* Coefficient of variation (stddev / mean); 0 for fewer than 2 samples. */
double ab_cv(const double *v, size_t n);
/*
 * Two-sided Mann-Whitney U test p-value, normal approximation with tie and
 * continuity correction (what google/benchmark's compare.py reports through
 * scipy for n beyond the exact tables). Returns 1.0 when either side is empty.
 */
double ab_mann_whitney_p(const double *a, size_t na, const double *b, size_t nb);
/*
 * 95% percentile-bootstrap interval of median(b) / median(a), resampling each
 * side with replacement, `iters` times, from a fixed seed so that the same
 * inputs always give the same interval.
 */
void ab_bootstrap_ratio_ci(const double *a, size_t na, const double *b, size_t nb,
			   unsigned int iters, uint64_t seed, double *lo, double *hi);

/*
 * The boot as the unit (algbench compare over merged rounds). A unit is the
 * samples of one boot (or of one process run on one kernel).
 */
struct ab_unit {
	const double *v;
	size_t n;
};

/*
 * Two-sided exact permutation test of the difference in means between A and
 * B (one value per unit): the share of the C(na+nb, na) ways of splitting
 * the pooled values whose |mean difference| reaches the observed one. Over
 * AB_PERMUTATION_EXACT_MAX splits, a fixed-seed Monte Carlo estimate from
 * ab_permutation_draws(na) random splits. Smallest possible p: 2 / C(na+nb,
 * na) (3 vs 3 boots: 0.1; 6 vs 6: 0.0022).
 */
#define AB_PERMUTATION_EXACT_MAX 1000000.0
double ab_permutation_p(const double *a, size_t na, const double *b, size_t nb);
/*
 * The Monte Carlo draws for NA units on side A: each draw shuffles NA
 * values, so AB_PERMUTATION_DRAWS (100,000) while that stays within
 * AB_PERMUTATION_WORK values, fewer beyond (a p of resolution 1 / draws),
 * never below AB_PERMUTATION_MIN_DRAWS: the work is at most
 * max(AB_PERMUTATION_WORK, AB_PERMUTATION_MIN_DRAWS x NA).
 */
#define AB_PERMUTATION_DRAWS	 100000u
#define AB_PERMUTATION_MIN_DRAWS 2000u
#define AB_PERMUTATION_WORK	 50000000u
unsigned int ab_permutation_draws(size_t na);

/* Benjamini-Hochberg adjusted p-values (step-up, capped at 1) of P[0..n). */
void ab_bh_adjust(const double *p, size_t n, double *adj);

/*
 * 95% two-level percentile bootstrap of the ratio of medians of unit medians
 * median_u(median(B_u)) / median_u(median(A_u)): each iteration draws units
 * with replacement, then each drawn unit's samples with replacement, from a
 * fixed seed. The interval so carries the spread between boots, which
 * pooling samples hides.
 */
void ab_bootstrap2_ratio_ci(const struct ab_unit *a, size_t na, const struct ab_unit *b, size_t nb,
			    unsigned int iters, double *lo, double *hi);

#endif
