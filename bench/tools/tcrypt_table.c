// SPDX-License-Identifier: GPL-2.0
/*
 * algbench-tcrypt-table: the table of scripts/kmod/tcrypt-compare. It reads
 * the script's raw lines, one per measurement of either side,
 *
 *   SIDE ALG SIZE METRIC NUM DEN DRIVER
 *
 * SIDE algbench or tcrypt; METRIC ops_per_s (NUM operations in DEN ns) or
 * cycles_per_op (NUM cycles over DEN operations); all numbers decimal
 * integers, as algbench.ko's replies and tcrypt's dmesg lines give them. It
 * prints, per algorithm and size, each side's median over the repeats
 * (core/stats.c's, the one median of the project), its spread ((max - min)
 * / median) and the ratio of throughputs algbench/tcrypt.
 *
 * The lines come from a guest's dmesg and a kernel module's replies: each
 * field is checked, and a line that is not one of these is refused with its
 * number (exit 2), never half-read.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/number.h"
#include "core/stats.h"

#define LINE_MAX_LEN	512
#define NAME_MAX_LEN	64
#define DRIVERS_MAX_LEN 256
#define SERIES_MAX	256 /* algorithm x size x side: tcrypt-compare makes 32 */
#define REPEATS_MAX	10000

enum side { SIDE_ALGBENCH, SIDE_TCRYPT, SIDES };
static const char *const side_names[SIDES] = { "algbench", "tcrypt" };

enum metric { METRIC_OPS_PER_S, METRIC_CYCLES_PER_OP, METRICS };
static const char *const metric_names[METRICS] = { "ops_per_s", "cycles_per_op" };

struct alg {
	char name[NAME_MAX_LEN];
	enum metric metric;
	char drivers[SIDES][DRIVERS_MAX_LEN]; /* each side's drivers, in order, once each */
};

struct key {
	size_t alg;
	unsigned long long size;
	double *values[SIDES];
	size_t n[SIDES];
};

struct table {
	struct alg algs[SERIES_MAX];
	size_t nalgs;
	struct key keys[SERIES_MAX];
	size_t nkeys;
};

static int lookup(const char *const *names, size_t n, const char *s)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(names[i], s) == 0)
			return (int)i;
	return -1;
}

/* A name as the kernel writes it: "gcm(aes)-128", "cbc(aes-generic)", "sha256-avx2". */
static int name_ok(const char *s, size_t max)
{
	size_t len = strlen(s);

	if (len == 0 || len >= max)
		return 0;
	return strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789()_,.-") ==
	       len;
}

/* DRIVER into LIST (space-separated), unless it is there already; 0, or -ENOSPC. */
static int add_driver(char list[DRIVERS_MAX_LEN], const char *driver)
{
	size_t len = strlen(list), dlen = strlen(driver);

	for (const char *p = list; *p;) {
		size_t w = strcspn(p, " ");
		if (w == dlen && memcmp(p, driver, w) == 0)
			return 0;
		p += w + (p[w] == ' ');
	}
	if (len + (len > 0) + dlen + 1 > DRIVERS_MAX_LEN)
		return -ENOSPC;
	if (len > 0)
		list[len++] = ' ';
	memcpy(list + len, driver, dlen + 1);
	return 0;
}

static int add_value(struct key *k, enum side side, double v)
{
	double *grown;

	if (k->n[side] >= REPEATS_MAX)
		return -ENOSPC;
	grown = realloc(k->values[side], (k->n[side] + 1) * sizeof(*grown));
	if (!grown)
		return -ENOMEM;
	k->values[side] = grown;
	k->values[side][k->n[side]++] = v;
	return 0;
}

