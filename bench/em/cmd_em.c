// SPDX-License-Identifier: GPL-2.0
/*
 * algbench em bench: the em_cpu_energy() sweep of algbench_em.ko, timed
 * natively in user space (under TCG a division's time says nothing).
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/opt.h"
#include "command.h"
#include "core/stats.h"
#include "em/em_model.h"
#include "kmod/algbench_em_model.h"
#include "sys/cpu.h"
#include "sys/progress.h"

static volatile unsigned long sink;

/* One sweep of one formula; returns the number of calls. */
static unsigned long sweep(const struct ab_em_domain *d, int use_new)
{
	unsigned long n = 0, acc = 0, mu, mult, cap;
	int c, st;

	for (c = 0; c < ABK_EM_SWEEP_CAPS; c++)
		for (cap = abk_em_sweep_cap(d->scale_cpu, c), mu = 1; mu <= d->scale_cpu; mu++)
			for (mult = 1; mult <= ABK_EM_SWEEP_MULT; mult++, n++)
				acc += use_new ? ab_em_energy_new(d, mu, mu * mult, cap, &st)
					       : ab_em_energy_old(d, mu, mu * mult, cap, &st);
	sink += acc;
	return n;
}

/* ns per call of one formula, sweeping until MS ms passed. */
static double time_formula(const struct ab_em_domain *d, int use_new, double ms)
{
	uint64_t t0 = ab_now_ns(), t;
	unsigned long calls = 0;

	do {
		calls += sweep(d, use_new);
		t = ab_now_ns() - t0;
	} while (t < ms * 1e6);
	return (double)t / (double)calls;
}

static int agreement(const struct ab_em_domain *d, unsigned long *points, unsigned long *same,
		     double *worst_ppm)
{
	unsigned long mu, mult, cap;
	int c;

	*points = *same = 0;
	*worst_ppm = 0;
	for (c = 0; c < ABK_EM_SWEEP_CAPS; c++)
		for (cap = abk_em_sweep_cap(d->scale_cpu, c), mu = 1; mu <= d->scale_cpu; mu++)
			for (mult = 1; mult <= ABK_EM_SWEEP_MULT; mult++) {
				int so, sn;
				double eo =
					(double)ab_em_energy_old(d, mu, mu * mult, cap, &so) * 10;
				double en = (double)ab_em_energy_new(d, mu, mu * mult, cap, &sn);
				double ppm = eo > 0 ? (en > eo ? en - eo : eo - en) / eo * 1e6 : 0;

				(*points)++;
				*same += so == sn;
				if (ppm > *worst_ppm)
					*worst_ppm = ppm;
			}
	return *points == *same ? 0 : 1;
}

struct bench_opts {
	unsigned int repeats;
	double ms;
};

static const struct ab_opt bench_opts[] = {
	{ "repeats", 0, "N", AB_OPT_UINT, offsetof(struct bench_opts, repeats),
	  .help = "times each formula is timed; the ratio is their median [min..max] and MAD",
	  .min = 1, .max = 1000, .def = "15" },
	{ "ms", 0, "MS", AB_OPT_DOUBLE, offsetof(struct bench_opts, ms),
	  .help = "how long each repeat times each formula, in milliseconds", .min = 1,
	  .max = 10000, .def = "20" },
	{ 0 },
};

static int em_bench(void *opts, int argc, char **argv)
{
	const struct bench_opts *o = opts;
	const double seed[2] = { 1.43, 1.69 };
	int i, status = 0, repeats = (int)o->repeats;
	double ms = o->ms;
	char cpu[128];

	(void)argc, (void)argv; /* the descriptor refuses operands */
	ab_cpu_model(cpu, sizeof(cpu));
	printf("algbench em bench: em_cpu_energy() v6.8 (old) vs 6.9+ (new), user space, %d "
	       "repeats of %.0f ms per formula\n",
	       repeats, ms);
	printf("cpu: %s\n",
	       cpu[0] ? cpu : "(unknown: /proc/cpuinfo has no model name and no MIDR)");
	printf("%-7s %7s %10s %12s %12s %26s %8s %s\n", "cluster", "points", "same_state",
	       "old_ns/call", "new_ns/call", "old/new median [min..max]", "mad",
	       "seed (RockPi 4B)");
	for (int c = 0; c < 2; c++) {
		struct ab_em_domain d;
		unsigned long points, same;
		double worst, *ratio, *told, *tnew;
		struct ab_spread r;
		struct ab_progress progress;

		ab_em_rk3399(&d, c);
		if (agreement(&d, &points, &same, &worst)) {
			ab_err("%s: the two formulas chose different states in "
			       "%lu of %lu points\n",
			       d.name, points - same, points);
			status = 1;
		}
		ratio = calloc((size_t)repeats * 3, sizeof(double));
		if (!ratio) {
			ab_err("out of memory\n");
			return 1;
		}
		told = ratio + repeats;
		tnew = told + repeats;
		time_formula(&d, 0, ms); /* warm-up */
		time_formula(&d, 1, ms);
		ab_progress_begin(&progress); /* redrawn on a terminal only, never into a log */
		for (i = 0; i < repeats; i++) {
			ab_progress_step(&progress, "%s: repeat %d/%d", d.name, i + 1, repeats);
			told[i] = time_formula(&d, 0, ms);
			tnew[i] = time_formula(&d, 1, ms);
			ratio[i] = told[i] / tnew[i];
		}
		ab_progress_clear(&progress);
		ab_spread_of(ratio, (size_t)repeats, &r);
		printf("%-7s %7lu %10lu %12.2f %12.2f %8.2fx [%5.2f..%5.2f] %8.3f %.2fx\n", d.name,
		       points, same, ab_median(told, (size_t)repeats),
		       ab_median(tnew, (size_t)repeats), r.median, r.min, r.max, r.mad, seed[c]);
		printf("%-7s worst energy difference (new vs 10 x old): %.0f ppm\n", d.name, worst);
		free(ratio);
	}
	return status;
}

static const struct ab_opt_cmd bench_cmd = {
	"em bench",
	"[--repeats N] [--ms MS]",
	bench_opts,
	sizeof(struct bench_opts),
	em_bench,
	.about = "Times em_cpu_energy() as Linux 6.9+ computes it (cost = 10*power/performance,\n"
		 "no division per call) against v6.8 (two divisions per call) on RK3399's big\n"
		 "and little tables, over the sweep algbench_em.ko uses (max_util 1..capacity,\n"
		 "sum_util 1..4 x max_util, cap 100%/75%/50%). First checks both pick the same\n"
		 "state. Each repeat times both formulas for about MS ms; prints the old/new\n"
		 "time ratio as median [min..max] and MAD over N repeats, beside the series'\n"
		 "1.43x (big) / 1.69x (little) on a RockPi 4B.\n",
};

static int em_bench_main(int argc, char **argv)
{
	return ab_opt_main(&bench_cmd, argc, argv);
}

int cmd_em(int argc, char **argv)
{
	static const struct ab_opt_sub subs[] = { { "bench", em_bench_main }, { 0 } };
	struct ab_opt_cmd em = bench_cmd;

	em.who = "em"; /* its usage errors are em's; --help is em bench's */
	return ab_opt_dispatch(&em, subs, argc, argv);
}
