// SPDX-License-Identifier: GPL-2.0
/* Robust summaries of samples: median and MAD, as hyperfine and lkp use. */
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/stats.h"

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static void swap_double(double *a, double *b)
{
	double t = *a;

	*a = *b;
	*b = t;
}

/*
 * Hoare's FIND (quickselect) with the median of three as pivot, as C++'s
 * nth_element: linear on average. Input is untrusted (result files), so
 * past 2 log2(n) rounds of partitioning it sorts what is left instead
 * (introselect): never worse than a sort.
 */
double ab_select(double *x, size_t n, size_t k)
{
	ptrdiff_t lo = 0, hi = (ptrdiff_t)n - 1, want = (ptrdiff_t)k;
	unsigned int rounds = 0, limit = 2;

	for (size_t m = n; m > 1; m >>= 1)
		limit += 2;
	while (lo < hi) {
		ptrdiff_t i = lo, j = hi, mid = lo + (hi - lo) / 2;
		double pivot;

		if (++rounds > limit) {
			qsort(x + lo, (size_t)(hi - lo + 1), sizeof(*x), cmp_double);
			break;
		}
		if (x[mid] < x[lo])
			swap_double(&x[mid], &x[lo]);
		if (x[hi] < x[lo])
			swap_double(&x[hi], &x[lo]);
		if (x[hi] < x[mid])
			swap_double(&x[hi], &x[mid]);
		pivot = x[mid];
		/* Hoare's partition: then [lo, j] <= pivot <= [i, hi], j < i */
		while (i <= j) {
			while (x[i] < pivot)
				i++;
			while (pivot < x[j])
				j--;
			if (i <= j)
				swap_double(&x[i++], &x[j--]);
		}
		if (want <= j)
			hi = j;
		else if (want >= i)
			lo = i;
		else
			break; /* strictly between j and i: the pivot's value */
	}
	return x[k];
}

double ab_median(double *x, size_t n)
{
	double upper, lower;

	if (!n)
		return NAN;
	upper = ab_select(x, n, n / 2);
	if (n % 2)
		return upper;
	/* the lower middle is the largest of the part ab_select left below n/2 */
	lower = x[0];
	for (size_t i = 1; i < n / 2; i++)
		lower = x[i] > lower ? x[i] : lower;
	return (lower + upper) / 2;
}

void ab_spread_of(const double *x, size_t n, struct ab_spread *out)
{
	double *tmp;

	memset(out, 0, sizeof(*out));
	if (!n)
		return;
	tmp = malloc(n * sizeof(*tmp));
	if (!tmp)
		return;
	memcpy(tmp, x, n * sizeof(*tmp));
	out->min = out->max = x[0];
	for (size_t i = 1; i < n; i++) {
		out->min = x[i] < out->min ? x[i] : out->min;
		out->max = x[i] > out->max ? x[i] : out->max;
	}
	out->median = ab_median(tmp, n);
	for (size_t i = 0; i < n; i++)
		tmp[i] = fabs(x[i] - out->median);
	out->mad = ab_median(tmp, n);
	free(tmp);
}

