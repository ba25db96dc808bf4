/* SPDX-License-Identifier: GPL-2.0 */
#ifndef ALGBENCH_SYS_HOST_H
#define ALGBENCH_SYS_HOST_H

#include <stddef.h>

#include "sys/cpu.h"

/*
 * What a real-hardware A/B must record beside its numbers (docs/real-host.md):
 * CPU topology, frequency governor, turbo and SMT, from sysfs. A value sysfs
 * does not offer (a VM without cpufreq, say) is "unknown" or 0.
 */
struct ab_host_tuning {
	char governor[32];	      /* cpu0 scaling_governor, "unknown" */
	char turbo[8];		      /* "on", "off" or "unknown" */
	char smt[8];		      /* "on", "off" or "unknown" (smt/active) */
	unsigned int packages, cores; /* distinct physical packages, distinct cores */
};

void ab_host_tuning_read(struct ab_host_tuning *t);

/*
 * First line of PATH into BUF (trailing newline cut, truncated to CAP); 0, or
 * -errno (-ENODATA: empty).
 */
int ab_read_line(const char *path, char *buf, size_t cap);

/*
 * What a result file says about the run and its machine ("run" in
 * docs/result-json.md): the run's id and start, and the host facts: uname,
 * CPU, clocksource, CONFIG_CRYPTO_STATS and where it was read, the tuning,
 * the cycle counter.
 */
struct ab_run_info {
	char id[64];	  /* run id: UTC time + pid, e.g. 20261203T120000Z-1234 */
	char started[32]; /* ISO 8601 UTC */
	char kernel[128]; /* uname -r */
	char cpu_model[128];
	unsigned int nproc;
	unsigned int smp_threads; /* CPUs online (threads the harness may pin) */
	char crypto_stats[8];	  /* "y", "n", "absent" or "unknown" */
	char config_source[256];  /* where crypto_stats came from, "" if nowhere */
	char virtualized[32];	  /* "none", "kvm", "tcg", "bhyve", ..., "other:SIG", "unknown"
				     (sys/cpu.h) */
	char clocksource[32];	  /* current clocksource (tsc, kvm-clock, ...) or "unknown" */
	/* /proc/loadavg's 1, 5 and 15 minute averages when the run started; NAN if unreadable */
	double loadavg[3];
	struct ab_host_tuning tuning; /* governor, turbo, SMT, topology (sys/host.h) */
	/* what samples' "cycles" count: TSC, CNTVCT_EL0 or none (sys/cpu.h) */
	struct ab_cycle_counter cycle_counter;
};

/* Fill RUN from the running system (uname, /proc/cpuinfo, kernel config). */
void ab_run_info_collect(struct ab_run_info *run);

#endif
