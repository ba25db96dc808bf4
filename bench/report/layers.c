// SPDX-License-Identifier: GPL-2.0
/*
 * algbench report RESULT.json --out DIR: what each layer costs. Per
 * algorithm (one thread, its smallest key, its first operation), the
 * throughput at every size through the kernel's own API (kmod sync), through
 * AF_ALG per mode and through OpenSSL in user space, and two ratios at each
 * size: AF_ALG over the in-kernel path (what the socket interface costs) and
 * the in-kernel path over OpenSSL (kernel crypto against user space). Writes
 * DIR/report.md and, through `algbench plot`, one throughput-against-size
 * chart per algorithm from the same jobs (DIR/plots).
 */
#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/opt.h"
#include "command.h"
#include "core/number.h"
#include "report/plot.h"
#include "result/result_json.h"
#include "sys/json_in.h"
#include "sys/json_out.h"
#include "sys/out_file.h"
#include "sys/path.h"
#include "sys/spawn.h"
#include "sys/text.h"

/* The layers, in the order the table shows them. */
static const struct layer {
	const char *backend, *mode, *column;
} layers[] = {
	{ "kmod", "sync", "kmod sync (in-kernel)" },
	{ "kmod", "async", "kmod async" },
	{ "afalg", "sendmsg", "AF_ALG sendmsg" },
	{ "afalg", "vmsplice", "AF_ALG vmsplice" },
	{ "afalg", "aio", "AF_ALG aio" },
	{ "openssl", "evp", "OpenSSL EVP" },
};
#define N_LAYERS (sizeof(layers) / sizeof(layers[0]))

/*
 * The ratio columns: a layer over another, each named by backend and mode
 * (looked up in layers[], never by position). The ops rows' own baselines
 * (afalg vmsplice/aio against sendmsg) are the run table's comparison
 * within one backend; these compare layers across backends.
 */
static const struct ratio {
	const char *num_backend, *num_mode, *den_backend, *den_mode, *column;
} ratios[] = {
	{ "afalg", "sendmsg", "kmod", "sync", "AF_ALG sendmsg / kmod" },
	{ "afalg", "vmsplice", "kmod", "sync", "AF_ALG vmsplice / kmod" },
	{ "kmod", "sync", "openssl", "evp", "kmod / OpenSSL" },
};
#define N_RATIOS (sizeof(ratios) / sizeof(ratios[0]))

/* The index in layers[] of BACKEND's MODE, N_LAYERS when it has none (the cell shows "-"). */
static size_t layer_index(const char *backend, const char *mode)
{
	size_t k;

	for (k = 0; k < N_LAYERS; k++)
		if (!strcmp(layers[k].backend, backend) && !strcmp(layers[k].mode, mode))
			break;
	return k;
}

/* Which operation a row of the report shows, first match wins. */
static const char *const op_order[] = { "encrypt", "digest", "compress" };

static const char *str(json_t *o, const char *k)
{
	return ab_json_str(o, k, "");
}

static long long num(json_t *o, const char *k)
{
	return json_integer_value(json_object_get(o, k));
}

/* A result the report can use: timed, known answer passed, one thread. */
static int usable(json_t *r)
{
	return !strcmp(str(r, "status"), "ok") && !strcmp(str(r, "kat"), "pass") &&
	       num(r, "threads") == 1 &&
	       json_is_number(json_object_get(json_object_get(r, "mbps"), "median"));
}

static double median_mbps(json_t *r)
{
	return json_number_value(json_object_get(json_object_get(r, "mbps"), "median"));
}

/* The key length and op the report shows for ALG: smallest key, first op. */
static int pick(json_t *results, const char *alg, long long *keylen, const char **op)
{
	json_t *r;
	size_t i;

	*keylen = -1;
	*op = NULL;
	for (size_t o = 0; o < sizeof(op_order) / sizeof(op_order[0]) && !*op; o++)
		json_array_foreach (results, i, r)
			if (usable(r) && !strcmp(str(r, "alg"), alg) &&
			    !strcmp(str(r, "op"), op_order[o]))
				*op = op_order[o];
	if (!*op)
		return -ENOENT;
	json_array_foreach (results, i, r) {
		if (usable(r) && !strcmp(str(r, "alg"), alg) && !strcmp(str(r, "op"), *op) &&
		    (*keylen < 0 || num(r, "keylen") < *keylen))
			*keylen = num(r, "keylen");
	}
	return 0;
}

