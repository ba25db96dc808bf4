// SPDX-License-Identifier: GPL-2.0
/* Robust summaries of samples: median and MAD, as hyperfine and lkp use. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "stats.h"

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

double ab_median(double *x, size_t n)
{
	qsort(x, n, sizeof(*x), cmp_double);
	return n % 2 ? x[n / 2] : (x[n / 2 - 1] + x[n / 2]) / 2;
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
	out->median = ab_median(tmp, n);
	out->min = tmp[0];
	out->max = tmp[n - 1];
	for (size_t i = 0; i < n; i++)
		tmp[i] = fabs(x[i] - out->median);
	out->mad = ab_median(tmp, n);
	free(tmp);
}

void ab_result_stats(struct ab_result *res)
{
	unsigned int n = res->n_samples;
	double *mbps, *nsop, *cpb;
	unsigned int n_cpb = 0;

	res->cycles_per_byte = NAN;
	res->ns_per_op_median = NAN;
	memset(&res->mbps, 0, sizeof(res->mbps));
	if (!n)
		return;
	mbps = calloc(n, sizeof(double));
	nsop = calloc(n, sizeof(double));
	cpb = calloc(n, sizeof(double));
	if (mbps && nsop && cpb) {
		for (unsigned int i = 0; i < n; i++) {
			const struct ab_sample *s = &res->samples[i];

			/* bytes per ns is GB/s; MB/s is 1e3 times that. */
			mbps[i] = s->ns ? 1e3 * (double)s->bytes / (double)s->ns : 0;
			/* Latency of one op on one thread: threads work side by side. */
			nsop[i] = s->ops ? (double)s->ns * res->job.threads / (double)s->ops : 0;
			if (s->cycles && s->bytes)
				cpb[n_cpb++] = (double)s->cycles / (double)s->bytes;
		}
		ab_spread_of(mbps, n, &res->mbps);
		res->ns_per_op_median = ab_median(nsop, n);
		if (n_cpb)
			res->cycles_per_byte = ab_median(cpb, n_cpb);
	}
	free(mbps);
	free(nsop);
	free(cpb);
}
