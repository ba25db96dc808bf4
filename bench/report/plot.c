// SPDX-License-Identifier: GPL-2.0
/*
 * algbench plot: result files (and an `algbench compare --json` file) to
 * gnuplot charts, each as PNG and SVG:
 *   <alg>-size.{png,svg}     throughput against size, a line per input file
 *                            (its kernel or A/B label in the legend), backend,
 *                            mode, op, key length and thread count
 *   <alg>-threads.{png,svg}  throughput against threads, a line per size
 *                            (drawn only when some line has two thread counts)
 *   <alg>-efficiency.{png,svg} T(N)/(N*T(1)) against threads, beside the
 *                            threads chart when a line has a 1-thread point
 *   ab-ratio.{png,svg}       NEW/BASE ratio per job with its interval on a
 *                            fixed log axis, the threshold band and the
 *                            verdict as marker and colour (ab-ratio-1, -2, ...
 *                            pages of at most 50 pairs beyond)
 * Styles: an input file (a kernel) is a dash type, a series a colour from
 * the Okabe-Ito palette and a marker, so nothing is told by colour alone;
 * the legend goes below the plot, which keeps its size. A chart holds at
 * most CHART_MAX_KEYS series of each input and CHART_MAX_LINES lines: an
 * algorithm with more is drawn one chart per backend and mode
 * (<alg>-<backend>-<mode>-size...), in pages (<alg>-<backend>-<mode>-1-size,
 * -2-size, ...) when even one backend and mode holds more.
 * The data and the gnuplot scripts stay beside the charts (data/), so a
 * chart can be re-styled without re-running anything: each script names its
 * data and its charts relative to data/ and gnuplot runs there
 * (`cd DIR/data && gnuplot NAME.gp`), so the folder can move.
 */
#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/opt.h"
#include "command.h"
#include "report/plot.h"
#include "result/result_json.h"
#include "sys/array.h"
#include "sys/json_in.h"
#include "sys/out_file.h"
#include "sys/spawn.h"
#include "sys/text.h"

struct point {
	const char *source; /* which input: its kernel or A/B label */
	int src;	    /* ... and its position among the inputs */
	const char *alg, *backend, *mode, *op;
	long long keylen, size, threads;
	double median, min, max;
};

struct points {
	struct point *v;
	size_t n, cap;
};

static const char *str_field(json_t *o, const char *k)
{
	return ab_json_str(o, k, "-");
}

/*
 * The median, min and max MB/s the result stores (run and merge write them
 * from its samples, result/result_json.c): -ENODATA for a result without them
 * (not measured, or failed), which no chart shows.
 */
static int stored_mbps(json_t *r, double *median, double *min, double *max)
{
	json_t *mbps = json_object_get(r, "mbps");
	json_t *med = json_object_get(mbps, "median"), *lo = json_object_get(mbps, "min"),
	       *hi = json_object_get(mbps, "max");

	if (!json_is_number(med) || !json_is_number(lo) || !json_is_number(hi))
		return -ENODATA;
	*median = json_number_value(med);
	*min = json_number_value(lo);
	*max = json_number_value(hi);
	return isfinite(*median) && isfinite(*min) && isfinite(*max) ? 0 : -ENODATA;
}

/*
 * Every string that reaches a gnuplot script (titles, legends, tick labels,
 * paths) must pass this: gnuplot expands `...` (shell), @macros and
 * backslash escapes and a quote ends the string, so a result file could
 * otherwise run commands. Refusing beats escaping: no legitimate algorithm,
 * backend, mode or op name needs any other character.
 */
static int gp_safe(const char *s)
{
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
		      (*s >= '0' && *s <= '9') || strchr(" ()_,.+:/=-", *s)))
			return 0;
	return 1;
}

static int refuse(const char *file, const char *field, const char *value)
{
	char shown[61]; /* the first 60 bytes (memcpy: snprintf's truncation is an -Werror here) */
	size_t n = strnlen(value, sizeof(shown) - 1);

	memcpy(shown, value, n);
	shown[n] = 0;
	ab_err("%s: %s \"", file, field);
	ab_fput_term(stderr, shown); /* the very bytes refused: escaped for the terminal */
	fprintf(stderr,
		"\" has a character gnuplot could interpret (allowed: letters, digits, space "
		"and ()_,.+:/=-); fix or regenerate the file\n");
	return -EINVAL;
}

static int add_points(struct points *pts, json_t *root, const char *file, const char *source,
		      int src)
{
	json_t *r;
	size_t i;

	if (!gp_safe(source))
		return refuse(file, "kernel/label", source);
	json_array_foreach (json_object_get(root, "results"), i, r) {
		struct point p = {
			.source = source,
			.src = src,
			.alg = str_field(r, "alg"),
			.backend = str_field(r, "backend"),
			.mode = str_field(r, "mode"),
			.op = str_field(r, "op"),
			.keylen = json_integer_value(json_object_get(r, "keylen")),
			.size = json_integer_value(json_object_get(r, "size")),
			.threads = json_integer_value(json_object_get(r, "threads")),
		};

		const char *const fields[] = { "alg", "backend", "mode", "op" };
		const char *const vals[] = { p.alg, p.backend, p.mode, p.op };

		for (size_t f = 0; f < 4; f++)
			if (!gp_safe(vals[f]))
				return refuse(file, fields[f], vals[f]);
		if (stored_mbps(r, &p.median, &p.min, &p.max))
			continue;
		if (AB_ARRAY_RESERVE(pts->v, pts->cap, pts->n))
			return -ENOMEM;
		pts->v[pts->n++] = p;
	}
	return 0;
}

void ab_plot_file_name(const char *in, char *out, size_t len)
{
	size_t i;

	for (i = 0; in[i] && i + 1 < len; i++)
		out[i] = (in[i] >= 'a' && in[i] <= 'z') || (in[i] >= 'A' && in[i] <= 'Z') ||
					 (in[i] >= '0' && in[i] <= '9') || in[i] == '-'
				 ? in[i]
				 : '_';
	out[i] = 0;
}

/* DIR/data/NAME.gp, run where it lives: its paths are relative to data/. */
static int run_gnuplot(const char *dir, const char *name)
{
	/* a chart's name is at most 200 bytes (its callers' buffers), plus ".gp" */
	char datadir[512], script[208];
	const char *const argv[] = { "gnuplot", script, NULL };
	char why[AB_WHY_LEN];
	int ret;

	snprintf(datadir, sizeof(datadir), "%s/data", dir);
	snprintf(script, sizeof(script), "%s.gp", name);
	ret = ab_spawn_in(datadir, argv, 0, why);

	if (ret)
		ab_err("%s%s\n", why,
		       ret == -ENOENT ? " (install gnuplot-nox; scripts/setup does)" : "");
	return ret ? -EIO : 0;
}

/* One gnuplot script renders the same plot to PNG and then SVG. */
static FILE *open_script(const char *dir, const char *name, char *path, size_t len)
{
	FILE *f;

	char why[AB_WHY_LEN];

	snprintf(path, len, "%s/data/%s.gp", dir, name);
	f = ab_out_fopen_path(path, why);
	if (!f)
		ab_err("cannot write %s: %s\n", path, why);
	return f;
}

/* The charts go beside data/, where the script runs. */
static void emit_terminals(FILE *f, const char *name, int height)
{
	fprintf(f,
		"do for [t in \"pngcairo svg\"] {\n"
		"  if (t eq \"svg\") { set terminal svg size 1000,%d dynamic font \"sans,11\"; set "
		"output \"../%s.svg\" }\n"
		"  else { set terminal pngcairo size 1000,%d font \"sans,10\"; set output "
		"\"../%s.png\" }\n",
		height, name, height, name);
}