void ab_result_stats(struct ab_result *res)
{
	unsigned int n = res->n_samples;
	double *mbps, *nsop, *cpb, *ipo, *ipb, *cpo;
	unsigned int n_cpb = 0, n_pmu = 0;

	res->cycles_per_byte = NAN;
	res->instructions_per_op = res->instructions_per_byte = res->pmu_cycles_per_op = NAN;
	res->ns_per_op_median = NAN;
	memset(&res->mbps, 0, sizeof(res->mbps));
	if (!n)
		return;
	mbps = calloc(n, sizeof(double));
	nsop = calloc(n, sizeof(double));
	cpb = calloc(n, sizeof(double));
	ipo = calloc(n, sizeof(double));
	ipb = calloc(n, sizeof(double));
	cpo = calloc(n, sizeof(double));
	if (mbps && nsop && cpb && ipo && ipb && cpo) {
		for (unsigned int i = 0; i < n; i++) {
			const struct ab_sample *s = &res->samples[i];

			mbps[i] = ab_sample_mbps((double)s->bytes, (double)s->ns);
			nsop[i] = ab_sample_ns_per_op((double)s->ns, res->job.threads,
						      (double)s->ops);
			if (s->cycles && s->bytes)
				cpb[n_cpb++] = (double)s->cycles / (double)s->bytes;
			if (s->pmu_instructions && s->ops && s->bytes) {
				ipo[n_pmu] = (double)s->pmu_instructions / (double)s->ops;
				ipb[n_pmu] = (double)s->pmu_instructions / (double)s->bytes;
				cpo[n_pmu++] = (double)s->pmu_cycles / (double)s->ops;
			}
		}
		ab_spread_of(mbps, n, &res->mbps);
		res->ns_per_op_median = ab_median(nsop, n);
		if (n_cpb)
			res->cycles_per_byte = ab_median(cpb, n_cpb);
		if (n_pmu) {
			res->instructions_per_op = ab_median(ipo, n_pmu);
			res->instructions_per_byte = ab_median(ipb, n_pmu);
			res->pmu_cycles_per_op = ab_median(cpo, n_pmu);
		}
	}
	free(mbps);
	free(nsop);
	free(cpb);
	free(ipo);
	free(ipb);
	free(cpo);
}

/* --- comparing two sides (algbench compare) --- */

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
	size_t tag; /* Mann-Whitney: which side; bootstrap: original index */
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
			if (all[k].tag == 0)
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

/*
 * Bootstrap medians without sorting every resample: the sample is ranked
 * once, a resample only counts how often each rank is drawn, and its median
 * is read off the counts. That is O(n) per resample instead of a sort, so
 * compare's cost grows linearly with samples (a sort per resample made a
 * 5 MB result take 27 s). The draws are the ones sorting v[random index]
 * would use, so every median, and so every interval, is the same.
 */
struct resampler {
	size_t n;
	double *sorted;	     /* the values in rank order */
	size_t *rank_of;     /* original index -> rank */
	unsigned int *count; /* how often each rank was drawn */
};

static void resampler_free(struct resampler *r)
{
	free(r->sorted);
	free(r->rank_of);
	free(r->count);
}

static int resampler_init(struct resampler *r, const double *v, size_t n)
{
	struct ranked *order = malloc(n * sizeof(*order));

	r->n = n;
	r->sorted = malloc(n * sizeof(*r->sorted));
	r->rank_of = malloc(n * sizeof(*r->rank_of));
	r->count = malloc(n * sizeof(*r->count));
	if (!order || !r->sorted || !r->rank_of || !r->count) {
		free(order);
		/* the caller's resampler_free() frees the rest (-fanalyzer's leak: false) */
		return -ENOMEM;
	}
	for (size_t i = 0; i < n; i++)
		order[i] = (struct ranked){ v[i], i };
	qsort(order, n, sizeof(*order), cmp_ranked);
	for (size_t k = 0; k < n; k++) {
		r->sorted[k] = order[k].value;
		r->rank_of[order[k].tag] = k;
	}
	free(order);
	return 0;
}

static double resampled_median(struct resampler *r, uint64_t *rng)
{
	size_t n = r->n, lo_pos = (n - 1) / 2, hi_pos = n / 2, seen = 0;
	double lo = 0;
	bool have_lo = false;

	memset(r->count, 0, n * sizeof(*r->count));
	for (size_t i = 0; i < n; i++)
		r->count[r->rank_of[next_random(rng) % n]]++;
	for (size_t k = 0; k < n; k++) {
		seen += r->count[k];
		if (!have_lo && seen > lo_pos) {
			lo = r->sorted[k];
			have_lo = true;
		}
		if (seen > hi_pos)
			return (lo + r->sorted[k]) / 2;
	}
	return NAN; /* not reached: the counts add up to n */
}

