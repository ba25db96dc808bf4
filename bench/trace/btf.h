/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Member offsets from the running kernel's own BTF (/sys/kernel/btf/vmlinux),
 * for probe definitions on kernels whose probe parser has no BTF argument
 * names (before 6.8): `+OFF($arg1)` instead of `req->cryptlen`.
 */
#ifndef ALGBENCH_TRACE_BTF_H
#define ALGBENCH_TRACE_BTF_H

#include <stddef.h>

#include "core/error.h"

struct trace_btf;

/* Loads path (the BTF blob); NULL with why on error. */
struct trace_btf *trace_btf_load(const char *path, char why[AB_WHY_LEN]);
void trace_btf_free(struct trace_btf *b);
/*
 * Byte offset of member (anonymous unions searched) in struct sname, or -1.
 */
long trace_btf_offset(const struct trace_btf *b, const char *sname, const char *member);

#endif
