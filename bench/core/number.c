// SPDX-License-Identifier: GPL-2.0
/* core/number.h: the strict parsers (unsigned and signed), the kernel "X.Y" code, rounding. */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/number.h"

int ab_parse_uint_n(const char *s, size_t len, unsigned long long min, unsigned long long max,
		    unsigned int flags, unsigned long long *out)
{
	unsigned long long v = 0, mul = 1;
	unsigned int base = 10;
	size_t i = 0;

	if (flags & AB_NUM_HEX) {
		if (len < 3 || s[0] != '0' || (s[1] != 'x' && s[1] != 'X'))
			return -EINVAL;
		s += 2, len -= 2, base = 16;
	} else if (flags & AB_NUM_BARE_HEX) {
		base = 16;
	} else if ((flags & AB_NUM_SUFFIX) && len > 1) {
		char c = s[len - 1];

		if (c == 'k' || c == 'K')
			mul = 1024, len--;
		else if (c == 'm' || c == 'M')
			mul = 1024 * 1024, len--;
	}
	if (!len)
		return -EINVAL;
	for (; i < len; i++) {
		unsigned char c = (unsigned char)s[i];
		unsigned int d = c - '0';

		if (base == 16 && d > 9)
			d = (c | 0x20) >= 'a' && (c | 0x20) <= 'f'
				    ? (unsigned int)((c | 0x20) - 'a' + 10)
				    : 99;
		if (d >= base)
			return -EINVAL;
		if (v > (~0ULL - d) / base)
			return -ERANGE;
		v = v * base + d;
	}
	if (v > ~0ULL / mul)
		return -ERANGE;
	v *= mul;
	if (v < min || v > max)
		return -ERANGE;
	*out = v;
	return 0;
}

int ab_parse_uint(const char *s, unsigned long long min, unsigned long long max,
		  unsigned long long *out)
{
	return ab_parse_uint_n(s, strlen(s), min, max, 0, out);
}

int ab_parse_int(const char *s, long long min, long long max, long long *out)
{
	int negative = s[0] == '-', err;
	/* the magnitude of LLONG_MIN is one more than LLONG_MAX */
	unsigned long long limit = (unsigned long long)LLONG_MAX + (unsigned long long)negative;
	unsigned long long magnitude;
	long long v;

	err = ab_parse_uint_n(s + negative, strlen(s + negative), 0, limit, 0, &magnitude);
	if (err)
		return err;
	if (!negative)
		v = (long long)magnitude;
	else if (magnitude > (unsigned long long)LLONG_MAX)
		v = LLONG_MIN;
	else
		v = -(long long)magnitude;
	if (v < min || v > max)
		return -ERANGE;
	*out = v;
	return 0;
}

unsigned int ab_kernel_version_code(const char *s, int strict)
{
	const char *digits = "0123456789";
	size_t a = strspn(s, digits), b;
	unsigned long long maj, min;
	const char *rest;

	if (s[a] != '.')
		return 0;
	b = strspn(s + a + 1, digits);
	if (ab_parse_uint_n(s, a, 1, 99, 0, &maj) || ab_parse_uint_n(s + a + 1, b, 0, 99, 0, &min))
		return 0;
	rest = s + a + 1 + b;
	if (strict && *rest && (rest[0] != '.' || !rest[1] || rest[1 + strspn(rest + 1, digits)]))
		return 0;
	return (unsigned int)(maj * 100 + min);
}

/* The power of ten of V's leading digit (V finite, > 0): floor(log10(V)), exact at powers of ten.
 */
static int leading_place(double v)
{
	int e = (int)floor(log10(v));

	if (pow(10, e + 1) <= v)
		e++;
	else if (pow(10, e) > v)
		e--;
	return e;
}

int ab_round_decimals(double x, double h)
{
	int ex = isfinite(x) && x != 0 ? leading_place(fabs(x)) : 0, sig;

	if (isnan(h) || h < 0 || !isfinite(h))
		sig = AB_ROUND_UNKNOWN_SIG;
	else if (h == 0)
		sig = AB_ROUND_MAX_SIG;
	else
		sig = ex - leading_place(h) + 1;
	sig = sig < 1 ? 1 : sig > AB_ROUND_MAX_SIG ? AB_ROUND_MAX_SIG : sig;
	/* digits after the point: the last significant one's place, negated */
	return sig - 1 - ex;
}

char *ab_fmt_decimals(char *buf, size_t cap, double v, int decimals)
{
	if (!isfinite(v))
		snprintf(buf, cap, "-");
	else if (decimals >= 0)
		snprintf(buf, cap, "%.*f", decimals > 17 ? 17 : decimals, v);
	else if (decimals < -300)
		snprintf(buf, cap, "0");
	else {
		double unit = pow(10, -decimals);

		snprintf(buf, cap, "%.0f", round(v / unit) * unit);
	}
	return buf;
}

char *ab_fmt_round(char *buf, size_t cap, double x, double h)
{
	return ab_fmt_decimals(buf, cap, x, ab_round_decimals(x, h));
}
