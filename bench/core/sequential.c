// SPDX-License-Identifier: GPL-2.0
/* The sequential A/B rule: alpha spending over looks, exact rank test and interval. */
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "core/sequential.h"
#include "core/stats.h"

static double normal_cdf(double z)
{
	return 0.5 * erfc(-z / sqrt(2));
}

double ab_normal_quantile(double p)
{
	double lo = -40, hi = 40;

	/* bisection on erfc: slow next to a rational approximation, exact to 1e-12 */
	for (int i = 0; i < 200 && hi - lo > 1e-13; i++) {
		double mid = (lo + hi) / 2;

		if (normal_cdf(mid) < p)
			lo = mid;
		else
			hi = mid;
	}
	return (lo + hi) / 2;
}

double ab_seq_spent(double alpha, double t)
{
	if (t <= 0)
		return 0;
	if (t >= 1)
		return alpha;
	return 2 - 2 * normal_cdf(ab_normal_quantile(1 - alpha / 2) / sqrt(t));
}

/* The smallest two-sided p of n vs n boots: both sides wholly apart. */
static double smallest_p(const double *cdf)
{
	return 2 * cdf[0];
}

/*
 * The Mann-Whitney null distribution of n vs n for every n <= MAX in one
 * pass: f(i, j)[u], the arrangements of i values of A and j of B in which u
 * pairs have A above B, is f(i - 1, j)[u - j] (the largest value is an A,
 * above all j) + f(i, j - 1)[u] (it is a B). Sums only: no cancellation.
 */
static int null_cdfs(struct ab_seq_plan *plan)
{
	unsigned int max = plan->max_boots;
	double **prev = calloc(max + 1, sizeof(*prev)), **cur = calloc(max + 1, sizeof(*cur));
	int err = prev && cur ? 0 : -ENOMEM;

	for (unsigned int i = 0; !err && i <= max; i++) {
		for (unsigned int j = 0; !err && j <= max; j++) {
			size_t len = (size_t)i * j + 1;

			if (!(cur[j] = calloc(len, sizeof(double)))) {
				err = -ENOMEM;
				break;
			}
			if (!i || !j) {
				cur[j][0] = 1;
				continue;
			}
			for (size_t u = 0; u < len; u++) {
				double a_top =
					u >= j && u - j <= (size_t)(i - 1) * j ? prev[j][u - j] : 0;
				double b_top = u <= (size_t)i * (j - 1) ? cur[j - 1][u] : 0;

				cur[j][u] = a_top + b_top;
			}
		}
		if (!err && i) {
			size_t len = (size_t)i * i + 1;
			double total = 0, run = 0;

			if (!(plan->cdf[i] = malloc(len * sizeof(double)))) {
				err = -ENOMEM;
				break;
			}
			for (size_t u = 0; u < len; u++)
				total += cur[i][u];
			for (size_t u = 0; u < len; u++)
				plan->cdf[i][u] = (run += cur[i][u]) / total;
		}
		for (unsigned int j = 0; j <= max; j++) {
			free(prev[j]);
			prev[j] = cur[j];
			cur[j] = NULL;
		}
	}
	for (unsigned int j = 0; prev && j <= max; j++)
		free(prev[j]);
	for (unsigned int j = 0; cur && j <= max; j++)
		free(cur[j]);
	free(prev);
	free(cur);
	return err;
}

int ab_seq_plan_init(struct ab_seq_plan *plan, double alpha, unsigned int max_boots)
{
	double spent = 0;
	int err;

	memset(plan, 0, sizeof(*plan));
	if (!(alpha > 0 && alpha < 1) || max_boots < 1 || max_boots > AB_SEQ_MAX_BOOTS)
		return -EINVAL;
	plan->alpha = alpha;
	plan->max_boots = max_boots;
	plan->level = calloc(max_boots + 1, sizeof(*plan->level));
	plan->cdf = calloc(max_boots + 1, sizeof(*plan->cdf));
	err = plan->level && plan->cdf ? null_cdfs(plan) : -ENOMEM;
	if (err) {
		ab_seq_plan_free(plan);
		return err;
	}
	/*
	 * Each look's share is what the spending function allows by then minus
	 * what earlier looks took. A look whose smallest p is above its share
	 * could never reject: it takes nothing, and its share goes on. The
	 * shares so add up to at most alpha, which bounds the chance of a
	 * false verdict at any look (the union bound).
	 */
	for (unsigned int n = 1; n <= max_boots; n++) {
		double share = ab_seq_spent(alpha, (double)n / max_boots) - spent;

		if (share > 0 && smallest_p(plan->cdf[n]) <= share) {
			plan->level[n] = share;
			spent += share;
		}
	}
	return 0;
}

