/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Member offsets from algbench_trace.ko's debugfs file crypto_layout
 * (kmod/algbench_trace.c): the kernel's own headers, compiled against its
 * tree, for kernels without /sys/kernel/btf/vmlinux (the trace kernel).
 */
#ifndef ALGBENCH_TRACE_LAYOUT_H
#define ALGBENCH_TRACE_LAYOUT_H

#include <stddef.h>

#include "core/error.h"

#define TRACE_LAYOUT_DIR  "/sys/kernel/debug/algbench_trace"
#define TRACE_LAYOUT_FILE TRACE_LAYOUT_DIR "/crypto_layout"
#define TRACE_LAYOUT_MAX  32

struct trace_layout {
	int n;
	struct {
		char member[64]; /* "aead_request.cryptlen" */
		long offset;
	} e[TRACE_LAYOUT_MAX];
};

/*
 * Reads crypto_layout, loading algbench_trace.ko with modprobe for the read
 * if it is not loaded (and unloading it after). 0, or -errno with why.
 */
int trace_layout_load(struct trace_layout *l, char why[AB_WHY_LEN]);
/*
 * algbench_trace.ko's debugfs folder there (debugfs mounted): loads the
 * module unless it is loaded already, *loaded saying whether this call did
 * (then the caller unloads it with abk_unload when done). 0, or -errno with
 * how the load failed.
 */
int trace_module_hold(int *loaded, char how[AB_WHY_LEN]);
/* Parses the file's text (untrusted): 0, or -EINVAL with why naming the line. */
int trace_layout_parse(struct trace_layout *l, const char *text, char why[AB_WHY_LEN]);
/* Offset of sname.member, or -1. */
long trace_layout_offset(const struct trace_layout *l, const char *sname, const char *member);

#endif
