/* SPDX-License-Identifier: GPL-2.0 */
/*
 * core/number.h: the one strict unsigned parser, for command-line values,
 * result files and the text the kernel writes alike. Decimal digits only: no
 * sign, no blanks, no base prefix (strtoull() takes " -1" as ULLONG_MAX and
 * "0x10" as 16), no overflow, nothing after the number. Its signed sibling
 * is for the few values that are signed where they are written.
 */
#ifndef ALGBENCH_NUMBER_H
#define ALGBENCH_NUMBER_H

#include <stddef.h>

#define AB_NUM_SUFFIX	1u /* a k/K (x1024) or m/M (x1048576) suffix is allowed */
#define AB_NUM_HEX	2u /* "0x" then hex digits (a register as the kernel prints it); no suffix */
#define AB_NUM_BARE_HEX 4u /* hex digits without "0x" (a checksum printed %08x); no suffix */

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
 * The signed sibling, for values the kernel writes signed (a -errno status,
 * perf_event_paranoid's -1, a priority): an optional '-' then what
 * ab_parse_uint() takes, in MIN..MAX. No '+', no blanks; 0, -EINVAL or -ERANGE.
 */
int ab_parse_int(const char *s, long long min, long long max, long long *out);

/*
 * A kernel version as X*100+Y: 610 for "6.10". S starts "X.Y"; what follows
 * is ignored ("6.1.0-50-amd64", "6.12.0-rc1+" from uname or a config
 * header) unless STRICT, which allows only a ".Z" (so a user's "6.1junk" is
 * refused). 0 when it is not a version or a part is above 99 (a minor 100
 * would alias the next major).
 */
unsigned int ab_kernel_version_code(const char *s, int strict);

/*
 * The one rounding rule for the numbers reports print (docs/statistics.md,
 * "Rounding to the spread"): X whose interval has half-width H is shown down
 * to the decimal place of H's leading digit, so that the last digit is the
 * first one the spread reaches (0.9332 with [0.9131, 0.9483], H 0.0176: 0.93),
 * and never with fewer than 1 or more than AB_ROUND_MAX_SIG significant
 * digits. H 0 (every sample equal): AB_ROUND_MAX_SIG; H unknown (NAN, no
 * interval): AB_ROUND_UNKNOWN_SIG. The interval's ends are printed to the
 * same place as X.
 */
#define AB_ROUND_MAX_SIG     6
#define AB_ROUND_UNKNOWN_SIG 3

/* The decimals the rule gives X at half-width H: negative rounds to tens, hundreds, ... */
int ab_round_decimals(double x, double h);

/* V rounded to DECIMALS (ab_round_decimals) into BUF ("-" when V is not finite); BUF. */
char *ab_fmt_decimals(char *buf, size_t cap, double v, int decimals);

/* X rounded by the rule at half-width H into BUF: ab_fmt_decimals(X, ab_round_decimals(X, H)). */
char *ab_fmt_round(char *buf, size_t cap, double x, double h);

#endif
