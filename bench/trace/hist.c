// SPDX-License-Identifier: GPL-2.0
/* Parser for tracefs hist files (kernel/trace/trace_events_hist.c's format). */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/number.h"
#include "trace/hist.h"

/* "NAME:" followed by spaces and a decimal u64, anywhere in line[0..n). */
static int find_u64(const char *line, size_t n, const char *name, uint64_t *v)
{
	size_t nl = strlen(name);

	for (size_t i = 0; i + nl + 1 < n; i++) {
		size_t j = i + nl + 1, k;
		unsigned long long u;

		if ((i && line[i - 1] != ' ') || memcmp(line + i, name, nl) || line[i + nl] != ':')
			continue;
		while (j < n && line[j] == ' ')
			j++;
		for (k = j; k < n && line[k] != ' ' && line[k] != '\n';)
			k++;
		if (ab_parse_uint_n(line + j, k - j, 0, UINT64_MAX, 0, &u))
			return -1;
		*v = u;
		return 0;
	}
	return -1;
}

/* "{ KEY: value }": the value, trailing padding removed. */
static int row_key(const char *line, size_t n, const char *key, char *out, size_t out_len)
{
	size_t kl = strlen(key), i = 2, k = 0;

	if (n < 2 + kl + 2 || memcmp(line, "{ ", 2) || memcmp(line + 2, key, kl) ||
	    line[2 + kl] != ':')
		return -1;
	i += kl + 1;
	while (i < n && line[i] == ' ')
		i++;
	while (i < n && line[i] != ' ' && line[i] != '}') {
		if (k + 1 >= out_len || (unsigned char)line[i] < 0x21 ||
		    (unsigned char)line[i] > 0x7e)
			return -1;
		out[k++] = line[i++];
	}
	out[k] = '\0';
	while (i < n && line[i] == ' ')
		i++;
	return k && i < n && line[i] == '}' ? 0 : -1;
}

/* At p (n bytes): word, then ':', ' ' or the end. */
static int word_at(const char *p, size_t n, const char *word)
{
	size_t wl = strlen(word);

	return n >= wl && !memcmp(p, word, wl) && (n == wl || p[wl] == ':' || p[wl] == ' ');
}

/*
 * A trigger info line (after "# trigger info: ") of a table keyed by key
 * whose values, when listed, are hitcount and val. Anything else is someone
 * else's trigger on the same event (a hist file lists every hist trigger).
 */
static int our_trigger(const char *t, size_t n, const char *key, const char *val)
{
	char vals[64];
	const char *v;

	if (n < 10 || memcmp(t, "hist:keys=", 10) || !word_at(t + 10, n - 10, key))
		return 0;
	v = memmem(t, n, ":vals=", 6);
	if (!v)
		return 1;
	snprintf(vals, sizeof(vals), "vals=hitcount%s%s", val ? "," : "", val ? val : "");
	return word_at(v + 1, n - (size_t)(v + 1 - t), vals);
}

static int parse_line(const char *line, size_t n, const char *key, const char *val,
		      struct trace_hist *h, int *sections, int *foreign, int max,
		      char why[AB_WHY_LEN])
{
	static const char info[] = "# trigger info: ";
	struct trace_hist_row *r;

	if (n >= sizeof(info) - 1 && !memcmp(line, info, sizeof(info) - 1)) {
		*foreign = !our_trigger(line + sizeof(info) - 1, n - (sizeof(info) - 1), key, val);
		if (*foreign) /* its table is skipped, ours stay as they are */
			return 0;
		if (*sections >= max) {
			ab_whyf(why, "more than %d hist triggers", max);
			return -ENOSPC;
		}
		memset(&h[*sections], 0, sizeof(h[*sections]));
		h[*sections].filtered = memmem(line, n, " if ", 4) != NULL;
		(*sections)++;
		return 0;
	}
	if (*foreign)
		return 0;
	while (n > 1 && *line == ' ' && line[1] == ' ') /* "    Dropped: N" under Totals: */
		line++, n--;
	if (n >= 9 && !memcmp(line + (*line == ' '), "Dropped:", 8) && *sections)
		return find_u64(line, n, "Dropped", &h[*sections - 1].dropped)
			       ? (ab_whyf(why, "malformed Dropped: line"), -EINVAL)
			       : 0;
	if (n < 2 || memcmp(line, "{ ", 2))
		return 0; /* comments, Totals:, blank lines */
	if (!*sections) {
		ab_whyf(why, "a hist row before any trigger info line");
		return -EINVAL;
	}
	if (h[*sections - 1].n >= TRACE_HIST_MAX) {
		ab_whyf(why, "more than %d hist rows", TRACE_HIST_MAX);
		return -ENOSPC;
	}
	r = &h[*sections - 1].rows[h[*sections - 1].n];
	if (row_key(line, n, key, r->key, sizeof(r->key)) ||
	    find_u64(line, n, "hitcount", &r->hits) || (val && find_u64(line, n, val, &r->len))) {
		ab_whyf(why, "malformed hist row: %.*s", (int)(n > 160 ? 160 : n), line);
		return -EINVAL;
	}
	h[*sections - 1].n++;
	return 0;
}

int trace_hist_parse(const char *text, size_t len, const char *key, const char *val,
		     struct trace_hist *out, int max, char why[AB_WHY_LEN])
{
	int sections = 0, foreign = 0, err;

	for (size_t i = 0; i < len;) {
		const char *nl = memchr(text + i, '\n', len - i);
		size_t n = nl ? (size_t)(nl - (text + i)) : len - i;

		err = parse_line(text + i, n, key, val, out, &sections, &foreign, max, why);
		if (err)
			return err;
		i += n + 1;
	}
	return sections;
}
