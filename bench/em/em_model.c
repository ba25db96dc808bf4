// SPDX-License-Identifier: GPL-2.0
#include "em/em_model.h"
#include "kmod/algbench_em_model.h"

/* RK3399's cluster as the kernel builds it, from kmod/algbench_em_model.h. */
void ab_em_rk3399(struct ab_em_domain *d, int is_little)
{
	const struct abk_em_cluster *c = abk_em_rk3399(is_little);
	int i;

	d->name = c->name;
	d->nr = c->nr;
	d->scale_cpu = c->capacity;
	d->fmax = abk_em_khz(c, c->nr - 1);
	for (i = 0; i < d->nr; i++) {
		struct ab_em_state *ps = &d->st[i];

		ps->frequency = abk_em_khz(c, i);
		ps->power = abk_em_power_uw(c, i);
		ps->performance = abk_em_performance(d->scale_cpu, ps->frequency, d->fmax);
		ps->cost = abk_em_cost(ps->power, ps->performance);
		ps->flags = 0;
		d->old_khz[i] = ps->frequency;
		d->old_cost[i] = abk_em_cost_v68(d->fmax, ps->power, ps->frequency);
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

/* v6.8 (kmod/algbench_em_model.h): two divisions per call. */
unsigned long ab_em_energy_old(const struct ab_em_domain *d, unsigned long max_util,
			       unsigned long sum_util, unsigned long cap, int *state)
{
	return abk_em_energy_v68(d->old_khz, d->old_cost, d->nr, d->fmax, d->scale_cpu, max_util,
				 sum_util, cap, state);
}
