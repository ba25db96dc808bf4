/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sys/json_out.h: JSON as every algbench command writes it, to stdout or to
 * a file: one-space indent, keys in the order they were set, a final newline.
 */
#ifndef ALGBENCH_JSON_OUT_H
#define ALGBENCH_JSON_OUT_H

#include <jansson.h>
#include <stdio.h>

#include "core/error.h"

/* FLAGS: 0, or this for keys sorted by name (KCIDB's canonical form). */
#define AB_JSON_SORT_KEYS JSON_SORT_KEYS

/* DOC to F, flushed. 0 or -errno (-EIO when the stream gives no errno). */
int ab_json_print(const json_t *doc, FILE *f, size_t flags);

/*
 * Where "--json PATH or -" goes, opened and checked once (sys/out_file.h):
 * "-" is stdout; a regular file, or a path where nothing is yet, is
 * replaced atomically at every write (a reader never sees half a file);
 * a stream (/dev/null, /dev/stdout, a FIFO, a terminal) is written through.
 * A symbolic link to a file is refused, never followed, and so is a folder
 * other users can write (unless sticky, like /tmp, where only a file we own
 * is replaced).
 */
struct ab_json_file;

/* 0 with *OUT, or -errno with WHY (the path, the cause, the fix). */
int ab_json_file_open(const char *path, struct ab_json_file **out, char why[AB_WHY_LEN]);
/* Whether writes replace a file (1) or go to stdout or a stream (0), written once at the end. */
int ab_json_file_replaces(const struct ab_json_file *jf);
/* DOC into the file. 0 or -errno with WHY. */
int ab_json_file_write(struct ab_json_file *jf, const json_t *doc, size_t flags,
		       char why[AB_WHY_LEN]);
void ab_json_file_close(struct ab_json_file *jf);

/* Open, write once, close: the one "--json PATH or -" of every command. 0 or -errno with WHY. */
int ab_json_write(const char *path, const json_t *doc, size_t flags, char why[AB_WHY_LEN]);

/* X as a JSON real, or null when X is NaN or infinite (JSON has neither). */
json_t *ab_json_real_or_null(double x);

#endif
