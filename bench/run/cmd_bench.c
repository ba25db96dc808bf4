// SPDX-License-Identifier: GPL-2.0
/* `algbench run` and `algbench suite`: flags -> jobs -> table + result JSON. */
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "backends/backend.h"
#include "cli/opt.h"
#include "command.h"
#include "core/stats.h"
#include "energy/em_source.h"
#include "result/result_json.h"
#include "run/harness.h"
#include "run/plan.h"
#include "run/table.h"
#include "sys/cpu.h"
#include "sys/kmod_client.h"
#include "sys/path.h"
#include "sys/perf.h"
#include "sys/progress.h"
#include "trace/counts_json.h"
#include "trace/markers.h"
#include "trace/probes.h"

static volatile sig_atomic_t interrupted;

/*
 * The first SIGINT/SIGTERM/SIGHUP stops the job in flight at once (its
 * partial samples are dropped) and the run ends with the finished jobs saved
 * and --trace's probes removed; the handler is one-shot, so a second signal
 * kills at once, should anything block (the result file on disk is then at
 * most a second behind: result_json.h).
 */
static void on_signal(int sig, siginfo_t *si, void *ctx)
{
	(void)si, (void)ctx;
	interrupted = sig;
	ab_job_stop();
}

/* The plan's parsers as option callbacks: FIELD is the plan, or one of its numbers. */
#define PLAN_LIST(what)                                                                            \
	static int opt_##what(const char *arg, void *plan, char why[AB_WHY_LEN])                   \
	{                                                                                          \
		return ab_parse_##what(arg, plan, why);                                            \
	}
PLAN_LIST(backends)
PLAN_LIST(algs)
PLAN_LIST(types)
PLAN_LIST(ops)
PLAN_LIST(keys)
PLAN_LIST(modes)
PLAN_LIST(sizes)

static int opt_threads(const char *arg, void *plan, char why[AB_WHY_LEN])
{
	return ab_parse_threads(arg, ab_cpus_usable(), plan, why);
}

/* Epoch seconds (date +%s.%N): after 2001 and finite, so a typo is not "now". */
static int opt_start_at(const char *arg, void *at, char why[AB_WHY_LEN])
{
	char *end;
	double v = strtod(arg, &end);

	if (end == arg || *end || !isfinite(v) || v < 1e9) {
		ab_whyf(why,
			"'%s': want a wall-clock time in seconds since 1970, e.g. "
			"$(date -d '+5 sec' +%%s.%%N)",
			arg);
		return -EINVAL;
	}
	*(double *)at = v;
	return 0;
}

/* Every registered backend: "afalg,openssl,kmod". */
static void all_backends(char *buf, size_t len)
{
	size_t used = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < ab_backends_len && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? "," : "",
					 ab_backends[i]->name);
}

/* The modes as each backend's row lists them (backends/backend.h). */
static void mode_help(char *buf, size_t len)
{
	int used = snprintf(buf, len, "modes by backend: ");

	if (used > 0 && (size_t)used < len)
		ab_backend_modes_text(buf + used, len - (size_t)used);
}

/*
 * --quick: about a minute on a machine with every backend (66 jobs of
 * about 0.9 s: 3 x 0.25 s samples, the warm-up, the known answer and key
 * setup): the headline algorithms at a packet-sized and a large payload,
 * and a compressor where one runs (in-kernel only).
 */
static const struct ab_opt_default quick_plan[] = {
	{ "alg", "cbc(aes),gcm(aes),sha256,lzo" },
	{ "keys", "128" },
	{ "sizes", "64,16384" },
	{ "threads", "1" },
	{ "seconds", "0.25" },
	{ "repeats", "3" },
	{ "warmup", "0.05" },
	{ NULL, NULL },
};

#define PLAN(field) offsetof(struct ab_plan, field)