void ab_seq_plan_free(struct ab_seq_plan *plan)
{
	for (unsigned int n = 0; plan->cdf && n <= plan->max_boots; n++)
		free(plan->cdf[n]);
	free(plan->cdf);
	free(plan->level);
	memset(plan, 0, sizeof(*plan));
}

/* Exact two-sided p of U (half-integer with ties: each tail taken where it is larger). */
static double rank_p(const double *cdf, size_t n, double u)
{
	size_t top = n * n;
	double low = cdf[(size_t)ceil(u) > top ? top : (size_t)ceil(u)];
	size_t f = (size_t)floor(u);
	double high = f ? 1 - cdf[f - 1] : 1;
	double p = 2 * (low < high ? low : high);

	return p < 1 ? p : 1;
}

/*
 * The interval at level GAMMA from the pairwise log differences D[0..n^2):
 * with c the largest count of which P(U <= c) <= GAMMA / 2, the (c + 1)-th
 * smallest and largest difference (Hodges-Lehmann, Lehmann 1963); without
 * such a c (too few boots for that level) unbounded. D is reordered.
 */
static void rank_interval(const double *cdf, size_t n, double gamma, double *d, double *lo,
			  double *hi)
{
	size_t top = n * n, c = 0;
	bool any = false;

	for (size_t u = 0; u <= top && cdf[u] <= gamma / 2; u++) {
		c = u;
		any = true;
	}
	if (!any || c >= top / 2) {
		*lo = 0;
		*hi = INFINITY;
		return;
	}
	*lo = exp(ab_select(d, top, c));
	*hi = exp(ab_select(d, top, top - 1 - c));
}

/* Scratch of one look: the pairwise differences and the p of every job. */
struct look {
	const struct ab_seq_plan *plan;
	double threshold;
	double *d; /* n^2 pairwise log differences */
	double *p; /* p of each job in the family */
};

/* Fills D with log b_j - log a_i over the first n boots; returns U (B above A, ties 1/2). */
static double differences(const struct ab_seq_job *job, size_t n, double *d)
{
	double u = 0;

	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < n; j++) {
			double x = log(job->b[j]) - log(job->a[i]);

			d[i * n + j] = x;
			u += x > 0 ? 1 : x == 0 ? 0.5 : 0;
		}
	return u;
}

/* The figures of one job at look n, its interval at level GAMMA. */
static void figures(struct look *lk, const struct ab_seq_job *job, size_t n, double gamma,
		    struct ab_seq_verdict *v)
{
	const double *cdf = lk->plan->cdf[n];
	double u = differences(job, n, lk->d);

	v->look = (unsigned int)n;
	v->level = gamma;
	v->p = rank_p(cdf, n, u);
	v->ratio = exp(ab_median(lk->d, n * n));
	rank_interval(cdf, n, gamma, lk->d, &v->lo, &v->hi);
}

/* Benjamini-Hochberg at LEVEL over P[0..m): R x LEVEL / m, 0 when it rejects none. */
static double bh_level(double *p, size_t m, double level)
{
	double r = 0;

	for (size_t k = m; k > 0; k--) {
		double kth = ab_select(p, m, k - 1);

		if (kth <= (double)k * level / (double)m) {
			r = (double)k;
			break;
		}
	}
	return m ? r * level / (double)m : 0;
}

static void one_look(struct look *lk, size_t n, const struct ab_seq_job *jobs, size_t m,
		     struct ab_seq_verdict *out)
{
	double level = lk->plan->level[n], thr = lk->threshold, fcr;
	size_t family = 0;

