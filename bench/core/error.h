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

/*
 * Room for one reason, the one size of every why buffer. A reason that
 * embeds another ("no config: %s; %s") may lose its tail to snprintf();
 * a reason from the kernel (tracefs error_log, a probe definition, a
 * refused module load with the kernel's words, the cause and the fix) fits.
 */
#define AB_WHY_LEN 1024

#include <stdarg.h>
#include <stdio.h>

/*
 * FMT into the reason WHY, cut at AB_WHY_LEN: the one way a reason is
 * written; snprintf's return (what a caller appending more goes on from).
 * One that embeds another (a path, the kernel's words, an inner reason) may
 * lose its tail by design; through vsnprintf, gcc's -Wformat-truncation does
 * not count every embedded buffer's worst case.
 */
static inline int ab_whyf(char why[AB_WHY_LEN], const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static inline int ab_whyf(char why[AB_WHY_LEN], const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(why, AB_WHY_LEN, fmt, ap);
	va_end(ap);
	return n;
}

#endif