static json_t *find(json_t *results, const char *alg, long long keylen, const char *op,
		    long long size, const struct layer *l)
{
	json_t *r;
	size_t i;

	json_array_foreach (results, i, r) {
		if (usable(r) && !strcmp(str(r, "alg"), alg) && num(r, "keylen") == keylen &&
		    !strcmp(str(r, "op"), op) && num(r, "size") == size &&
		    !strcmp(str(r, "backend"), l->backend) && !strcmp(str(r, "mode"), l->mode))
			return r;
	}
	return NULL;
}

static int cmp_ll(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;

	return (x > y) - (x < y);
}

/* Markdown cells come from the file: keep only what cannot break a table. */
/* A string from the file in report.md: escaped for markdown and HTML (sys/text.h). */
static void cell(FILE *f, const char *s)
{
	ab_fput_md(f, s);
}

/*
 * The spread of a job: the smallest and largest MB/s of its samples, as the
 * result's summary stores them (mbps.min, mbps.max; merge recomputes them
 * over every boot's samples). Min..max rather than quartiles: with the 3-5
 * samples a run takes, quartiles would interpolate between the same few
 * values. 0, or -ENOENT when the summary has no usable range.
 */
static int sample_range(json_t *r, double *min, double *max)
{
	json_t *mbps = json_object_get(r, "mbps");
	json_t *jlo = json_object_get(mbps, "min"), *jhi = json_object_get(mbps, "max");

	if (!json_is_number(jlo) || !json_is_number(jhi))
		return -ENOENT;
	*min = json_number_value(jlo), *max = json_number_value(jhi);
	return *min > 0 && isfinite(*max) && *max >= *min ? 0 : -ENOENT;
}

/* "X (LO..HI)", each rounded by the one rule to the half-width of LO..HI (core/number.h). */
static void spread_cell(FILE *f, double x, double lo, double hi)
{
	char a[48], b[48], c[48];
	int d = ab_round_decimals(x, isfinite(lo) && isfinite(hi) ? (hi - lo) / 2 : NAN);

	fprintf(f, " %s", ab_fmt_decimals(a, sizeof(a), x, d));
	if (isfinite(lo) && isfinite(hi))
		fprintf(f, " (%s..%s)", ab_fmt_decimals(b, sizeof(b), lo, d),
			ab_fmt_decimals(c, sizeof(c), hi, d));
	fputs(" |", f);
}

static void mbps_cell(FILE *f, json_t *r)
{
	double lo, hi;

	if (sample_range(r, &lo, &hi))
		lo = hi = NAN;
	spread_cell(f, median_mbps(r), lo, hi);
}

/* The ratio of medians, and its range over every pair of samples (num's over den's). */
static void ratio_cell(FILE *f, json_t *num_r, json_t *den_r)
{
	double nlo, nhi, dlo, dhi;

	if (!num_r || !den_r || !(median_mbps(den_r) > 0)) {
		fprintf(f, " - |");
		return;
	}
	if (sample_range(num_r, &nlo, &nhi) || sample_range(den_r, &dlo, &dhi))
		nlo = nhi = dlo = dhi = NAN;
	spread_cell(f, median_mbps(num_r) / median_mbps(den_r), nlo / dhi, nhi / dlo);
}

/*
 * One algorithm's section; the jobs it shows go into SHOWN for the chart,
 * and a link to the chart when PLOTS (the folder) holds it: plot draws a
 * size chart only for a line with two sizes.
 */