static const struct ab_opt bench_opts[] = {
	{ "backend", 0, "LIST", AB_OPT_CALL, 0, .help = "backends, of those registered",
	  .call = opt_backends, .def_fn = all_backends, .words = ab_backend_words },
	{ "alg", 0, "LIST", AB_OPT_CALL, 0,
	  .help = "catalogue algorithms, or any algorithm or driver name /proc/crypto lists "
		  "(algbench list --all), e.g. 'gcm(aes),sha3-256,cbc-aes-aesni'",
	  .call = opt_algs, .def_text = "all", .words = ab_alg_words },
	{ "type", 0, "LIST", AB_OPT_CALL, 0, .help = "aead, skcipher, hash, acomp",
	  .call = opt_types, .def_text = "all", .words = ab_type_words },
	{ "op", 0, "LIST", AB_OPT_CALL, 0, .help = "encrypt, decrypt, digest, compress, decompress",
	  .call = opt_ops, .def_text = "all that apply", .words = ab_op_words },
	{ "keys", 0, "LIST", AB_OPT_CALL, 0, .help = "key sizes in bits, e.g. 128,256",
	  .call = opt_keys, .def_text = "every size of each algorithm" },
	{ "mode", 0, "LIST", AB_OPT_CALL, 0, .call = opt_modes, .def_text = "every mode",
	  .help_fn = mode_help, .words = ab_mode_words },
	{ "sizes", 0, "LIST", AB_OPT_CALL, 0, .help = "payload bytes per operation, k/m suffixes",
	  .call = opt_sizes, .def = "4096" },
	{ "threads", 0, "LIST", AB_OPT_CALL, 0, .help = "pinned threads, 1..CPUs or 'all'",
	  .call = opt_threads, .def = "1" },
	{ "seconds", 0, "S", AB_OPT_DOUBLE, PLAN(seconds), .help = "length of one sample", .min = 0,
	  .max = 3600, .def = "1" },
	{ "warmup", 0, "S", AB_OPT_DOUBLE, PLAN(warmup),
	  .help = "untimed operations before the samples", .min = 0, .max = 3600, .def = "0.2" },
	{ "repeats", 0, "N", AB_OPT_UINT, PLAN(repeats), .help = "samples per job", .min = 1,
	  .max = 10000, .def = "5" },
	{ "interleave", 0, NULL, AB_OPT_FLAG, PLAN(interleave),
	  .help = "the jobs take turns: --repeats passes over the whole plan, one sample of "
		  "each job per pass (each set up and warmed up afresh), instead of each job's "
		  "samples back to back; a slow spell of the host then costs many jobs one "
		  "sample each, which their medians pass over, rather than one job all of them" },
	{ "json", 0, "PATH", AB_OPT_STR, PLAN(out),
	  .help = "write result JSON (schema algbench/1) to PATH, atomically; '-' prints it on "
		  "stdout (the table then goes to stderr); a directory gets DIR/<run-id>.json",
	  .alias = "out", .def_text = "no JSON" },
	{ "quiet", 0, NULL, AB_OPT_FLAG, PLAN(quiet),
	  .help = "no table and no progress line; needs --json, --csv or --markdown, which keep "
		  "the results" },
	{ "csv", 0, NULL, AB_OPT_FLAG, PLAN(csv),
	  .help = "the result table on stdout as CSV instead: a header row naming each column's "
		  "unit, a row per job, numbers with the result JSON's digits" },
	{ "markdown", 0, NULL, AB_OPT_FLAG, PLAN(markdown),
	  .help = "the result table on stdout as a GitHub markdown table instead, MB/s rounded "
		  "to the spread (docs/statistics.md)" },
	{ "quick", 0, NULL, AB_OPT_PRESET, PLAN(quick),
	  .help = "a short plan for a first picture in about a minute: cbc(aes), gcm(aes), "
		  "sha256 and a compressor (lzo, in-kernel only) at a small and a large payload, "
		  "one thread, every backend and mode, short samples",
	  .preset = quick_plan },
	{ "dry-run", 0, NULL, AB_OPT_FLAG, PLAN(dry_run),
	  .help = "print the job list (backend mode alg key op size threads) and exit" },
	{ "trace", 0, NULL, AB_OPT_FLAG, PLAN(trace),
	  .help = "each job's crypto API counters per driver (algbench trace's probes; needs "
		  "root and tracefs) as \"trace\" in the result JSON" },
	{ "trace-engine", 0, "E", AB_OPT_STR, PLAN(trace_engine),
	  .help = "--trace's engine (algbench trace --engine): auto is bpf where it loads, "
		  "else tracefs (said why); bpf-fast: bpf without err_cnt",
	  .choices = trace_engine_names, .def = "auto" },
	{ "energy-model", 0, "SRC", AB_OPT_STR, PLAN(energy_model),
	  .help = "each job's energy per byte (power at the OPP x CPUs busy x time / bytes) "
		  "from SRC: a JSON table FILE, 'device' (the CPUs' energy model in "
		  "energy_model debugfs, OPP from cpufreq) or 'device:NAME' (that device's "
		  "table stands in for every CPU); no model here: said, and the run goes on",
	  .def_text = "none" },
	{ "start-at", 0, "EPOCH", AB_OPT_CALL, PLAN(start_at),
	  .help = "wait until this wall-clock time (seconds since 1970, fractions allowed) "
		  "before the first job, so that runs in several processes start together "
		  "(scripts/contention-control); refused when over a second past or an hour away",
	  .call = opt_start_at, .def_text = "now" },
	{ "perf", 0, NULL, AB_OPT_FLAG, PLAN(perf),
	  .help = "hardware cycles and instructions per sample (perf_event_open: per thread, "
		  "kernel work included; kmod: per CPU, needs root or perf_event_paranoid <= 0), "
		  "instructions/op in the table and \"perf\" in the JSON; without a PMU the run "
		  "goes on and says why" },
	{ 0 },
};

