// SPDX-License-Identifier: GPL-2.0
/* crypto_algs: struct crypto_alg pointers to driver names (see algs.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/number.h"
#include "trace/algs.h"

void trace_algs_free(struct trace_algs *l)
{
	free(l->a);
	memset(l, 0, sizeof(*l));
}

static const struct trace_alg *find(const struct trace_algs *l, uint64_t ptr)
{
	for (size_t i = 0; i < l->n; i++)
		if (l->a[i].ptr == ptr)
			return &l->a[i];
	return NULL;
}

static struct trace_alg *add(struct trace_algs *l)
{
	if (l->n == l->cap) {
		size_t cap = l->cap ? 2 * l->cap : 64;
		struct trace_alg *a = realloc(l->a, cap * sizeof(*a));

		if (!a)
			return NULL;
		l->a = a;
		l->cap = cap;
	}
	memset(&l->a[l->n], 0, sizeof(l->a[0]));
	return &l->a[l->n++];
}

/* The word at p (up to a space or end): its length when 1..max printable characters, else 0. */
static size_t word(const char *p, const char *end, size_t max)
{
	size_t n = 0;

	while (p + n < end && p[n] != ' ') {
		if ((unsigned char)p[n] < 0x21 || (unsigned char)p[n] > 0x7e)
			return 0;
		n++;
	}
	return n <= max ? n : 0;
}

static int parse_line(struct trace_algs *l, const char *p, const char *end, char why[AB_WHY_LEN],
		      size_t lineno)
{
	size_t pl = word(p, end, 18), dl, nl;
	unsigned long long ptr;
	struct trace_alg *a;

	dl = pl && p + pl < end ? word(p + pl + 1, end, TRACE_DRV_LEN - 1) : 0;
	nl = dl && p + pl + 1 + dl < end ? word(p + pl + dl + 2, end, TRACE_DRV_LEN - 1) : 0;
	if (!nl || p + pl + dl + 2 + nl != end || pl < 3 ||
	    ab_parse_uint_n(p, pl, 1, UINT64_MAX, AB_NUM_HEX, &ptr) || memcmp(p, "0x", 2)) {
		ab_whyf(why,
			"%s line %zu: not '0xPOINTER DRIVER NAME' (a nonzero hex "
			"pointer, names of 1..%d printable characters)",
			TRACE_ALGS_FILE, lineno, TRACE_DRV_LEN - 1);
		return -EINVAL;
	}
	if (find(l, ptr)) {
		ab_whyf(why, "%s line %zu: pointer 0x%llx given twice", TRACE_ALGS_FILE, lineno,
			ptr);
		return -EINVAL;
	}
	if (l->n >= TRACE_ALGS_MAX) {
		ab_whyf(why, "%s: more than %d lines", TRACE_ALGS_FILE, TRACE_ALGS_MAX);
		return -EINVAL;
	}
	if (!(a = add(l))) {
		ab_whyf(why, "%s: out of memory", TRACE_ALGS_FILE);
		return -ENOMEM;
	}
	a->ptr = ptr;
	memcpy(a->drv, p + pl + 1, dl);
	a->drv[dl] = '\0';
	return 0;
}

int trace_algs_parse(struct trace_algs *l, const char *text, size_t len, char why[AB_WHY_LEN])
{
	size_t lineno = 1;

	l->n = 0;
	for (const char *p = text, *end = text + len; p < end; lineno++) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *eol = nl ? nl : end;
		int err = parse_line(l, p, eol, why, lineno);

		if (err) {
			l->n = 0;
			return err;
		}
		p = nl ? nl + 1 : end; /* never past end: that pointer would be undefined */
	}
	return 0;
}

int trace_algs_name(struct trace_algs *cache, const struct trace_algs *now, uint64_t ptr, char *out,
		    size_t len)
{
	struct trace_alg *c = (struct trace_alg *)find(cache, ptr);
	const struct trace_alg *n = find(now, ptr);

	if (c && !c->reused && n && strcmp(c->drv, n->drv))
		c->reused = 1;
	if (c && c->reused) {
		snprintf(out, len, "(reused alg 0x%llx)", (unsigned long long)ptr);
		return 0;
	}
	if (c) {
		snprintf(out, len, "%s", c->drv);
		return 0;
	}
	if (!n) {
		snprintf(out, len, "(unregistered alg 0x%llx)", (unsigned long long)ptr);
		return 0;
	}
	if (cache->n >= TRACE_ALGS_MAX)
		return -ENOSPC;
	if (!(c = add(cache)))
		return -ENOMEM;
	*c = *n;
	snprintf(out, len, "%s", c->drv);
	return 0;
}
