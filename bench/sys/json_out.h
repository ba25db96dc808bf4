/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sys/json_out.h: JSON as every algbench command writes it, to stdout or to
 * a file: one-space indent, keys in the order they were set, a final newline.
 */
#ifndef ALGBENCH_JSON_OUT_H
#define ALGBENCH_JSON_OUT_H

#include <jansson.h>
#include <stdio.h>

/* FLAGS: 0, or this for keys sorted by name (KCIDB's canonical form). */
#define AB_JSON_SORT_KEYS JSON_SORT_KEYS

/* DOC to F, flushed. 0 or -errno (-EIO when the stream gives no errno). */
int ab_json_print(const json_t *doc, FILE *f, size_t flags);

/*
 * DOC to PATH atomically: PATH.tmp.PID, fsync, rename, so a reader never sees
 * half a file. 0 or -errno (the temporary file is removed on failure).
 */
int ab_json_write_atomic(const char *path, const json_t *doc, size_t flags);

#endif
