/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Names for the struct crypto_alg pointers the tracefs engine's hist
 * triggers count by: algbench_trace.ko's debugfs file crypto_algs
 * (kmod/algbench_trace.c), one "0xPOINTER DRIVER NAME" line per registered
 * algorithm, read once per trace_probes_read rather than a driver name
 * copied by the probe on every call. Parsed as untrusted input.
 */
#ifndef ALGBENCH_TRACE_ALGS_H
#define ALGBENCH_TRACE_ALGS_H

#include <stddef.h>
#include <stdint.h>

#include "core/error.h"
#include "trace/hist.h"
#include "trace/layout.h"

#define TRACE_ALGS_FILE	    TRACE_LAYOUT_DIR "/crypto_algs"
#define TRACE_ALGS_MAX	    4096 /* algorithms in one list (a kernel has a few hundred) */
#define TRACE_ALGS_TEXT_MAX (TRACE_ALGS_MAX * (20 + 2 * TRACE_DRV_LEN + 3))

struct trace_alg {
	uint64_t ptr;
	char drv[TRACE_DRV_LEN];
	int reused; /* cache: the list named ptr otherwise at a later read */
};

/* A list (the file as read) or the session's cache (names first seen). */
struct trace_algs {
	size_t n, cap;
	struct trace_alg *a;
};

/*
 * Parses crypto_algs' text (len bytes) into l (emptied first; its memory is
 * reused): 0, or -EINVAL with why naming the line (not "0xHEX DRIVER NAME"
 * with names of 1..127 printable characters, a pointer given twice, more
 * than TRACE_ALGS_MAX lines), -ENOMEM.
 */
int trace_algs_parse(struct trace_algs *l, const char *text, size_t len, char why[AB_WHY_LEN]);
void trace_algs_free(struct trace_algs *l);
/*
 * The row name for the hist key ptr, given the list read now and the
 * session's cache (updated): the driver the cache holds for ptr, or the one
 * the list gives (cached from then on); "(unregistered alg 0xPTR)" when
 * neither knows it (unregistered before any read saw it); "(reused alg
 * 0xPTR)" from the read on where the list names a cached pointer otherwise
 * (one alg unregistered, another registered at its address: the kernel's
 * table merged both). 0, or -ENOMEM / -ENOSPC (cache full).
 */
int trace_algs_name(struct trace_algs *cache, const struct trace_algs *now, uint64_t ptr, char *out,
		    size_t len);

#endif
