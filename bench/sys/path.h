/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sys/path.h: a path as seen from another folder. Every path a written file
 * records is relative to the folder that file is in (docs/result-json.md,
 * "Paths"), so a results folder can be moved or shared and names nothing of
 * the machine that made it.
 */
#ifndef ALGBENCH_PATH_H
#define ALGBENCH_PATH_H

#include <stddef.h>

/*
 * PATH as named from the folder DIR (each absolute or relative to the working
 * directory; both must exist): "x.json", "../runs/x.json", "." for DIR
 * itself. Links are resolved first (realpath), so the answer leads to the
 * same file. 0, or -errno when either cannot be resolved, when the two share
 * no folder but the root (-EXDEV: a path climbing to / spells out the
 * machine's folders) or when the answer needs more than LEN - 1 bytes: OUT
 * then holds PATH's last component, which names the file without saying
 * where it was. LEN >= 2.
 */
int ab_path_rel(const char *path, const char *dir, char *out, size_t len);

/* The folder a file written to PATH lands in, into OUT (LEN bytes): "." for a bare name. */
void ab_path_dir(const char *path, char *out, size_t len);

#endif
