/* SPDX-License-Identifier: GPL-2.0 */
#ifndef ALGBENCH_JSONIO_H
#define ALGBENCH_JSONIO_H

#include <jansson.h>

/*
 * Writes root to path ("-": stdout) atomically: a temporary file beside it,
 * fsync, rename, so a reader (or a crash) never sees half a file.
 * Returns 0, or -1 after printing why.
 */
int ab_json_write(json_t *root, const char *path);

#endif