#define KAT_CHECK                                                                                  \
	"Every job checks a known answer (OpenSSL's output; crc32c: RFC 3720) before it\n"         \
	"is timed; a mismatch fails the job.\n"
#define MARKERS                                                                                    \
	"While a tracer enables the user event " TRACE_MARKER_NAME                                 \
	" (user_events_multi/\n" TRACE_MARKER_NAME                                                 \
	".N; see algbench trace --help), each job's and each sample's\n"                           \
	"start and end are written to it; nobody tracing, they cost one load per sample.\n"
#define KAT_AND_STOP                                                                               \
	MARKERS "\nA run keeps going after a failed job. Ctrl-C, SIGTERM or SIGHUP stops the job " \
		"in flight\n"                                                                      \
		"(not saved) and keeps what finished, exit 128 + the signal's number; a second\n"  \
		"signal kills at once.\n"
#define PROGRESS                                                                                   \
	"While stderr is a terminal (and not --quiet), a progress line with the time left\n"       \
	"is drawn there.\n"
#define EXIT_STATUS                                                                                \
	"\nExit status: 0 no job failed (a job skipped because something is missing here\n"        \
	"says why in its row and is not a failure); 1 a job failed (a known-answer\n"              \
	"mismatch or an error) or the result file could not be written; 2 bad usage;\n"            \
	"128 + N stopped by signal N.\n"

/* --json DIR (or DIR/) means DIR/<run-id>.json. */
static char *json_path(const char *out, const struct ab_run_info *run)
{
	struct stat st;
	size_t len = strlen(out);
	char *path;

	if (strcmp(out, "-") &&
	    ((len && out[len - 1] == '/') || (!stat(out, &st) && S_ISDIR(st.st_mode)))) {
		path = malloc(len + strlen(run->id) + 8);
		if (path)
			sprintf(path, "%s%s%s.json", out, out[len - 1] == '/' ? "" : "/", run->id);
		return path;
	}
	return strdup(out);
}

static void progress(size_t i, size_t n, uint64_t start, const struct ab_job *j)
{
	double el = (double)(ab_now_ns() - start) / 1e9,
	       eta = i ? el / (double)i * (double)(n - i) : 0;

	fprintf(stderr, "\r\033[K[%zu/%zu] %02d:%02d elapsed, ETA %02d:%02d  %s %s %s %zu B x%u",
		i + 1, n, (int)el / 60, (int)el % 60, (int)eta / 60, (int)eta % 60,
		j->backend->name, j->mode, j->alg->name, j->size, j->threads);
}