/* The 2.5th and 97.5th percentiles of R[0..n), by selection (R is reordered). */
static void percentile_interval(double *r, size_t n, double *lo, double *hi)
{
	*lo = ab_select(r, n, (size_t)(0.025 * (double)(n - 1)));
	*hi = ab_select(r, n, (size_t)(0.975 * (double)(n - 1) + 0.5));
}

void ab_bootstrap_ratio_ci(const double *a, size_t na, const double *b, size_t nb,
			   unsigned int iters, uint64_t seed, double *lo, double *hi)
{
	double *ratios = malloc(iters * sizeof(*ratios));
	struct resampler ra = { 0 }, rb = { 0 };
	uint64_t rng = seed ? seed : 0x9E3779B97F4A7C15ULL;
	unsigned int kept = 0;

	*lo = *hi = NAN;
	if (!ratios || !na || !nb || !iters || resampler_init(&ra, a, na) ||
	    resampler_init(&rb, b, nb))
		goto out;
	for (unsigned int i = 0; i < iters; i++) {
		double ma = resampled_median(&ra, &rng);
		double mb = resampled_median(&rb, &rng);

		if (ma > 0)
			ratios[kept++] = mb / ma;
	}
	if (!kept)
		goto out;
	percentile_interval(ratios, kept, lo, hi);
out:
	free(ratios);
	resampler_free(&ra);
	resampler_free(&rb);
}

/* --- the boot as the unit: algbench compare over rounds --- */

/* C(n, k) as a double; large values only need to compare against a cap. */
static double choose(size_t n, size_t k)
{
	double c = 1;

	for (size_t i = 1; i <= k; i++)
		c = c * (double)(n - k + i) / (double)i;
	return c;
}

/*
 * Visit every way of picking NA of the pooled values as side A (the rest
 * are B), counting the splits whose |mean(B) - mean(A)| reaches the observed
 * one. Recursion depth is NA; the caller caps the number of splits.
 */
struct perm_walk {
	const double *pool;
	size_t n, na;
	double total, observed;
	uint64_t hits, splits;
};

static void perm_visit(struct perm_walk *w, size_t next, size_t picked, double sum_a)
{
	if (picked == w->na) {
		size_t nb = w->n - w->na;
		double d = fabs((w->total - sum_a) / (double)nb - sum_a / (double)w->na);

		w->splits++;
		/* a relative tolerance: the observed split itself must count */
		w->hits += d >= w->observed * (1 - 1e-12);
		return;
	}
	for (size_t i = next; i + (w->na - picked) <= w->n; i++)
		perm_visit(w, i + 1, picked + 1, sum_a + w->pool[i]);
}

unsigned int ab_permutation_draws(size_t na)
{
	size_t d = AB_PERMUTATION_WORK / (na ? na : 1);

	return d > AB_PERMUTATION_DRAWS	      ? AB_PERMUTATION_DRAWS
	       : d < AB_PERMUTATION_MIN_DRAWS ? AB_PERMUTATION_MIN_DRAWS
					      : (unsigned int)d;
}

