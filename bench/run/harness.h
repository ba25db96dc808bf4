/* SPDX-License-Identifier: GPL-2.0 */
#ifndef ALGBENCH_HARNESS_H
#define ALGBENCH_HARNESS_H

#include <stdint.h>

#include "backends/backend.h"

/*
 * Runs one job: probe, known-answer check, timed samples (the backend's
 * run_job, or pinned threads calling op()), statistics. RES is filled in
 * every case (free with ab_result_free); the return value is res->status.
 */
enum ab_status ab_job_run(const struct ab_job *job, struct ab_result *res);

#endif