struct run_state {
	struct ab_plan plan;
	struct ab_run_info run;
	struct ab_json_writer *json;
	char *json_path; /* where json goes, for the messages */
	FILE *table;	 /* the text table, or NULL */
	enum ab_table_format export;
	int export_on; /* --csv or --markdown: EXPORT on stdout instead of the table */
	int suite, show_progress, json_failed;
	struct ab_report report;
	struct trace_session *trace; /* --trace: probes installed for the whole run */
	struct ab_em_source em;	     /* --energy-model, when one was found */
	int em_on;
};

/*
 * The energy model as the result records it: a table file named from the
 * result's folder (the working directory for stdout), as every path a
 * result holds (sys/path.h); a debugfs device as the kernel names it.
 */
static json_t *em_json(const struct run_state *s)
{
	json_t *em = ab_em_source_json(&s->em), *name;
	char dir[4096], file[4096];

	if (!em || s->em.from_device)
		return em;
	if (strcmp(s->json_path, "-"))
		ab_path_dir(s->json_path, dir, sizeof(dir));
	else
		snprintf(dir, sizeof(dir), ".");
	ab_path_rel(s->em.origin, dir, file, sizeof(file)); /* else its name alone */
	name = json_string(file);
	if (!name) /* a link led to a name that is not UTF-8 text: no name, rather than the path */
		name = json_string("?");
	json_object_set(em, "source", name);
	json_object_set_new(em, "origin", name);
	return em;
}

/* One reading of the probes' counters: count, or -errno (said on stderr). */
static int trace_read(struct run_state *s, struct trace_counts *c)
{
	char why[AB_WHY_LEN] = "";
	int n = trace_probes_read(s->trace, c, TRACE_MAX_DRIVERS, why);

	if (n < 0)
		ab_err("--trace: %s\n", why);
	return n;
}

/*
 * The result with what the options add: the job's counters (what moved
 * between the readings before and after it) and ENERGY (reference taken).
 */
static void add_result(struct run_state *s, const struct ab_result *res, json_t *energy, size_t i,
		       int *status)
{
	static struct trace_counts before[TRACE_MAX_DRIVERS], after[TRACE_MAX_DRIVERS];
	static int nb;
	json_t *extras = json_object();
	char why[AB_WHY_LEN] = "out of memory";
	int na, err;

	if (s->trace && (na = trace_read(s, after)) >= 0) {
		json_object_set_new(
			extras, "trace",
			json_pack("{s:s, s:s?, s:o}", "mode", s->trace->mode, "err_cnt_unavailable",
				  s->trace->exit_probes ? NULL : s->trace->no_ret_why, "drivers",
				  trace_counts_json(before, nb, after, na, s->trace->exit_probes)));
		memcpy(before, after, sizeof(after[0]) * (size_t)na);
		nb = na;
	}
	if (energy)
		json_object_set_new(extras, "energy", energy);
	err = extras ? ab_json_add_extra(s->json, res, res->job.backend->name, extras, why)
		     : -ENOMEM;
	/* say it once; the results stay in memory and the close retries */
	if (err && !s->json_failed++)
		ab_err("cannot update the result file (%s) after job %zu; "
		       "the run goes on and writes it again at the end\n",
		       why, i + 1);
	if (err)
		*status = 1;
}

/*
 * Each backend of the plan asked up front whether it runs here, until one
 * of its jobs can: what its probe has to say (algbench.ko loaded from the
 * build, not installed) is said once, here. A refusal is left to the jobs,
 * which are skipped with it.
 */
static void say_backend_notes(const struct ab_job *jobs, size_t n)
{
	const struct ab_backend *asked[16];
	size_t n_asked = 0;

	for (size_t i = 0; i < n && n_asked < sizeof(asked) / sizeof(asked[0]); i++) {
		const struct ab_backend *b = jobs[i].backend;
		char why[AB_WHY_LEN] = "";
		size_t j = 0;
		int ret;

		while (j < n_asked && asked[j] != b)
			j++;
		if (j < n_asked || !b->probe)
			continue;
		ret = b->probe(&jobs[i], why);
		if (ret > 0)
			ab_err("note: %s\n", why);
		if (ret >= 0)
			asked[n_asked++] = b;
	}
}

/* The one exit rule of run and suite: a failed job is a failure, a skip (said why) is not. */
static int job_exit_status(const struct ab_result *res)
{
	return res->status == AB_STATUS_FAILED;
}

