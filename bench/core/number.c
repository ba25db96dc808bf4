// SPDX-License-Identifier: GPL-2.0
/* core/number.h: the one strict unsigned parser and the kernel "X.Y" code. */
#include <errno.h>
#include <string.h>

#include "core/number.h"

int ab_parse_uint_n(const char *s, size_t len, unsigned long long min, unsigned long long max,
		    unsigned int flags, unsigned long long *out)
{
	unsigned long long v = 0, mul = 1;
	size_t i = 0;

	if ((flags & AB_NUM_SUFFIX) && len > 1) {
		char c = s[len - 1];

		if (c == 'k' || c == 'K')
			mul = 1024, len--;
		else if (c == 'm' || c == 'M')
			mul = 1024 * 1024, len--;
	}
	if (!len)
		return -EINVAL;
	for (; i < len; i++) {
		unsigned int d = (unsigned char)s[i] - '0';

		if (d > 9)
			return -EINVAL;
		if (v > (~0ULL - d) / 10)
			return -ERANGE;
		v = v * 10 + d;
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
