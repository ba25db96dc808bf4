/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The text of a tracefs `hist` file (events/GRP/EVENT/hist), as written by
 * hist triggers keyed by one string field: parsed defensively, since it is
 * input from outside (bounded names, every number checked).
 */
#ifndef ALGBENCH_TRACE_HIST_H
#define ALGBENCH_TRACE_HIST_H

#include <stddef.h>
#include <stdint.h>

#include "core/error.h"

#define TRACE_DRV_LEN  128 /* CRYPTO_MAX_ALG_NAME */
#define TRACE_HIST_MAX 256 /* rows per section kept; more is an error */

struct trace_hist_row {
	char key[TRACE_DRV_LEN];
	uint64_t hits, len;
};

/* One hist trigger's table: its trigger-info line and its rows. */
struct trace_hist {
	int filtered;	  /* the trigger carries an `if` filter */
	uint64_t dropped; /* the kernel's Dropped: count (table full) */
	size_t n;
	struct trace_hist_row rows[TRACE_HIST_MAX];
};

/*
 * Parses text (len bytes, need not be NUL-terminated) holding up to max
 * sections, each begun by "# trigger info: hist:keys=KEY..." (with vals, if
 * listed, hitcount,VAL). Sections of other triggers on the event (another
 * key, other vals, a named trigger) are skipped. Rows look like
 * "{ KEY: value } hitcount: N  VAL: M" (val NULL: no VAL, len 0). Returns the
 * number of sections, or -EINVAL with why filled (a malformed row, a key too
 * long) or -ENOSPC (too many rows or sections).
 */
int trace_hist_parse(const char *text, size_t len, const char *key, const char *val,
		     struct trace_hist *out, int max, char why[AB_WHY_LEN]);

#endif