/* The job's row in the table and the export the options chose (each may be off). */
static void print_row(struct run_state *s, const struct ab_result *res, const char *energy_line)
{
	if (s->table)
		ab_report_row(s->table, res);
	if (s->table && energy_line[0])
		fprintf(s->table, "%s\n", energy_line);
	if (s->export_on && ab_table_export_row(stdout, s->export, res))
		ab_err("out of memory for the %s row\n", s->plan.csv ? "CSV" : "markdown");
}

/* A job's result, finished: its row, its exit status, the JSON and the report; RES freed. */
static void job_done(struct run_state *s, struct ab_result *res, size_t i, int *status)
{
	char energy_line[400] = "";
	json_t *energy = NULL;

	if (s->em_on)
		energy = ab_em_result_energy(&s->em, res, energy_line, sizeof(energy_line));
	print_row(s, res, energy_line);
	if (job_exit_status(res))
		*status = 1;
	if (s->json)
		add_result(s, res, json_incref(energy), i, status);
	json_decref(energy);
	ab_report_add(&s->report, res);
	ab_result_free(res);
}

/* A job cut short by a signal: neither a result nor a failure; said, not saved. */
static void job_stopped(const struct ab_job *job, struct ab_result *res)
{
	ab_err("%s %s %s %zu B stopped by signal %d; not saved\n", job->backend->name, job->mode,
	       job->alg->name, job->size, (int)interrupted);
	ab_result_free(res);
}

static int run_jobs(struct run_state *s, const struct ab_job *jobs, size_t n)
{
	uint64_t start = ab_now_ns();
	int status = 0;

	for (size_t i = 0; i < n && !interrupted; i++) {
		struct ab_result res;

		if (s->show_progress)
			progress(i, n, start, &jobs[i]);
		ab_job_run(&jobs[i], &res);
		if (s->show_progress)
			fprintf(stderr, "\r\033[K");
		if (interrupted && res.status != AB_STATUS_OK) {
			job_stopped(&jobs[i], &res);
			break;
		}
		job_done(s, &res, i, &status);
	}
	return status;
}

/*
 * PASS's sample of a job into ACC, the job's result so far (moved, with the
 * per-CPU entries it owns). A pass that did not run leaves its status and
 * reason: the job is then done, as a job that fails in a plain run is.
 */
static int take_pass(struct ab_result *acc, struct ab_result *res, unsigned int pass)
{
	struct ab_sample *grown;

	if (pass == 0) {
		*acc = *res;
		return 0;
	}
	if (res->status != AB_STATUS_OK) {
		acc->status = res->status;
		snprintf(acc->reason, sizeof(acc->reason), "pass %u: %.1000s", pass + 1,
			 res->reason);
		acc->kat = res->kat;
		memcpy(acc->kat_detail, res->kat_detail, sizeof(acc->kat_detail));
		ab_result_free(res);
		return 0;
	}
	grown = realloc(acc->samples, (acc->n_samples + res->n_samples) * sizeof(*grown));
	if (!grown)
		return -ENOMEM;
	memcpy(grown + acc->n_samples, res->samples, res->n_samples * sizeof(*grown));
	acc->samples = grown;
	acc->n_samples += res->n_samples;
	res->n_samples = 0; /* the per-CPU entries are ACC's now */
	ab_result_free(res);
	return 0;
}

/*
 * --interleave: --repeats passes over the plan, each job run for one sample
 * per pass (set up, warmed up and checked afresh each time), so that the
 * samples of every job are spread over the whole run. Why: under User-Mode
 * Linux on this project's 2-CPU hosts about one job in six ran ~20% slow as
 * a whole, beside one at full speed in the same boot (a state of the host
 * that lasts seconds); back to back, every sample of that job is slow and
 * so is its median. Rows are printed once every pass is done.
 */
