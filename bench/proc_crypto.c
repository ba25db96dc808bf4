// SPDX-License-Identifier: GPL-2.0
/* /proc/crypto: which algorithms and drivers the running kernel has. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "proc_crypto.h"

static void copy_field(char *dst, size_t len, const char *val)
{
	snprintf(dst, len, "%s", val);
}

static void set_field(struct ab_proc_alg *a, const char *key, const char *val)
{
	if (!strcmp(key, "name"))
		copy_field(a->name, sizeof(a->name), val);
	else if (!strcmp(key, "driver"))
		copy_field(a->driver, sizeof(a->driver), val);
	else if (!strcmp(key, "module"))
		copy_field(a->module, sizeof(a->module), val);
	else if (!strcmp(key, "type"))
		copy_field(a->type, sizeof(a->type), val);
	else if (!strcmp(key, "priority"))
		a->priority = atoi(val);
	else if (!strcmp(key, "selftest"))
		a->selftest_ok = !strcmp(val, "passed");
	else if (!strcmp(key, "internal"))
		a->internal = !strcmp(val, "yes");
}

/* "key   : value\n" -> key, value (both trimmed, in place). */
static int split_line(char *line, char **key, char **val)
{
	char *colon = strchr(line, ':'), *end;

	if (!colon)
		return -1;
	*colon = '\0';
	for (end = colon; end > line && (end[-1] == ' ' || end[-1] == '\t'); end--)
		end[-1] = '\0';
	*key = line;
	*val = colon + 1;
	while (**val == ' ')
		(*val)++;
	(*val)[strcspn(*val, "\n")] = '\0';
	return 0;
}

int ab_proc_crypto_read(const char *path, struct ab_proc_alg **out, size_t *n)
{
	FILE *f = fopen(path ? path : "/proc/crypto", "r");
	struct ab_proc_alg *arr = NULL;
	size_t cap = 0, len = 0;
	char line[512], *key, *val;
	int in_block = 0;

	if (!f)
		return -errno;
	while (fgets(line, sizeof(line), f)) {
		if (split_line(line, &key, &val)) {
			in_block = 0; /* a blank line ends a block */
			continue;
		}
		if (!in_block) {
			if (AB_ARRAY_RESERVE(arr, cap, len)) {
				fclose(f);
				free(arr);
				return -ENOMEM;
			}
			memset(&arr[len++], 0, sizeof(*arr));
			in_block = 1;
		}
		set_field(&arr[len - 1], key, val);
	}
	fclose(f);
	*out = arr;
	*n = len;
	return 0;
}

int ab_proc_type_matches(const char *t, enum ab_type type)
{
	switch (type) {
	case AB_AEAD:
		return !strcmp(t, "aead");
	case AB_SKCIPHER:
		return !strcmp(t, "skcipher");
	case AB_HASH:
		return !strcmp(t, "shash") || !strcmp(t, "ahash");
	case AB_ACOMP:
		return !strcmp(t, "acomp") || !strcmp(t, "scomp") || !strcmp(t, "compression");
	default:
		return 0;
	}
}

const struct ab_proc_alg *ab_proc_crypto_best(const struct ab_proc_alg *a, size_t n,
					      const char *name, enum ab_type type)
{
	const struct ab_proc_alg *best = NULL;

	for (size_t i = 0; i < n; i++) {
		if (strcmp(a[i].name, name) || a[i].internal || !a[i].selftest_ok ||
		    !ab_proc_type_matches(a[i].type, type))
			continue;
		if (!best || a[i].priority > best->priority)
			best = &a[i];
	}
	return best;
}
