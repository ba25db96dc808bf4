// SPDX-License-Identifier: GPL-2.0
/* /proc/crypto: which algorithms and drivers the running kernel has. */
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/number.h"
#include "sys/array.h"
#include "sys/proc_crypto.h"

static void trim_right(char *s)
{
	size_t n = strlen(s);

	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\n'))
		s[--n] = '\0';
}

/* Copies src into dst[n], cut to fit. */
static void copy_cut(char *dst, size_t n, const char *src)
{
	size_t len = strnlen(src, n - 1);

	memcpy(dst, src, len);
	dst[len] = '\0';
}

/* "name         : sha256" into a; lines without " : " are ignored. */
static void add_kv(struct pc_alg *a, char *line)
{
	char *colon = strchr(line, ':');
	char *val;

	if (!colon || a->n_kv == PC_MAX_KV)
		return;
	*colon = '\0';
	val = colon + 1 + (colon[1] == ' ');
	trim_right(line);
	trim_right(val);
	copy_cut(a->kv[a->n_kv].key, sizeof(a->kv[0].key), line);
	copy_cut(a->kv[a->n_kv].val, sizeof(a->kv[0].val), val);
	a->n_kv++;
}

int pc_read(const char *path, struct pc_alg **algs, size_t *n)
{
	FILE *f = fopen(path, "r");
	char line[512];
	size_t cap = 0;
	bool in_block = false;
	int ret = 0;

	*algs = NULL;
	*n = 0;
	if (!f)
		return -errno;
	while (fgets(line, sizeof(line), f)) {
		if (line[0] == '\n') {
			in_block = false;
			continue;
		}
		if (!in_block) {
			if (AB_ARRAY_RESERVE(*algs, cap, *n)) {
				ret = -ENOMEM;
				break;
			}
			memset(&(*algs)[*n], 0, sizeof(**algs));
			(*n)++;
			in_block = true;
		}
		add_kv(&(*algs)[*n - 1], line);
	}
	fclose(f);
	return ret;
}

const char *pc_get(const struct pc_alg *a, const char *key)
{
	for (size_t i = 0; i < a->n_kv; i++)
		if (!strcmp(a->kv[i].key, key))
			return a->kv[i].val;
	return NULL;
}

/* A size field: untrusted text, so anything but a plain number reads as 0 (not listed). */
static unsigned int size_value(const char *val)
{
	unsigned long long v;

	return ab_parse_uint(val, 0, 1u << 20, &v) ? 0 : (unsigned int)v;
}

static const struct {
	const char *key;
	size_t offset;
} size_fields[] = {
	{ "blocksize", offsetof(struct ab_proc_alg, blocksize) },
	{ "digestsize", offsetof(struct ab_proc_alg, digestsize) },
	{ "ivsize", offsetof(struct ab_proc_alg, ivsize) },
	{ "maxauthsize", offsetof(struct ab_proc_alg, maxauthsize) },
	{ "min keysize", offsetof(struct ab_proc_alg, min_keysize) },
	{ "max keysize", offsetof(struct ab_proc_alg, max_keysize) },
};

/* The kernel prints cra_priority %d; one that is not such a number cannot be ranked. */
static void set_priority(struct ab_proc_alg *a, const char *val)
{
	long long v;

	a->priority_bad = ab_parse_int(val, INT_MIN, INT_MAX, &v) != 0;
	a->priority = a->priority_bad ? 0 : (int)v;
}

/* The typed view of one block. */
static void set_field(struct ab_proc_alg *a, const char *key, const char *val)
{
	for (size_t i = 0; i < sizeof(size_fields) / sizeof(size_fields[0]); i++)
		if (!strcmp(key, size_fields[i].key)) {
			*(unsigned int *)((char *)a + size_fields[i].offset) = size_value(val);
			return;
		}
	if (!strcmp(key, "name"))
		copy_cut(a->name, sizeof(a->name), val);
	else if (!strcmp(key, "driver"))
		copy_cut(a->driver, sizeof(a->driver), val);
	else if (!strcmp(key, "module"))
		copy_cut(a->module, sizeof(a->module), val);
	else if (!strcmp(key, "type"))
		copy_cut(a->type, sizeof(a->type), val);
	else if (!strcmp(key, "priority"))
		set_priority(a, val);
	else if (!strcmp(key, "selftest"))
		a->selftest_ok = !strcmp(val, "passed");
	else if (!strcmp(key, "internal"))
		a->internal = !strcmp(val, "yes");
}

int ab_proc_crypto_read(const char *path, struct ab_proc_alg **out, size_t *n)
{
	struct pc_alg *blocks;
	struct ab_proc_alg *arr;
	size_t nb;
	int ret = pc_read(path ? path : "/proc/crypto", &blocks, &nb);

	if (ret) {
		free(blocks);
		return ret;
	}
	arr = calloc(nb ? nb : 1, sizeof(*arr));
	if (!arr) {
		free(blocks);
		return -ENOMEM;
	}
	for (size_t i = 0; i < nb; i++)
		for (size_t k = 0; k < blocks[i].n_kv; k++)
			set_field(&arr[i], blocks[i].kv[k].key, blocks[i].kv[k].val);
	free(blocks);
	*out = arr;
	*n = nb;
	return 0;
}

/*
 * Self-tested, not internal: what AF_ALG and crypto_alloc_*() may bind; and
 * with a priority to rank it by, else which one binds cannot be told.
 */
static int usable(const struct ab_proc_alg *a)
{
	return a->selftest_ok && !a->internal && !a->priority_bad;
}

int ab_proc_type_matches(const char *t, enum ab_type type)
{
	switch (type) {
	case AB_AEAD:
		return !strcmp(t, "aead");
	case AB_SKCIPHER: /* 6.8's lskcipher is reachable through the skcipher API too */
		return !strcmp(t, "skcipher") || !strcmp(t, "lskcipher");
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
		if ((strcmp(a[i].name, name) && strcmp(a[i].driver, name)) || !usable(&a[i]) ||
		    !ab_proc_type_matches(a[i].type, type))
			continue;
		if (!best || a[i].priority > best->priority)
			best = &a[i];
	}
	return best;
}

const struct ab_proc_alg *ab_proc_crypto_lookup(const struct ab_proc_alg *a, size_t n,
						const char *name)
{
	const struct ab_proc_alg *best = NULL;

	for (size_t i = 0; i < n; i++)
		if (!strcmp(a[i].driver, name))
			return &a[i];
	for (size_t i = 0; i < n; i++)
		if (!strcmp(a[i].name, name) && usable(&a[i]) &&
		    (!best || a[i].priority > best->priority))
			best = &a[i];
	return best;
}

/* "sha3-256-generic", "cbc(aes-generic)", "cbc(ecb(aes-generic))": C code, no arch driver. */
static int generic_driver(const char *driver)
{
	const char *g = strstr(driver, "-generic");

	return g && (g[8] == '\0' || g[8] == ')');
}

const struct ab_proc_alg *ab_proc_crypto_generic(const struct ab_proc_alg *a, size_t n,
						 const char *name, enum ab_type type)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(a[i].name, name) && usable(&a[i]) && generic_driver(a[i].driver) &&
		    ab_proc_type_matches(a[i].type, type))
			return &a[i];
	return NULL;
}
