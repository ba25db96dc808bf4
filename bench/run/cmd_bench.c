// SPDX-License-Identifier: GPL-2.0
/* `algbench run` and `algbench suite`: flags -> jobs -> table + result JSON. */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "command.h"
#include "report/report.h"
#include "report/result_json.h"
#include "run/harness.h"
#include "run/plan.h"
#include "sys/cpu.h"
#include "sys/progress.h"
#include "trace/counts_json.h"
#include "trace/probes.h"

static volatile sig_atomic_t interrupted;

/*
 * The first SIGINT/SIGTERM stops the job in flight at once (its partial
 * samples are dropped) and the run ends with the finished jobs saved; the
 * handler is one-shot (SA_RESETHAND), so a second signal kills at once,
 * should anything block (the result file on disk is then at most a second
 * behind: result_json.h).
 */
static void on_signal(int sig)
{
	interrupted = sig;
	ab_job_stop();
}

static void catch_stop_signals(void)
{
	struct sigaction sa = { .sa_handler = on_signal, .sa_flags = SA_RESETHAND };

	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
}

static const char *const suite_sizes = "16,64,256,1024,4096,16384,65536";

static void usage(FILE *out, const char *cmd, int suite)
{
	fprintf(out,
		"usage: algbench %s [OPTIONS]\n\n"
		"%s\n\n"
		"  --backend LIST   backends (default: all registered:",
		cmd,
		suite ? "Runs the default set: every catalogue algorithm and key size x sizes x "
			"every\n"
			"backend and mode x threads 1 and all, with progress on stderr when it is "
			"a terminal."
		      : "Runs the jobs the flags choose (each list is comma-separated) and prints "
			"a table.");
	for (size_t i = 0; i < ab_backends_len; i++)
		fprintf(out, " %s", ab_backends[i]->name);
	fprintf(out,
		")\n"
		"  --alg LIST       catalogue algorithms, e.g. 'gcm(aes),sha256' (default: all)\n"
		"  --type LIST      aead, skcipher, hash, acomp (default: all)\n"
		"  --op LIST        encrypt, decrypt, digest, compress, decompress (default: all "
		"that apply)\n"
		"  --keys LIST      key sizes in bits, e.g. 128,256 (default: every size in the "
		"catalogue)\n"
		"  --mode LIST      afalg: sendmsg, vmsplice, aio; openssl: evp; kmod: sync, "
		"async\n"
		"                   (default: every "
		"mode)\n"
		"  --sizes LIST     payload bytes per operation, k/m suffixes (default: %s)\n"
		"  --threads LIST   pinned threads, 1..CPUs or 'all' (default: %s)\n"
		"  --seconds S      length of one sample (default: 1)\n"
		"  --warmup S       untimed operations before the samples (default: 0.2)\n"
		"  --repeats N      samples per job (default: 5)\n"
		"  --json PATH      write result JSON (schema algbench/1) to PATH, atomically; '-' "
		"prints it\n"
		"                   on stdout (the table then goes to stderr); a directory gets\n"
		"                   DIR/<run-id>.json. --out is the same. Default: no JSON.\n"
		"  --quiet          no table\n"
		"  --dry-run        print the job list (backend mode alg key op size threads) and "
		"exit\n"
		"  --trace          each job's crypto API counters per driver (algbench trace's\n"
		"                   probes, needs root and tracefs) as \"trace\" in the result "
		"JSON\n"
		"  --help           this text\n\n"
		"Every job checks a known answer (OpenSSL's output; crc32c: RFC 3720) before it "
		"is\n"
		"timed; a mismatch fails the job.\nExit status: 0 every job ran; 1 %s;\n"
		"2 bad usage. A suite run keeps going after a failed job; Ctrl-C stops after the\n"
		"current job and keeps what finished.\n",
		suite ? suite_sizes : "4096", suite ? "1,all" : "1",
		suite ? "a job failed, or was skipped because this kernel lacks\nsomething (skips "
			"by design, such as acomp without an in-kernel backend or\ncrc32c in "
			"OpenSSL, excepted)"
		      : "a job failed or was skipped");
}

enum {
	OPT_BACKEND = 256,
	OPT_ALG,
	OPT_TYPE,
	OPT_OP,
	OPT_KEYS,
	OPT_MODE,
	OPT_SIZES,
	OPT_THREADS,
	OPT_SECONDS,
	OPT_WARMUP,
	OPT_REPEATS,
	OPT_JSON,
	OPT_QUIET,
	OPT_DRY_RUN,
	OPT_TRACE,
	OPT_HELP
};

