/* SPDX-License-Identifier: GPL-2.0 */
/* The per-driver counters of algbench trace as JSON (trace and run --trace). */
#ifndef ALGBENCH_TRACE_COUNTS_JSON_H
#define ALGBENCH_TRACE_COUNTS_JSON_H

#include <jansson.h>

#include "trace/probes.h"

/* "__X" is the internal (inner) layer of X. */
int trace_is_inner(const char *driver);
/*
 * An array of driver objects {driver, internal, outer, encrypt_cnt, ...,
 * err_cnt (null without return probes)}: after minus before (before may be
 * NULL), drivers whose counters did not move left out.
 */
json_t *trace_counts_json(const struct trace_counts *before, int nb,
			  const struct trace_counts *after, int na, int have_err);

#endif
