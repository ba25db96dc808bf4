// SPDX-License-Identifier: GPL-2.0
/*
 * `algbench conform`: does the running kernel's crypto_user answer as its
 * ABI says? One table of checks, one TAP line each (kselftest style).
 * What each check expects, and why, is in docs/netlink.md.
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <kcapi.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "cli/opt.h"
#include "command.h" // IWYU pragma: keep (it declares ab_conform_cmd, defined here)
#include "conform.h"
#include "core/error.h"
#include "core/number.h"
#include "sys/array.h"
#include "sys/kstats.h"
#include "trace/probes.h"

struct conform_opts {
	int tap, trace;
	const char *expect_stats, *as_version, *trace_engine;
};

static const struct ab_opt conform_options[] = {
	{ "tap", 0, NULL, AB_OPT_FLAG, offsetof(struct conform_opts, tap),
	  .help = "kselftest-style TAP output", .def_text = "a plain list" },
	{ "expect-stats", 0, "WHEN", AB_OPT_STR, offsetof(struct conform_opts, expect_stats),
	  .help = "whether GETSTAT must answer counters; auto: from CONFIG_CRYPTO_STATS in "
		  "/proc/config.gz or /boot/config-$(uname -r); " KSTATS_REMOVED_IN_TEXT
		  " and later have none",
	  .choices = (const char *const[]){ "auto", "on", "off", NULL }, .def = "auto" },
	{ "trace", 0, NULL, AB_OPT_FLAG, offsetof(struct conform_opts, trace),
	  .help = "also run the exact-counter workloads under algbench trace's probes and "
		  "compare every traced counter with GETSTAT's (trace_ rows; root, tracefs)",
	  .def_text = "no trace_ rows" },
	{ "trace-engine", 0, "E", AB_OPT_STR, offsetof(struct conform_opts, trace_engine),
	  .help = "--trace's engine (algbench trace --engine)", .choices = trace_engine_names,
	  .def = "auto" },
	{ "as-version", 0, "X.Y", AB_OPT_STR, offsetof(struct conform_opts, as_version),
	  .help = "judge the exact counters by what Linux X.Y counts (for distro kernels with "
		  "backports)",
	  .def_text = "the running kernel's" },
	{ 0 },
};

void conform_diag(const struct conform_ctx *c, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	if (c->tap) {
		ab_tap_vdiag(fmt, ap);
	} else {
		fputs("    ", stdout);
		vprintf(fmt, ap);
		fputc('\n', stdout);
	}
	va_end(ap);
}

struct dump_buf {
	struct cu_alg *algs;
	size_t n, cap;
};

static int collect(const struct cu_alg *a, void *data)
{
	struct dump_buf *d = data;

	if (AB_ARRAY_RESERVE(d->algs, d->cap, d->n))
		return -ENOMEM;
	d->algs[d->n++] = *a;
	return 0;
}

int conform_dump(struct cu_sock *s, struct cu_alg **algs, size_t *n)
{
	struct dump_buf d = { NULL, 0, 0 };
	int ret = cu_dump(s, collect, &d);

	if (ret) {
		free(d.algs);
		d.algs = NULL;
		d.n = 0;
	}
	*algs = d.algs;
	*n = d.n;
	return ret;
}

/*
 * The groups of checks, in the order they run; each row is one TAP line.
 * The trace_ rows run only with --trace; dmesg comes last, so it also
 * covers what the probes provoked.
 */
static const struct {
	const struct conform_check *rows;
	const size_t *n;
	bool with_trace_only;
} groups[] = {
	{ conform_alg_checks, &conform_n_alg_checks, false },
	{ conform_priv_checks, &conform_n_priv_checks, false },
	{ conform_bad_checks, &conform_n_bad_checks, false },
	{ conform_counter_checks, &conform_n_counter_checks, false },
	{ conform_trace_checks, &conform_n_trace_checks, true },
	{ conform_dmesg_checks, &conform_n_dmesg_checks, false },
};
#define N_GROUPS (sizeof(groups) / sizeof(groups[0]))

static bool group_runs(const struct conform_ctx *c, size_t g)
{
	return !groups[g].with_trace_only || c->trace;
}

static unsigned int count_checks(const struct conform_ctx *c)
{
	unsigned int n = 0;

	for (size_t g = 0; g < N_GROUPS; g++)
		n += group_runs(c, g) ? *groups[g].n : 0;
	return n;
}

