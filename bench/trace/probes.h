/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The crypto API entry points algbench trace probes, how it probes them on
 * the running kernel, and GETSTAT's counters rebuilt from their hist
 * triggers (counting rules: crypto/algapi.c crypto_stats_* of 6.1).
 */
#ifndef ALGBENCH_TRACE_PROBES_H
#define ALGBENCH_TRACE_PROBES_H

#include <signal.h>
#include <stdint.h>

#include "core/error.h"
#include "trace/algs.h"
#include "trace/bpf/probe_table.h"
#include "trace/hist.h"
#include "trace/tracefs.h"

#define TRACE_GROUP	  "algbench"
#define TRACE_MAX_DRIVERS 256

/*
 * What a probe is, the same for every session and both engines: a row of
 * the probe table (trace/bpf/probe_table.h), in its order.
 */
struct trace_probe_desc {
	const char *event; /* algbench/EVENT, and the BPF programs EVENT and EVENT_x */
	const char *func;  /* the API entry point */
	const char *alt;   /* probed instead where func is inline, or NULL */
	const char *sname; /* the request struct (argument 1) */
	const char *len;   /* its length member */
	enum abt_op op;	   /* the GETSTAT counter it adds to */
	int counts;	   /* a call is an operation (0: bytes only, ahash update) */
};

/* ABT_N_PROBES of them (unsized here, so probes.c's _Static_assert counts its rows) */
extern const struct trace_probe_desc trace_probe_descs[];

/* What one session made of a probe (reset by trace_probes_reset). */
struct trace_probe {
	const struct trace_probe_desc *d;
	const char *probed; /* d->func, d->alt or NULL (neither is a function here) */
	int defined, trig_all, trig_err;
	/*
	 * Entry mode: a return probe with $retval only (what 6.1 accepts) counts
	 * the failed calls of probed, of all drivers together (no request, so no
	 * driver name); errors is its count at the last trace_probes_read.
	 */
	int err_defined, err_trig;
	uint64_t errors;
	/* +OFF($arg1) definitions (no BTF argument names): d->len's and base.tfm's offsets */
	long len_off, base_tfm_off;
};

struct trace_counts {
	char driver[TRACE_DRV_LEN];
	uint64_t enc_cnt, enc_len, dec_cnt, dec_len, hash_cnt, hash_len, comp_cnt, comp_len,
		decomp_cnt, decomp_len, err_cnt;
};

enum trace_engine { TRACE_ENGINE_AUTO, TRACE_ENGINE_BPF, TRACE_ENGINE_TRACEFS };

struct trace_opts {
	enum trace_engine engine;
	int force_kprobe; /* tracefs: kprobe_events with BTF offsets even where fprobes work */
	int fast;	  /* bpf: fentry only, no err_cnt */
};

struct trace_bpf;

struct trace_session {
	struct trace_bpf *bpf;	  /* the BPF engine (bench/trace/bpf_engine.c), else tracefs */
	char bpf_why[AB_WHY_LEN]; /* auto: why the BPF engine was not used */
	struct tracefs fs;
	int exit_probes; /* return probes: $retval and err_cnt */
	int fprobe;	 /* f: definitions in dynamic_events, else kprobe_events */
	int btf_names;	 /* req->field arguments, else +OFF($arg1) (offsets_from) */
	int err_probes;	 /* entry mode: errors per function from $retval-only probes */
	/*
	 * Hist keys are the struct crypto_alg pointers, named at each read from
	 * algbench_trace.ko's crypto_algs (algs_loaded: loaded by this session,
	 * unloaded at removal); else the driver name, copied on every call, and
	 * no_alg_keys_why says why.
	 */
	int alg_keys, algs_loaded;
	char no_alg_keys_why[AB_WHY_LEN];
	struct trace_algs alg_names, algs_now; /* the names cache; the list at the last read */
	char no_err_probes_why[AB_WHY_LEN];    /* why not, when they were refused */
	char no_ret_why[AB_WHY_LEN]; /* why err_cnt is unavailable (the kernel's error_log line) */
	char offsets_from[96];	     /* BTF or algbench_trace.ko's crypto_layout */
	char mode[AB_WHY_LEN + 256]; /* what was used, for the output */
	/* others' triggers found on our events at removal, and removed with them */
	unsigned int foreign_triggers;
	char foreign_trigger[256];     /* the first: 'TRIGGER' on algbench/EVENT */
	long tfm_alg_off, alg_drv_off; /* +OFF: crypto_tfm.__crt_alg, crypto_alg.cra_driver_name */
	struct trace_probe probes[ABT_N_PROBES];
	unsigned int n_probes;
};

