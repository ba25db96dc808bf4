// SPDX-License-Identifier: GPL-2.0
/*
 * algbench trace -- CMD: GETSTAT's counters for what CMD does, from probes
 * on the crypto API aggregated in the kernel by hist triggers; the probes
 * exist only while CMD runs (docs/trace.md).
 */
#include <errno.h>
#include <jansson.h>
#include <signal.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "command.h"
#include "sys/json_out.h"
#include "trace/counts_json.h"
#include "trace/markers.h"
#include "trace/probes.h"

extern char **environ;

static volatile sig_atomic_t got_signal;
static volatile pid_t child = -1;

static void on_signal(int sig, siginfo_t *si, void *ctx)
{
	(void)ctx;
	got_signal = sig;
	/*
	 * A kill(2) aimed at us is passed on. A terminal's Ctrl-C (SI_KERNEL)
	 * went to the foreground process group: CMD has it too while it is in
	 * ours, and a second one would turn its clean stop into a kill (algbench
	 * run's handler is one-shot); a CMD that left our group (setsid,
	 * timeout) never saw it, so it is passed on. getpgid is one system call
	 * (not on POSIX's async-signal-safe list, but it takes no lock).
	 */
	if (child > 0 && (!si || si->si_code <= 0 || getpgid(child) != getpgrp()))
		kill(child, sig);
}

static void catch_signals(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_signal;
	sa.sa_flags = SA_SIGINFO; /* no SA_RESTART: waitpid returns EINTR */
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
}

/*
 * Starts argv[0] from PATH; its pid, or -errno. Not sys/spawn's ab_spawn,
 * which waits without handing out the pid that signals are passed on to.
 */
static pid_t spawn_cmd(char **argv)
{
	pid_t pid;
	int err = posix_spawnp(&pid, argv[0], NULL, NULL, argv, environ);

	return err ? -err : pid;
}

