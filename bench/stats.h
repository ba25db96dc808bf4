/* SPDX-License-Identifier: GPL-2.0 */
#ifndef ALGBENCH_STATS_H
#define ALGBENCH_STATS_H

#include <stddef.h>

#include "backend.h"

/* Median of X (N > 0); X is reordered. */
double ab_median(double *x, size_t n);

/* Median, min, max and MAD (median absolute deviation, unscaled) of X. */
void ab_spread_of(const double *x, size_t n, struct ab_spread *out);

/* MB/s, ns/op and cycles/byte of RES from its samples. */
void ab_result_stats(struct ab_result *res);

#endif
