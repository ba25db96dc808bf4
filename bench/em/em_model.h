/* SPDX-License-Identifier: GPL-2.0 */
/*
 * em: the energy model's em_cpu_energy() in user space, before and after
 * Linux 6.9, on the RK3399 tables algbench_em.ko uses: the numbers and
 * v6.8's formula come from kmod/algbench_em_model.h, which the module
 * includes too.
 */
#ifndef ALGBENCH_EM_MODEL_H
#define ALGBENCH_EM_MODEL_H

#define AB_EM_MAX_STATES 16

struct ab_em_state {
	unsigned long performance, frequency, power, cost, flags;
};

/* A CPU performance domain with both cost columns. */
struct ab_em_domain {
	const char *name;
	int nr;
	unsigned long scale_cpu, fmax;
	struct ab_em_state st[AB_EM_MAX_STATES];  /* 6.9+: cost = 10 * power / performance */
	unsigned long old_khz[AB_EM_MAX_STATES];  /* v6.8's table: frequencies, */
	unsigned long old_cost[AB_EM_MAX_STATES]; /* cost = fmax * power / frequency */
};

/* RK3399's big (little = 0) or little (little = 1) cluster, as the kernel
 * builds it: P = C * f * V^2 (uW), performance linear in frequency. */
void ab_em_rk3399(struct ab_em_domain *d, int little);

/* em_cpu_energy() of 6.9+ and of v6.8; STATE gets the chosen state. */
unsigned long ab_em_energy_new(const struct ab_em_domain *d, unsigned long max_util,
			       unsigned long sum_util, unsigned long cap, int *state);
unsigned long ab_em_energy_old(const struct ab_em_domain *d, unsigned long max_util,
			       unsigned long sum_util, unsigned long cap, int *state);

#endif
