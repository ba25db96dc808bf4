/* SPDX-License-Identifier: GPL-2.0 */
#ifndef ALGBENCH_HARNESS_H
#define ALGBENCH_HARNESS_H

#include <stdint.h>

#include "backend.h"

/*
 * Runs one job: probe, known-answer check, timed samples (the backend's
 * run_job, or pinned threads calling op()), statistics. RES is filled in
 * every case (free with ab_result_free); the return value is res->status.
 */
enum ab_status ab_job_run(const struct ab_job *job, struct ab_result *res);

/* CPUs this process may run on (its affinity mask). */
unsigned int ab_cpus_usable(void);

/* CLOCK_MONOTONIC in ns. */
uint64_t ab_now_ns(void);

/* Whether /proc/cpuinfo says the TSC is constant and non-stop (x86 only). */
int ab_tsc_invariant(void);

#endif