static const struct option long_opts[] = {
	{ "backend", required_argument, NULL, OPT_BACKEND },
	{ "alg", required_argument, NULL, OPT_ALG },
	{ "type", required_argument, NULL, OPT_TYPE },
	{ "op", required_argument, NULL, OPT_OP },
	{ "keys", required_argument, NULL, OPT_KEYS },
	{ "mode", required_argument, NULL, OPT_MODE },
	{ "sizes", required_argument, NULL, OPT_SIZES },
	{ "threads", required_argument, NULL, OPT_THREADS },
	{ "seconds", required_argument, NULL, OPT_SECONDS },
	{ "warmup", required_argument, NULL, OPT_WARMUP },
	{ "repeats", required_argument, NULL, OPT_REPEATS },
	{ "json", required_argument, NULL, OPT_JSON },
	{ "out", required_argument, NULL, OPT_JSON },
	{ "quiet", no_argument, NULL, OPT_QUIET },
	{ "dry-run", no_argument, NULL, OPT_DRY_RUN },
	{ "trace", no_argument, NULL, OPT_TRACE },
	{ "help", no_argument, NULL, OPT_HELP },
	{ NULL, 0, NULL, 0 },
};

static int parse_opt(int opt, const char *arg, struct ab_plan *p, char *why)
{
	switch (opt) {
	case OPT_BACKEND:
		return ab_parse_backends(arg, p, why);
	case OPT_ALG:
		return ab_parse_algs(arg, p, why);
	case OPT_TYPE:
		return ab_parse_types(arg, p, why);
	case OPT_OP:
		return ab_parse_ops(arg, p, why);
	case OPT_KEYS:
		return ab_parse_keys(arg, p, why);
	case OPT_MODE:
		return ab_parse_modes(arg, p, why);
	case OPT_SIZES:
		return ab_parse_sizes(arg, p, why);
	case OPT_THREADS:
		return ab_parse_threads(arg, ab_cpus_usable(), p, why);
	case OPT_SECONDS:
		return ab_parse_seconds(arg, &p->seconds, why);
	case OPT_WARMUP:
		return ab_parse_seconds(arg, &p->warmup, why);
	case OPT_REPEATS:
		return ab_parse_count(arg, &p->repeats, why);
	case OPT_JSON:
		p->out = arg;
		return 0;
	case OPT_QUIET:
		p->quiet = 1;
		return 0;
	case OPT_DRY_RUN:
		p->dry_run = 1;
		return 0;
	case OPT_TRACE:
		p->trace = 1;
		return 0;
	default:
		return -1;
	}
}

static int set_defaults(struct ab_plan *p, int suite, char *why)
{
	p->seconds = 1;
	p->warmup = 0.2;
	p->repeats = 5;
	for (size_t i = 0; i < ab_backends_len; i++)
		p->backends[p->n_backends++] = ab_backends[i];
	if (ab_parse_sizes(suite ? suite_sizes : "4096", p, why))
		return -1;
	return ab_parse_threads(suite ? "1,all" : "1", ab_cpus_usable(), p, why);
}

/* 0 ok, 1 help shown, 2 usage error (message printed). */
static int parse_args(int argc, char **argv, struct ab_plan *p, int suite)
{
	char why[AB_WHY_LEN] = "";
	int opt;

	if (set_defaults(p, suite, why)) {
		fprintf(stderr, "algbench %s: %s\n", argv[0], why);
		return 2;
	}
	optind = 1;
	opterr = 0;
	while ((opt = getopt_long(argc, argv, "", long_opts, NULL)) != -1) {
		if (opt == OPT_HELP) {
			usage(stdout, argv[0], suite);
			return 1;
		}
		if (opt == '?' || opt == ':') {
			fprintf(stderr,
				"algbench %s: unknown option or missing value: '%s' (see --help)\n",
				argv[0], argv[optind - 1]);
			return 2;
		}
		if (parse_opt(opt, optarg, p, why)) {
			fprintf(stderr, "algbench %s: %s\n", argv[0], why);
			return 2;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "algbench %s: unexpected argument '%s' (see --help)\n", argv[0],
			argv[optind]);
		return 2;
	}
	if (p->seconds <= 0) {
		fprintf(stderr, "algbench %s: --seconds must be above 0\n", argv[0]);
		return 2;
	}
	return 0;
}

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
	FILE *table;
	int suite, show_progress, json_failed;
	struct ab_report report;
	struct trace_session *trace; /* --trace: probes installed for the whole run */
};

/* One reading of the probes' counters: count, or -1 (said on stderr). */
static int trace_read(struct run_state *s, struct trace_counts *c)
{
	char why[512] = "";
	int n = trace_probes_read(s->trace, c, TRACE_MAX_DRIVERS, why, sizeof(why));

	if (n < 0)
		fprintf(stderr, "algbench: --trace: %s\n", why);
	return n;
}