/*
 * The engine's public face (bench/trace/session.c): both engines fill the
 * same session fields and the same per-driver rows.
 */
/* The engines by name, NULL-terminated: an option row's .choices (trace, run, conform). */
extern const char *const trace_engine_names[];
/* "auto", "bpf", "bpf-fast" (bpf, fast) or "tracefs" into o: 0, or -EINVAL for anything else. */
int trace_engine_parse(const char *name, struct trace_opts *o);
/*
 * The signals that end a traced run early, so that its probes are removed:
 * SIGINT, SIGTERM and SIGHUP, each to HANDLER (SA_SIGINFO; no SA_RESTART,
 * so a wait or sleep returns EINTR). ONE_SHOT: the handler goes after the
 * first, and a second signal kills at once.
 */
void trace_catch_stop(void (*handler)(int sig, siginfo_t *si, void *ctx), int one_shot);
/*
 * The one way to start tracing (algbench trace, run --trace, conform
 * --trace): trace_session_open() and trace_probes_install(). 0: counting,
 * remove with trace_probes_remove(). -errno with why: nothing left behind
 * (do not remove). Either way s->bpf_why says why auto did not pick BPF.
 */
int trace_session_start(struct trace_session *s, const struct trace_opts *o, char why[AB_WHY_LEN]);
/*
 * Opens a session with o's engine (auto: BPF where it loads and attaches,
 * s->bpf_why says why not, else tracefs). The BPF engine counts from here
 * on; tracefs from trace_probes_install. 0 or -errno with why.
 */
int trace_session_open(struct trace_session *s, const struct trace_opts *o, char why[AB_WHY_LEN]);
/* tracefs: defines the probes and hist triggers; bpf: nothing left to do. 0 or -errno. */
int trace_probes_install(struct trace_session *s, char why[AB_WHY_LEN]);
/*
 * Removes every probe (tracefs: triggers and definitions, and whatever else
 * is on those events, counted in foreign_triggers; bpf: links, maps); 0 or
 * -errno of the first failure.
 */
int trace_probes_remove(struct trace_session *s, char why[AB_WHY_LEN]);
/* The counters so far, per driver (a map read, nothing detached): count or -errno with why. */
int trace_probes_read(struct trace_session *s, struct trace_counts *out, int max,
		      char why[AB_WHY_LEN]);

/* The tracefs engine (probes.c), behind the functions above. */
int trace_tracefs_open(struct trace_session *s, int force_kprobe, char why[AB_WHY_LEN]);
int trace_tracefs_install(struct trace_session *s, char why[AB_WHY_LEN]);
int trace_tracefs_remove(struct trace_session *s, char why[AB_WHY_LEN]);
int trace_tracefs_read(struct trace_session *s, struct trace_counts *out, int max,
		       char why[AB_WHY_LEN]);

/* s->probes fresh, one per descriptor, nothing probed yet: both engines start here. */
void trace_probes_reset(struct trace_session *s);
/* func (a line "func" or "func [module]") in an available_filter_functions text. */
int trace_have_func(const char *list, const char *func);
/* The row of driver d in out[0..*n) (added, zeroed, when new), or NULL when full. */
struct trace_counts *trace_counts_row(struct trace_counts *out, int *n, int max, const char *d);
/*
 * Adds one hist section (all calls or errors only) of probe d to out, which
 * holds n rows: the rows now, or -ENOSPC past max.
 */
int trace_counts_add(struct trace_counts *out, int n, int max, const struct trace_probe_desc *d,
		     const struct trace_hist *h, int errors);

#endif