/* One raw line into T; 0, or -EINVAL with WHY. */
static int read_line(struct table *t, char *line, char why[AB_WHY_LEN])
{
	char *f[8], *save = NULL;
	size_t nf = 0, a, k;
	int side, metric;
	unsigned long long size, num, den;
	double v;

	for (char *w = strtok_r(line, " \t", &save); w; w = strtok_r(NULL, " \t", &save)) {
		if (nf == 7) {
			ab_whyf(why, "more than 7 fields");
			return -EINVAL;
		}
		f[nf++] = w;
	}
	if (nf != 7) {
		ab_whyf(why, "%zu fields, want SIDE ALG SIZE METRIC NUM DEN DRIVER", nf);
		return -EINVAL;
	}
	side = lookup(side_names, SIDES, f[0]);
	if (side < 0) {
		ab_whyf(why, "side '%.32s': want algbench or tcrypt", f[0]);
		return -EINVAL;
	}
	if (!name_ok(f[1], NAME_MAX_LEN)) {
		ab_whyf(why, "algorithm '%.80s' is not a kernel name", f[1]);
		return -EINVAL;
	}
	if (ab_parse_uint(f[2], 1, 1ull << 30, &size)) {
		ab_whyf(why, "size '%.32s' is not a number of bytes", f[2]);
		return -EINVAL;
	}
	metric = lookup(metric_names, METRICS, f[3]);
	if (metric < 0) {
		ab_whyf(why, "metric '%.32s': want ops_per_s or cycles_per_op", f[3]);
		return -EINVAL;
	}
	if (ab_parse_uint(f[4], 0, 1ull << 53, &num) || ab_parse_uint(f[5], 1, 1ull << 53, &den)) {
		ab_whyf(why, "'%.32s %.32s' is not a count over a positive count", f[4], f[5]);
		return -EINVAL;
	}
	if (!name_ok(f[6], DRIVERS_MAX_LEN)) {
		ab_whyf(why, "driver '%.80s' is not a kernel name", f[6]);
		return -EINVAL;
	}
	v = metric == METRIC_OPS_PER_S ? 1e9 * (double)num / (double)den
				       : (double)num / (double)den;

	for (a = 0; a < t->nalgs && strcmp(t->algs[a].name, f[1]) != 0; a++)
		;
	if (a == t->nalgs) {
		if (t->nalgs == SERIES_MAX) {
			ab_whyf(why, "more than %d algorithms", SERIES_MAX);
			return -EINVAL;
		}
		memset(&t->algs[a], 0, sizeof(t->algs[a]));
		strcpy(t->algs[a].name, f[1]); /* name_ok: shorter than the field */
		t->algs[a].metric = metric;
		t->nalgs++;
	} else if (t->algs[a].metric != (enum metric)metric) {
		ab_whyf(why, "%s measured as %s before, %s now", f[1],
			metric_names[t->algs[a].metric], f[3]);
		return -EINVAL;
	}
	if (add_driver(t->algs[a].drivers[side], f[6])) {
		ab_whyf(why, "too many drivers for %s", f[1]);
		return -EINVAL;
	}

	for (k = 0; k < t->nkeys && !(t->keys[k].alg == a && t->keys[k].size == size); k++)
		;
	if (k == t->nkeys) {
		if (t->nkeys == SERIES_MAX) {
			ab_whyf(why, "more than %d algorithm and size pairs", SERIES_MAX);
			return -EINVAL;
		}
		memset(&t->keys[k], 0, sizeof(t->keys[k]));
		t->keys[k].alg = a;
		t->keys[k].size = size;
		t->nkeys++;
	}
	if (add_value(&t->keys[k], side, v)) {
		ab_whyf(why, "more than %d repeats, or out of memory", REPEATS_MAX);
		return -EINVAL;
	}
	return 0;
}

/* The raw lines on IN into T; 0, or 2 (the line and why said). */
static int read_table(struct table *t, FILE *in)
{
	char *line = NULL, why[AB_WHY_LEN];
	size_t cap = 0;
	unsigned long lineno = 0;
	ssize_t len;
	int rc = 0;

	while (rc == 0 && (len = getline(&line, &cap, in)) >= 0) {
		lineno++;
		if (len > 0 && line[len - 1] == '\n')
			line[--len] = '\0';
		if (len > LINE_MAX_LEN)
			ab_whyf(why, "longer than %d bytes", LINE_MAX_LEN);
		else if (memchr(line, '\0', (size_t)len))
			ab_whyf(why, "a NUL byte");
		else if (line[0] == '\0' || line[0] == '#' || read_line(t, line, why) == 0)
			continue;
		fprintf(stderr, "algbench-tcrypt-table: line %lu: %s\n", lineno, why);
		rc = 2;
	}
	if (rc == 0 && ferror(in)) {
		fprintf(stderr, "algbench-tcrypt-table: cannot read the raw lines: %s\n",
			strerror(errno));
		rc = 2;
	}
	free(line);
	return rc;
}

