/* SPDX-License-Identifier: GPL-2.0 */
#ifndef ALGBENCH_STATS_H
#define ALGBENCH_STATS_H

#include <stddef.h>
#include <stdint.h>

#include "core/job.h"

/* Median of X (NAN when N is 0); X is reordered. */
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

#endif