static int run_jobs_interleaved(struct run_state *s, const struct ab_job *jobs, size_t n)
{
	unsigned int passes = n ? jobs[0].repeats : 0;
	struct ab_result *acc = calloc(n ? n : 1, sizeof(*acc));
	uint64_t start = ab_now_ns();
	int status = 0;
	size_t i = 0;

	if (!acc) {
		ab_err("out of memory for %zu jobs' results\n", n);
		return 1;
	}
	for (unsigned int pass = 0; pass < passes && !interrupted; pass++) {
		for (i = 0; i < n && !interrupted; i++) {
			struct ab_job one = jobs[i];
			struct ab_result res;

			if (pass > 0 && acc[i].status != AB_STATUS_OK)
				continue; /* skipped or failed: said once, in its row */
			one.repeats = 1;
			if (s->show_progress)
				progress((size_t)pass * n + i, (size_t)passes * n, start, &jobs[i]);
			ab_job_run(&one, &res);
			if (s->show_progress)
				fprintf(stderr, "\r\033[K");
			if (interrupted && res.status != AB_STATUS_OK) {
				job_stopped(&jobs[i], &res);
				break;
			}
			if (take_pass(&acc[i], &res, pass)) {
				ab_err("out of memory for the samples of job %zu\n", i + 1);
				ab_result_free(&res);
				acc[i].status = AB_STATUS_FAILED;
				snprintf(acc[i].reason, sizeof(acc[i].reason), "out of memory");
			}
		}
	}
	/* A signal keeps the jobs whose every pass ran (and those skipped or failed). */
	for (i = 0; i < n; i++) {
		if (acc[i].status == AB_STATUS_OK && acc[i].n_samples < passes) {
			if (acc[i].n_samples)
				ab_err("%s %s %s %zu B: %u of %u passes before the signal; not "
				       "saved\n",
				       jobs[i].backend->name, jobs[i].mode, jobs[i].alg->name,
				       jobs[i].size, acc[i].n_samples, passes);
			ab_result_free(&acc[i]);
			continue;
		}
		acc[i].job.repeats = passes;
		if (acc[i].status == AB_STATUS_OK)
			ab_result_stats(&acc[i]);
		job_done(s, &acc[i], i, &status);
	}
	free(acc);
	return status;
}

static int open_json(struct run_state *s)
{
	char why[AB_WHY_LEN] = "out of memory";
	char *path;
	int err;

	if (!s->plan.out)
		return 0;
	path = json_path(s->plan.out, &s->run);
	err = path ? ab_json_open(path, &s->run, &s->json, why) : -ENOMEM;
	if (err) {
		ab_err("cannot write %s: %s\n", path ? path : s->plan.out, why);
		free(path);
		return err;
	}
	if (strcmp(path, "-"))
		ab_err("results go to %s\n", path);
	s->json_path = path;
	return 0;
}

/* The last write of the result file; 0, or -errno said on stderr. */
static int close_json(struct run_state *s)
{
	char why[AB_WHY_LEN];
	int err = ab_json_close(s->json, why);

	if (err)
		ab_err("cannot write %s: %s\n", s->json_path, why);
	free(s->json_path);
	s->json = NULL;
	s->json_path = NULL;
	return err;
}

static void print_jobs(const struct ab_job *jobs, size_t n)
{
	for (size_t i = 0; i < n; i++)
		printf("%s %s %s %u %s %zu %u\n", jobs[i].backend->name, jobs[i].mode,
		       jobs[i].alg->name, jobs[i].key->bits, ab_op_name(jobs[i].op), jobs[i].size,
		       jobs[i].threads);
	printf("# %zu jobs\n", n);
}

static int stop_trace(struct run_state *s)
{
	char why[AB_WHY_LEN] = "";
	int err = trace_probes_remove(s->trace, why);

	if (err)
		ab_err("--trace: %s\n", why);
	s->trace = NULL;
	return err;
}

/*
 * --energy-model SRC, before any job: 0 with s->em_on when a model was
 * found, 0 after a one-line note when this machine has none (the run goes
 * on), or the usage error's exit status when SRC itself is wrong.
 */
static int open_energy_model(struct run_state *s)
{
	const struct ab_opt_cmd *c = s->suite ? &ab_suite_cmd : &ab_run_cmd;
	char why[AB_WHY_LEN];

	if (!s->plan.energy_model)
		return 0;
	switch (ab_em_source_open(s->plan.energy_model, &s->em, why)) {
	case AB_EM_OPEN_OK:
		s->em_on = 1;
		return 0;
	case AB_EM_OPEN_NONE:
		ab_err("--energy-model %s: %s; the run goes on without energy "
		       "estimates\n",
		       s->plan.energy_model, why);
		return 0;
	default:
		return ab_opt_error(c, "--energy-model: %s", why);
	}
}

