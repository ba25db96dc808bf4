/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Hardware counters (cycles, instructions) beside throughput: one counter
 * group per thread (user-space backends: the calling thread, kernel work in
 * its syscalls included) or per CPU (algbench.ko's kthreads: everything that
 * runs on that CPU), through perf_event_open(2).
 */
#ifndef ALGBENCH_PERF_H
#define ALGBENCH_PERF_H

#include <stdint.h>

#include "core/error.h"

struct ab_perf {
	int fd[2]; /* cycles (group leader), instructions; -1 when closed */
};

struct ab_perf_count {
	uint64_t cycles, instructions;
};

/*
 * Opens a disabled group counting PID on CPU (perf_event_open's pid/cpu:
 * 0, -1 for the calling thread anywhere; -1, N for everything on CPU N).
 * 0, or -errno with WHY (AB_WHY_LEN) saying why the counters are unavailable
 * and what would make them available.
 */
int ab_perf_open(struct ab_perf *p, int pid, int cpu, char why[AB_WHY_LEN]);
/* Zero and start the group. */
int ab_perf_start(struct ab_perf *p);
/*
 * Stop the group and add its counts to C (scaled by enabled/running time if
 * the kernel multiplexed it). 0, or -errno with WHY.
 */
int ab_perf_stop(struct ab_perf *p, struct ab_perf_count *c, char why[AB_WHY_LEN]);
void ab_perf_close(struct ab_perf *p);

#endif
