/* SPDX-License-Identifier: GPL-2.0 */
/*
 * core/error.h: the one error convention. A call that can fail returns 0
 * (or a count) on success and -errno on failure; when the errno alone would
 * not tell the user what to do, it also writes a reason into the caller's
 * char why[AB_WHY_LEN]: the thing, the cause and, where there is one, the
 * fix. The command that prints it adds its "algbench CMD: " prefix.
 */
#ifndef ALGBENCH_ERROR_H
#define ALGBENCH_ERROR_H

/* room for one reason: a refused module load carries the kernel's words, the cause and the fix */
#define AB_WHY_LEN 512

#endif
