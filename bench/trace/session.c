// SPDX-License-Identifier: GPL-2.0
/*
 * A trace session with one of two engines behind one set of rows: BPF
 * (bpf_engine.c) where the kernel and the build allow it, tracefs probes
 * and hist triggers (probes.c) otherwise. docs/trace.md.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "core/error.h"
#include "trace/probes.h"
#ifdef ALGBENCH_HAVE_BPF
#include "trace/bpf_engine.h"
#else
#define NO_BPF                                                                                     \
	"this algbench was built without the BPF engine (libbpf.a, bpftool or clang not "          \
	"found when cmake ran, or -DALGBENCH_BPF=OFF); install libbpf-dev, bpftool and clang "     \
	"(scripts/setup) and configure again"
#endif

const char *const trace_engine_names[] = { "auto", "bpf", "bpf-fast", "tracefs", NULL };

int trace_engine_parse(const char *name, struct trace_opts *o)
{
	static const enum trace_engine engine[] = { TRACE_ENGINE_AUTO, TRACE_ENGINE_BPF,
						    TRACE_ENGINE_BPF, TRACE_ENGINE_TRACEFS };

	for (int i = 0; trace_engine_names[i]; i++) {
		if (strcmp(name, trace_engine_names[i]))
			continue;
		o->engine = engine[i];
		if (i == 2) /* bpf-fast */
			o->fast = 1;
		return 0;
	}
	return -EINVAL;
}

void trace_catch_stop(void (*handler)(int, siginfo_t *, void *), int one_shot)
{
	/* no SA_RESTART: a wait or sleep returns EINTR and the caller sees the flag */
	struct sigaction sa = { .sa_sigaction = handler,
				.sa_flags = SA_SIGINFO | (one_shot ? SA_RESETHAND : 0) };

	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
}

static int open_bpf(struct trace_session *s, int fast, char why[AB_WHY_LEN])
{
#ifdef ALGBENCH_HAVE_BPF
	return trace_bpf_open(s, fast, why);
#else
	(void)s, (void)fast;
	ab_whyf(why, "%s", NO_BPF);
	return -ENOSYS;
#endif
}

int trace_session_open(struct trace_session *s, const struct trace_opts *o, char why[AB_WHY_LEN])
{
	int err;

	memset(s, 0, sizeof(*s));
	if (o->engine != TRACE_ENGINE_TRACEFS) {
		err = open_bpf(s, o->fast, why);
		if (!err || o->engine == TRACE_ENGINE_BPF)
			return err ? (snprintf(s->bpf_why, sizeof(s->bpf_why), "%s", why), err) : 0;
		snprintf(s->bpf_why, sizeof(s->bpf_why), "%s", why);
		why[0] = '\0';
	}
	return trace_tracefs_open(s, o->force_kprobe, why);
}

int trace_probes_install(struct trace_session *s, char why[AB_WHY_LEN])
{
	return s->bpf ? 0 : trace_tracefs_install(s, why);
}

int trace_session_start(struct trace_session *s, const struct trace_opts *o, char why[AB_WHY_LEN])
{
	char ignored[AB_WHY_LEN];
	int err = trace_session_open(s, o, why);

	if (err)
		return err;
	err = trace_probes_install(s, why);
	if (err) /* whatever the install left (some probes defined) goes */
		trace_probes_remove(s, ignored);
	return err;
}

int trace_probes_remove(struct trace_session *s, char why[AB_WHY_LEN])
{
#ifdef ALGBENCH_HAVE_BPF
	if (s->bpf) {
		trace_bpf_close(s);
		return 0;
	}
#endif
	return trace_tracefs_remove(s, why);
}

int trace_probes_read(struct trace_session *s, struct trace_counts *out, int max,
		      char why[AB_WHY_LEN])
{
#ifdef ALGBENCH_HAVE_BPF
	if (s->bpf)
		return trace_bpf_read(s, out, max, why);
#endif
	return trace_tracefs_read(s, out, max, why);
}