/* The job's counters: what moved between the readings before and after it. */
static void add_result(struct run_state *s, const struct ab_result *res, size_t i, int *status)
{
	static struct trace_counts before[TRACE_MAX_DRIVERS], after[TRACE_MAX_DRIVERS];
	static int nb;
	json_t *trace = NULL;
	int na, err;

	if (s->trace && (na = trace_read(s, after)) >= 0) {
		trace = json_pack("{s:s, s:s?, s:o}", "mode", s->trace->mode, "err_cnt_unavailable",
				  s->trace->exit_probes ? NULL : s->trace->no_ret_why, "drivers",
				  trace_counts_json(before, nb, after, na, s->trace->exit_probes));
		memcpy(before, after, sizeof(after[0]) * (size_t)na);
		nb = na;
	}
	err = ab_json_add_extra(s->json, res, "trace", trace);
	/* say it once; the results stay in memory and the close retries */
	if (err && !s->json_failed++)
		fprintf(stderr,
			"algbench %s: cannot update the result file (%s) after job %zu; "
			"the run goes on and writes it again at the end\n",
			s->suite ? "suite" : "run", strerror(-err), i + 1);
	if (err)
		*status = 1;
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
			/* cut short: neither a result nor a failure of the job */
			fprintf(stderr,
				"algbench %s: %s %s %s %zu B stopped by signal %d; not saved\n",
				s->suite ? "suite" : "run", jobs[i].backend->name, jobs[i].mode,
				jobs[i].alg->name, jobs[i].size, (int)interrupted);
			ab_result_free(&res);
			break;
		}
		if (s->table)
			ab_report_row(s->table, &res);
		if (res.status == AB_STATUS_FAILED ||
		    (res.status == AB_STATUS_SKIPPED && !(s->suite && ab_job_unrunnable(&jobs[i]))))
			status = 1;
		if (s->json)
			add_result(s, &res, i, &status);
		ab_report_add(&s->report, &res);
		ab_result_free(&res);
	}
	return status;
}

static int open_json(struct run_state *s)
{
	char *path;

	if (!s->plan.out)
		return 0;
	path = json_path(s->plan.out, &s->run);
	if (!path)
		return -1;
	s->json = ab_json_open(path, &s->run);
	if (s->json && strcmp(path, "-"))
		fprintf(stderr, "algbench: results go to %s\n", path);
	free(path);
	return s->json ? 0 : -1;
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
	char why[1024] = "";
	int err = trace_probes_remove(s->trace, why, sizeof(why));

	if (err)
		fprintf(stderr, "algbench: --trace: %s\n", why);
	s->trace = NULL;
	return err;
}

/* --trace: the probes of algbench trace, on for the whole run (removed by stop_trace). */
static int start_trace(struct run_state *s)
{
	static struct trace_session session;
	char why[1400] = "";

	if (!s->json) {
		fprintf(stderr,
			"algbench: --trace puts the counters in the result JSON: add --json\n");
		return -1;
	}
	if (trace_session_open(&session, 0, why, sizeof(why))) {
		fprintf(stderr, "algbench: --trace: %s\n", why);
		return -1;
	}
	s->trace = &session;
	if (trace_probes_install(s->trace, why, sizeof(why))) {
		fprintf(stderr, "algbench: --trace: %s\n", why);
		stop_trace(s);
		return -1;
	}
	return 0;
}

static int bench_main(int argc, char **argv, int suite)
{
	struct run_state s = { .suite = suite };
	char why[AB_WHY_LEN];
	struct ab_job *jobs = NULL;
	size_t n = 0;
	int ret;

	ret = parse_args(argc, argv, &s.plan, suite);
	if (ret)
		return ret == 1 ? 0 : 2;
	if (ab_plan_jobs(&s.plan, &jobs, &n, why)) {
		fprintf(stderr, "algbench %s: %s\n", argv[0], why);
		return 2;
	}
	if (s.plan.dry_run) {
		print_jobs(jobs, n);
		free(jobs);
		return 0;
	}
	ab_run_info_collect(&s.run);
	if (open_json(&s)) {
		free(jobs);
		return 2;
	}
	catch_stop_signals();
	if (s.plan.trace && start_trace(&s)) {
		ab_json_close(s.json);
		free(jobs);
		return 1;
	}
	s.table = s.plan.quiet ? NULL : s.plan.out && !strcmp(s.plan.out, "-") ? stderr : stdout;
	s.show_progress = suite && !s.plan.quiet && ab_progress_terminal();
	ab_report_init(&s.report);
	if (s.table)
		ab_report_header(s.table, &s.run, n);
	ret = run_jobs(&s, jobs, n);
	if (s.table)
		ab_report_summary(s.table, &s.report);
	ab_report_free(&s.report);
	if (s.trace && stop_trace(&s))
		ret = 1;
	if (ab_json_close(s.json))
		ret = 1;
	free(jobs);
	if (interrupted) {
		fprintf(stderr, "algbench %s: interrupted; finished jobs are saved\n", argv[0]);
		return 128 + interrupted;
	}
	return ret;
}

int cmd_run(int argc, char **argv)
{
	return bench_main(argc, argv, 0);
}

int cmd_suite(int argc, char **argv)
{
	return bench_main(argc, argv, 1);
}