/*
 * What every chart of a run shares: the points, where the charts go, and
 * what the inputs say of themselves. Strings here passed gp_safe().
 */
struct plot_ctx {
	const struct points *pts;
	const char *dir;
	int is_virtual;		/* the inputs ran under -icount */
	const char *base, *new; /* A/B: the BASE and NEW inputs' labels, else NULL */
	int base_src, new_src;	/* ... and which inputs they are */
	long long tcg_vcpus;	/* the most CPUs a TCG guest input had, 0 when none */
	unsigned int host_cpus; /* --host-cpus: the CPUs that ran the guest, 0 unknown */
};

/*
 * Lines: a chart holds at most CHART_MAX_LINES, and at most CHART_MAX_KEYS
 * series (backend, mode, op, key, threads or size) of each input, one
 * colour (Okabe-Ito's: told apart by people who cannot tell red from green)
 * and one marker each; an input (a kernel) is a dash type, so two kernels'
 * lines of one series share colour and marker and differ in dash.
 */
#define CHART_MAX_LINES 16
#define CHART_MAX_KEYS	8
/* Okabe-Ito without its yellow, which a line on white hides, and a grey */
static const char *const okabe_ito[CHART_MAX_KEYS] = {
	"#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#888888",
};
static const int series_pt[CHART_MAX_KEYS] = { 7, 5, 9, 11, 13, 6, 4, 8 };
static const char *const dash_name[] = { "solid", "dashed", "dotted", "dash-dot", "dash-dot-dot" };
#define N_DASH (sizeof(dash_name) / sizeof(dash_name[0]))

/* " k128" for a key of 16 bytes, "" for none (unkeyed: no k0), into OUT. */
static void key_text(long long keylen, char *out, size_t len)
{
	long long bits = ab_plot_key_bits(keylen);

	if (bits > 0)
		snprintf(out, len, " k%lld", bits);
	else
		out[0] = 0;
}

/* The order of two points' jobs by backend, mode, op and key: <0, 0, >0. */
static int cmp_job(const struct point *a, const struct point *b)
{
	int c = strcmp(a->backend, b->backend);

	if (!c)
		c = strcmp(a->mode, b->mode);
	if (!c)
		c = strcmp(a->op, b->op);
	if (!c)
		c = (a->keylen > b->keylen) - (a->keylen < b->keylen);
	return c;
}

/* A series is the points that share everything but the x axis. */
static int same_key(const struct point *a, const struct point *b, int x_is_size)
{
	return !cmp_job(a, b) && (x_is_size ? a->threads == b->threads : a->size == b->size);
}

static int same_series(const struct point *a, const struct point *b, int x_is_size)
{
	return a->src == b->src && same_key(a, b, x_is_size);
}

static int cmp_point(const void *x, const void *y)
{
	const struct point *a = x, *b = y;
	int c = strcmp(a->alg, b->alg);

	if (!c)
		c = (a->src > b->src) - (a->src < b->src);
	if (!c)
		c = cmp_job(a, b);
	if (!c)
		c = (a->threads > b->threads) - (a->threads < b->threads);
	if (!c)
		c = (a->size > b->size) - (a->size < b->size);
	return c;
}

/* Series heads in a chart's order: by series (key), then by input. */
static int cmp_head(const struct point *a, const struct point *b, int x_is_size)
{
	int c = cmp_job(a, b);

	if (!c && x_is_size)
		c = (a->threads > b->threads) - (a->threads < b->threads);
	if (!c && !x_is_size)
		c = (a->size > b->size) - (a->size < b->size);
	if (!c)
		c = (a->src > b->src) - (a->src < b->src);
	return c;
}

static int cmp_head_size(const void *x, const void *y)
{
	return cmp_head(*(const struct point *const *)x, *(const struct point *const *)y, 1);
}

static int cmp_head_threads(const void *x, const void *y)
{
	return cmp_head(*(const struct point *const *)x, *(const struct point *const *)y, 0);
}

/* The 1-thread median of P's threads series (same source, job, size); 0 if none. */
static double series_one_thread(const struct points *pts, const struct point *p)
{
	for (size_t k = 0; k < pts->n; k++) {
		const struct point *q = &pts->v[k];

		if (q->threads == 1 && !strcmp(q->alg, p->alg) && same_series(q, p, 0))
			return q->median;
	}
	return 0;
}

/* P is drawn in the chart of ALG (and of BY's backend and mode, when not NULL). */
static int in_chart(const struct point *p, const char *alg, const struct point *by)
{
	return !strcmp(p->alg, alg) &&
	       (!by || (!strcmp(p->backend, by->backend) && !strcmp(p->mode, by->mode)));
}

/*
 * The series of ALG's chart (BY's backend and mode only, when not NULL):
 * the first point of each, in chart order, into *HEADS (malloc'd, the
 * caller frees); how many in *N, how many distinct keys in *KEYS and how
 * many series one page may hold in *PER_PAGE. 0 or -ENOMEM.
 */
static int chart_heads(const struct points *pts, const char *alg, const struct point *by,
		       int x_is_size, const struct point ***heads, size_t *n, size_t *keys,
		       size_t *per_page)
{
	const struct point **h = NULL;
	size_t cap = 0, srcs = 0;
	int seen[64] = { 0 };

	*n = *keys = 0;
	for (size_t i = 0; i < pts->n; i++) {
		const struct point *p = &pts->v[i];
		size_t j;

		if (!in_chart(p, alg, by))
			continue;
		for (j = 0; j < *n && !same_series(h[j], p, x_is_size); j++)
			;
		if (j < *n)
			continue;
		if (AB_ARRAY_RESERVE(h, cap, *n)) {
			free(h);
			return -ENOMEM;
		}
		h[(*n)++] = p;
		if (p->src >= 64 || !seen[p->src]++)
			srcs++;
	}
	if (*n)
		qsort(h, *n, sizeof(*h), x_is_size ? cmp_head_size : cmp_head_threads);
	for (size_t i = 0; i < *n; i++)
		*keys += !i || !same_key(h[i - 1], h[i], x_is_size);
	*per_page = srcs ? CHART_MAX_LINES / srcs : 1;
	*per_page = *per_page > CHART_MAX_KEYS ? CHART_MAX_KEYS : *per_page ? *per_page : 1;
	*heads = h;
	return 0;
}

/*
 * The dash type (0-based) of input SRC in a chart of the series H[0..N):
 * an A/B's BASE and NEW keep theirs on every chart (the titles name them),
 * other inputs are ranked among those the chart holds, so a chart of one
 * input is solid.
 */
static int dash_of(const struct plot_ctx *c, const struct point *const *h, size_t n, int src)
{
	int rank = 0;

	if (c->base && c->new)
		return src % (int)N_DASH;
	for (size_t i = 0; i < n; i++) {
		size_t j;

		if (h[i]->src >= src)
			continue;
		for (j = 0; j < i && h[j]->src != h[i]->src; j++)
			;
		rank += j == i;
	}
	return rank % (int)N_DASH;
}

/*
 * The plot clauses of a chart's N series (blocks of DATA), USING the
 * columns given, WITH the style given: colour and marker by series key,
 * dash by input.
 */