/* MODE is one of --expect-stats's choices: on, off or auto. */
static void decide_stats(struct conform_ctx *c, const char *mode)
{
	char src[300];
	struct utsname u;
	enum kstats k;

	if (!strcmp(mode, "on") || !strcmp(mode, "off")) {
		c->stats = !strcmp(mode, "on");
		snprintf(c->stats_why, sizeof(c->stats_why), "--expect-stats %s", mode);
		return;
	}
	/* By design, not by config: GETSTAT answers -ENOTSUPP for every algorithm. */
	uname(&u);
	if (kstats_removed(ab_kernel_version_code(u.release, 0))) {
		c->stats = 0;
		snprintf(c->stats_why, sizeof(c->stats_why), "%s; this kernel is %s",
			 kstats_removed_why(), u.release);
		return;
	}
	k = kstats_from_config(src, sizeof(src));
	if (k == KSTATS_UNKNOWN) {
		c->stats = -1;
		snprintf(c->stats_why, sizeof(c->stats_why),
			 "no kernel config in /proc/config.gz or /boot/config-$(uname -r); "
			 "give --expect-stats on|off");
		return;
	}
	c->stats = k == KSTATS_Y;
	snprintf(c->stats_why, sizeof(c->stats_why), "auto: CONFIG_CRYPTO_STATS=%s in %s",
		 kstats_name(k), src);
}

/*
 * Template instances are what DELALG can remove; make sure one exists
 * (binding hmac(sha256) over AF_ALG instantiates it) and remember it.
 */
static void pick_target(struct conform_ctx *c)
{
	struct kcapi_handle *h = NULL;

	if (!kcapi_md_init(&h, "hmac(sha256)", 0))
		kcapi_md_destroy(h);
	for (size_t i = 0; i < c->n_algs; i++) {
		if ((c->algs[i].flags & 0x800 /* CRYPTO_ALG_INSTANCE */) &&
		    !strcmp(c->algs[i].name, "hmac(sha256)")) {
			snprintf(c->target, sizeof(c->target), "%s", c->algs[i].driver);
			c->target_prio = c->algs[i].priority;
			return;
		}
	}
	snprintf(c->target, sizeof(c->target), "hmac(sha256-generic)");
}

static int setup(struct conform_ctx *c)
{
	int ret;

	c->kmsg_fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (c->kmsg_fd >= 0)
		lseek(c->kmsg_fd, 0, SEEK_END); /* only what this run provokes */
	c->s = cu_open();
	if (!c->s) {
		char why[AB_WHY_LEN];

		ret = -errno;
		cu_open_why(-ret, why);
		printf("%sBail out! %s\n", c->tap ? "" : "conform: ", why);
		return ret;
	}
	kcapi_set_verbosity(KCAPI_LOG_NONE);
	ret = conform_dump(c->s, &c->algs, &c->n_algs);
	if (!ret)
		pick_target(c);
	if (!ret) {
		free(c->algs);
		ret = conform_dump(c->s, &c->algs, &c->n_algs); /* with the instance in it */
	}
	if (ret) {
		printf("%sBail out! GETALG dump failed: %s\n",
		       c->tap ? "" : "conform: ", strerror(-ret));
		return ret;
	}
	return 0;
}

/* --trace: SIGINT, SIGTERM, SIGHUP end the run after the row at hand, so the probes go. */
static volatile sig_atomic_t stop_signal;

static void on_stop(int sig, siginfo_t *si, void *ctx)
{
	(void)si, (void)ctx;
	stop_signal = sig;
}

/* Opens the trace session and its probes (then c->trace is set: remove them); 0 or -errno. */
static int start_trace(struct conform_ctx *c, struct trace_session *s, const char *engine)
{
	struct trace_opts o = { .engine = TRACE_ENGINE_AUTO };
	char why[AB_WHY_LEN] = "";
	int err;

	trace_catch_stop(on_stop, 0);
	if (engine)
		trace_engine_parse(engine, &o); /* one of .choices */
	err = trace_session_start(s, &o, why);
	if (s->bpf_why[0] && strcmp(s->bpf_why, why))
		conform_diag(c, "--trace: not the BPF engine: %s", s->bpf_why);
	if (!err) {
		c->trace = s;
		return 0;
	}
	printf("%sBail out! --trace: %s\n", c->tap ? "" : "conform: ", why);
	return err;
}