static void alg_section(FILE *f, json_t *results, const char *alg, json_t *shown, const char *plots)
{
	char chart[700];
	long long keylen, sizes[64];
	const char *op;
	size_t n_sizes = 0, i;
	json_t *r;
	char safe[128];

	if (pick(results, alg, &keylen, &op))
		return;
	json_array_foreach (results, i, r) {
		long long z = num(r, "size");
		size_t k;

		if (!usable(r) || strcmp(str(r, "alg"), alg) || num(r, "keylen") != keylen ||
		    strcmp(str(r, "op"), op))
			continue;
		for (k = 0; k < n_sizes && sizes[k] != z; k++)
			;
		if (k == n_sizes && n_sizes < sizeof(sizes) / sizeof(sizes[0]))
			sizes[n_sizes++] = z;
		for (k = 0; k < N_LAYERS; k++)
			if (!strcmp(str(r, "backend"), layers[k].backend) &&
			    !strcmp(str(r, "mode"), layers[k].mode))
				json_array_append(shown, r);
	}
	qsort(sizes, n_sizes, sizeof(*sizes), cmp_ll);
	fprintf(f, "## ");
	cell(f, alg);
	/* the key as run's table and --keys name it: bits, k128 (k0: no key) */
	fprintf(f, " (%s, k%lld, 1 thread)\n\nDrivers:", op, ab_plot_key_bits(keylen));
	for (size_t k = 0; k < N_LAYERS; k++) {
		json_t *any = NULL;

		for (i = 0; i < n_sizes && !any; i++)
			any = find(results, alg, keylen, op, sizes[i], &layers[k]);
		if (any) {
			fprintf(f, " %s ", layers[k].column);
			cell(f, str(any, "driver"));
			fprintf(f, "%s", k + 1 < N_LAYERS ? ";" : "");
		}
	}
	fprintf(f, "\n\n| size (B) |");
	for (size_t k = 0; k < N_LAYERS; k++)
		fprintf(f, " %s MB/s |", layers[k].column);
	for (size_t k = 0; k < N_RATIOS; k++)
		fprintf(f, " %s |", ratios[k].column);
	fprintf(f, "\n|---|");
	for (size_t k = 0; k < N_LAYERS + N_RATIOS; k++)
		fprintf(f, "---|");
	fputc('\n', f);
	for (i = 0; i < n_sizes; i++) {
		json_t *row[N_LAYERS];

		fprintf(f, "| %lld |", sizes[i]);
		for (size_t k = 0; k < N_LAYERS; k++) {
			row[k] = find(results, alg, keylen, op, sizes[i], &layers[k]);
			if (row[k])
				mbps_cell(f, row[k]);
			else
				fprintf(f, " - |");
		}
		for (size_t k = 0; k < N_RATIOS; k++) {
			size_t a = layer_index(ratios[k].num_backend, ratios[k].num_mode);
			size_t b = layer_index(ratios[k].den_backend, ratios[k].den_mode);

			ratio_cell(f, a < N_LAYERS ? row[a] : NULL, b < N_LAYERS ? row[b] : NULL);
		}
		fputc('\n', f);
	}
	ab_plot_file_name(alg, safe, sizeof(safe));
	snprintf(chart, sizeof(chart), "%s/%s-size.png", plots ? plots : "", safe);
	if (plots && !access(chart, F_OK))
		fprintf(f, "\n![%s throughput against size](plots/%s-size.png)\n", safe, safe);
	fputc('\n', f);
}

/*
 * What the numbers were measured on, in words (run.host.virtualized), and
 * how busy it was: the load average at the start of each boot, as the range
 * over boots when several were merged. Under TCG and KVM the load is the
 * guest's own; the host that ran the VM is not seen from inside.
 */
static void substrate(FILE *f, json_t *run, json_t *host)
{
	const char *v = str(host, "virtualized");
	json_t *boots = json_object_get(run, "boots"), *b;
	double lo = INFINITY, hi = -INFINITY;
	size_t i, n = 0, n_hosts = json_array_size(boots) ? json_array_size(boots) : 1;

	fputs("Substrate: ", f);
	if (!strcmp(v, "tcg"))
		fputs("TCG, QEMU's emulator: guest time runs with the host's load, and vCPUs "
		      "beyond the host's cores take turns",
		      f);
	else if (!strcmp(v, "uml"))
		fputs("User-Mode Linux: a host process in host time, one CPU", f);
	else if (!strcmp(v, "none"))
		fputs("the machine itself (no hypervisor)", f);
	else if (!strcmp(v, "kvm"))
		fputs("a KVM guest", f);
	else if (v[0] && strcmp(v, "unknown")) {
		fputs("a guest of ", f);
		cell(f, v); /* bhyve, other:SIG, ... */
	} else
		fputs("unknown (no hypervisor name recorded)", f);
	/* the boots' own hosts when merged, else the run's */
	for (i = 0; i < n_hosts; i++) {
		b = json_array_size(boots)
			    ? json_object_get(json_object_get(json_array_get(boots, i), "run"),
					      "host")
			    : host;
		b = json_array_get(json_object_get(b, "loadavg"), 0);
		if (json_is_number(b)) {
			lo = fmin(lo, json_number_value(b));
			hi = fmax(hi, json_number_value(b));
			n++;
		}
	}
	if (!n)
		fputs(". Load average: not recorded.\n\n", f);
	else if (lo == hi)
		fprintf(f, ". Load average at the start: %.2f (1 min) on %lld CPUs.\n\n", lo,
			num(host, "nproc"));
	else
		fprintf(f,
			". Load average at the start of the %zu boots: %.2f..%.2f (1 min) on "
			"%lld CPUs.\n\n",
			n, lo, hi, num(host, "nproc"));
}

