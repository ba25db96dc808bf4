// SPDX-License-Identifier: GPL-2.0
#include "abstats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int cmp_double(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;

	return (a > b) - (a < b);
}

static double median_sorted(const double *v, size_t n)
{
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

double ab_median(const double *v, size_t n)
{
	double *s, m;

	if (!n)
		return NAN;
	s = malloc(n * sizeof(*s));
	if (!s)
		return NAN;
	memcpy(s, v, n * sizeof(*s));
	qsort(s, n, sizeof(*s), cmp_double);
	m = median_sorted(s, n);
	free(s);
	return m;
}

double ab_cv(const double *v, size_t n)
{
	double mean = 0, var = 0;

	if (n < 2)
		return 0;
	for (size_t i = 0; i < n; i++)
		mean += v[i];
	mean /= (double)n;
	for (size_t i = 0; i < n; i++)
		var += (v[i] - mean) * (v[i] - mean);
	var /= (double)(n - 1);
	return mean != 0 ? sqrt(var) / fabs(mean) : 0;
}

struct ranked {
	double value;
	int side;
};

static int cmp_ranked(const void *x, const void *y)
{
	return cmp_double(&((const struct ranked *)x)->value, &((const struct ranked *)y)->value);
}

double ab_mann_whitney_p(const double *a, size_t na, const double *b, size_t nb)
{
	size_t n = na + nb;
	struct ranked *all;
	double rank_sum_a = 0, tie_term = 0, u, mu, sigma, z;

	if (!na || !nb)
		return 1.0;
	all = malloc(n * sizeof(*all));
	if (!all)
		return 1.0;
	for (size_t i = 0; i < na; i++)
		all[i] = (struct ranked){ a[i], 0 };
	for (size_t i = 0; i < nb; i++)
		all[na + i] = (struct ranked){ b[i], 1 };
	qsort(all, n, sizeof(*all), cmp_ranked);
	/* Ties share the mean of the ranks they span. */
	for (size_t i = 0; i < n;) {
		size_t j = i;
		double rank, t;

		while (j < n && all[j].value == all[i].value)
			j++;
		rank = (double)(i + 1 + j) / 2;
		t = (double)(j - i);
		tie_term += t * t * t - t;
		for (size_t k = i; k < j; k++)
			if (all[k].side == 0)
				rank_sum_a += rank;
		i = j;
	}
	free(all);
	u = rank_sum_a - (double)na * (double)(na + 1) / 2;
	mu = (double)na * (double)nb / 2;
	sigma = sqrt((double)na * (double)nb / 12 *
		     ((double)(n + 1) - tie_term / ((double)n * (double)(n - 1))));
	if (sigma == 0)
		return 1.0;
	z = (fabs(u - mu) - 0.5) / sigma;
	if (z < 0)
		z = 0;
	return erfc(z / sqrt(2));
}

/* xorshift64*: small, fast, and reproducible across libcs (rand() is not). */
static uint64_t next_random(uint64_t *state)
{
	uint64_t x = *state;

	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	*state = x;
	return x * 0x2545F4914F6CDD1DULL;
}

static double resampled_median(const double *v, size_t n, double *scratch, uint64_t *rng)
{
	for (size_t i = 0; i < n; i++)
		scratch[i] = v[next_random(rng) % n];
	qsort(scratch, n, sizeof(*scratch), cmp_double);
	return median_sorted(scratch, n);
}

void ab_bootstrap_ratio_ci(const double *a, size_t na, const double *b, size_t nb,
			   unsigned int iters, uint64_t seed, double *lo, double *hi)
{
	double *ratios = malloc(iters * sizeof(*ratios));
	double *scratch = malloc((na > nb ? na : nb) * sizeof(*scratch));
	uint64_t rng = seed ? seed : 0x9E3779B97F4A7C15ULL;
	unsigned int kept = 0;

	*lo = *hi = NAN;
	if (!ratios || !scratch || !na || !nb || !iters)
		goto out;
	for (unsigned int i = 0; i < iters; i++) {
		double ma = resampled_median(a, na, scratch, &rng);
		double mb = resampled_median(b, nb, scratch, &rng);

		if (ma > 0)
			ratios[kept++] = mb / ma;
	}
	if (!kept)
		goto out;
	qsort(ratios, kept, sizeof(*ratios), cmp_double);
	*lo = ratios[(size_t)(0.025 * (kept - 1))];
	*hi = ratios[(size_t)(0.975 * (kept - 1) + 0.5)];
out:
	free(ratios);
	free(scratch);
}