/* A TAP line (sys/tap.h), or the plain list's; counted either way. */
static void report(const struct conform_ctx *c, const char *name, enum ab_tap_verdict v,
		   const char *why)
{
	static const char *const plain[] = { "PASS", "FAIL", "SKIP" };

	if (c->tap) {
		ab_tap_result(v, name, why);
		return;
	}
	ab_tap_count(v);
	printf("%s  %s%s%s\n", plain[v], name, why[0] ? ": " : "", why);
	fflush(stdout);
}

static int run_all(struct conform_ctx *c)
{
	struct utsname u;

	uname(&u);
	if (c->tap) {
		ab_tap_header();
		ab_tap_plan(count_checks(c));
	}
	conform_diag(c,
		     "crypto_user conformance on Linux %s: %zu algorithms; stats expected %s (%s)",
		     u.release, c->n_algs,
		     c->stats < 0 ? "unknown"
		     : c->stats	  ? "on"
				  : "off",
		     c->stats_why);
	conform_diag(c, "exact counters judged by Linux %u.%u's counting (%s)",
		     c->counting_version / 100, c->counting_version % 100, c->counting_why);
	if (c->trace)
		conform_diag(c, "trace_ rows: algbench trace's probes (%s)", c->trace->mode);
	for (size_t g = 0; g < N_GROUPS && !stop_signal; g++) {
		for (size_t r = 0; group_runs(c, g) && r < *groups[g].n && !stop_signal; r++) {
			const struct conform_check *k = &groups[g].rows[r];
			char why[AB_WHY_LEN] = "";
			enum ab_tap_verdict v = k->run(c, k->arg, why);

			report(c, k->name, v, why);
		}
	}
	if (c->tap)
		ab_tap_totals();
	else
		printf("conform: %u passed, %u failed, %u skipped\n", ab_tap.count[AB_TAP_PASS],
		       ab_tap.count[AB_TAP_FAIL], ab_tap.count[AB_TAP_SKIP]);
	return ab_tap_failed() ? 1 : 0;
}

static int conform_main(void *opts, int argc, char **argv)
{
	const struct conform_opts *o = opts;
	struct conform_ctx c = { .kmsg_fd = -1, .tap = o->tap };
	static struct trace_session session;
	char why[AB_WHY_LEN] = "";
	const char *as_version = o->as_version;
	struct utsname u;
	int ret;

	(void)argc, (void)argv; /* the descriptor refuses operands */
	uname(&u);
	c.counting_version = as_version ? ab_kernel_version_code(as_version, 1)
					: ab_kernel_version_code(u.release, 0);
	snprintf(c.counting_why, sizeof(c.counting_why), "%s",
		 as_version ? "--as-version" : "uname -r");
	if (!c.counting_version) {
		ab_err("%s '%s' is not a kernel version X.Y\n",
		       as_version ? "--as-version" : "uname -r",
		       as_version ? as_version : u.release);
		return 2;
	}
	decide_stats(&c, o->expect_stats);
	if (setup(&c) || (o->trace && start_trace(&c, &session, o->trace_engine)))
		ret = 2;
	else
		ret = run_all(&c);
	if (c.trace && trace_probes_remove(c.trace, why)) {
		ab_err("--trace: %s\n", why);
		ret = ret ? ret : 1;
	}
	if (stop_signal)
		ret = 128 + stop_signal;
	cu_close(c.s);
	free(c.algs);
	free(c.proc);
	if (c.kmsg_fd >= 0)
		close(c.kmsg_fd);
	return ret;
}

const struct ab_opt_cmd ab_conform_cmd = {
	"conform",
	"[--tap] [--expect-stats auto|on|off] [--as-version X.Y] [--trace]",
	conform_options,
	sizeof(struct conform_opts),
	conform_main,
	.about = "Checks the running kernel's crypto_user netlink interface: the GETALG dump\n"
		 "against /proc/crypto, GETALG per algorithm, GETSTAT, the CAP_NET_ADMIN checks\n"
		 "of NEWALG/DELALG/UPDATEALG/DELRNG (from a child that drops to nobody), and\n"
		 "malformed requests (then dmesg must show no WARN/BUG/oops). Run as root.\n"
		 "With --trace, also algbench trace's counters against GETSTAT (docs/trace.md).\n",
	.after = "Exit: 0 every check passed or was skipped, 1 a check failed, 2 bad usage,\n"
		 "no crypto_user socket or (--trace) probes that cannot be set up; 128+N after\n"
		 "signal N (with --trace: at the end of the row at hand, probes removed).\n",
};
