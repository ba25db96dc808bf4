/* SPDX-License-Identifier: GPL-2.0 */
/*
 * core/number.h: the one strict unsigned parser, for command-line values,
 * result files and the text the kernel writes alike. Decimal digits only: no
 * sign, no blanks, no base prefix (strtoull() takes " -1" as ULLONG_MAX and
 * "0x10" as 16), no overflow, nothing after the number.
 */
#ifndef ALGBENCH_NUMBER_H
#define ALGBENCH_NUMBER_H

#include <stddef.h>

#define AB_NUM_SUFFIX 1u /* a k/K (x1024) or m/M (x1048576) suffix is allowed */
#define AB_NUM_HEX 2u /* "0x" then hex digits (a register as the kernel prints it); no suffix */

/*
 * The LEN characters at S as a number in MIN..MAX into *OUT. 0, -EINVAL
 * when they are not digits (and the suffix FLAGS allows), -ERANGE when the
 * number is outside MIN..MAX. S need not be NUL-terminated.
 */
int ab_parse_uint_n(const char *s, size_t len, unsigned long long min, unsigned long long max,
		    unsigned int flags, unsigned long long *out);

/* The same for the whole NUL-terminated string S, without a suffix. */
int ab_parse_uint(const char *s, unsigned long long min, unsigned long long max,
		  unsigned long long *out);

/*
 * A kernel version as X*100+Y: 610 for "6.10". S starts "X.Y"; what follows
 * is ignored ("6.1.0-50-amd64", "6.12.0-rc1+" from uname or a config
 * header) unless STRICT, which allows only a ".Z" (so a user's "6.1junk" is
 * refused). 0 when it is not a version or a part is above 99 (a minor 100
 * would alias the next major).
 */
unsigned int ab_kernel_version_code(const char *s, int strict);

#endif
