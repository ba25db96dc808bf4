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
 * DOC to PATH, the one "--json PATH or -" of every command. "-" is stdout.
 * A regular file, or a path where nothing is yet, is replaced atomically
 * (PATH.tmp.PID beside it, fsync, rename), so a reader never sees half a
 * file; through a symbolic link the file it points to is replaced and the
 * link stays. Anything else (/dev/null, /dev/stdout, a FIFO, a terminal, or
 * a link to one) is opened and written through, never replaced. 0 or -errno
 * (the temporary file is removed on failure).
 */
int ab_json_write(const char *path, const json_t *doc, size_t flags);

/*
 * Whether ab_json_write(PATH) replaces a file (1: "-" and streams are 0). A
 * writer that rewrites its file as it goes (the result writer) writes a
 * stream only once, at the end.
 */
int ab_json_path_replaces(const char *path);

/* X as a JSON real, or null when X is NaN or infinite (JSON has neither). */
json_t *ab_json_real_or_null(double x);

#endif