/* Median and spread (%) of N values into M and S, as text ("-" when none). */
static void side_stats(const double *values, size_t n, char *m, char *s, size_t cap, double *median)
{
	struct ab_spread sp;

	*median = 0;
	if (n == 0) {
		snprintf(m, cap, "-");
		snprintf(s, cap, "-");
		return;
	}
	ab_spread_of(values, n, &sp);
	*median = sp.median;
	snprintf(m, cap, "%.1f", sp.median);
	snprintf(s, cap, "%.1f", sp.median > 0 ? 100 * (sp.max - sp.min) / sp.median : 0);
}

static void print_table(const struct table *t)
{
	size_t repeats = 0;

	for (size_t a = 0; a < t->nalgs; a++)
		printf("# %s: algbench driver %s, tcrypt driver %s\n", t->algs[a].name,
		       t->algs[a].drivers[SIDE_ALGBENCH], t->algs[a].drivers[SIDE_TCRYPT]);
	printf("%-14s %6s %-13s %14s %8s %14s %8s %7s\n", "alg", "size", "metric", "algbench",
	       "spread%", "tcrypt", "spread%", "ratio");
	for (size_t i = 0; i < t->nkeys; i++) {
		const struct key *k = &t->keys[i];
		const struct alg *a = &t->algs[k->alg];
		char am[32], as[32], tm[32], ts[32], ratio[32] = "-";
		double amed, tmed;

		if (k->n[SIDE_ALGBENCH] == 0)
			continue; /* a size only tcrypt has */
		if (repeats == 0)
			repeats = k->n[SIDE_ALGBENCH];
		side_stats(k->values[SIDE_ALGBENCH], k->n[SIDE_ALGBENCH], am, as, sizeof(am),
			   &amed);
		side_stats(k->values[SIDE_TCRYPT], k->n[SIDE_TCRYPT], tm, ts, sizeof(tm), &tmed);
		/* a ratio of throughputs: for cycles/op the inverse of the cycles ratio */
		if (amed > 0 && tmed > 0)
			snprintf(ratio, sizeof(ratio), "%.3f",
				 a->metric == METRIC_CYCLES_PER_OP ? tmed / amed : amed / tmed);
		printf("%-14s %6llu %-13s %14s %8s %14s %8s %7s\n", a->name, k->size,
		       metric_names[a->metric], am, as, tm, ts, ratio);
	}
	printf("# repeats per side: %zu; spread = (max - min) / median\n", repeats);
}

static void free_table(struct table *t)
{
	for (size_t i = 0; i < t->nkeys; i++)
		for (int s = 0; s < SIDES; s++)
			free(t->keys[i].values[s]);
}

int main(int argc, char **argv)
{
	static struct table t;
	int rc;

	if (argc == 2 && (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0)) {
		printf("usage: algbench-tcrypt-table < RAW\n\n"
		       "The table of scripts/kmod/tcrypt-compare from its raw lines on stdin:\n"
		       "  SIDE ALG SIZE METRIC NUM DEN DRIVER\n"
		       "SIDE algbench or tcrypt; METRIC ops_per_s (NUM operations in DEN ns) or\n"
		       "cycles_per_op (NUM cycles over DEN operations); lines starting with # are\n"
		       "skipped. Per algorithm and size: each side's median over the repeats, its\n"
		       "spread ((max - min) / median) and the ratio of throughputs "
		       "algbench/tcrypt.\n"
		       "Exit 0, or 2 for a line it cannot read (its number and why on stderr).\n");
		return 0;
	}
	if (argc != 1) {
		fprintf(stderr, "usage: algbench-tcrypt-table < RAW (see --help)\n");
		return 2;
	}
	rc = read_table(&t, stdin);
	if (rc == 0)
		print_table(&t);
	free_table(&t);
	return rc;
}