double ab_permutation_p(const double *a, size_t na, const double *b, size_t nb)
{
	size_t n = na + nb;
	double *pool, sum_a = 0, sum_b = 0, p;
	struct perm_walk w = { 0 };

	if (!na || !nb)
		return 1.0;
	pool = malloc(n * sizeof(*pool));
	if (!pool)
		return 1.0;
	memcpy(pool, a, na * sizeof(*a));
	memcpy(pool + na, b, nb * sizeof(*b));
	for (size_t i = 0; i < na; i++)
		sum_a += a[i];
	for (size_t i = 0; i < nb; i++)
		sum_b += b[i];
	w = (struct perm_walk){ .pool = pool,
				.n = n,
				.na = na,
				.total = sum_a + sum_b,
				.observed = fabs(sum_b / (double)nb - sum_a / (double)na) };
	if (choose(n, na) <= AB_PERMUTATION_EXACT_MAX) {
		perm_visit(&w, 0, 0, 0);
		p = (double)w.hits / (double)w.splits;
	} else {
		/*
		 * Too many splits to list: a fixed-seed Monte Carlo estimate,
		 * (hits + 1) / (draws + 1) so that it is never 0.
		 */
		uint64_t rng = 0x9E3779B97F4A7C15ULL;
		unsigned int draws = ab_permutation_draws(na);

		for (unsigned int d = 0; d < draws; d++) {
			double s = 0;

			for (size_t i = 0; i < na; i++) { /* partial Fisher-Yates */
				size_t j = i + next_random(&rng) % (n - i);
				double t = pool[i];

				pool[i] = pool[j];
				pool[j] = t;
				s += pool[i];
			}
			w.hits += fabs((w.total - s) / (double)nb - s / (double)na) >=
				  w.observed * (1 - 1e-12);
		}
		p = (double)(w.hits + 1) / (draws + 1.0);
	}
	free(pool);
	return p;
}

void ab_bh_adjust(const double *p, size_t n, double *adj)
{
	struct ranked *order = malloc(n * sizeof(*order));
	double running = 1;

	if (!order) {
		for (size_t i = 0; i < n; i++)
			adj[i] = 1; /* no memory: claim nothing */
		return;
	}
	for (size_t i = 0; i < n; i++)
		order[i] = (struct ranked){ p[i], i };
	qsort(order, n, sizeof(*order), cmp_ranked);
	/* step-up: from the largest p down, adj = min over k >= i of p_k * n / k */
	for (size_t k = n; k-- > 0;) {
		double v = order[k].value * (double)n / (double)(k + 1);

		if (v < running)
			running = v;
		adj[order[k].tag] = running;
	}
	free(order);
}

static double median_of_unit_medians(struct resampler *units, size_t n_units, double *meds,
				     uint64_t *rng)
{
	for (size_t i = 0; i < n_units; i++)
		meds[i] = resampled_median(&units[next_random(rng) % n_units], rng);
	/* gcc -fanalyzer's uninitialized read in ab_select is false: the loop set [0, n_units) */
	return ab_median(meds, n_units);
}

void ab_bootstrap2_ratio_ci(const struct ab_unit *a, size_t na, const struct ab_unit *b, size_t nb,
			    unsigned int iters, double *lo, double *hi)
{
	struct resampler *ra = calloc(na, sizeof(*ra)), *rb = calloc(nb, sizeof(*rb));
	double *ratios = malloc(iters * sizeof(*ratios));
	double *meds = malloc((na > nb ? na : nb) * sizeof(*meds));
	uint64_t rng = 0x9E3779B97F4A7C15ULL;
	unsigned int kept = 0;
	bool ok = ra && rb && ratios && meds && na && nb && iters;

	*lo = *hi = NAN;
	for (size_t i = 0; ok && i < na; i++)
		ok = a[i].n && !resampler_init(&ra[i], a[i].v, a[i].n);
	for (size_t i = 0; ok && i < nb; i++)
		ok = b[i].n && !resampler_init(&rb[i], b[i].v, b[i].n);
	for (unsigned int it = 0; ok && it < iters; it++) {
		double ma = median_of_unit_medians(ra, na, meds, &rng);
		double mb = median_of_unit_medians(rb, nb, meds, &rng);

		if (ma > 0)
			ratios[kept++] = mb / ma;
	}
	if (ok && kept)
		percentile_interval(ratios, kept, lo, hi);
	for (size_t i = 0; ra && i < na; i++)
		resampler_free(&ra[i]);
	for (size_t i = 0; rb && i < nb; i++)
		resampler_free(&rb[i]);
	free(ra);
	free(rb);
	free(ratios);
	free(meds);
}