/*
 * The page's header: the file (named from DIR, where the page is, so the
 * folders can move together), its run and host, what one job is.
 */
static void header(FILE *f, json_t *root, const char *path, const char *dir)
{
	json_t *run = json_object_get(root, "run"), *host = json_object_get(run, "host");
	json_t *r = json_array_get(json_object_get(root, "results"), 0);
	size_t boots = json_array_size(json_object_get(run, "boots"));
	char from[4096];

	ab_path_rel(path, dir, from, sizeof(from)); /* else its name alone */
	fprintf(f, "# What each layer costs\n\nFrom ");
	cell(f, from);
	fprintf(f, " (run ");
	cell(f, str(run, "id"));
	fprintf(f, "): kernel ");
	cell(f, str(host, "kernel"));
	fprintf(f, ", ");
	cell(f, str(host, "cpu_model"));
	fprintf(f, ", %lld CPUs, virtualized: ", num(host, "nproc"));
	cell(f, str(host, "virtualized"));
	fprintf(f, ", clocksource ");
	cell(f, str(host, "clocksource"));
	fprintf(f, ".\n\n");
	substrate(f, run, host);
	if (boots > 1)
		fprintf(f,
			"Each job: the samples of %zu boots merged (run.boots; %lld samples of "
			"%.3g s a boot, after a known-answer check), the median over all of them: "
			"the spread between boots is in the samples, not in this table; "
			"algbench compare takes the boot as the unit.\n\n",
			boots, num(r, "repeats"), json_number_value(json_object_get(r, "seconds")));
	else
		fprintf(f,
			"Each job: %lld samples of %.3g s after a known-answer check, one run "
			"(one boot): differences of less than the noise between boots (8-30%% "
			"under TCG) are not findings; compare boots with scripts/ab-stats.\n\n",
			num(r, "repeats"), json_number_value(json_object_get(r, "seconds")));
	fprintf(f, "Median MB/s (1e6 bytes per second) of each job's samples at one thread, "
		   "in brackets the smallest and largest sample (every sample: a job has too few "
		   "for quartiles to say more); a ratio's brackets are its range over every pair "
		   "of samples. Each number is rounded to the place of its spread's half-width "
		   "(docs/statistics.md, \"Rounding to the spread\"). "
		   "AF_ALG / kmod below 1 is what going through the socket interface costs "
		   "against calling the same driver in the kernel; kmod / OpenSSL compares "
		   "the kernel's driver with OpenSSL's user-space code on the same CPU. "
		   "Under TCG both sides are emulated: the ratios say where time goes in "
		   "this guest, not on hardware.\n\n");
}

/*
 * Whether gnuplot can be started: without it report.md is still written,
 * its charts skipped with a note (there and on stderr).
 */
static bool have_gnuplot(void)
{
	const char *const argv[] = { "gnuplot", "--version", NULL };
	char out[128], why[AB_WHY_LEN];

	return ab_spawn_capture(argv, out, sizeof(out), why) != -ENOENT;
}

/*
 * The input is read and checked (its names through plot's check) before
 * anything is written; report.md comes last, linking only the charts plot
 * drew.
 */