static void emit_series(const struct plot_ctx *c, FILE *g, const char *data,
			const struct point *const *h, size_t n, int x_is_size, const char *using,
			const char *with)
{
	size_t key = 0;

	fputs("  plot ", g);
	for (size_t i = 0; i < n; i++) {
		key += i && !same_key(h[i - 1], h[i], x_is_size);
		fprintf(g,
			"%s\"%s\" index %zu using %s with %s lw 1.5 ps 1.1 dt %d pt %d lc rgb "
			"\"%s\" title columnheader(1)",
			i ? ", \\\n       " : "", data, i, using, with,
			dash_of(c, h, n, h[i]->src) + 1, series_pt[key % CHART_MAX_KEYS],
			okabe_ito[key % CHART_MAX_KEYS]);
	}
}

/*
 * The title's second line (into OUT): BASE and NEW of an A/B and their dash
 * types, else the inputs' dash types when there are several; and for a
 * threads chart of a TCG guest, how many vCPUs shared how many host CPUs.
 */
static void chart_subtitle(const struct plot_ctx *c, int threads, const struct point *const *h,
			   size_t n, char *out, size_t len)
{
	size_t at = 0, inputs = 0;
	int shown[N_DASH] = { 0 };

	out[0] = 0;
	if (c->base && c->new) {
		at = (size_t)snprintf(out, len, "\\nBASE %s (%s) against NEW %s (%s)", c->base,
				      dash_name[c->base_src % (int)N_DASH], c->new,
				      dash_name[c->new_src % (int)N_DASH]);
	} else {
		for (size_t i = 0; i < n && at < len; i++) {
			int d = dash_of(c, h, n, h[i]->src);

			if (shown[d]++)
				continue;
			inputs++;
			at += (size_t)snprintf(out + at, len - at, "%s%s %s", at ? ", " : "\\n",
					       h[i]->source, dash_name[d]);
		}
		if (inputs < 2) /* one input: no line styles to explain */
			out[at = 0] = 0;
	}
	if (threads && c->tcg_vcpus > 1 && at < len) {
		if (c->host_cpus)
			snprintf(out + at, len - at, "\\n%lld vCPUs on %u host CPUs (TCG)%s",
				 c->tcg_vcpus, c->host_cpus,
				 (long long)c->host_cpus < c->tcg_vcpus
					 ? ": past that many threads, this is the host's scheduling"
					 : "");
		else
			snprintf(out + at, len - at,
				 "\\n%lld vCPUs under TCG, each a host thread (the host's CPUs "
				 "are not recorded)",
				 c->tcg_vcpus);
	}
}

/*
 * The script of a chart NAME with N lines whose longest legend text is
 * LABEL_MAX bytes and the given title lines, its terminals set, legend below
 * the plot in two columns (one when the texts are too long for two): the
 * plot keeps its width and height however many lines, the canvas grows
 * instead. NULL with a message.
 */
#define CHART_KEY_LINE 17 /* pixels per legend row at the key's font */
#define CHART_KEY_CHAR 8  /* pixels per character, as gnuplot reckons them at that font */
static FILE *open_chart(const char *dir, const char *name, size_t n_lines, size_t label_max,
			const char *subtitle, char *path, size_t len)
{
	FILE *f = open_script(dir, name, path, len);
	int title_lines = 1, cols = (label_max + 8) * CHART_KEY_CHAR * 2 < 960 ? 2 : 1;

	for (const char *s = subtitle; (s = strstr(s, "\\n")); s += 2)
		title_lines++;
	if (f) {
		emit_terminals(f, name,
			       580 + 16 * title_lines +
				       CHART_KEY_LINE *
					       (int)((n_lines + (size_t)cols - 1) / (size_t)cols));
		fprintf(f,
			"  set key outside below center horizontal maxcols %d samplen 4 spacing "
			"1.1 "
			"font \",9\" noenhanced\n"
			"  set lmargin 12; set rmargin 4\n",
			cols);
	}
	return f;
}

/*
 * <alg>-efficiency: T(N)/(N*T(1)) against threads from the threads chart's
 * data (column 5), 1.0 = perfect scaling, with the threads chart's series.
 */
static int plot_efficiency(const struct plot_ctx *c, const char *title, const char *safe,
			   const char *data_name, const struct point *const *h, size_t n,
			   size_t label_max)
{
	char name[200], script[512], sub[400]; /* SAFE (under 184) and the suffix fit */
	FILE *g;

	snprintf(name, sizeof(name), "%s-efficiency", safe);
	chart_subtitle(c, 1, h, n, sub, sizeof(sub));
	g = open_chart(c->dir, name, n, label_max, sub, script, sizeof(script));
	if (!g)
		return -errno;
	fprintf(g,
		"  set title \"%s: scaling efficiency T(N)/(N*T(1)) of the median, 1 = "
		"perfect%s\" noenhanced\n"
		"  set xlabel \"threads\"; set ylabel \"efficiency\"; set grid\n"
		"  set logscale x 2; set xtics 1, 2; set yrange [0:*]\n",
		title, sub);
	emit_series(c, g, data_name, h, n, 0, "1:5", "linespoints");
	fputs(", \\\n       1 with lines dt 2 lc rgb \"#888888\" notitle\n}\n", g);
	fclose(g);
	return run_gnuplot(c->dir, name);
}

/*
 * Writes one chart of alg (of BY's backend and mode only, when not NULL;
 * page PAGE of PAGES, counted from 0): x = size or threads, and for threads
 * the efficiency chart. Returns the charts drawn: 0 when nothing to draw
 * (no point, or no line with two x values: a chart of dots on one vertical
 * says nothing), 1, 2 (threads and efficiency), <0 on error.
 */
