// SPDX-License-Identifier: GPL-2.0
#include "em/em_model.h"

struct opp {
	unsigned int mhz, mv;
};

/* RK3399 (rk3399-opp.dtsi) OPPs, dynamic-power-coefficient and capacity:
 * the same numbers as kmod/algbench_em.c. Little's capacity is
 * 1024 * 485 * 1416 / (1024 * 1800) = 381. */
static const struct opp big[] = { { 408, 800 },	 { 600, 800 },	 { 816, 825 },	 { 1008, 875 },
				  { 1200, 950 }, { 1416, 1025 }, { 1608, 1100 }, { 1800, 1200 } };
static const struct opp little[] = { { 408, 800 },  { 600, 800 },   { 816, 850 },
				     { 1008, 925 }, { 1200, 1000 }, { 1416, 1125 } };

void ab_em_rk3399(struct ab_em_domain *d, int is_little)
{
	const struct opp *o = is_little ? little : big;
	unsigned long coeff = is_little ? 100 : 436;
	int i;

	d->name = is_little ? "little" : "big";
	d->nr = is_little ? (int)(sizeof(little) / sizeof(*little))
			  : (int)(sizeof(big) / sizeof(*big));
	d->scale_cpu = is_little ? 381 : 1024;
	d->fmax = o[d->nr - 1].mhz * 1000UL;
	for (i = 0; i < d->nr; i++) {
		struct ab_em_state *ps = &d->st[i];

		ps->frequency = o[i].mhz * 1000UL;
		ps->power = coeff * o[i].mv * o[i].mv * o[i].mhz / 1000000;
		ps->performance = d->scale_cpu * ps->frequency / d->fmax;
		ps->cost = ps->power * 10 / ps->performance;
		ps->flags = 0;
		d->old_cost[i] = d->fmax * ps->power / ps->frequency;
	}
}

/* include/linux/energy_model.h of 6.12: the first state whose performance
 * reaches min(max_util, cap); energy = cost * sum_util, no division. */
unsigned long ab_em_energy_new(const struct ab_em_domain *d, unsigned long max_util,
			       unsigned long sum_util, unsigned long cap, int *state)
{
	int i;

	if (!sum_util)
		return 0;
	if (max_util > cap)
		max_util = cap;
	for (i = 0; i < d->nr; i++)
		if (d->st[i].performance >= max_util)
			break;
	if (i == d->nr)
		i = d->nr - 1;
	*state = i;
	return d->st[i].cost * sum_util;
}

/* v6.8: freq = map_util_freq(util, ref_freq, scale_cpu) = ref_freq * util /
 * scale_cpu, the first state whose frequency reaches it, energy = cost *
 * sum_util / scale_cpu: two divisions per call. */
unsigned long ab_em_energy_old(const struct ab_em_domain *d, unsigned long max_util,
			       unsigned long sum_util, unsigned long cap, int *state)
{
	unsigned long freq;
	int i;

	if (!sum_util)
		return 0;
	if (max_util > cap)
		max_util = cap;
	freq = d->fmax * max_util / d->scale_cpu;
	for (i = 0; i < d->nr; i++)
		if (d->st[i].frequency >= freq)
			break;
	if (i == d->nr)
		i = d->nr - 1;
	*state = i;
	return d->old_cost[i] * sum_util / d->scale_cpu;
}
