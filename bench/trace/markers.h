/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Job markers as a user event (user_events, 6.4+; multi-format 6.9+): each
 * sample's start and end, so a trace shows algbench's samples between the
 * kernel's crypto events. Registered with USER_EVENT_REG_MULTI_FORMAT, so a
 * newer algbench with more fields gets a tracepoint of its own
 * (user_events_multi/algbench_sample.<hex id>) beside ours instead of
 * -EADDRINUSE; where the kernel rejects the flag (-EINVAL) as a single-format
 * event user_events/algbench_sample. Written only while the kernel's enable
 * bit is set: one load when nobody traces (docs/trace.md).
 */
#ifndef ALGBENCH_TRACE_MARKERS_H
#define ALGBENCH_TRACE_MARKERS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/error.h"

#define TRACE_MARKER_NAME "algbench_sample"

enum trace_marker_phase {
	TRACE_MARK_JOB_BEGIN = 0,    /* before the known-answer check */
	TRACE_MARK_SAMPLE_BEGIN = 1, /* one per thread, before its window */
	TRACE_MARK_SAMPLE_END = 2,   /* one per thread, after it; ops = its operations */
	TRACE_MARK_JOB_END = 3,
};

/*
 * One record, laid out as TRACE_MARKER_FIELDS says: the kernel places the
 * fields one after the other, so the order keeps every field naturally
 * aligned and the struct has no padding.
 */
struct trace_marker {
	uint64_t size; /* payload bytes per operation */
	uint64_t ops;  /* SAMPLE_END: this thread's operations in the window */
	uint32_t job;  /* 1, 2, ... in the order this process ran its jobs */
	uint32_t sample;
	uint32_t phase; /* enum trace_marker_phase */
	uint32_t threads;
	uint32_t cpu; /* the worker's CPU; the caller's at JOB_BEGIN/END */
	uint32_t key_bits;
	char backend[16], mode[16], op[16], alg[64];
};

#define TRACE_MARKER_FIELDS                                                                        \
	"u64 size;u64 ops;u32 job;u32 sample;u32 phase;u32 threads;u32 cpu;u32 key_bits;"          \
	"char[16] backend;char[16] mode;char[16] op;char[64] alg"

/* The process's marker event. */
extern uint32_t trace_marker_enable; /* bit 0: the kernel sets it while the event is traced */

static inline bool trace_marker_on(void)
{
	/* The kernel writes the word from another task: one relaxed load, nothing more. */
	return __atomic_load_n(&trace_marker_enable, __ATOMIC_RELAXED) != 0;
}

/* Registers the marker event once per process: 0, or -errno; the status says which and why. */
int trace_markers_open(void);
/* "multi-format registered as user_events_multi/algbench_sample.3", or what else happened. */
const char *trace_markers_status(void);
/* Writes m (the caller checked trace_marker_on()); failures are counted, not fatal. */
void trace_marker_write(const struct trace_marker *m);
/* Unregisters the enable bit and closes user_events_data; the writes that failed. */
unsigned long trace_markers_close(void);

/* The pieces, also for tests registering other names and formats. */

/* Opens ROOT/user_events_data (ROOT: the tracefs mount): fd, or -errno with why. */
int trace_ue_open(char *root, size_t root_len, char why[AB_WHY_LEN]);
/* DIAG_IOCSREG of "NAME FIELDS" with the enable bit at word/bit: 0 or -errno. */
int trace_ue_register(int fd, const char *name, const char *fields, bool multi, uint32_t *word,
		      unsigned int bit, uint32_t *write_index);
/* DIAG_IOCSUNREG: the kernel forgets word/bit (the event stays while others use it). */
int trace_ue_unregister(int fd, uint32_t *word, unsigned int bit);
/*
 * The multi-format tracepoint NAME.<hex id> under ROOT/events/user_events_multi
 * whose format has exactly FIELDS (names and sizes, in order): 0 with its
 * directory name in out, -ENOENT, or -errno.
 */
int trace_ue_find_multi(const char *root, const char *name, const char *fields, char *out,
			size_t out_len);

#endif