static int plot_alg(const struct plot_ctx *c, const char *alg, const struct point *by, size_t page,
		    size_t pages, int x_is_size)
{
	const struct points *pts = c->pts;
	char safe[184], bsafe[64], msafe[64], title[240], name[200], data[512], script[512];
	char data_name[210]; /* as the script names it, beside it in data/ */
	char why[AB_WHY_LEN], sub[400];
	const struct point **h;
	size_t n_heads, keys, per_page, n = 0, longest = 0, key = 0, first = 0, label_max = 0;
	int has_eff = 0, rc;
	FILE *d, *g;

	if (chart_heads(pts, alg, by, x_is_size, &h, &n_heads, &keys, &per_page))
		return -ENOMEM;
	ab_plot_file_name(alg, safe, 150);
	snprintf(title, sizeof(title), "%s", alg);
	if (by) { /* the names passed gp_safe when read */
		ab_plot_file_name(by->backend, bsafe, 10);
		ab_plot_file_name(by->mode, msafe, 10);
		snprintf(safe + strlen(safe), sizeof(safe) - strlen(safe), "-%s-%s", bsafe, msafe);
		snprintf(title, sizeof(title), "%.150s %.30s %.30s", alg, by->backend, by->mode);
	}
	if (pages > 1) {
		snprintf(safe + strlen(safe), sizeof(safe) - strlen(safe), "-%zu", page + 1);
		snprintf(title + strlen(title), sizeof(title) - strlen(title), " (page %zu of %zu)",
			 page + 1, pages);
	}
	/* this page's series: keys [page * per_page, (page + 1) * per_page) */
	for (size_t i = 0; i < n_heads; i++) {
		key += i && !same_key(h[i - 1], h[i], x_is_size);
		if (key < page * per_page)
			first = i + 1;
		else if (key < (page + 1) * per_page)
			n++;
	}
	snprintf(name, sizeof(name), "%s-%s", safe, x_is_size ? "size" : "threads");
	snprintf(data, sizeof(data), "%s/data/%s.dat", c->dir, name);
	snprintf(data_name, sizeof(data_name), "%s.dat", name);
	d = ab_out_fopen_path(data, why);
	if (!d) {
		ab_err("cannot write %s: %s\n", data, why);
		free(h);
		return -errno;
	}
	/* Series as gnuplot data blocks separated by two blank lines (index). */
	for (size_t s = first; s < first + n; s++) {
		const struct point *p = h[s];
		size_t in_series = 0;
		double one = series_one_thread(pts, p);
		char kt[32], label[400];
		int ll;

		/* the key as run's table and --keys name it: bits, k128; none unkeyed;
		 * a chart of one backend and mode has them in its title */
		key_text(p->keylen, kt, sizeof(kt));
		ll = snprintf(label, sizeof(label), "%s: %s%s%s%s%s%s %s%lld", p->source,
			      by ? "" : p->backend, by ? "" : " ", by ? "" : p->mode, by ? "" : " ",
			      p->op, kt, x_is_size ? "t" : "size ",
			      x_is_size ? p->threads : p->size);
		label_max = ll > 0 && (size_t)ll > label_max ? (size_t)ll : label_max;
		fprintf(d, "%s\"%s\"\n", s > first ? "\n\n" : "", label);
		for (size_t j = 0; j < pts->n; j++) {
			const struct point *q = &pts->v[j];

			if (!strcmp(q->alg, alg) && same_series(q, p, x_is_size)) {
				/* x = threads: column 5 is T(N)/(N*T(1)), NaN without T(1) */
				double eff = one > 0 && q->threads > 0
						     ? q->median / ((double)q->threads * one)
						     : NAN;

				fprintf(d, "%lld %.6g %.6g %.6g %.6g\n",
					x_is_size ? q->size : q->threads, q->median, q->min, q->max,
					eff);
				in_series++;
				has_eff |= !x_is_size && q->threads > 1 && isfinite(eff);
			}
		}
		longest = in_series > longest ? in_series : longest;
	}
	fclose(d);
	if (!n || longest < 2) {
		free(h);
		return 0;
	}
	chart_subtitle(c, !x_is_size, h + first, n, sub, sizeof(sub));
	g = open_chart(c->dir, name, n, label_max, sub, script, sizeof(script));
	if (!g) {
		free(h);
		return -errno;
	}
	fprintf(g,
		"  set title \"%s: throughput against %s (median, min-max of samples)%s\" "
		"noenhanced\n"
		"  set xlabel \"%s\"; set ylabel \"%s\"; set grid\n"
		"  %s\n",
		title, x_is_size ? "size" : "threads", sub,
		x_is_size ? "bytes per operation" : "threads",
		c->is_virtual ? "MB/s of virtual time (-icount: 1 ns = 1 guest instruction)"
			      : "MB/s",
		x_is_size ? "set logscale x 2; set logscale y"
			  : "set logscale x 2; set xtics 1, 2; unset logscale y");
	emit_series(c, g, data_name, h + first, n, x_is_size, "1:2:3:4", "yerrorlines");
	fputs("\n}\n", g);
	fclose(g);
	rc = run_gnuplot(c->dir, name);
	if (!rc && has_eff)
		rc = plot_efficiency(c, title, safe, data_name, h + first, n, label_max);
	free(h);
	return rc ? rc : has_eff ? 2 : 1;
}

/*
 * Every chart of ALG against size or threads: one when its series fit
 * (CHART_MAX_KEYS a kernel, CHART_MAX_LINES in all); else one per backend
 * and mode, and pages of such a chart when even that holds more. The
 * charts drawn, or < 0.
 */
static int plot_alg_charts(const struct plot_ctx *c, size_t first, int x_is_size)
{
	const struct points *pts = c->pts;
	const char *alg = pts->v[first].alg;
	const struct point **h;
	size_t n, keys, per_page;
	int drawn = 0, r;

	if (chart_heads(pts, alg, NULL, x_is_size, &h, &n, &keys, &per_page))
		return -ENOMEM;
	free(h);
	if (keys <= per_page)
		return plot_alg(c, alg, NULL, 0, 1, x_is_size);
	/* one chart per backend and mode of alg, each once */
	for (size_t k = first; k < pts->n && !strcmp(pts->v[k].alg, alg); k++) {
		size_t b;

		for (b = first; b < k && !in_chart(&pts->v[b], alg, &pts->v[k]); b++)
			;
		if (b < k)
			continue;
		if (chart_heads(pts, alg, &pts->v[k], x_is_size, &h, &n, &keys, &per_page))
			return -ENOMEM;
		free(h);
		for (size_t pg = 0, pages = (keys + per_page - 1) / per_page; pg < pages; pg++) {
			r = plot_alg(c, alg, &pts->v[k], pg, pages, x_is_size);
			if (r < 0)
				return r;
			drawn += r;
		}
	}
	return drawn;
}

/*
 * The compare file's pairs are checked before anything is written: NULL
 * with a message when it is unreadable, has no pairs, or a name gnuplot
 * could interpret.
 */
static json_t *load_compare(const char *cmp_path)
{
	char why[AB_WHY_LEN];
	json_t *cmp = ab_json_load(cmp_path, why), *pair;
	const char *const fields[] = { "backend", "alg", "op", "mode" };
	const char *const sides[] = { "base", "new" };
	size_t i;

	if (!cmp) {
		ab_err("%s: %s\n", cmp_path, why);
		return NULL;
	}
	if (!json_array_size(json_object_get(cmp, "pairs"))) {
		ab_err("%s: no pairs to draw (want the output of 'algbench compare "
		       "--json')\n",
		       cmp_path);
		json_decref(cmp);
		return NULL;
	}
	/* the kernels name the ratio chart's sides */
	for (size_t s = 0; s < 2; s++) {
		const char *k = str_field(json_object_get(cmp, sides[s]), "kernel");

		if (!gp_safe(k)) {
			refuse(cmp_path, s ? "new.kernel" : "base.kernel", k);
			json_decref(cmp);
			return NULL;
		}
	}
	json_array_foreach (json_object_get(cmp, "pairs"), i, pair) {
		json_t *job = json_object_get(pair, "job");

		for (size_t f = 0; f < 4; f++)
			if (!gp_safe(str_field(job, fields[f]))) {
				refuse(cmp_path, fields[f], str_field(job, fields[f]));
				json_decref(cmp);
				return NULL;
			}
	}
	return cmp;
}

/*
 * The ratio chart is one row per pair, 18 pixels each, at most RATIO_PAGE
 * rows a page so that its height stays readable (ab-ratio.png when one page
 * holds them all, else ab-ratio-1.png, ab-ratio-2.png, ..., the pairs shared
 * evenly). Its x axis is the ratio on a log scale over a fixed RATIO_MIN ..
 * RATIO_MAX (wider only when the band needs it), the same on every chart
 * and page: what lies outside is drawn at the edge with an arrow, and its
 * value printed right of the plot.
 */
#define RATIO_PAGE 50
#define RATIO_MIN  0.5
#define RATIO_MAX  2.0

/* Verdicts: name, marker (gnuplot point type) and Okabe-Ito colour. */
static const struct {
	const char *word;
	int pt;
	const char *rgb;
} verdicts[] = {
	{ "slower", 11, "#D55E00" },	  /* filled triangle down, vermilion */
	{ "faster", 9, "#0072B2" },	  /* filled triangle up, blue */
	{ "same", 7, "#009E73" },	  /* filled circle, bluish green */
	{ "inconclusive", 6, "#000000" }, /* open circle, black */
};
#define N_VERDICTS (sizeof(verdicts) / sizeof(verdicts[0]))

