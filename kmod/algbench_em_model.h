/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The energy model algbench_em.ko registers and sweeps, and `algbench em
 * bench` times in user space (bench/em/): RK3399's two clusters (OPPs from
 * rk3399-opp.dtsi, dynamic-power-coefficient, capacity), the costs of
 * v6.8 and of 6.9+, v6.8's em_cpu_energy() and the sweep both sides run.
 * Plain C with no includes, like algbench_abi.h, so the numbers and
 * formulas are said once for the kernel and for user space.
 *
 * The arithmetic is unsigned long, as the kernel's: 64-bit, the only
 * width the module is built for (RK3399 itself is arm64).
 */
#ifndef ALGBENCH_EM_MODEL_ABI_H
#define ALGBENCH_EM_MODEL_ABI_H

#define ABK_EM_MAX_OPPS 8

struct abk_em_cluster {
	const char *name;
	int nr;
	unsigned long coeff;	/* dynamic-power-coefficient */
	unsigned long capacity; /* arch_scale_cpu_capacity(): scale_cpu */
	struct {
		unsigned long mhz, mv;
	} opp[ABK_EM_MAX_OPPS];
};

/*
 * RK3399's big (little = 0) or little (little = 1) cluster. capacity-dmips-mhz
 * is 1024 (big) and 485 (little): little's capacity is
 * 1024 * 485 * 1416 / (1024 * 1800) = 381 (the big cluster's fmax is 1800).
 */
static inline const struct abk_em_cluster *abk_em_rk3399(int little)
{
	static const struct abk_em_cluster c[2] = {
		{ "big",
		  8,
		  436,
		  1024,
		  { { 408, 800 },
		    { 600, 800 },
		    { 816, 825 },
		    { 1008, 875 },
		    { 1200, 950 },
		    { 1416, 1025 },
		    { 1608, 1100 },
		    { 1800, 1200 } } },
		{ "little",
		  6,
		  100,
		  381,
		  { { 408, 800 },
		    { 600, 800 },
		    { 816, 850 },
		    { 1008, 925 },
		    { 1200, 1000 },
		    { 1416, 1125 } } },
	};

	return &c[little ? 1 : 0];
}

static inline unsigned long abk_em_khz(const struct abk_em_cluster *c, int i)
{
	return c->opp[i].mhz * 1000UL;
}

/* P = C * f * V^2 in uW, as drivers/opp/of.c computes it for the EM. */
static inline unsigned long abk_em_power_uw(const struct abk_em_cluster *c, int i)
{
	return c->coeff * c->opp[i].mv * c->opp[i].mv * c->opp[i].mhz / 1000000;
}

/* 6.9+ em_init_performance(): performance linear in frequency up to fmax. */
static inline unsigned long abk_em_performance(unsigned long capacity, unsigned long khz,
					       unsigned long fmax_khz)
{
	return capacity * khz / fmax_khz;
}

/* 6.9+ em_compute_costs(): 10 * power / performance. */
static inline unsigned long abk_em_cost(unsigned long power, unsigned long performance)
{
	return power * 10 / performance;
}

/* v6.8 em_compute_costs(): fmax * power / freq. */
static inline unsigned long abk_em_cost_v68(unsigned long fmax_khz, unsigned long power,
					    unsigned long khz)
{
	return fmax_khz * power / khz;
}

/*
 * v6.8's em_cpu_energy() with the domain's CPU replaced by its constants:
 * scale_cpu = the capacity, ref_freq = the highest frequency;
 * map_util_freq(util, freq, cap) = freq * util / cap; the state is the first
 * whose frequency reaches it (em_pd_get_efficient_state() of v6.8 without
 * inefficiencies); energy = cost * sum_util / scale_cpu: two divisions per
 * call. KHZ and COST: the NR states' frequencies and v6.8 costs.
 */
static inline unsigned long abk_em_energy_v68(const unsigned long *khz, const unsigned long *cost,
					      int nr, unsigned long fmax_khz,
					      unsigned long scale_cpu, unsigned long max_util,
					      unsigned long sum_util, unsigned long allowed_cap,
					      int *state)
{
	unsigned long freq;
	int i;

	if (!sum_util)
		return 0;
	if (max_util > allowed_cap)
		max_util = allowed_cap;
	freq = fmax_khz * max_util / scale_cpu;
	for (i = 0; i < nr; i++)
		if (khz[i] >= freq)
			break;
	if (i == nr)
		i = nr - 1;
	*state = i;
	return cost[i] * sum_util / scale_cpu;
}

/*
 * The sweep both sides run: allowed_cap at 100%, 75% and 50% of the
 * capacity, max_util 1..capacity, sum_util = max_util x 1..ABK_EM_SWEEP_MULT.
 */
#define ABK_EM_SWEEP_CAPS 3
#define ABK_EM_SWEEP_MULT 4

static inline unsigned long abk_em_sweep_cap(unsigned long capacity, int c)
{
	return c == 0 ? capacity : c == 1 ? capacity * 3 / 4 : capacity / 2;
}

#endif