/* CMD's exit status as a shell reports it (128+signal when killed). */
static int wait_cmd(pid_t pid)
{
	int st;

	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			return 1;
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

/* A usage error: one line naming the fault and where help is; exit 2. */
__attribute__((format(printf, 1, 2))) static int usage_error(const char *fmt, ...)
{
	va_list ap;

	fputs("algbench trace: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputs(" (see algbench trace --help)\n", stderr);
	return 2;
}

static int usage(FILE *out)
{
	fprintf(out,
		"usage: algbench trace [--engine auto|bpf|bpf-fast|tracefs] [--fast] [--json PATH] [--kprobe] "
		"-- CMD [ARGS...]\n\n"
		"Runs CMD with probes on the crypto API's entry points and prints, per driver,\n"
		"the counters CONFIG_CRYPTO_STATS kept (encrypt/decrypt/hash/compress/decompress\n"
		"counts and bytes, err_cnt), counted in the kernel by one of two engines:\n"
		"  bpf      fentry programs (+ fexit on errors only) counting into a per-CPU map\n"
		"           (needs /sys/kernel/btf/vmlinux, bpf() and root)\n"
		"  tracefs  return probes (fprobe %%return, else kretprobe) and hist triggers\n"
		"auto (the default) uses bpf where every program loads and attaches, else\n"
		"tracefs, and says why. Drivers named __* (internal, e.g. the inner layer of "
		"a\n"
		"SIMD wrapper) are shown under their outer driver and never added to it. The "
		"probes\n"
		"live in the event group '" TRACE_GROUP
		"' and are removed when CMD ends, on Ctrl-C,\n"
		"SIGTERM and on errors. Needs root and tracefs. Where return probes cannot read\n"
		"arguments (before 6.9) entry probes count, err_cnt is n/a, and return probes\n"
		"with $retval only count each function's failed calls (all drivers together).\n"
		"Without BTF argument names the fields are fetched at offsets from\n"
		"/sys/kernel/btf/vmlinux, else from algbench_trace.ko (modprobe'd for the read).\n\n"
		"It also registers algbench's job marker user event for as long as CMD runs\n"
		"and says how (user_events: multi-format registered as\n"
		"user_events_multi/" TRACE_MARKER_NAME ".N, the single-format fallback, or why it\n"
		"is unavailable); an algbench run inside CMD then writes to that same tracepoint\n"
		"while a tracer enables it.\n\n"
		"  --json PATH  the counters as JSON ('-': stdout); the table always goes to "
		"stderr\n"
		"  --engine E   auto (default), bpf, bpf-fast (= bpf --fast) or tracefs\n"
		"  --fast       bpf: entry programs only (cheaper; no err_cnt, errors count as "
		"operations)\n"
		"  --kprobe     tracefs: kprobe_events with offsets (BTF, else algbench_trace.ko), "
		"not fprobes\n\n"
		"Exit status: CMD's; 2 bad usage; 1 tracing could not be set up.\n");
	return out == stdout ? 0 : 2;
}

static void print_row(const struct trace_counts *c, int have_err, const char *indent)
{
	char err[24] = "n/a";

	if (have_err)
		snprintf(err, sizeof(err), "%llu", (unsigned long long)c->err_cnt);
	fprintf(stderr,
		"%s%-*s %9llu %11llu %9llu %11llu %9llu %11llu %9llu %11llu %9llu %11llu %7s\n",
		indent, (int)(34 - strlen(indent)), c->driver, (unsigned long long)c->enc_cnt,
		(unsigned long long)c->enc_len, (unsigned long long)c->dec_cnt,
		(unsigned long long)c->dec_len, (unsigned long long)c->hash_cnt,
		(unsigned long long)c->hash_len, (unsigned long long)c->comp_cnt,
		(unsigned long long)c->comp_len, (unsigned long long)c->decomp_cnt,
		(unsigned long long)c->decomp_len, err);
}

/* Outer drivers, each followed by its __ inner layer; an orphan inner row last. */
static void print_table(const struct trace_session *s, const struct trace_counts *c, int n)
{
	if (s->bpf_why[0])
		fprintf(stderr, "algbench trace: not the BPF engine: %s\n", s->bpf_why);
	fprintf(stderr, "algbench trace: %s\n", s->mode);
	for (unsigned int i = 0; i < s->n_probes; i++)
		if (!s->probes[i].probed)
			fprintf(stderr, "algbench trace: %s: not a function here; not counted\n",
				s->probes[i].func);
		else if (strcmp(s->probes[i].probed, s->probes[i].func))
			fprintf(stderr, "algbench trace: %s: inline here; probed instead: %s\n",
				s->probes[i].func, s->probes[i].probed);
	if (!s->exit_probes)
		fprintf(stderr, "algbench trace: err_cnt unavailable: %s\n", s->no_ret_why);
	if (!s->exit_probes && !s->err_probes)
		fprintf(stderr, "algbench trace: failed calls per function unavailable too: %s\n",
			s->no_err_probes_why);
	for (unsigned int i = 0; s->err_probes && i < s->n_probes; i++)
		if (s->probes[i].err_trig)
			fprintf(stderr,
				"algbench trace: %s failed %llu times (all drivers together: a "
				"return probe with $retval only)\n",
				s->probes[i].probed, (unsigned long long)s->probes[i].errors);
	fprintf(stderr, "%-34s %9s %11s %9s %11s %9s %11s %9s %11s %9s %11s %7s\n", "driver",
		"enc_cnt", "enc_tlen", "dec_cnt", "dec_tlen", "hash_cnt", "hash_tlen", "comp_cnt",
		"comp_tlen", "dcmp_cnt", "dcmp_tlen", "err_cnt");
	for (int i = 0; i < n; i++) {
		if (trace_is_inner(c[i].driver))
			continue;
		print_row(&c[i], s->exit_probes, "");
		for (int j = 0; j < n; j++)
			if (trace_is_inner(c[j].driver) && !strcmp(c[j].driver + 2, c[i].driver))
				print_row(&c[j], s->exit_probes, "  ");
	}
	for (int j = 0; j < n; j++) {
		int outer = 0;

		for (int i = 0; i < n && trace_is_inner(c[j].driver); i++)
			outer |= !strcmp(c[j].driver + 2, c[i].driver);
		if (trace_is_inner(c[j].driver) && !outer)
			print_row(&c[j], s->exit_probes, "");
	}
}

static int write_json(const char *path, const struct trace_session *s, const struct trace_counts *c,
		      int n, int cmd_status)
{
	json_t *root = json_object(), *probes = json_array();
	int ret;

	for (unsigned int i = 0; i < s->n_probes; i++)
		json_array_append_new(probes,
				      json_pack("{s:s, s:s?}", "function", s->probes[i].func,
						"probed", s->probes[i].probed));
	json_object_set_new(root, "engine", json_string(s->bpf ? "bpf" : "tracefs"));
	json_object_set_new(root, "bpf_unavailable",
			    s->bpf_why[0] ? json_string(s->bpf_why) : json_null());
	json_object_set_new(root, "mode", json_string(s->mode));
	json_object_set_new(root, "return_probes", json_boolean(s->exit_probes));
	json_object_set_new(root, "err_cnt_unavailable",
			    s->exit_probes ? json_null() : json_string(s->no_ret_why));
	json_object_set_new(root, "command_status", json_integer(cmd_status));
	json_object_set_new(root, "errors_by_function", s->err_probes ? json_array() : json_null());
	for (unsigned int i = 0; s->err_probes && i < s->n_probes; i++)
		if (s->probes[i].err_trig)
			json_array_append_new(json_object_get(root, "errors_by_function"),
					      json_pack("{s:s, s:I}", "function", s->probes[i].probed,
							"err_cnt", (json_int_t)s->probes[i].errors));
	json_object_set_new(root, "user_events", json_string(trace_markers_status()));
	json_object_set_new(root, "probes", probes);
	json_object_set_new(root, "drivers", trace_counts_json(NULL, 0, c, n, s->exit_probes));
	ret = ab_json_write(path, root, 0);
	json_decref(root);
	if (ret)
		fprintf(stderr, "algbench trace: cannot write %s: %s\n", path, strerror(-ret));
	return ret ? -1 : 0;
}

/* Probes on, CMD, counters; the caller removes the probes whatever happened. */
static int traced_run(struct trace_session *s, char **cmd, const char *json, int *status)
{
	static struct trace_counts counts[TRACE_MAX_DRIVERS];
	char why[1400] = "";
	pid_t pid;
	int n;

	if (trace_probes_install(s, why, sizeof(why)))
		return fprintf(stderr, "algbench trace: %s\n", why), -1;
	if (got_signal)
		return fprintf(stderr, "algbench trace: interrupted before CMD started\n"), -1;
	pid = spawn_cmd(cmd);
	if (pid < 0)
		return fprintf(stderr, "algbench trace: cannot run %s: %s\n", cmd[0],
			       strerror(-pid)),
		       -1;
	child = pid;
	if (got_signal) /* arrived between spawn and child = pid */
		kill(pid, got_signal);
	*status = wait_cmd(pid);
	child = -1;
	n = trace_probes_read(s, counts, TRACE_MAX_DRIVERS, why, sizeof(why));
	if (n < 0)
		return fprintf(stderr, "algbench trace: reading the hist triggers: %s\n", why), -1;
	print_table(s, counts, n);
	return json && write_json(json, s, counts, n, *status) ? -1 : 0;
}

int cmd_trace(int argc, char **argv)
{
	struct trace_opts opts = { .engine = TRACE_ENGINE_AUTO };
	const char *json = NULL;
	int status = 1, i, ret;
	struct trace_session s;
	char why[1400] = "";

	/*
	 * Options end at "--" (CMD's own options follow), which the option table's
	 * getopt_long would permute past; so parsed here, with its error format:
	 * one line, "algbench trace: ...", exit 2.
	 */
	for (i = 1; i < argc && strcmp(argv[i], "--"); i++) {
		const char *opt = argv[i];

		if (!strcmp(opt, "--help") || !strcmp(opt, "-h"))
			return usage(stdout);
		if ((!strcmp(opt, "--json") || !strcmp(opt, "--engine")) &&
		    (i + 1 >= argc || !strcmp(argv[i + 1], "--")))
			return usage_error("option '%s' requires an argument", opt);
		if (!strcmp(opt, "--json"))
			json = argv[++i];
		else if (!strcmp(opt, "--kprobe"))
			opts.force_kprobe = 1;
		else if (!strcmp(opt, "--fast"))
			opts.fast = 1;
		else if (!strcmp(opt, "--engine")) {
			if (trace_engine_parse(argv[++i], &opts))
				return usage_error("--engine '%s': not auto, bpf, bpf-fast or tracefs",
						   argv[i]);
		} else
			return usage_error("unknown option '%s'", opt);
	}
	if (i + 1 >= argc)
		return usage_error("no command after '--'");
	if (opts.fast && opts.engine == TRACE_ENGINE_TRACEFS)
		return usage_error("--fast is a mode of the bpf engine");
	catch_signals();
	/* Held while CMD runs, so an algbench inside reuses this tracepoint (same name and fields). */
	trace_markers_open();
	fprintf(stderr, "algbench trace: user_events: %s\n", trace_markers_status());
	if (trace_session_open(&s, &opts, why, sizeof(why))) {
		if (s.bpf_why[0] && strcmp(s.bpf_why, why))
			fprintf(stderr, "algbench trace: not the BPF engine: %s\n", s.bpf_why);
		fprintf(stderr, "algbench trace: %s\n", why);
		trace_markers_close();
		return 1;
	}
	ret = traced_run(&s, argv + i + 1, json, &status);
	if (trace_probes_remove(&s, why, sizeof(why))) {
		fprintf(stderr, "algbench trace: %s\n", why);
		ret = -1;
	}
	if (s.foreign_triggers)
		fprintf(stderr,
			"algbench trace: removed %u trigger(s) not its own with its probes, first "
			"%s: the %s/* events exist only while algbench traces (put your own "
			"triggers on events of another group)\n",
			s.foreign_triggers, s.foreign_trigger, TRACE_GROUP);
	trace_markers_close();
	if (got_signal)
		return 128 + got_signal;
	return ret ? 1 : status;
}
