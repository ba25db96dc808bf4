/* SPDX-License-Identifier: GPL-2.0 */
#ifndef ALGBENCH_HARNESS_H
#define ALGBENCH_HARNESS_H

#include <stdbool.h>
#include <stdint.h>

#include "core/job.h"

/*
 * Runs one job: probe, known-answer check, timed samples (the backend's
 * run_job, or pinned threads calling op()), statistics. RES is filled in
 * every case (free with ab_result_free); the return value is res->status.
 */
enum ab_status ab_job_run(const struct ab_job *job, struct ab_result *res);

/*
 * Stop the job in flight: every worker leaves its warm-up or sample within
 * one batch of operations (~20 us), and the job ends with status failed,
 * reason "interrupted". Async-signal-safe: the commands call it from their
 * SIGINT/SIGTERM handler. A kmod job stops on the signal itself (the module
 * waits interruptibly).
 */
void ab_job_stop(void);
bool ab_job_stopped(void);

#endif
