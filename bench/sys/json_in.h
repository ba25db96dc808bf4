/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sys/json_in.h: reading what a user names on the command line. Only a
 * regular file is opened: a FIFO would block the reader forever, a device
 * or directory is never an input. JSON is parsed with duplicate keys
 * refused (which of two values counts is not for us to guess).
 */
#ifndef ALGBENCH_JSON_IN_H
#define ALGBENCH_JSON_IN_H

#include <jansson.h>
#include <stdio.h>

#include "core/error.h"

/*
 * The largest input file read: jansson holds a result in about 30 times its
 * size (a 34 MB file took 1.1 GB), so a file this big still fits a small
 * host's memory; the largest real result in results/ is 0.6 MB
 * (docs/result-json.md).
 */
#define AB_INPUT_MAX (64 << 20)

/*
 * PATH opened for reading if it is a regular file (after following links),
 * checked on the open descriptor, so nothing blocks, and at most
 * AB_INPUT_MAX bytes. NULL with errno set (EINVAL: not a regular file;
 * EFBIG: too big) and WHY (without the path: the caller says
 * "algbench CMD: PATH: WHY").
 */
FILE *ab_fopen_regular(const char *path, char why[AB_WHY_LEN]);

/* PATH's JSON. NULL and WHY ("line 3: ..."; no path) when it cannot be read or parsed. */
json_t *ab_json_load(const char *path, char why[AB_WHY_LEN]);

/* O's member KEY when it is a string, else DEF (the one string getter). */
const char *ab_json_str(const json_t *o, const char *key, const char *def);

#endif
