// SPDX-License-Identifier: GPL-2.0
/*
 * algbench trace -- CMD: GETSTAT's counters for what CMD does, from probes
 * on the crypto API aggregated in the kernel by hist triggers; the probes
 * exist only while CMD runs (docs/trace.md).
 */
#include <errno.h>
#include <jansson.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "command.h"
#include "sys/json_out.h"
#include "sys/spawn.h"
#include "trace/counts_json.h"
#include "trace/markers.h"
#include "trace/probes.h"

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

struct trace_cmd_opts {
	const char *json, *engine;
	int kprobe, fast;
};

static const struct ab_opt trace_options[] = {
	{ "json", 0, "PATH", AB_OPT_STR, offsetof(struct trace_cmd_opts, json),
	  .help = "the counters as JSON ('-': stdout); the table always goes to stderr",
	  .def_text = "none" },
	{ "engine", 0, "E", AB_OPT_STR, offsetof(struct trace_cmd_opts, engine),
	  .help = "bpf: fentry programs (+ fexit on errors only) counting into a per-CPU map "
		  "(needs /sys/kernel/btf/vmlinux, bpf() and root); tracefs: return probes "
		  "(fprobe %return, else kretprobe) and hist triggers; auto: bpf where every "
		  "program loads and attaches, else tracefs, and says why; bpf-fast: bpf --fast",
	  .choices = trace_engine_names, .def = "auto" },
	{ "fast", 0, NULL, AB_OPT_FLAG, offsetof(struct trace_cmd_opts, fast),
	  .help = "bpf: entry programs only (cheaper; no err_cnt, errors count as operations)" },
	{ "kprobe", 0, NULL, AB_OPT_FLAG, offsetof(struct trace_cmd_opts, kprobe),
	  .help = "tracefs: kprobe_events with offsets (BTF, else algbench_trace.ko), not "
		  "fprobes" },
	{ 0 },
};

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
		ab_err("not the BPF engine: %s\n", s->bpf_why);
	ab_err("%s\n", s->mode);
	for (unsigned int i = 0; i < s->n_probes; i++)
		if (!s->probes[i].probed)
			ab_err("%s: not a function here; not counted\n", s->probes[i].d->func);
		else if (strcmp(s->probes[i].probed, s->probes[i].d->func))
			ab_err("%s: inline here; probed instead: %s\n", s->probes[i].d->func,
			       s->probes[i].probed);
	if (!s->exit_probes)
		ab_err("err_cnt unavailable: %s\n", s->no_ret_why);
	if (!s->exit_probes && !s->err_probes)
		ab_err("failed calls per function unavailable too: %s\n", s->no_err_probes_why);
	for (unsigned int i = 0; s->err_probes && i < s->n_probes; i++)
		if (s->probes[i].err_trig)
			ab_err("%s failed %llu times (all drivers together: a return probe with "
			       "$retval only)\n",
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
	char why[AB_WHY_LEN];
	int ret;

	for (unsigned int i = 0; i < s->n_probes; i++)
		json_array_append_new(probes,
				      json_pack("{s:s, s:s?}", "function", s->probes[i].d->func,
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
					      json_pack("{s:s, s:I}", "function",
							s->probes[i].probed, "err_cnt",
							(json_int_t)s->probes[i].errors));
	json_object_set_new(root, "user_events", json_string(trace_markers_status()));
	json_object_set_new(root, "probes", probes);
	json_object_set_new(root, "drivers", trace_counts_json(NULL, 0, c, n, s->exit_probes));
	ret = ab_json_write(path, root, 0, why);
	json_decref(root);
	if (ret)
		ab_err("cannot write %s: %s\n", path, why);
	return ret ? -1 : 0;
}

/* CMD under the session's probes, then the counters. */
static int traced_run(struct trace_session *s, char **cmd, const char *json, int *status)
{
	static struct trace_counts counts[TRACE_MAX_DRIVERS];
	char why[AB_WHY_LEN] = "";
	pid_t pid;
	int n;

	if (got_signal) {
		ab_err("interrupted before CMD started\n");
		return -1;
	}
	pid = ab_spawn_start((const char *const *)cmd, why);
	if (pid < 0) {
		ab_err("%s\n", why);
		return -1;
	}
	child = pid;
	if (got_signal) /* arrived between spawn and child = pid */
		kill(pid, got_signal);
	/* as a shell says it (128+N: killed by signal N); 1 if it cannot be waited for */
	*status = ab_spawn_wait(cmd[0], pid, why);
	if (*status < 0)
		*status = 1;
	child = -1;
	n = trace_probes_read(s, counts, TRACE_MAX_DRIVERS, why);
	if (n < 0) {
		ab_err("reading the hist triggers: %s\n", why);
		return -1;
	}
	print_table(s, counts, n);
	return json && write_json(json, s, counts, n, *status) ? -1 : 0;
}

static int trace_main(void *opts, int argc, char **argv)
{
	const struct trace_cmd_opts *o = opts;
	struct trace_opts t = { .engine = TRACE_ENGINE_AUTO, .force_kprobe = o->kprobe };
	int status = 1, ret;
	struct trace_session s;
	char why[AB_WHY_LEN] = "";

	if (!argc)
		return ab_opt_error(&ab_trace_cmd, "no command to trace");
	trace_engine_parse(o->engine, &t); /* one of .choices */
	t.fast |= o->fast;
	if (t.fast && t.engine == TRACE_ENGINE_TRACEFS)
		return ab_opt_error(&ab_trace_cmd, "--fast is a mode of the bpf engine");
	trace_catch_stop(on_signal, 0);
	/* Held while CMD runs: an algbench inside reuses this tracepoint (same name, fields). */
	trace_markers_open();
	ab_err("user_events: %s\n", trace_markers_status());
	if (trace_session_start(&s, &t, why)) {
		if (s.bpf_why[0] && strcmp(s.bpf_why, why))
			ab_err("not the BPF engine: %s\n", s.bpf_why);
		ab_err("%s\n", why);
		trace_markers_close();
		return 1;
	}
	ret = traced_run(&s, argv, o->json, &status);
	if (trace_probes_remove(&s, why)) {
		ab_err("%s\n", why);
		ret = -1;
	}
	if (s.foreign_triggers)
		ab_err("removed %u trigger(s) not its own with its probes, first %s: the %s/* "
		       "events exist only while algbench traces (put your own triggers on events "
		       "of another group)\n",
		       s.foreign_triggers, s.foreign_trigger, TRACE_GROUP);
	trace_markers_close();
	if (got_signal)
		return 128 + got_signal;
	return ret ? 1 : status;
}

const struct ab_opt_cmd ab_trace_cmd = {
	"trace",
	"[--engine auto|bpf|bpf-fast|tracefs] [--fast] [--json PATH] [--kprobe] [--] CMD "
	"[ARGS...]",
	trace_options,
	sizeof(struct trace_cmd_opts),
	trace_main,
	.operands = true,
	.in_order = true,
	.about =
		"Runs CMD with probes on the crypto API's entry points and prints, per driver,\n"
		"the counters CONFIG_CRYPTO_STATS kept (encrypt/decrypt/hash/compress/decompress\n"
		"counts and bytes, err_cnt), counted in the kernel by one of two engines\n"
		"(--engine).\n"
		"Drivers named __* (internal, e.g. the inner layer of a SIMD wrapper) are shown\n"
		"under their outer driver and never added to it. The probes live in the event\n"
		"group '" TRACE_GROUP
		"' and are removed when CMD ends, on Ctrl-C, SIGTERM, SIGHUP\n"
		"and on errors. Needs root and tracefs. Where return probes cannot read arguments\n"
		"(before 6.9) entry probes count, err_cnt is n/a, and return probes with $retval\n"
		"only count each function's failed calls (all drivers together). Without BTF\n"
		"argument names the fields are fetched at offsets from /sys/kernel/btf/vmlinux,\n"
		"else from algbench_trace.ko (modprobe'd for the read).\n\n"
		"It also registers algbench's job marker user event for as long as CMD runs\n"
		"and says how (user_events: multi-format registered as\n"
		"user_events_multi/" TRACE_MARKER_NAME ".N, the single-format fallback, or why it\n"
		"is unavailable); an algbench run inside CMD then writes to that same tracepoint\n"
		"while a tracer enables it.\n",
	.after = "Options end at CMD (or at '--' before it): what follows is CMD's own.\n"
		 "Exit status: CMD's; 2 bad usage; 1 tracing could not be set up; 128+N after\n"
		 "signal N.\n",
};