/* --trace: the probes of algbench trace, on for the whole run (removed by stop_trace). */
static int start_trace(struct run_state *s)
{
	static struct trace_session session;
	struct trace_opts o = { .engine = TRACE_ENGINE_AUTO };
	char why[AB_WHY_LEN] = "";
	int err;

	if (!s->json) {
		ab_err("--trace puts the counters in the result JSON: add --json\n");
		return -EINVAL;
	}
	if (s->plan.trace_engine)
		trace_engine_parse(s->plan.trace_engine, &o); /* one of .choices */
	err = trace_session_start(&session, &o, why);
	if (session.bpf_why[0] && strcmp(session.bpf_why, why))
		ab_err("--trace: not the BPF engine: %s\n", session.bpf_why);
	if (err) {
		ab_err("--trace: %s\n", why);
		return err;
	}
	s->trace = &session;
	return 0;
}

/* --perf: said once up front; each job still tries and its JSON says why not. */
static void say_if_no_perf(void)
{
	struct ab_perf p;
	char why[AB_WHY_LEN];

	if (ab_perf_open(&p, 0, -1, why))
		ab_err("perf counters unavailable: %s; timing only\n", why);
	else
		ab_perf_close(&p);
}

/* --start-at: sleep until AT on the wall clock; 0, or -errno (-EINVAL said on stderr). */
static int wait_for_start(double at)
{
	struct timespec now, until = { (time_t)at, (long)((at - (double)(time_t)at) * 1e9) };
	double diff;
	int err;

	clock_gettime(CLOCK_REALTIME, &now);
	diff = at - ((double)now.tv_sec + (double)now.tv_nsec / 1e9);
	if (diff < -1 || diff > 3600) {
		ab_err("--start-at %.3f is %.1f s %s; pick a time a few seconds "
		       "ahead for every process\n",
		       at, diff < 0 ? -diff : diff, diff < 0 ? "in the past" : "away");
		return -EINVAL;
	}
	while ((err = clock_nanosleep(CLOCK_REALTIME, TIMER_ABSTIME, &until, NULL)) == EINTR &&
	       !interrupted)
		;
	return err && err != EINTR ? -err : 0;
}

/* Options that make no sense together: the usage error's exit status, or 0. */
static int refuse_combinations(const struct ab_plan *p, const struct ab_opt_cmd *c)
{
	const char *export = p->csv ? "--csv" : "--markdown";

	if (p->seconds <= 0)
		return ab_opt_error(c, "--seconds must be above 0");
	if (p->trace && !p->out)
		return ab_opt_error(c, "--trace puts the counters in the result JSON: add --json");
	if (p->trace && p->interleave)
		return ab_opt_error(
			c, "--trace counts each job between its start and its end, "
			   "--interleave runs it in passes between the others': choose one");
	if (p->csv && p->markdown)
		return ab_opt_error(c, "--csv and --markdown both print the table on stdout: "
				       "choose one");
	if ((p->csv || p->markdown) && p->out && !strcmp(p->out, "-"))
		return ab_opt_error(c, "--json - and %s both print on stdout: give --json a file",
				    export);
	if ((p->csv || p->markdown) && p->dry_run)
		return ab_opt_error(c, "--dry-run prints the job list, not results: drop %s",
				    export);
	if (p->quiet && !p->out && !p->csv && !p->markdown && !p->dry_run)
		return ab_opt_error(c, "--quiet alone would keep nothing: add --json, --csv or "
				       "--markdown");
	return 0;
}

