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
 *   ab-ratio.{png,svg}       NEW/BASE ratio per job with its interval, the
 *                            threshold band and the verdict as colour
 *                            (ab-ratio-1, -2, ... pages of 500 pairs beyond)
 * An algorithm whose chart would hold more than CHART_MAX_SERIES lines is
 * drawn one chart per backend and mode instead (<alg>-<backend>-<mode>-size...).
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
#include "core/stats.h"
#include "report/plot.h"
#include "result/result_json.h"
#include "sys/array.h"
#include "sys/json_in.h"
#include "sys/out_file.h"
#include "sys/spawn.h"
#include "sys/text.h"

struct point {
	const char *source; /* which input: its kernel or A/B label */
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

/* Median, min and max of a result's per-sample throughput in MB/s. */
static int sample_stats(json_t *samples, double *median, double *min, double *max)
{
	size_t n = json_array_size(samples), k = 0, i;
	double *mbps = calloc(n ? n : 1, sizeof(*mbps));
	json_t *s;

	if (!mbps)
		return -ENOMEM;
	json_array_foreach(samples, i, s)
	{
		double ns = json_number_value(json_object_get(s, "ns"));

		if (ns > 0)
			mbps[k++] =
				ab_sample_mbps(json_number_value(json_object_get(s, "bytes")), ns);
	}
	*min = *max = k ? mbps[0] : 0;
	for (i = 0; i < k; i++) {
		*min = mbps[i] < *min ? mbps[i] : *min;
		*max = mbps[i] > *max ? mbps[i] : *max;
	}
	*median = ab_median(mbps, k);
	free(mbps);
	return k ? 0 : -ENODATA;
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

static int add_points(struct points *pts, json_t *root, const char *file, const char *source)
{
	json_t *r;
	size_t i;

	if (!gp_safe(source))
		return refuse(file, "kernel/label", source);
	json_array_foreach(json_object_get(root, "results"), i, r)
	{
		struct point p = {
			.source = source,
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
		if (sample_stats(json_object_get(r, "samples"), &p.median, &p.min, &p.max))
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
	ret = ab_spawn_in(datadir, argv, 0, why, sizeof(why));

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
 * The script of a chart NAME with N_SERIES legend entries, its terminals
 * set; NULL with a message. 1000x600, taller when the legend (outside,
 * right, one line per series) needs it: a legend cut off, or gnuplot's
 * "canvas too small", is no chart.
 */
#define CHART_KEY_LINE 16 /* pixels per legend entry at the key's font */
static FILE *open_chart(const char *dir, const char *name, size_t n_series, char *path, size_t len)
{
	FILE *f = open_script(dir, name, path, len);
	size_t need = 160 + CHART_KEY_LINE * n_series;

	if (f)
		emit_terminals(f, name, need > 600 ? (int)need : 600);
	return f;
}

/* A series is the points that share everything but the x axis. */
static int same_series(const struct point *a, const struct point *b, int x_is_size)
{
	return !strcmp(a->source, b->source) && !strcmp(a->backend, b->backend) &&
	       !strcmp(a->mode, b->mode) && !strcmp(a->op, b->op) && a->keylen == b->keylen &&
	       (x_is_size ? a->threads == b->threads : a->size == b->size);
}

static int cmp_point(const void *x, const void *y)
{
	const struct point *a = x, *b = y;
	int c = strcmp(a->alg, b->alg);

	if (!c)
		c = strcmp(a->source, b->source);
	if (!c)
		c = strcmp(a->backend, b->backend);
	if (!c)
		c = strcmp(a->mode, b->mode);
	if (!c)
		c = strcmp(a->op, b->op);
	if (!c)
		c = (a->keylen > b->keylen) - (a->keylen < b->keylen);
	if (!c)
		c = (a->threads > b->threads) - (a->threads < b->threads);
	if (!c)
		c = (a->size > b->size) - (a->size < b->size);
	return c;
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

/*
 * <alg>-efficiency: T(N)/(N*T(1)) against threads from the threads chart's
 * data (column 5), 1.0 = perfect scaling. Strings: alg passed gp_safe when
 * read, the series titles come from the data file as in the threads chart.
 */
static int plot_efficiency(const char *alg, const char *safe, const char *dir,
			   const char *data_name, size_t n_series)
{
	char name[200], script[512]; /* SAFE (plot_alg's, under 160) and the suffix always fit */
	FILE *g;

	snprintf(name, sizeof(name), "%s-efficiency", safe);
	g = open_chart(dir, name, n_series, script, sizeof(script));
	if (!g)
		return -errno;
	fprintf(g,
		"  set title \"%s: scaling efficiency T(N)/(N*T(1)) of the median, 1 = "
		"perfect\" noenhanced\n"
		"  set xlabel \"threads\"; set ylabel \"efficiency\"; set grid; set key outside "
		"right noenhanced\n"
		"  set logscale x 2; set xtics 1, 2; set yrange [0:*]\n"
		"  plot for [i=0:%zu] \"%s\" index i using 1:5 with linespoints title "
		"columnheader(1), 1 with lines dt 2 lc rgb \"#888888\" notitle\n}\n",
		alg, n_series - 1, data_name);
	fclose(g);
	return run_gnuplot(dir, name);
}

/*
 * A chart of more series than this is a legend, not a chart: alg's lines are
 * then drawn one chart per backend and mode (ALG-BACKEND-MODE-size.png ...).
 */
#define CHART_MAX_SERIES 16

/* P is drawn in the chart of ALG (and of BY's backend and mode, when not NULL). */
static int in_chart(const struct point *p, const char *alg, const struct point *by)
{
	return !strcmp(p->alg, alg) &&
	       (!by || (!strcmp(p->backend, by->backend) && !strcmp(p->mode, by->mode)));
}

/* How many series (lines) alg's chart against size or threads would hold. */
static size_t count_series(const struct points *pts, const char *alg, int x_is_size)
{
	size_t n = 0;

	for (size_t i = 0; i < pts->n; i++) {
		size_t j;

		if (!in_chart(&pts->v[i], alg, NULL))
			continue;
		for (j = 0; j < i; j++)
			if (in_chart(&pts->v[j], alg, NULL) &&
			    same_series(&pts->v[j], &pts->v[i], x_is_size))
				break;
		n += j == i;
	}
	return n;
}

/*
 * Writes one chart of alg (of its BACKEND's lines only, when not NULL): x =
 * size or threads, and for threads the efficiency chart. Returns the charts
 * drawn: 0 when nothing to draw (no point, or no line with two x values: a
 * chart of dots on one vertical says nothing), 1, 2 (threads and
 * efficiency), <0 on error. VIRTUAL: the inputs ran under -icount.
 */
static int plot_alg(const struct points *pts, const char *alg, const struct point *by,
		    const char *dir, int x_is_size, int is_virtual)
{
	char safe[160], bsafe[64], msafe[64], title[200], name[200], data[512], script[512];
	char data_name[210]; /* as the script names it, beside it in data/ */
	char why[AB_WHY_LEN];
	size_t n_series = 0, longest = 0;
	int has_eff = 0, rc;
	FILE *d, *g;

	ab_plot_file_name(alg, safe, sizeof(safe));
	snprintf(title, sizeof(title), "%s", alg);
	if (by) { /* the names passed gp_safe when read */
		ab_plot_file_name(by->backend, bsafe, sizeof(bsafe));
		ab_plot_file_name(by->mode, msafe, sizeof(msafe));
		snprintf(safe + strlen(safe), sizeof(safe) - strlen(safe), "-%s-%s", bsafe, msafe);
		snprintf(title, sizeof(title), "%s %s %s", alg, by->backend, by->mode);
	}
	snprintf(name, sizeof(name), "%s-%s", safe, x_is_size ? "size" : "threads");
	snprintf(data, sizeof(data), "%s/data/%s.dat", dir, name);
	snprintf(data_name, sizeof(data_name), "%s.dat", name);
	d = ab_out_fopen_path(data, why);
	if (!d) {
		ab_err("cannot write %s: %s\n", data, why);
		return -errno;
	}
	/* Series as gnuplot data blocks separated by two blank lines (index). */
	for (size_t i = 0; i < pts->n; i++) {
		const struct point *p = &pts->v[i];
		size_t j;

		if (!in_chart(p, alg, by))
			continue;
		for (j = 0; j < i; j++)
			if (in_chart(&pts->v[j], alg, by) && same_series(&pts->v[j], p, x_is_size))
				break;
		if (j < i)
			continue;
		/* the key as run's table and --keys name it: bits, k128 */
		fprintf(d, "%s\"%s: %s %s %s k%lld %s%lld\"\n", n_series ? "\n\n" : "", p->source,
			p->backend, p->mode, p->op, ab_plot_key_bits(p->keylen),
			x_is_size ? "t" : "size ", x_is_size ? p->threads : p->size);
		size_t in_series = 0;
		double one = series_one_thread(pts, p);

		for (j = i; j < pts->n; j++) {
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
		n_series++;
	}
	fclose(d);
	if (!n_series || longest < 2)
		return 0;
	g = open_chart(dir, name, n_series, script, sizeof(script));
	if (!g)
		return -errno;
	fprintf(g,
		"  set title \"%s: throughput against %s (median, min-max of samples)\" "
		"noenhanced\n"
		"  set xlabel \"%s\"; set ylabel \"%s\"; set grid; set key outside right font "
		"\",8\" "
		"noenhanced\n"
		"  %s\n"
		"  plot for [i=0:%zu] \"%s\" index i using 1:2:3:4 with yerrorlines title "
		"columnheader(1)\n}\n",
		title, x_is_size ? "size" : "threads",
		x_is_size ? "bytes per operation" : "threads",
		is_virtual ? "MB/s of virtual time (-icount: 1 ns = 1 guest instruction)" : "MB/s",
		x_is_size ? "set logscale x 2; set logscale y"
			  : "set logscale x 2; set xtics 1, 2; unset logscale y",
		n_series - 1, data_name);
	fclose(g);
	rc = run_gnuplot(dir, name);
	if (rc || !has_eff)
		return rc ? rc : 1;
	rc = plot_efficiency(title, safe, dir, data_name, n_series);
	return rc ? rc : 2;
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
	json_array_foreach(json_object_get(cmp, "pairs"), i, pair)
	{
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
 * The ratio chart is one row per pair, 18 pixels each: cairo draws at most
 * 32767 pixels, so the pairs go on pages of RATIO_PAGE rows (ab-ratio.png
 * when one page holds them all, else ab-ratio-1.png, ab-ratio-2.png, ...).
 */
#define RATIO_PAGE 500

/* One page: pairs [FIRST, FIRST + N) of CMP as NAME.{png,svg}. */
static int plot_ratio_page(json_t *cmp, size_t first, size_t n, const char *name, const char *dir,
			   const char *title_page)
{
	char data[512], script[512], why[AB_WHY_LEN];
	double threshold, lo_x, hi_x, pad;
	int deterministic;
	FILE *d, *g;

	threshold = json_number_value(json_object_get(cmp, "threshold"));
	if (!(threshold >= 0 && threshold < 1))
		threshold = 0;
	deterministic = !strcmp(str_field(cmp, "mode"), "deterministic");
	lo_x = 1 - threshold;
	hi_x = 1 + threshold;
	snprintf(data, sizeof(data), "%s/data/%s.dat", dir, name);
	d = ab_out_fopen_path(data, why);
	if (!d) {
		ab_err("cannot write %s: %s\n", data, why);
		return -errno;
	}
	for (size_t i = first; i < first + n; i++) {
		json_t *pair = json_array_get(json_object_get(cmp, "pairs"), i);
		json_t *job = json_object_get(pair, "job"), *ci = json_object_get(pair, "ci95");
		const char *word = str_field(pair, "verdict");
		/* the verdict as a colour index, so no file string reaches gnuplot */
		int colour = !strcmp(word, "slower")   ? 1
			     : !strcmp(word, "faster") ? 2
			     : !strcmp(word, "same")   ? 3
						       : 4;
		double vals[3] = { json_number_value(json_object_get(pair, "ratio")),
				   json_number_value(json_array_get(ci, 0)),
				   json_number_value(json_array_get(ci, 1)) };

		for (int k = 0; k < 3; k++) {
			if (!isfinite(vals[k]) || vals[k] <= 0)
				continue;
			lo_x = vals[k] < lo_x ? vals[k] : lo_x;
			hi_x = vals[k] > hi_x ? vals[k] : hi_x;
		}
		/* the names passed gp_safe in load_compare() */
		fprintf(d, "%zu %.6g %.6g %.6g %d \"%s %s %s k%lld %lld B t%lld %s\"\n", i - first,
			vals[0], vals[1], vals[2], colour, str_field(job, "backend"),
			str_field(job, "alg"), str_field(job, "op"),
			ab_plot_key_bits(json_integer_value(json_object_get(job, "keylen"))),
			json_integer_value(json_object_get(job, "size")),
			json_integer_value(json_object_get(job, "threads")),
			str_field(job, "mode"));
	}
	fclose(d);
	g = open_script(dir, name, script, sizeof(script));
	if (!g)
		return -errno;
	emit_terminals(g, name, 140 + 18 * (int)n);
	pad = (hi_x - lo_x) * 0.05 + 1e-4;
	fprintf(g,
		"  set title \"NEW/BASE throughput ratio per job%s: %s, band 1 +- %.3g%%\\n"
		"red slower, blue faster, green same, grey inconclusive\"\n"
		"  set xlabel \"NEW/BASE ratio of medians of boot medians\"; set grid x; unset "
		"key\n"
		"  set xrange [%.6g:%.6g]; set yrange [-1:%zu]; set ytics font \",8\" noenhanced\n"
		"  set object 1 rect from %.6g, graph 0 to %.6g, graph 1 fc rgb \"#e4f2e4\" "
		"fs solid 1.0 noborder behind\n"
		"  set arrow 1 from 1, graph 0 to 1, graph 1 nohead dt 2\n"
		"  set palette defined (1 \"#d62728\", 2 \"#1f77b4\", 3 \"#2ca02c\", 4 "
		"\"#7f7f7f\"); set cbrange [1:4]; unset colorbox\n"
		"  plot \"%s.dat\" using 2:1:3:4:5:ytic(6) with xerrorbars pt 7 ps 0.6 lc "
		"palette\n}\n",
		title_page,
		deterministic ? "range over every pair of boots"
			      : "two-level bootstrap 95% interval",
		threshold * 100, lo_x - pad, hi_x + pad, n, 1 - threshold, 1 + threshold, name);
	fclose(g);
	return run_gnuplot(dir, name);
}

/* The ratio chart(s) of a checked compare file; the charts drawn, or < 0. */
static int plot_ratio(json_t *cmp, const char *dir)
{
	size_t n = json_array_size(json_object_get(cmp, "pairs"));
	size_t pages = (n + RATIO_PAGE - 1) / RATIO_PAGE;

	for (size_t pg = 0; pg < pages; pg++) {
		size_t first = pg * RATIO_PAGE,
		       rows = n - first < RATIO_PAGE ? n - first : RATIO_PAGE;
		char name[64], title[160] = "";
		int rc;

		if (pages == 1) {
			snprintf(name, sizeof(name), "ab-ratio");
		} else {
			snprintf(name, sizeof(name), "ab-ratio-%zu", pg + 1);
			snprintf(title, sizeof(title), " (page %zu of %zu: pairs %zu-%zu of %zu)",
				 pg + 1, pages, first + 1, first + rows, n);
		}
		rc = plot_ratio_page(cmp, first, rows, name, dir, title);
		if (rc)
			return rc;
	}
	return (int)pages;
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
	r = add_points(&pts, root, file, label[0]);
	free(pts.v);
	if (r == -ENOMEM)
		ab_err("out of memory\n");
	return r;
}

int ab_plot_files(char **files, int n_files, const char *cmp, const char *dir)
{
	struct points pts = { 0 };
	json_t **roots = calloc((size_t)n_files + 1, sizeof(*roots));
	char(*labels)[160] = calloc((size_t)n_files + 1, sizeof(*labels));
	char datadir[512], why[AB_WHY_LEN];
	struct stat st;
	json_t *cmp_doc = NULL;
	int rc = 0, drawn = 0, is_virtual = 0;

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
			    r = add_points(&pts, roots[i], files[i], labels[i]))) {
			if (r == -ENOMEM)
				ab_err("out of memory\n");
			rc = 2;
		}
	}
	if (!rc && n_files && !pts.n) {
		ab_err("no usable samples in the result files (each needs "
		       "ns > 0)\n");
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
	for (int i = 0; i < n_files && !rc; i++) {
		json_t *ab = json_object_get(json_object_get(roots[i], "run"), "ab");

		is_virtual |= !strcmp(str_field(ab, "mode"), "deterministic");
	}
	if (!rc && pts.n)
		qsort(pts.v, pts.n, sizeof(*pts.v), cmp_point);
	for (size_t i = 0; i < pts.n && !rc; i++) {
		if (i && !strcmp(pts.v[i].alg, pts.v[i - 1].alg))
			continue;
		for (int x_is_size = 1; x_is_size >= 0 && !rc; x_is_size--) {
			const char *alg = pts.v[i].alg;
			int r;

			if (count_series(&pts, alg, x_is_size) <= CHART_MAX_SERIES) {
				r = plot_alg(&pts, alg, NULL, dir, x_is_size, is_virtual);
				rc = r < 0 ? 2 : 0;
				drawn += r > 0 ? r : 0;
				continue;
			}
			/* one chart per backend and mode of alg, each once */
			for (size_t k = i; k < pts.n && !rc && !strcmp(pts.v[k].alg, alg); k++) {
				size_t b;

				for (b = i; b < k && !in_chart(&pts.v[b], alg, &pts.v[k]); b++)
					;
				if (b < k)
					continue;
				r = plot_alg(&pts, alg, &pts.v[k], dir, x_is_size, is_virtual);
				rc = r < 0 ? 2 : 0;
				drawn += r > 0 ? r : 0;
			}
		}
	}
	if (!rc && cmp_doc) {
		int r = plot_ratio(cmp_doc, dir);

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

struct plot_opts {
	const char *out, *cmp;
};

static const struct ab_opt plot_opts[] = {
	{ "out", 'o', "DIR", AB_OPT_STR, offsetof(struct plot_opts, out),
	  .help = "where the charts go (needed; made if missing), their data and scripts in "
		  "DIR/data" },
	{ "compare", 'c', "CMP.json", AB_OPT_STR, offsetof(struct plot_opts, cmp),
	  .help = "also chart the NEW/BASE ratios of this 'algbench compare --json' output",
	  .def_text = "none" },
	{ 0 },
};

static int plot_main(void *opts, int argc, char **argv)
{
	const struct plot_opts *o = opts;

	if (!o->out || (!argc && !o->cmp))
		return ab_opt_error(&ab_plot_cmd,
				    "need --out DIR and at least one result file or --compare");
	return ab_plot_files(argv, argc, o->cmp, o->out);
}

const struct ab_opt_cmd ab_plot_cmd = {
	"plot",
	"RESULT.json... [--compare CMP.json] --out DIR",
	plot_opts,
	sizeof(struct plot_opts),
	plot_main,
	.operands = true,
	.about = "Draws, with gnuplot, PNG and SVG charts into DIR: throughput against size\n"
		 "(a line per input file, named by its kernel or A/B label, and per backend,\n"
		 "mode, op, key and threads) and against threads (when a line has two thread\n"
		 "counts, and then its scaling efficiency T(N)/(N*T(1)) too) for each\n"
		 "algorithm in the result files, and, with --compare (the\n"
		 "output of 'algbench compare --json'), the NEW/BASE ratio of every job with\n"
		 "its interval, the threshold band and the verdict as colour (pages of 500\n"
		 "pairs: ab-ratio-1.png...). An algorithm with more than 16 lines gets a chart\n"
		 "per backend and mode (ALG-BACKEND-MODE-size.png...). Data and gnuplot\n"
		 "scripts go to DIR/data, each naming its files from there, so the folder\n"
		 "can move: cd DIR/data && gnuplot NAME.gp redraws a chart.\n",
};
