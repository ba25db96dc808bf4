// SPDX-License-Identifier: GPL-2.0
/* /proc/crypto and the kernel config, read the way the conformance suite needs. */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <zlib.h>

#include "proc_crypto.h"

static void trim_right(char *s)
{
	size_t n = strlen(s);

	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\n'))
		s[--n] = '\0';
}

/* Copies src into dst[n], cut to fit: /proc/crypto values fit in 64 bytes. */
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

static int grow(struct pc_alg **algs, size_t n, size_t *cap)
{
	struct pc_alg *p;

	if (n < *cap)
		return 0;
	*cap = *cap ? 2 * *cap : 64;
	p = realloc(*algs, *cap * sizeof(*p));
	if (!p)
		return -ENOMEM;
	*algs = p;
	return 0;
}

int pc_read(const char *path, struct pc_alg **algs, size_t *n)
{
	FILE *f = fopen(path, "r");
	char line[256];
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
			ret = grow(algs, *n, &cap);
			if (ret)
				break;
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

enum kstats kstats_scan_line(const char *line, enum kstats sofar)
{
	static const char sym[] = "CONFIG_CRYPTO_STATS";
	const char *p = strstr(line, sym);

	if (!p || (p != line && strncmp(line, "# ", 2)))
		return sofar;
	p += sizeof(sym) - 1;
	if (line[0] == '#')
		return !strncmp(p, " is not set", 11) ? KSTATS_N : sofar;
	if (!strncmp(p, "=y", 2))
		return KSTATS_Y;
	return *p == '=' ? KSTATS_N : sofar;
}

enum kstats kstats_from_config(char *source, size_t source_len)
{
	char boot[300], line[512];
	const char *paths[2] = { "/proc/config.gz", boot };
	struct utsname u;

	uname(&u);
	snprintf(boot, sizeof(boot), "/boot/config-%s", u.release);
	source[0] = '\0';
	/* gzopen reads plain text too, so one reader serves both files. */
	for (int i = 0; i < 2; i++) {
		gzFile f = gzopen(paths[i], "r");
		enum kstats k = KSTATS_ABSENT;

		if (!f)
			continue;
		while (gzgets(f, line, sizeof(line)))
			k = kstats_scan_line(line, k);
		gzclose(f);
		snprintf(source, source_len, "%s", paths[i]);
		return k;
	}
	return KSTATS_UNKNOWN;
}

const char *kstats_name(enum kstats k)
{
	static const char *const names[] = { "unknown", "y", "n", "absent" };

	return names[k];
}