static int bench_main(const struct ab_plan *plan, int suite)
{
	struct run_state s = { .plan = *plan, .suite = suite };
	char why[AB_WHY_LEN];
	struct ab_job *jobs = NULL;
	unsigned long lost;
	size_t n = 0;
	int ret;

	if ((ret = refuse_combinations(&s.plan, suite ? &ab_suite_cmd : &ab_run_cmd)))
		return ret;
	if (ab_plan_jobs(&s.plan, &jobs, &n, why)) {
		ab_err("%s\n", why);
		return 2;
	}
	ret = open_energy_model(&s);
	if (ret || s.plan.dry_run) {
		if (!ret)
			print_jobs(jobs, n);
		free(jobs);
		return ret;
	}
	trace_catch_stop(on_signal, 1);
	if (s.plan.start_at > 0 && wait_for_start(s.plan.start_at)) {
		free(jobs);
		return 2;
	}
	if (interrupted) {
		free(jobs);
		return 128 + interrupted;
	}
	ab_run_info_collect(&s.run);
	if (open_json(&s)) {
		free(jobs);
		return 2;
	}
	if (s.json && s.em_on && ab_json_set_run(s.json, "energy_model", em_json(&s))) {
		close_json(&s);
		free(jobs);
		return 1;
	}
	if (s.plan.perf)
		say_if_no_perf();
	if (s.plan.trace && start_trace(&s)) {
		close_json(&s);
		free(jobs);
		return 1;
	}
	/* Markers where the kernel offers them; without, the run is the same (docs/trace.md). */
	trace_markers_open();
	s.export_on = s.plan.csv || s.plan.markdown;
	s.export = s.plan.csv ? AB_TABLE_CSV : AB_TABLE_MARKDOWN;
	s.table = s.plan.quiet || s.export_on		   ? NULL
		  : s.plan.out && !strcmp(s.plan.out, "-") ? stderr
							   : stdout;
	s.show_progress = !s.plan.quiet && ab_progress_terminal();
	ab_report_init(&s.report);
	if (s.table)
		ab_report_header(s.table, &s.run, n);
	if (s.export_on)
		ab_table_export_header(stdout, s.export);
	if (s.table && s.em_on) {
		char text[1024];

		ab_em_source_text(&s.em, text, sizeof(text));
		fprintf(s.table, "# %s\n", text);
	}
	say_backend_notes(jobs, n);
	ret = s.plan.interleave ? run_jobs_interleaved(&s, jobs, n) : run_jobs(&s, jobs, n);
	if (s.table)
		ab_report_summary(s.table, &s.report);
	ab_report_free(&s.report);
	if (s.trace && stop_trace(&s))
		ret = 1;
	lost = trace_markers_close();
	if (lost)
		ab_err("%lu job marker writes to user_events failed\n", lost);
	if (close_json(&s))
		ret = 1;
	if (abk_unload_if_loaded_here(why))
		ab_err("%s; unload it with 'rmmod algbench'\n", why);
	free(jobs);
	if (interrupted) {
		ab_err("interrupted; finished jobs are saved\n");
		return 128 + interrupted;
	}
	return ret;
}

/* No operands: the descriptors refuse them. */
static int run_main(void *plan, int argc, char **argv)
{
	(void)argc, (void)argv;
	return bench_main(plan, 0);
}

static int suite_main(void *plan, int argc, char **argv)
{
	(void)argc, (void)argv;
	return bench_main(plan, 1);
}

const struct ab_opt_cmd ab_run_cmd = {
	"run",
	"[OPTIONS]",
	bench_opts,
	sizeof(struct ab_plan),
	run_main,
	.about = "Runs the jobs the flags choose (each list is comma-separated) and prints a\n"
		 "table. --quick is a first look in about a minute; suite is the whole set.\n",
	.after = KAT_CHECK PROGRESS KAT_AND_STOP EXIT_STATUS,
};

const struct ab_opt_cmd ab_suite_cmd = {
	"suite",
	"[OPTIONS]",
	bench_opts,
	sizeof(struct ab_plan),
	suite_main,
	.about = "Runs the default set: every catalogue algorithm and key size x sizes x every\n"
		 "backend and mode x threads 1 and all.\n",
	.after = KAT_CHECK PROGRESS KAT_AND_STOP EXIT_STATUS,
	.defaults = (const struct ab_opt_default[]){ { "sizes", "16,64,256,1024,4096,16384,65536" },
						     { "threads", "1,all" },
						     { NULL, NULL } },
};
