// SPDX-License-Identifier: GPL-2.0
/* Probe definitions, hist triggers, and the counters read back from them. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/number.h"
#include "sys/file.h"
#include "sys/kmod_load.h"
#include "trace/btf.h"
#include "trace/layout.h"
#include "trace/probes.h"

#define FUNCS_MAX (32u << 20)
#define HIST_MAX  (256 * 1024)
#define DEF_LEN	  512
#define BTF_PATH  "/sys/kernel/btf/vmlinux"
/* GETSTAT's rule: any return but 0, -EINPROGRESS and -EBUSY is an error. */
#define ERR_FILTER  "if ret != 0 && ret != -115 && ret != -16"
#define HIST_VALS   ":vals=hitcount,len"
#define ERR_TRIGGER "hist:keys=ret:vals=hitcount " ERR_FILTER

/* One descriptor per row of the probe table, in its order (as the BPF loader's programs). */
#define PROBE_DESC(ev, fn, alt_fn, req, len_member, o, c)                                          \
	{ .event = #ev,                                                                            \
	  .func = #fn,                                                                             \
	  .alt = sizeof(#alt_fn) > 1 ? #alt_fn : NULL,                                             \
	  .sname = #req,                                                                           \
	  .len = #len_member,                                                                      \
	  .op = ABT_##o,                                                                           \
	  .counts = c },
const struct trace_probe_desc trace_probe_descs[] = { ABT_PROBES(PROBE_DESC) };
_Static_assert(sizeof(trace_probe_descs) / sizeof(trace_probe_descs[0]) == ABT_N_PROBES,
	       "one descriptor per row of the probe table (trace/bpf/probe_table.h)");

static const char *def_file(const struct trace_session *s)
{
	return s->fprobe ? "dynamic_events" : "kprobe_events";
}

int trace_have_func(const char *list, const char *func)
{
	size_t n = strlen(func);

	for (const char *p = list; (p = strstr(p, func)); p += n)
		if ((p == list || p[-1] == '\n') && (p[n] == '\n' || p[n] == ' ' || !p[n]))
			return 1;
	return 0;
}

/* One of the two sources of member offsets. */
struct offset_source {
	struct trace_btf *btf; /* or, when NULL: */
	struct trace_layout layout;
	const char *name;
};

static long member_offset(const struct offset_source *src, const char *sname, const char *member)
{
	return src->btf ? trace_btf_offset(src->btf, sname, member)
			: trace_layout_offset(&src->layout, sname, member);
}

/*
 * The running kernel's BTF when it has one; else algbench_trace.ko's
 * crypto_layout, the headers of the tree it was built against.
 */
static int load_offsets(struct trace_session *s, char why[AB_WHY_LEN])
{
	struct offset_source src;
	long tfm;
	int err = 0;

	memset(&src, 0, sizeof(src));
	if (!access(BTF_PATH, F_OK)) {
		src.btf = trace_btf_load(BTF_PATH, why);
		if (!src.btf)
			return -ENOENT;
		src.name = BTF_PATH;
	} else {
		if ((err = trace_layout_load(&src.layout, why)))
			return err;
		src.name = TRACE_LAYOUT_FILE " (algbench_trace.ko)";
	}
	snprintf(s->offsets_from, sizeof(s->offsets_from), "%s", src.name);
	tfm = member_offset(&src, "crypto_async_request", "tfm");
	s->tfm_alg_off = member_offset(&src, "crypto_tfm", "__crt_alg");
	s->alg_drv_off = member_offset(&src, "crypto_alg", "cra_driver_name");
	for (size_t i = 0; i < s->n_probes && !err; i++) {
		struct trace_probe *p = &s->probes[i];
		long base = member_offset(&src, p->d->sname, "base");

		p->len_off = member_offset(&src, p->d->sname, p->d->len);
		p->base_tfm_off = base < 0 || tfm < 0 ? -1 : base + tfm;
		if (p->len_off < 0 || p->base_tfm_off < 0) {
			ab_whyf(why, "%s: no %s.%s or .base, or no crypto_async_request.tfm",
				src.name, p->d->sname, p->d->len);
			err = -ENOENT;
		}
	}
	if (!err && (s->tfm_alg_off < 0 || s->alg_drv_off < 0)) {
		ab_whyf(why, "%s: no crypto_tfm.__crt_alg or crypto_alg.cra_driver_name", src.name);
		err = -ENOENT;
	}
	trace_btf_free(src.btf);
	return err;
}

/* The definition of probe i under s's mode. */
static void definition(const struct trace_session *s, size_t i, char *def, size_t len)
{
	const struct trace_probe *p = &s->probes[i];
	char args[256];

	if (s->btf_names && s->alg_keys)
		snprintf(args, sizeof(args), "len=req->%s alg=req->base.tfm->__crt_alg:x64",
			 p->d->len);
	else if (s->btf_names)
		snprintf(args, sizeof(args),
			 "len=req->%s drv=req->base.tfm->__crt_alg->cra_driver_name:string",
			 p->d->len);
	else if (s->alg_keys)
		snprintf(args, sizeof(args), "len=+%ld($arg1):u32 alg=+%ld(+%ld($arg1)):x64",
			 p->len_off, s->tfm_alg_off, p->base_tfm_off);
	else
		snprintf(args, sizeof(args),
			 "len=+%ld($arg1):u32 drv=+%ld(+%ld(+%ld($arg1))):string", p->len_off,
			 s->alg_drv_off, s->tfm_alg_off, p->base_tfm_off);
	/*
	 * ret typed s32 always: an fprobe's $retval takes the function's int
	 * from BTF, but without BTF (the trace kernel) it is a u64, and the
	 * error filter's "ret != -115" is then refused as an illegal integer.
	 */
	snprintf(def, len, "%c:%s/%s %s%s %s%s",
		 s->fprobe	  ? 'f'
		 : s->exit_probes ? 'r'
				  : 'p',
		 TRACE_GROUP, p->d->event, p->probed, s->fprobe && s->exit_probes ? "%return" : "",
		 args, s->exit_probes ? " ret=$retval:s32" : "");
}

/*
 * No "$arg<N>" line in README: confirm with one return probe definition and
 * keep the kernel's own error_log line as the reason err_cnt is unavailable.
 */
static void check_ret_args(struct trace_session *s)
{
	static const char def[] = "r:" TRACE_GROUP "/retargs_check crypto_aead_encrypt "
				  "len=+0($arg1):u32 ret=$retval";
	char line[400];
	int err = tracefs_append(&s->fs, "kprobe_events", def);

	if (!err) { /* the README undersold the kernel */
		tracefs_append(&s->fs, "kprobe_events", "-:" TRACE_GROUP "/retargs_check");
		s->exit_probes = 1;
		return;
	}
	tracefs_last_error(&s->fs, line, sizeof(line));
	snprintf(s->no_ret_why, sizeof(s->no_ret_why),
		 "return probes cannot read arguments on this kernel (no '$arg<N>' in tracefs "
		 "README; '%s' refused: %s); counts come from entry probes, which cannot see the "
		 "return value, so errors are counted as operations",
		 def, line[0] ? line : strerror(-err));
}

void trace_probes_reset(struct trace_session *s)
{
	for (size_t i = 0; i < ABT_N_PROBES; i++)
		s->probes[i] = (struct trace_probe){ .d = &trace_probe_descs[i] };
	s->n_probes = ABT_N_PROBES;
}

static const char *hist_key(const struct trace_session *s)
{
	return s->alg_keys ? "alg" : "drv";
}

/*
 * Hist keys on the alg pointer need crypto_algs to name them: loaded for
 * the session unless algbench_trace.ko is loaded already (then left as it
 * is, as by the layout read). Without it, the name-keyed definitions, and
 * no_alg_keys_why says why.
 */
static void algs_open(struct trace_session *s)
{
	char how[AB_WHY_LEN];

	if (trace_module_hold(&s->algs_loaded, how)) {
		snprintf(s->no_alg_keys_why, sizeof(s->no_alg_keys_why), "%s", how);
		return;
	}
	if (access(TRACE_ALGS_FILE, R_OK)) {
		snprintf(s->no_alg_keys_why, sizeof(s->no_alg_keys_why),
			 "%s: %s (algbench_trace.ko without crypto_algs is older than this "
			 "algbench: rebuild kmod/)",
			 TRACE_ALGS_FILE, strerror(errno));
		return;
	}
	s->alg_keys = 1;
}

#define ALGS_LEFT_LOADED " (left loaded; remove by hand: rmmod algbench_trace)"

/* Unloads what algs_open loaded and frees the names: 0, or -errno with why. */
static int algs_close(struct trace_session *s, char why[AB_WHY_LEN])
{
	char how[AB_WHY_LEN];
	int err = 0;

	trace_algs_free(&s->alg_names);
	trace_algs_free(&s->algs_now);
	/* how cut short enough that the fix after it always fits */
	if (s->algs_loaded && (err = abk_unload("algbench_trace", how)))
		ab_whyf(why, "%.*s" ALGS_LEFT_LOADED, (int)(AB_WHY_LEN - sizeof(ALGS_LEFT_LOADED)),
			how);
	else
		s->algs_loaded = 0;
	return err;
}

int trace_tracefs_open(struct trace_session *s, int force_kprobe, char why[AB_WHY_LEN])
{
	char path[256];
	int err;

	err = tracefs_open(&s->fs, why);
	if (err)
		return err;
	tracefs_path(&s->fs, "events/" TRACE_GROUP, path, sizeof(path));
	if (!access(path, F_OK)) {
		ab_whyf(why,
			"%s exists: another 'algbench trace' runs, or its "
			"probes were left behind; algbench never touches "
			"them (remove with: echo '-:%s/EVENT' >> %s/dynamic_events)",
			path, TRACE_GROUP, s->fs.root);
		return -EEXIST;
	}
	trace_probes_reset(s);
	s->exit_probes = s->fs.ret_args;
	if (!s->exit_probes)
		check_ret_args(s);
	s->fprobe = !force_kprobe && s->fs.fprobe && s->fs.dynamic;
	s->btf_names = s->fprobe && s->fs.btf_args;
	algs_open(s);
	if (!s->btf_names && (err = load_offsets(s, why))) {
		char ignored[AB_WHY_LEN];

		algs_close(s, ignored);
		return err;
	}
	return 0;
}

static void set_mode(struct trace_session *s)
{
	snprintf(s->mode, sizeof(s->mode), "%s %s, %s%s, %s%s%s", s->fprobe ? "fprobe" : "kprobe",
		 s->exit_probes ? (s->fprobe ? "%return" : "return (r:)") : "entry",
		 s->btf_names ? "BTF argument names" : "offsets from ",
		 s->btf_names ? "" : s->offsets_from,
		 s->alg_keys ? "keyed by alg pointer, names from " TRACE_ALGS_FILE
			     : "keyed by driver name copied per call (no alg pointer keys: ",
		 s->alg_keys ? "" : s->no_alg_keys_why, s->alg_keys ? "" : ")");
}

/*
 * dynamic_events refused the first fprobe: kprobe_events with BTF offsets,
 * 0; or -errno, the fprobe's definition back in def for its refusal.
 */
static int kprobe_fallback(struct trace_session *s, size_t i, char *def, size_t len)
{
	int btf_names = s->btf_names, err;
	char ignored[AB_WHY_LEN];

	if (btf_names && (err = load_offsets(s, ignored)))
		return err;
	s->fprobe = s->btf_names = 0;
	definition(s, i, def, len);
	err = tracefs_append(&s->fs, def_file(s), def);
	if (!err)
		return 0;
	s->fprobe = 1; /* report the fprobe's refusal */
	s->btf_names = btf_names;
	definition(s, i, def, len);
	return err;
}

/* Defines probe i; an fprobe refused on the first try falls back to kprobes. */
static int define(struct trace_session *s, size_t i, char why[AB_WHY_LEN])
{
	char def[DEF_LEN], line[400];
	int err;

	definition(s, i, def, sizeof(def));
	err = tracefs_append(&s->fs, def_file(s), def);
	if (err == -EINVAL && s->fprobe && !i && !kprobe_fallback(s, i, def, sizeof(def)))
		err = 0;
	if (err) {
		tracefs_last_error(&s->fs, line, sizeof(line));
		ab_whyf(why, "%s: '%s' refused by %s/%s: %s", s->probes[i].probed, def, s->fs.root,
			def_file(s), line[0] ? line : strerror(-err));
		return err;
	}
	s->probes[i].defined = 1;
	return 0;
}

static int trigger(struct trace_session *s, size_t i, int errors, int remove)
{
	char rel[128], cmd[256];

	snprintf(rel, sizeof(rel), "events/%s/%s/trigger", TRACE_GROUP, s->probes[i].d->event);
	snprintf(cmd, sizeof(cmd), "%shist:keys=%s" HIST_VALS "%s", remove ? "!" : "", hist_key(s),
		 errors ? " " ERR_FILTER : "");
	return tracefs_append(&s->fs, rel, cmd);
}

/* The $retval-only return probe of probe i: kprobe_events, whatever the main mode. */
static void err_event(const struct trace_session *s, size_t i, char *ev, size_t len)
{
	snprintf(ev, len, "%s_err", s->probes[i].d->event);
}

/*
 * Entry mode: "r:algbench/EV_err FUNC ret=$retval:s32" and a hist of its
 * errors keyed by the return value. Refused: errors per function stay
 * unavailable (with the kernel's reason), nothing else changes.
 */
static int define_err_probe(struct trace_session *s, size_t i)
{
	struct trace_probe *p = &s->probes[i];
	char ev[64], def[DEF_LEN], rel[128], line[400];
	int err;

	err_event(s, i, ev, sizeof(ev));
	snprintf(def, sizeof(def), "r:%s/%s %s ret=$retval:s32", TRACE_GROUP, ev, p->probed);
	err = tracefs_append(&s->fs, "kprobe_events", def);
	if (!err) {
		p->err_defined = 1;
		snprintf(rel, sizeof(rel), "events/%s/%s/trigger", TRACE_GROUP, ev);
		err = tracefs_append(&s->fs, rel, ERR_TRIGGER);
		p->err_trig = !err;
	}
	if (err) {
		tracefs_last_error(&s->fs, line, sizeof(line));
		snprintf(s->no_err_probes_why, sizeof(s->no_err_probes_why), "'%s': %s", def,
			 line[0] ? line : strerror(-err));
		s->err_probes = 0;
	}
	return err;
}

int trace_tracefs_install(struct trace_session *s, char why[AB_WHY_LEN])
{
	size_t n = 0;
	char *funcs = tracefs_read(&s->fs, "available_filter_functions", FUNCS_MAX, &n);
	int err = 0;

	s->err_probes = !s->exit_probes;
	if (!funcs) {
		ab_whyf(why, "%s/available_filter_functions: %s", s->fs.root, strerror(errno));
		return -errno;
	}
	for (size_t i = 0; i < s->n_probes; i++) {
		struct trace_probe *p = &s->probes[i];

		p->probed = trace_have_func(funcs, p->d->func)		     ? p->d->func
			    : p->d->alt && trace_have_func(funcs, p->d->alt) ? p->d->alt
									     : NULL;
	}
	free(funcs);
	for (size_t i = 0; i < s->n_probes && !err; i++) {
		if (!s->probes[i].probed)
			continue;
		err = define(s, i, why);
		if (!err && !(err = trigger(s, i, 0, 0)))
			s->probes[i].trig_all = 1;
		if (!err && s->exit_probes && !(err = trigger(s, i, 1, 0)))
			s->probes[i].trig_err = 1;
		if (!err && !s->exit_probes && s->err_probes)
			define_err_probe(s, i); /* optional: a refusal is reported, not fatal */
		if (err && !why[0])
			ab_whyf(why, "events/%s/%s/trigger: hist trigger refused: %s", TRACE_GROUP,
				s->probes[i].d->event, strerror(-err));
	}
	set_mode(s);
	return err;
}

/*
 * Triggers someone else put on one of our events (a hist, traceon, ...), or
 * the event enabled by hand, keep it busy: its definition could not be
 * removed and the probe would stay behind. These events exist only while
 * algbench traces, so whatever is on them goes with them; counted, and the
 * first named, for the caller to say.
 */
static void remove_foreign(struct trace_session *s, const char *ev)
{
	char rel[128], cmd[600], *text, *line, *next;

	snprintf(rel, sizeof(rel), "events/%s/%s/trigger", TRACE_GROUP, ev);
	text = tracefs_read(&s->fs, rel, HIST_MAX, NULL);
	for (line = text; line && *line; line = next) {
		char *end = strchr(line, '\n'), *state;

		next = end ? end + 1 : line + strlen(line);
		if (end)
			*end = '\0';
		if (!*line || *line == '#') /* "# Available triggers:" when there are none */
			continue;
		state = strstr(line, " ["); /* a hist's " [active]" is no part of the command */
		if (state)
			*state = '\0';
		snprintf(cmd, sizeof(cmd), "!%.*s", (int)sizeof(cmd) - 2, line);
		if (tracefs_append(&s->fs, rel, cmd))
			continue;
		if (!s->foreign_triggers++)
			snprintf(s->foreign_trigger, sizeof(s->foreign_trigger),
				 "'%.200s' on %s/%s", line, TRACE_GROUP, ev);
	}
	free(text);
	snprintf(rel, sizeof(rel), "events/%s/%s/enable", TRACE_GROUP, ev);
	tracefs_append(&s->fs, rel, "0");
}

int trace_tracefs_remove(struct trace_session *s, char why[AB_WHY_LEN])
{
	int first = 0;

	for (size_t i = s->n_probes; i-- > 0;) {
		struct trace_probe *p = &s->probes[i];
		char def[128], ev[64], rel[128], err_def[128];
		const char *failed, *failed_file = "kprobe_events";
		int err = 0;

		err_event(s, i, ev, sizeof(ev));
		snprintf(rel, sizeof(rel), "events/%s/%s/trigger", TRACE_GROUP, ev);
		snprintf(err_def, sizeof(err_def), "-:%s/%s", TRACE_GROUP, ev);
		if (p->err_trig && !(err = tracefs_append(&s->fs, rel, "!" ERR_TRIGGER)))
			p->err_trig = 0;
		if (!err && p->err_defined)
			remove_foreign(s, ev);
		if (!err && p->err_defined &&
		    !(err = tracefs_append(&s->fs, "kprobe_events", err_def)))
			p->err_defined = 0;
		failed = err_def;
		if (!err)
			failed = def, failed_file = def_file(s);
		if (!err && p->trig_err && !(err = trigger(s, i, 1, 1)))
			p->trig_err = 0;
		if (!err && p->trig_all && !(err = trigger(s, i, 0, 1)))
			p->trig_all = 0;
		snprintf(def, sizeof(def), "-:%s/%s", TRACE_GROUP, p->d->event);
		if (!err && p->defined)
			remove_foreign(s, p->d->event);
		if (!err && p->defined && !(err = tracefs_append(&s->fs, def_file(s), def)))
			p->defined = 0;
		if (err && !first) {
			first = err;
			ab_whyf(why,
				"removing %s: %s (left behind; remove by hand: "
				"echo '%s' >> %s/%s)",
				failed + 2, strerror(-err), failed, s->fs.root, failed_file);
		}
	}
	if (!first) { /* the module goes last: never while our events may still exist */
		first = algs_close(s, why);
	} else {
		char ignored[AB_WHY_LEN]; /* the first failure is the one reported */

		algs_close(s, ignored);
	}
	return first;
}

struct trace_counts *trace_counts_row(struct trace_counts *out, int *n, int max, const char *d)
{
	for (int i = 0; i < *n; i++)
		if (!strcmp(out[i].driver, d))
			return &out[i];
	if (*n >= max)
		return NULL;
	memset(&out[*n], 0, sizeof(out[*n]));
	snprintf(out[*n].driver, sizeof(out[*n].driver), "%s", d);
	return &out[(*n)++];
}

/* The count (NULL for update, which adds bytes only) and length probe d moves. */
static void op_fields(struct trace_counts *c, const struct trace_probe_desc *d, uint64_t **cnt,
		      uint64_t **tlen)
{
	uint64_t *cnts[ABT_N_OPS] = { [ABT_ENC] = &c->enc_cnt,
				      [ABT_DEC] = &c->dec_cnt,
				      [ABT_HASH] = &c->hash_cnt,
				      [ABT_COMP] = &c->comp_cnt,
				      [ABT_DECOMP] = &c->decomp_cnt };
	uint64_t *tlens[ABT_N_OPS] = { [ABT_ENC] = &c->enc_len,
				       [ABT_DEC] = &c->dec_len,
				       [ABT_HASH] = &c->hash_len,
				       [ABT_COMP] = &c->comp_len,
				       [ABT_DECOMP] = &c->decomp_len };

	*cnt = d->counts ? cnts[d->op] : NULL;
	*tlen = tlens[d->op];
}

int trace_counts_add(struct trace_counts *out, int n, int max, const struct trace_probe_desc *d,
		     const struct trace_hist *h, int errors)
{
	for (size_t i = 0; i < h->n; i++) {
		struct trace_counts *c = trace_counts_row(out, &n, max, h->rows[i].key);
		uint64_t hits = h->rows[i].hits, len = h->rows[i].len, *cnt, *tlen;

		if (!c)
			return -ENOSPC;
		op_fields(c, d, &cnt, &tlen);
		if (!errors) {
			if (cnt)
				*cnt += hits;
			*tlen += len;
			continue;
		}
		/*
		 * Errors were counted among all calls; they count only as err_cnt
		 * (clamped: an error between the two tables' reads is no negative count).
		 */
		c->err_cnt += hits;
		if (cnt)
			*cnt -= hits < *cnt ? hits : *cnt;
		*tlen -= len < *tlen ? len : *tlen;
	}
	return n;
}

/* Column I (0: hits, 1: missed) of a kprobe_profile line's counts at P, blank-separated. */
static int profile_column(const char *p, int i, unsigned long long *v)
{
	size_t len;

	for (;;) {
		p += strspn(p, " \t");
		len = strcspn(p, " \t\n");
		if (!i--)
			return ab_parse_uint_n(p, len, 0, UINT64_MAX, 0, v);
		p += len;
	}
}

/*
 * A kretprobe has maxactive instances; a return beyond them is missed
 * (kprobe_profile's third column) and its error would go uncounted: then
 * the error counts are unavailable, with that reason, rather than low.
 */
static int missed_returns(struct trace_session *s, const char *ev)
{
	char name[96], *text = tracefs_read(&s->fs, "kprobe_profile", HIST_MAX, NULL), *p;
	unsigned long long hits = 0, missed = 0;

	/* "  EVENT  HITS  MISSED": the event's name without its group */
	snprintf(name, sizeof(name), "  %s ", ev);
	p = text ? strstr(text, name) : NULL;
	if (p && (profile_column(&p[strlen(name)], 0, &hits) ||
		  profile_column(&p[strlen(name)], 1, &missed))) {
		snprintf(s->no_err_probes_why, sizeof(s->no_err_probes_why),
			 "kprobe_profile's line for %s/%s is not 'EVENT HITS MISSED' with counts",
			 TRACE_GROUP, ev);
		s->err_probes = 0;
	} else if (p && missed) {
		snprintf(s->no_err_probes_why, sizeof(s->no_err_probes_why),
			 "%s/%s missed %llu of %llu returns (kretprobe maxactive)", TRACE_GROUP, ev,
			 missed, hits + missed);
		s->err_probes = 0;
	}
	free(text);
	return 0;
}

/* p's failed calls (all drivers) so far, from its $retval-only probe's hist. */
static int read_errors(struct trace_session *s, struct trace_probe *p, struct trace_hist *h,
		       char why[AB_WHY_LEN])
{
	char ev[64], rel[128], *text;
	size_t len;
	int secs;

	err_event(s, (size_t)(p - s->probes), ev, sizeof(ev));
	snprintf(rel, sizeof(rel), "events/%s/%s/hist", TRACE_GROUP, ev);
	text = tracefs_read(&s->fs, rel, HIST_MAX, &len);
	if (!text) {
		ab_whyf(why, "%s/%s: %s", s->fs.root, rel, strerror(errno));
		return -errno;
	}
	secs = trace_hist_parse(text, len, "ret", NULL, h, 1, why);
	free(text);
	if (secs < 0)
		return secs;
	if (secs != 1) {
		ab_whyf(why, "%s: no hist table", rel);
		return -ENOENT;
	}
	if (h->dropped) {
		ab_whyf(why, "%s: %llu events dropped", rel, (unsigned long long)h->dropped);
		return -EOVERFLOW;
	}
	p->errors = 0;
	for (size_t r = 0; r < h->n; r++)
		p->errors += h->rows[r].hits;
	return missed_returns(s, ev);
}

/* crypto_algs as it is now into s->algs_now: 0, or -errno with why. */
static int read_algs(struct trace_session *s, char why[AB_WHY_LEN])
{
	char *text;
	size_t len;
	int err = ab_read_file(TRACE_ALGS_FILE, TRACE_ALGS_TEXT_MAX, &text, &len);

	if (err) {
		ab_whyf(why, "%s: %s%s", TRACE_ALGS_FILE, strerror(-err),
			err == -EFBIG ? " (more algorithms than algbench reads)" : "");
		return err;
	}
	err = trace_algs_parse(&s->algs_now, text, len, why);
	free(text);
	return err;
}

/*
 * Alg keys: each row's pointer becomes its driver's name (trace_algs_name),
 * crypto_algs read at most once per trace_tracefs_read (*listed).
 */
static int name_rows(struct trace_session *s, const char *rel, struct trace_hist *h, int secs,
		     int *listed, char why[AB_WHY_LEN])
{
	if (!s->alg_keys)
		return 0;
	for (int k = 0; k < secs; k++)
		for (size_t r = 0; r < h[k].n; r++) {
			char *key = h[k].rows[r].key;
			unsigned long long ptr;
			int err;

			if (!*listed && (err = read_algs(s, why)))
				return err;
			*listed = 1;
			/* decimal as 6.1 and 6.12 print it; hex (a .hex key) too */
			if (ab_parse_uint_n(key, strlen(key), 1, UINT64_MAX,
					    strncmp(key, "0x", 2) ? 0 : AB_NUM_HEX, &ptr)) {
				ab_whyf(why, "%s: key '%s' is not a pointer", rel, key);
				return -EINVAL;
			}
			err = trace_algs_name(&s->alg_names, &s->algs_now, ptr, key,
					      sizeof(h[k].rows[r].key));
			if (err) {
				ab_whyf(why, "naming alg 0x%llx: %s", ptr, strerror(-err));
				return err;
			}
		}
	return 0;
}

int trace_tracefs_read(struct trace_session *s, struct trace_counts *out, int max,
		       char why[AB_WHY_LEN])
{
	static struct trace_hist h[2];
	int n = 0, listed = 0;

	for (size_t i = 0; i < s->n_probes; i++) {
		const struct trace_probe *p = &s->probes[i];
		char rel[128], *text;
		size_t len;
		int secs, err;

		if (!p->trig_all)
			continue;
		snprintf(rel, sizeof(rel), "events/%s/%s/hist", TRACE_GROUP, p->d->event);
		text = tracefs_read(&s->fs, rel, HIST_MAX, &len);
		if (!text) {
			ab_whyf(why, "%s/%s: %s", s->fs.root, rel, strerror(errno));
			return -errno;
		}
		secs = trace_hist_parse(text, len, hist_key(s), "len", h, 2, why);
		free(text);
		if (secs < 0)
			return secs;
		if ((err = name_rows(s, rel, h, secs, &listed, why)))
			return err;
		/* The unfiltered table first: errors are then taken out of it. */
		for (int pass = 0; pass < 2; pass++)
			for (int k = 0; k < secs && n >= 0; k++)
				if (h[k].filtered == pass) {
					if (h[k].dropped) {
						ab_whyf(why,
							"%s: %llu events dropped (hist "
							"table full)",
							rel, (unsigned long long)h[k].dropped);
						return -EOVERFLOW;
					}
					n = trace_counts_add(out, n, max, p->d, &h[k], pass);
				}
		if (n < 0) {
			ab_whyf(why, "more than %d drivers", max);
			return n;
		}
	}
	for (size_t i = 0; i < s->n_probes; i++) {
		int err = s->probes[i].err_trig ? read_errors(s, &s->probes[i], h, why) : 0;

		if (err)
			return err;
	}
	return n;
}