	for (size_t j = 0; j < m; j++)
		if (jobs[j].n >= n)
			lk->p[family++] =
				rank_p(lk->plan->cdf[n], n, differences(&jobs[j], n, lk->d));
	fcr = bh_level(lk->p, family, level);
	for (size_t j = 0; j < m; j++) {
		struct ab_seq_verdict *v = &out[j];

		if (jobs[j].n < n || v->word != AB_SEQ_UNDECIDED)
			continue;
		v->bh_level = fcr;
		v->family = family;
		if (fcr > 0) {
			figures(lk, &jobs[j], n, fcr, v);
			if (v->hi < 1 - thr || v->lo > 1 + thr) {
				v->word = v->hi < 1 - thr ? AB_SEQ_SLOWER : AB_SEQ_FASTER;
				v->decided_at = (unsigned int)n;
				continue;
			}
		}
		figures(lk, &jobs[j], n, level, v);
		if (v->lo >= 1 - thr && v->hi <= 1 + thr) {
			v->word = AB_SEQ_SAME;
			v->decided_at = (unsigned int)n;
		}
	}
}

static double shown_level(const struct ab_seq_plan *plan, size_t n)
{
	double before = 0, after = 0;

	for (size_t k = 1; k <= plan->max_boots; k++) {
		if (k <= n && plan->level[k] > 0)
			before = plan->level[k];
		if (k > n && plan->level[k] > 0 && !after)
			after = plan->level[k];
	}
	return before > 0 ? before : after > 0 ? after : plan->alpha;
}

int ab_seq_replay(const struct ab_seq_plan *plan, double threshold, const struct ab_seq_job *jobs,
		  size_t m, struct ab_seq_verdict *out)
{
	struct look lk = { .plan = plan, .threshold = threshold };
	size_t most = 0;

	for (size_t j = 0; j < m; j++) {
		if (jobs[j].n > plan->max_boots)
			return -EINVAL;
		most = jobs[j].n > most ? jobs[j].n : most;
		out[j] = (struct ab_seq_verdict){ .p = NAN, .ratio = NAN, .lo = NAN, .hi = NAN };
	}
	lk.d = malloc((most ? most * most : 1) * sizeof(*lk.d));
	lk.p = malloc((m ? m : 1) * sizeof(*lk.p));
	if (!lk.d || !lk.p) {
		free(lk.d);
		free(lk.p);
		return -ENOMEM;
	}
	for (size_t n = 1; n <= most; n++) {
		size_t open = 0;

		if (plan->level[n] > 0)
			one_look(&lk, n, jobs, m, out);
		for (size_t j = 0; j < m; j++)
			open += out[j].word == AB_SEQ_UNDECIDED && jobs[j].n > n;
		if (!open)
			break;
	}
	/*
	 * An undecided job shows its last boots' figures, between looks at the
	 * level of the look before (or, before the first, of the first).
	 */
	for (size_t j = 0; j < m; j++)
		if (out[j].word == AB_SEQ_UNDECIDED && jobs[j].n && out[j].look < jobs[j].n)
			figures(&lk, &jobs[j], jobs[j].n, shown_level(plan, jobs[j].n), &out[j]);
	free(lk.d);
	free(lk.p);
	return 0;
}

unsigned int ab_seq_boots_needed(double sigma, double dist, double gamma)
{
	double z = ab_normal_quantile(1 - gamma / 2) + ab_normal_quantile(0.8);
	double n = M_PI / 3 * 2 * z * z * sigma * sigma / (dist * dist);
	unsigned int floor_n = 1;

	if (!(dist > 0) || !(gamma > 0) || !isfinite(n))
		return 0;
	/* the exact test's floor: 2 / C(2k, k) <= gamma */
	for (double c = 2; 2 / c > gamma; floor_n++)
		c = c * (2.0 * floor_n + 1) * (2.0 * floor_n + 2) /
		    ((floor_n + 1.0) * (floor_n + 1.0));
	if (n > 1e6)
		return 1000000u;
	return (unsigned int)ceil(n) > floor_n ? (unsigned int)ceil(n) : floor_n;
}