static double clip(double v, double lo, double hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

/* One page: pairs [FIRST, FIRST + N) of CMP as NAME.{png,svg}. */
static int plot_ratio_page(const struct plot_ctx *c, json_t *cmp, size_t first, size_t n,
			   const char *name, const char *title_page)
{
	char data[512], script[512], why[AB_WHY_LEN];
	double threshold, xmin, xmax;
	int deterministic;
	FILE *d, *g;

	threshold = json_number_value(json_object_get(cmp, "threshold"));
	if (!(threshold >= 0 && threshold < 1))
		threshold = 0;
	deterministic = !strcmp(str_field(cmp, "mode"), "deterministic");
	xmin = 1 - threshold < RATIO_MIN * 1.05 ? (1 - threshold) / 1.05 : RATIO_MIN;
	xmax = 1 + threshold > RATIO_MAX / 1.05 ? (1 + threshold) * 1.05 : RATIO_MAX;
	snprintf(data, sizeof(data), "%s/data/%s.dat", c->dir, name);
	d = ab_out_fopen_path(data, why);
	if (!d) {
		ab_err("cannot write %s: %s\n", data, why);
		return -errno;
	}
	/*
	 * Columns: row, ratio, interval low, high (each clipped to the axis),
	 * verdict (1-based index of verdicts[], so no file string reaches
	 * gnuplot as code), low clipped, high clipped (0/1), the text right of
	 * the plot for a row with something off the axis ("" else), the label.
	 */
	for (size_t i = first; i < first + n; i++) {
		json_t *pair = json_array_get(json_object_get(cmp, "pairs"), i);
		json_t *job = json_object_get(pair, "job"), *ci = json_object_get(pair, "ci95");
		const char *word = str_field(pair, "verdict");
		size_t v;
		double r = json_number_value(json_object_get(pair, "ratio"));
		double lo = json_number_value(json_array_get(ci, 0));
		double hi = json_number_value(json_array_get(ci, 1));
		char off[64] = "", kt[32];

		for (v = 0; v < N_VERDICTS - 1 && strcmp(word, verdicts[v].word); v++)
			;
		if (!(isfinite(r) && r > 0))
			r = NAN;
		if (!(isfinite(lo) && lo > 0 && isfinite(hi) && hi >= lo))
			lo = hi = r;
		if (r < xmin || r > xmax || lo < xmin || hi > xmax)
			snprintf(off, sizeof(off), "%.3g [%.3g, %.3g]", r, lo, hi);
		key_text(json_integer_value(json_object_get(job, "keylen")), kt, sizeof(kt));
		/* the names passed gp_safe in load_compare() */
		fprintf(d, "%zu %.6g %.6g %.6g %zu %d %d \"%s\" \"%s %s %s%s %lld B t%lld %s\"\n",
			i - first, clip(r, xmin, xmax), clip(lo, xmin, xmax), clip(hi, xmin, xmax),
			v + 1, lo<xmin, hi> xmax, off, str_field(job, "backend"),
			str_field(job, "alg"), str_field(job, "op"), kt,
			json_integer_value(json_object_get(job, "size")),
			json_integer_value(json_object_get(job, "threads")),
			str_field(job, "mode"));
	}
	fclose(d);
	g = open_script(c->dir, name, script, sizeof(script));
	if (!g)
		return -errno;
	emit_terminals(g, name, 210 + 18 * (int)n);
	fprintf(g,
		"  set title \"NEW %s / BASE %s: throughput ratio per job%s\\n%s, band 1 +- "
		"%.3g%%; off the axis: arrow at the edge, values right\" noenhanced\n"
		"  set xlabel \"NEW/BASE ratio of medians of boot medians (log scale)\"\n"
		"  set grid x; set key outside below center horizontal noenhanced\n"
		"  set lmargin 38; set rmargin 24\n"
		"  set logscale x; set xrange [%.6g:%.6g]; set yrange [%zu:-1]\n"
		"  set xtics (\"0.5\" 0.5, \"0.67\" 0.6667, \"0.8\" 0.8, \"0.9\" 0.9, \"1\" 1, "
		"\"1.11\" 1.1111, \"1.25\" 1.25, \"1.5\" 1.5, \"2\" 2)\n"
		"  set ytics font \",8\" noenhanced\n"
		"  set object 1 rect from %.6g, graph 0 to %.6g, graph 1 fc rgb \"#cde9dd\" "
		"fs solid 1.0 noborder behind\n"
		"  set arrow 1 from 1, graph 0 to 1, graph 1 nohead dt 2 lc rgb \"#444444\"\n"
		"  set style arrow 2 head filled size screen 0.012,25 lw 1.5 lc rgb \"#000000\"\n"
		"  plot \"%s.dat\" using 3:1:($4-$3):(0):ytic(9) with vectors nohead lw 1.5 "
		"lc rgb \"#777777\" notitle, \\\n"
		"       \"\" using ($6 > 0 ? $3 * 1.1 : NaN):1:($3 - $3 * 1.1):(0) with vectors "
		"arrowstyle 2 notitle, \\\n"
		"       \"\" using ($7 > 0 ? $4 / 1.1 : NaN):1:($4 - $4 / 1.1):(0) with vectors "
		"arrowstyle 2 notitle, \\\n"
		"       \"\" using (%.6g):1:8 with labels left offset 1,0 font \",8\" noenhanced "
		"notitle",
		c->new ? c->new : str_field(json_object_get(cmp, "new"), "kernel"),
		c->base ? c->base : str_field(json_object_get(cmp, "base"), "kernel"), title_page,
		deterministic ? "range over every pair of boots"
			      : "two-level bootstrap 95% interval",
		threshold * 100, xmin, xmax, n, 1 - threshold, 1 + threshold, name, xmax);
	for (size_t v = 0; v < N_VERDICTS; v++)
		fprintf(g,
			", \\\n       \"\" using ($5 == %zu ? $2 : NaN):1 with points pt %d ps 1.3 "
			"lc rgb \"%s\" title \"%s\"",
			v + 1, verdicts[v].pt, verdicts[v].rgb, verdicts[v].word);
	fputs(", \\\n       keyentry with boxes fs solid 1.0 fc rgb \"#cde9dd\" title \"band "
	      "(same)\"\n}\n",
	      g);
	fclose(g);
	return run_gnuplot(c->dir, name);
}

/* The ratio chart(s) of a checked compare file; the charts drawn, or < 0. */
static int plot_ratio(const struct plot_ctx *c, json_t *cmp)
{
	size_t n = json_array_size(json_object_get(cmp, "pairs"));
	size_t pages = (n + RATIO_PAGE - 1) / RATIO_PAGE, per = (n + pages - 1) / pages;

	for (size_t pg = 0; pg < pages; pg++) {
		size_t first = pg * per, rows = n - first < per ? n - first : per;
		char name[64], title[160] = "";
		int rc;

		if (pages == 1) {
			snprintf(name, sizeof(name), "ab-ratio");
		} else {
			snprintf(name, sizeof(name), "ab-ratio-%zu", pg + 1);
			snprintf(title, sizeof(title), " (page %zu of %zu: pairs %zu-%zu of %zu)",
				 pg + 1, pages, first + 1, first + rows, n);
		}
		rc = plot_ratio_page(c, cmp, first, rows, name, title);
		if (rc)
			return rc;
	}
	return (int)pages;
}

/*
 * --series: the inputs are one workload over kernels in order (scripts/ab-series'
 * OUT/kernels/). A chart per algorithm, size, backend and mode: x the kernels
 * (tick labels: --xlabels, else each input's label), y the median MB/s with
 * its min..max, a line per op, key and threads; a step whose compare (--steps,
 * one per pair of neighbours, in order) says slower or faster for a line of
 * the chart is marked between its two kernels, in the verdict's colour.
 */
struct series_ctx {
	const struct plot_ctx *c;
	int n_files;
	const char *const *xlabels; /* n_files tick labels, each gp_safe */
	json_t *const *steps;	    /* n_files - 1 compare documents, or NULL */
};

/* The verdict STEP gives P's job: "slower", "faster", ... or NULL. */
static const char *step_verdict(json_t *step, const struct point *p)
{
	json_t *pair;
	size_t i;

	json_array_foreach (json_object_get(step, "pairs"), i, pair) {
		json_t *j = json_object_get(pair, "job");

		if (!strcmp(str_field(j, "alg"), p->alg) &&
		    !strcmp(str_field(j, "backend"), p->backend) &&
		    !strcmp(str_field(j, "mode"), p->mode) && !strcmp(str_field(j, "op"), p->op) &&
		    json_integer_value(json_object_get(j, "keylen")) == p->keylen &&
		    json_integer_value(json_object_get(j, "size")) == p->size &&
		    json_integer_value(json_object_get(j, "threads")) == p->threads)
			return json_string_value(json_object_get(pair, "verdict"));
	}
	return NULL;
}

static int same_chart(const struct point *a, const struct point *b)
{
	return !strcmp(a->alg, b->alg) && a->size == b->size && !strcmp(a->backend, b->backend) &&
	       !strcmp(a->mode, b->mode);
}

static int same_line(const struct point *a, const struct point *b)
{
	return same_chart(a, b) && !strcmp(a->op, b->op) && a->keylen == b->keylen &&
	       a->threads == b->threads;
}

static int cmp_series_point(const void *x, const void *y)
{
	const struct point *a = x, *b = y;
	int c = strcmp(a->alg, b->alg);

	if (!c)
		c = (a->size > b->size) - (a->size < b->size);
	if (!c)
		c = cmp_job(a, b); /* backend and mode: the chart; op and key: the line */
	if (!c)
		c = (a->threads > b->threads) - (a->threads < b->threads);
	if (!c)
		c = (a->src > b->src) - (a->src < b->src);
	return c;
}

/* One chart: the points V[0..N) (sorted: lines, then kernels). 1 drawn, <0 error. */
static int plot_series_chart(const struct series_ctx *sc, const struct point *v, size_t n)
{
	const struct plot_ctx *c = sc->c;
	char safe[184], name[200], data[256], script[512], path[512], key[16];
	size_t lines = 0, first = 0;
	FILE *d, *g;

	char bsafe[24], msafe[24];

	ab_plot_file_name(v[0].alg, safe, sizeof(safe));
	ab_plot_file_name(v[0].backend, bsafe, sizeof(bsafe));
	ab_plot_file_name(v[0].mode, msafe, sizeof(msafe));
	snprintf(name, sizeof(name), "series-%.120s-%lld-%s-%s", safe, v[0].size, bsafe, msafe);
	snprintf(data, sizeof(data), "%s.dat", name);
	snprintf(path, sizeof(path), "%s/data/%s", c->dir, data);
	{
		char why[AB_WHY_LEN];

		d = ab_out_fopen_path(path, why);
		if (!d) {
			ab_err("cannot write %s: %s\n", path, why);
			return -EIO;
		}
	}
	/* a gnuplot data block per line (two blank lines between), rows by kernel */
	for (size_t i = 0; i < n; i++) {
		if (i && !same_line(&v[i], &v[i - 1])) {
			fputs("\n\n", d);
			lines++;
		}
		fprintf(d, "%d %.6g %.6g %.6g\n", v[i].src + 1, v[i].median, v[i].min, v[i].max);
	}
	lines++;
	fclose(d);
	g = open_chart(c->dir, name, lines, 40, "", script, sizeof(script));
	if (!g)
		return -errno;
	fprintf(g,
		"  set title \"%s %lld B, %s %s: across %d kernels%s\" noenhanced\n"
		"  set ylabel \"MB/s (median; bars: min..max)%s\"; set grid ytics\n"
		"  set xrange [0.5:%d.5]; set yrange [0:*]\n  set xtics rotate by 30 right (",
		v[0].alg, v[0].size, v[0].backend, v[0].mode, sc->n_files,
		c->is_virtual ? "\\n-icount: guest time counts instructions" : "",
		c->is_virtual ? ", guest time" : "", sc->n_files);
	for (int k = 0; k < sc->n_files; k++)
		fprintf(g, "%s\"%s\" %d", k ? ", " : "", sc->xlabels[k], k + 1);
	fputs(")\n  set bmargin 8\n", g);
	/* the steps that moved a line of this chart, in the verdict's colour */
	for (int st = 0; sc->steps && st < sc->n_files - 1; st++) {
		const char *moved = NULL;

		for (size_t i = 0; i < n && !moved; i++) {
			const char *vd = step_verdict(sc->steps[st], &v[i]);

			if (vd && (!strcmp(vd, "slower") || !strcmp(vd, "faster")))
				moved = vd;
		}
		if (!moved)
			continue;
		fprintf(g,
			"  set arrow from %d.5, graph 0 to %d.5, graph 1 nohead dt 2 lw 2 lc rgb "
			"\"%s\"\n  set label \"%s\" at %d.5, graph 0.97 center textcolor rgb "
			"\"%s\" "
			"font \",9\"\n",
			st + 1, st + 1, strcmp(moved, "slower") ? "#0072B2" : "#D55E00", moved,
			st + 1, strcmp(moved, "slower") ? "#0072B2" : "#D55E00");
	}
	fputs("  plot ", g);
	for (size_t l = 0, i = 0; i < n; l++) {
		first = i;
		while (i < n && same_line(&v[i], &v[first]))
			i++;
		key_text(v[first].keylen, key, sizeof(key));
		fprintf(g,
			"%s\"%s\" index %zu using 1:2:3:4 with yerrorlines lw 2 pt %d ps 1.2 lc "
			"rgb "
			"\"%s\" title \"%s%s t%lld\"",
			l ? ", \\\n       " : "", data, l, series_pt[l % CHART_MAX_KEYS],
			okabe_ito[l % CHART_MAX_KEYS], v[first].op, key, v[first].threads);
	}
	fputs("\n}\n", g);
	fclose(g);
	return run_gnuplot(c->dir, name) ? -EIO : 1;
}

/* Every series chart: returns the charts drawn, or <0. */
static int plot_series(const struct series_ctx *sc, struct points *pts)
{
	int drawn = 0;

	qsort(pts->v, pts->n, sizeof(*pts->v), cmp_series_point);
	for (size_t i = 0; i < pts->n;) {
		size_t j = i, lines = 1;
		int r;

		while (j < pts->n && same_chart(&pts->v[j], &pts->v[i])) {
			if (j > i && !same_line(&pts->v[j], &pts->v[j - 1]))
				lines++;
			j++;
		}
		if (lines > CHART_MAX_KEYS) {
			ab_err("%s %lld B %s %s: %zu lines, more than a chart's %d; the first %d "
			       "are "
			       "drawn\n",
			       pts->v[i].alg, pts->v[i].size, pts->v[i].backend, pts->v[i].mode,
			       lines, CHART_MAX_KEYS, CHART_MAX_KEYS);
			for (size_t k = i + 1, l = 1; k < j; k++) {
				l += !same_line(&pts->v[k], &pts->v[k - 1]);
				if (l > CHART_MAX_KEYS) {
					r = plot_series_chart(sc, &pts->v[i], k - i);
					goto drawn;
				}
			}
		}
		r = plot_series_chart(sc, &pts->v[i], j - i);
	drawn:
		if (r < 0)
			return r;
		drawn += r;
		i = j;
	}
	return drawn;
}

/*
 * What a file is called in legends: its A/B label (run.ab.variant), else its
 * kernel, made unique with the file's position when two files share one.
 */
static void source_label(json_t *root, int i, char (*labels)[160])
{
	json_t *run = json_object_get(root, "run");
	const char *v = json_string_value(json_object_get(json_object_get(run, "ab"), "variant"));

	if (!v)
		v = json_string_value(json_object_get(json_object_get(run, "host"), "kernel"));
	snprintf(labels[i], sizeof(labels[i]), "%s", v && *v ? v : "run");
	for (int k = 0; k < i; k++)
		if (!strcmp(labels[k], labels[i])) {
			snprintf(labels[i], sizeof(labels[i]), "%.120s (file %d)",
				 v && *v ? v : "run", i + 1);
			break;
		}
}

int ab_plot_check(json_t *root, const char *file)
{
	struct points pts = { 0 };
	char label[1][160];
	int r;

	source_label(root, 0, label);
	r = add_points(&pts, root, file, label[0], 0);
	free(pts.v);
	if (r == -ENOMEM)
		ab_err("out of memory\n");
	return r;
}

/*
 * From the inputs ROOTS and the compare file CMP (may be NULL): A/B roles
 * (the input whose run.id is CMP's base.id is BASE, new.id NEW), -icount,
 * and the most vCPUs of a TCG guest (run.host.virtualized "tcg", nproc).
 */
static void inputs_say(struct plot_ctx *c, json_t **roots, char (*labels)[160], int n_files,
		       json_t *cmp)
{
	const char *bid = json_string_value(json_object_get(json_object_get(cmp, "base"), "id"));
	const char *nid = json_string_value(json_object_get(json_object_get(cmp, "new"), "id"));

	for (int i = 0; i < n_files; i++) {
		json_t *run = json_object_get(roots[i], "run");
		json_t *host = json_object_get(run, "host");
		const char *id = json_string_value(json_object_get(run, "id"));
		json_int_t cpus = json_integer_value(json_object_get(host, "nproc"));

		c->is_virtual |=
			!strcmp(str_field(json_object_get(run, "ab"), "mode"), "deterministic");
		if (!strcmp(str_field(host, "virtualized"), "tcg") && cpus > c->tcg_vcpus &&
		    cpus <= 1 << 20)
			c->tcg_vcpus = cpus;
		if (id && bid && !strcmp(id, bid) && !c->base) {
			c->base = labels[i];
			c->base_src = i;
		} else if (id && nid && !strcmp(id, nid) && !c->new) {
			c->new = labels[i];
			c->new_src = i;
		}
	}
}

/* --series' options as given: comma-separated lists, or NULL. */
struct series_opts {
	const char *steps, *xlabels;
};

/*
 * Split LIST at commas into at most MAX items (pointers into the copy *BUF,
 * free() it): the count, or -1 when there are more.
 */
static int split_list(const char *list, char **buf, char **items, int max)
{
	int n = 0;

	*buf = strdup(list);
	if (!*buf)
		return -1;
	for (char *save = NULL, *t = strtok_r(*buf, ",", &save); t;
	     t = strtok_r(NULL, ",", &save)) {
		if (n == max)
			return -1;
		items[n++] = t;
	}
	return n;
}

/* --series after the inputs are read: tick labels and steps checked, then the charts. */
static int series_charts(const struct plot_ctx *c, struct points *pts, int n_files,
			 char (*labels)[160], const struct series_opts *so)
{
	char *lbuf = NULL, *sbuf = NULL;
	const char **xl = calloc((size_t)n_files + 1, sizeof(*xl));
	char **items = calloc((size_t)n_files + 1, sizeof(*items));
	json_t **steps = calloc((size_t)n_files + 1, sizeof(*steps));
	int rc = 0, n;

	if (!xl || !items || !steps) {
		ab_err("out of memory\n");
		rc = -ENOMEM;
		goto out;
	}
	for (int i = 0; i < n_files; i++)
		xl[i] = labels[i];
	if (so->xlabels) {
		n = split_list(so->xlabels, &lbuf, items, n_files);
		if (n != n_files) {
			ab_err("--xlabels: %s labels for %d inputs (one each, comma-separated)\n",
			       n < 0 ? "more" : "a different number of", n_files);
			rc = -EINVAL;
			goto out;
		}
		for (int i = 0; i < n_files && !rc; i++) {
			if (!gp_safe(items[i]))
				rc = refuse("--xlabels", "label", items[i]);
			xl[i] = items[i];
		}
	}
	if (!rc && so->steps) {
		n = split_list(so->steps, &sbuf, items, n_files - 1);
		if (n != n_files - 1) {
			ab_err("--steps: %d inputs make %d steps; give one compare file each, "
			       "comma-separated, in order\n",
			       n_files, n_files - 1);
			rc = -EINVAL;
		}
		for (int i = 0; i < n_files - 1 && !rc; i++)
			if (!(steps[i] = load_compare(items[i])))
				rc = -EINVAL;
	}
	if (!rc) {
		struct series_ctx sc = { c, n_files, xl, so->steps ? steps : NULL };

		rc = plot_series(&sc, pts);
	}
out:
	for (int i = 0; steps && i < n_files; i++)
		json_decref(steps[i]);
	free(steps);
	free(items);
	free(xl);
	free(lbuf);
	free(sbuf);
	return rc;
}

static int plot_files(char **files, int n_files, const char *cmp, const char *dir,
		      unsigned int host_cpus, const struct series_opts *so)
{
	struct points pts = { 0 };
	json_t **roots = calloc((size_t)n_files + 1, sizeof(*roots));
	char(*labels)[160] = calloc((size_t)n_files + 1, sizeof(*labels));
	char datadir[512], why[AB_WHY_LEN];
	struct stat st;
	json_t *cmp_doc = NULL;
	struct plot_ctx c = { .pts = &pts, .dir = dir, .host_cpus = host_cpus };
	int rc = 0, drawn = 0;

	if (!roots || !labels) {
		free(roots);
		free(labels);
		return 2;
	}
	/* DIR never reaches gnuplot (it runs in DIR/data, naming files from there) */
	if (strlen(dir) > 400) {
		ab_err("--out '%.60s...': longer than 400 bytes; pick a shorter path\n", dir);
		free(roots);
		free(labels);
		return 2;
	}
	/* every input is read and checked before anything is written */
	for (int i = 0; i < n_files && !rc; i++) {
		char why[AB_WHY_LEN];
		int r;

		roots[i] = ab_result_load(files[i], why);
		if (!roots[i]) {
			ab_err("%s: %s\n", files[i], why);
			rc = 2;
		} else if ((source_label(roots[i], i, labels),
			    r = add_points(&pts, roots[i], files[i], labels[i], i))) {
			if (r == -ENOMEM)
				ab_err("out of memory\n");
			rc = 2;
		}
	}
	if (!rc && n_files && !pts.n) {
		ab_err("no result in the files has a stored summary to plot (mbps: median, min and "
		       "max, which run and merge write for a job measured with samples of ns > "
		       "0)\n");
		rc = 2;
	}
	if (!rc && cmp && !(cmp_doc = load_compare(cmp)))
		rc = 2;
	snprintf(datadir, sizeof(datadir), "%s/data", dir);
	if (!rc &&
	    ((mkdir(dir, 0755) && errno != EEXIST) || (mkdir(datadir, 0755) && errno != EEXIST) ||
	     stat(datadir, &st) || !S_ISDIR(st.st_mode))) {
		ab_err("cannot create directory %s: %s (remove what is in the "
		       "way)\n",
		       datadir,
		       errno && !stat(datadir, &st) && S_ISDIR(st.st_mode) ? strerror(errno)
									   : "not a directory");
		rc = 2;
	}
	/* gnuplot writes the charts by name: no other user may put a link there */
	if (!rc && (ab_out_dir_private(dir, why) || ab_out_dir_private(datadir, why))) {
		ab_err("cannot write charts: %s\n", why);
		rc = 2;
	}
	if (!rc)
		inputs_say(&c, roots, labels, n_files, cmp_doc);
	if (!rc && so) {
		int r = series_charts(&c, &pts, n_files, labels, so);

		rc = r < 0 ? 2 : 0;
		drawn = r > 0 ? r : 0;
		pts.n = 0; /* the series charts instead of the others */
	}
	if (!rc && pts.n)
		qsort(pts.v, pts.n, sizeof(*pts.v), cmp_point);
	for (size_t i = 0; i < pts.n && !rc; i++) {
		if (i && !strcmp(pts.v[i].alg, pts.v[i - 1].alg))
			continue;
		for (int x_is_size = 1; x_is_size >= 0 && !rc; x_is_size--) {
			int r = plot_alg_charts(&c, i, x_is_size);

			if (r == -ENOMEM)
				ab_err("out of memory\n");
			rc = r < 0 ? 2 : 0;
			drawn += r > 0 ? r : 0;
		}
	}
	if (!rc && cmp_doc) {
		int r = plot_ratio(&c, cmp_doc);

		rc = r < 0 ? 2 : 0;
		drawn += r > 0 ? r : 0;
	}
	if (!rc)
		printf("plot: %d charts (PNG and SVG) in %s\n", drawn, dir);
	for (int i = 0; i < n_files; i++)
		json_decref(roots[i]);
	json_decref(cmp_doc);
	free(roots);
	free(labels);
	free(pts.v);
	return rc;
}

int ab_plot_files(char **files, int n_files, const char *cmp, const char *dir)
{
	return plot_files(files, n_files, cmp, dir, 0, NULL);
}

struct plot_opts {
	const char *out, *cmp, *steps, *xlabels;
	unsigned int host_cpus;
	int series;
};

static const struct ab_opt plot_opts[] = {
	{ "out", 'o', "DIR", AB_OPT_STR, offsetof(struct plot_opts, out),
	  .help = "where the charts go (needed; made if missing), their data and scripts in "
		  "DIR/data" },
	{ "compare", 'c', "CMP.json", AB_OPT_STR, offsetof(struct plot_opts, cmp),
	  .help = "also chart the NEW/BASE ratios of this 'algbench compare --json' output",
	  .def_text = "none" },
	{ "host-cpus", 0, "N", AB_OPT_UINT, offsetof(struct plot_opts, host_cpus),
	  .help = "the CPUs of the machine that ran a TCG guest's inputs: the threads and "
		  "efficiency charts then say \"V vCPUs on N host CPUs (TCG)\"",
	  .min = 1, .max = 1 << 20, .def_text = "not known: \"each a host thread\"" },
	{ "series", 0, NULL, AB_OPT_FLAG, offsetof(struct plot_opts, series),
	  .help = "the inputs are kernels in order (scripts/ab-series' OUT/kernels): a chart per "
		  "algorithm, size, backend and mode across them instead" },
	{ "steps", 0, "CMP,...", AB_OPT_STR, offsetof(struct plot_opts, steps),
	  .help = "with --series: each pair of neighbours' 'algbench compare --json', in order; "
		  "a step slower or faster for a line is marked between its kernels",
	  .def_text = "no marks" },
	{ "xlabels", 0, "L,...", AB_OPT_STR, offsetof(struct plot_opts, xlabels),
	  .help = "with --series: the kernels' tick labels, one per input (e.g. upstream versions)",
	  .def_text = "each input's label" },
	{ 0 },
};

static int plot_main(void *opts, int argc, char **argv)
{
	const struct plot_opts *o = opts;

	struct series_opts so = { o->steps, o->xlabels };

	if (!o->out || (!argc && !o->cmp))
		return ab_opt_error(&ab_plot_cmd,
				    "need --out DIR and at least one result file or --compare");
	if (!o->series && (o->steps || o->xlabels))
		return ab_opt_error(&ab_plot_cmd, "--steps and --xlabels are for --series");
	if (o->series && (o->cmp || argc < 2))
		return ab_opt_error(&ab_plot_cmd,
				    "--series takes two result files at least, and no --compare");
	return plot_files(argv, argc, o->cmp, o->out, o->host_cpus, o->series ? &so : NULL);
}

const struct ab_opt_cmd ab_plot_cmd = {
	"plot",
	"RESULT.json... [--compare CMP.json] [--host-cpus N] --out DIR\n"
	"--series [--steps CMP,...] [--xlabels L,...] KERNEL.json... --out DIR",
	plot_opts,
	sizeof(struct plot_opts),
	plot_main,
	.operands = true,
	.about = "Draws, with gnuplot, PNG and SVG charts into DIR: throughput against size\n"
		 "(a line per input file, named by its kernel or A/B label, and per backend,\n"
		 "mode, op, key and threads) and against threads (when a line has two thread\n"
		 "counts, and then its scaling efficiency T(N)/(N*T(1)) too) for each\n"
		 "algorithm in the result files. Each input file is a dash type, each series\n"
		 "a colour (Okabe-Ito) and a marker, the legend below the plot; with\n"
		 "--compare, the inputs it names are BASE and NEW in the titles. A chart\n"
		 "holds at most 8 series of each input and 16 lines: an algorithm with more\n"
		 "gets a chart per backend and mode (ALG-BACKEND-MODE-size.png...), in\n"
		 "pages (ALG-BACKEND-MODE-1-size.png, -2-size.png...) when even that holds\n"
		 "more.\n"
		 "With --compare (the output of 'algbench compare --json'), the NEW/BASE\n"
		 "ratio of every job with its interval on a fixed log axis 0.5..2 (beyond:\n"
		 "an arrow at the edge and the value beside it), the threshold band, and the\n"
		 "verdict as marker and colour, at most 50 jobs a page (ab-ratio-1.png...).\n"
		 "Data and gnuplot scripts go to DIR/data, each naming its files from there,\n"
		 "so the folder can move: cd DIR/data && gnuplot NAME.gp redraws a chart.\n"
		 "With --series, the inputs are kernels in order: a chart per algorithm,\n"
		 "size, backend and mode (series-ALG-SIZE-BACKEND-MODE.png), x the kernels,\n"
		 "y the median MB/s with min..max bars, a line per op, key and threads, and\n"
		 "the steps --steps calls slower or faster marked between their kernels.\n",
};
