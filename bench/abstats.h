/* SPDX-License-Identifier: GPL-2.0 */
#ifndef ALGBENCH_ABSTATS_H
#define ALGBENCH_ABSTATS_H

#include <stddef.h>
#include <stdint.h>

/* Statistics for comparing two sets of throughput samples (A/B). */

double ab_median(const double *v, size_t n);
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
