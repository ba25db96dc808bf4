/* SPDX-License-Identifier: GPL-2.0 */
#ifndef ALGBENCH_REPORT_H
#define ALGBENCH_REPORT_H

#include <stdio.h>

#include "core/catalogue.h"
#include "core/job.h"
#include "sys/host.h"

/* The human-readable side of a run: one table row per job, then a summary. */

struct ab_report_entry {
	const struct ab_alg *alg;
	const struct ab_keysize *key;
	const struct ab_backend *backend;
	const char *mode;
	enum ab_op op;
	size_t size;
	unsigned int threads;
	struct ab_spread mbps;
};

struct ab_report {
	struct ab_report_entry *ok;
	size_t n_ok, cap;
	size_t n_jobs, n_skipped, n_failed, n_kat_pass, n_kat_fail;
};

void ab_report_init(struct ab_report *r);
void ab_report_free(struct ab_report *r);
void ab_report_header(FILE *out, const struct ab_run_info *run, size_t n_jobs);
void ab_report_row(FILE *out, const struct ab_result *res);
void ab_report_add(struct ab_report *r, const struct ab_result *res);

/*
 * The result table a user pastes, on OUT (hyperfine's --export-csv and
 * --export-markdown): a header row with the units, then a row per job
 * from the job's result JSON (ab_result_to_json), so that CSV's numbers
 * are the JSON's digits exactly; markdown rounds MB/s by the one rule
 * (ab_round_decimals, to the half-range's leading digit).
 */
enum ab_table_format { AB_TABLE_CSV, AB_TABLE_MARKDOWN };

void ab_table_export_header(FILE *out, enum ab_table_format fmt);
/* One job's row; 0, or -ENOMEM (the row cut short). */
int ab_table_export_row(FILE *out, enum ab_table_format fmt, const struct ab_result *res);

/*
 * Totals, and whether each mode with a baseline in its backend's row
 * (afalg: vmsplice, aio against sendmsg) differs from it on this kernel:
 * per matching job pair the ratio of medians, and "beyond
 * noise" only when the sample ranges do not overlap (lkp's rule).
 */
void ab_report_summary(FILE *out, const struct ab_report *r);

/*
 * Scaling efficiency T(N)/(N*T(1)): throughput at N threads over N times
 * the 1-thread throughput of the same job; NAN without a 1-thread figure.
 * The summary prints it per job ("# scaling ...") when a job ran at 1
 * thread and more.
 */
double ab_scaling_efficiency(double mbps_1, double mbps_n, unsigned int n);

#endif
