/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tracefs as a file interface: where it is mounted, what its README says the
 * kernel's probe parser accepts, appending definitions and the last line the
 * kernel wrote to error_log. Capabilities come from these files only, never
 * from the kernel version.
 */
#ifndef ALGBENCH_TRACE_TRACEFS_H
#define ALGBENCH_TRACE_TRACEFS_H

#include <stddef.h>

#include "core/error.h"

struct tracefs {
	char root[64]; /* /sys/kernel/tracing or /sys/kernel/debug/tracing */
	int ret_args;  /* "kernel return probes support: $retval, $arg<N>" */
	int btf_args;  /* "<argname>[->field...]": BTF argument names */
	int fprobe;    /* README shows the f[:[<group>/][<event>]] syntax */
	int dynamic;   /* dynamic_events exists */
};

/* Finds a mounted tracefs and reads its README: 0, or -errno with why. */
int tracefs_find(struct tracefs *t, char why[AB_WHY_LEN]);
/* tracefs_find, and kprobe_events is there and writable (root): 0, or -errno with why. */
int tracefs_open(struct tracefs *t, char why[AB_WHY_LEN]);
/* root/rel into path. */
void tracefs_path(const struct tracefs *t, const char *rel, char *path, size_t len);
/* Appends line (no O_TRUNC: other definitions stay) to root/rel: 0 or -errno. */
int tracefs_append(const struct tracefs *t, const char *rel, const char *line);
/*
 * Reads root/rel into a malloc'd NUL-terminated buffer (sys/file.h's
 * ab_read_file); NULL with errno set on failure, EFBIG when over max bytes.
 */
char *tracefs_read(const struct tracefs *t, const char *rel, size_t max, size_t *len);
/* The kernel's last "error:" line in error_log (bounded, printable), or "". */
void tracefs_last_error(const struct tracefs *t, char *out, size_t len);

#endif