static int report(const char *path, const char *dir)
{
	char why[AB_WHY_LEN];
	json_t *root = ab_result_load(path, why), *results, *r, *shown = NULL, *algs = NULL;
	char md[600], layers_json[600], plots[600], *sink_buf = NULL;
	size_t i, n_algs, sink_len;
	bool gnuplot;
	FILE *f;
	int rc = 2;

	if (!root) {
		ab_err("%s: %s\n", path, why);
		return 2;
	}
	if (ab_plot_check(root, path))
		goto out;
	gnuplot = have_gnuplot();
	if (!gnuplot)
		ab_err("gnuplot not found: charts skipped, report.md written without them "
		       "(install gnuplot-nox; scripts/setup does)\n");
	results = json_object_get(root, "results");
	algs = json_array();
	json_array_foreach (results, i, r) {
		json_t *a = json_object_get(r, "alg"), *seen;
		size_t k;
		int dup = 0;

		if (!json_is_string(a) || !usable(r))
			continue;
		json_array_foreach (algs, k, seen)
			dup |= json_equal(seen, a);
		if (!dup)
			json_array_append(algs, a);
	}
	n_algs = json_array_size(algs);
	/* the jobs each section shows, without writing it yet */
	shown = json_array();
	f = open_memstream(&sink_buf, &sink_len);
	if (!f || !shown) {
		ab_err("out of memory\n");
		goto out;
	}
	for (i = 0; i < n_algs; i++)
		alg_section(f, results, json_string_value(json_array_get(algs, i)), shown, NULL);
	fclose(f);
	free(sink_buf);
	if (!json_array_size(shown)) {
		ab_err("%s: no usable job (want status ok, KAT pass, 1 thread)\n", path);
		goto out;
	}
	if (strlen(dir) > 400 || (mkdir(dir, 0755) && errno != EEXIST)) {
		ab_err("cannot create %s: %s\n", dir,
		       strlen(dir) > 400 ? "path too long" : strerror(errno));
		goto out;
	}
	snprintf(md, sizeof(md), "%s/report.md", dir);
	snprintf(layers_json, sizeof(layers_json), "%s/layers.json", dir);
	snprintf(plots, sizeof(plots), "%s/plots", dir);
	{
		json_t *doc = json_pack("{s:s, s:O, s:O}", "schema", AB_SCHEMA, "run",
					json_object_get(root, "run"), "results", shown);
		char *files[] = { layers_json };
		int werr = ab_json_write(layers_json, doc, 0, why);

		json_decref(doc);
		if (werr) {
			ab_err("cannot write %s: %s\n", layers_json, why);
			goto out;
		}
		if (gnuplot && ab_plot_files(files, 1, NULL, plots))
			goto out;
	}
	f = ab_out_fopen_path(md, why);
	if (!f) {
		ab_err("cannot write %s: %s\n", md, why);
		goto out;
	}
	header(f, root, path, dir);
	if (!gnuplot)
		fprintf(f, "Charts skipped: gnuplot was not found when this report was written "
			   "(install gnuplot-nox, then run algbench report again).\n\n");
	json_decref(shown);
	shown = json_array();
	for (i = 0; shown && i < n_algs; i++)
		alg_section(f, results, json_string_value(json_array_get(algs, i)), shown, plots);
	if (fclose(f) || !shown) {
		ab_err("cannot write %s\n", md);
		goto out;
	}
	printf("report: %s (%zu algorithms)\n", md, n_algs);
	rc = 0;
out:
	json_decref(shown);
	json_decref(algs);
	json_decref(root);
	return rc;
}

struct report_opts {
	const char *out;
};

static const struct ab_opt report_opts[] = {
	{ "out", 'o', "DIR", AB_OPT_STR, offsetof(struct report_opts, out),
	  .help = "where the report goes (needed; made if missing): DIR/report.md, DIR/plots" },
	{ 0 },
};

static int report_main(void *opts, int argc, char **argv)
{
	const struct report_opts *o = opts;

	if (!o->out || argc != 1)
		return ab_opt_error(&ab_report_cmd, "need one RESULT.json and --out DIR");
	return report(argv[0], o->out);
}

const struct ab_opt_cmd ab_report_cmd = {
	"report",
	"RESULT.json --out DIR",
	report_opts,
	sizeof(struct report_opts),
	report_main,
	.operands = true,
	.about = "What each layer costs, from one result file (algbench run or suite): per\n"
		 "algorithm, at one thread, its smallest key and its first operation\n"
		 "(encrypt, digest or compress), the median MB/s at every size through the\n"
		 "kernel's API in the kernel (kmod sync, async), through AF_ALG per mode\n"
		 "(sendmsg, vmsplice, aio) and through OpenSSL in user space, and the\n"
		 "ratios AF_ALG/kmod (what the socket interface costs) and kmod/OpenSSL.\n"
		 "Writes DIR/report.md and DIR/plots/ALG-size.{png,svg} (gnuplot; without\n"
		 "gnuplot the charts are skipped, said in report.md and on stderr).\n",
	.after = "Exit: 0 written, 2 bad usage, an unreadable input or no usable job.\n",
};
