// SPDX-License-Identifier: GPL-2.0
/*
 * The BPF engine: loads bpf/crypto_counts.bpf.c (embedded by bpftool's
 * skeleton), points each program at the function the probe table names (or
 * its stand-in where that is inline), attaches, and reads the per-CPU hash
 * into the same per-driver rows as the tracefs engine. docs/trace.md.
 */
#include <errno.h>
#include <linux/types.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "crypto_counts.skel.h"
#include "sys/lockdown.h"
#include "trace/bpf/counts.h"
#include "trace/bpf_engine.h"

#define BTF_PATH   "/sys/kernel/btf/vmlinux"
#define FUNCS_MAX  (32u << 20)
#define MAX_LINKS  32
#define READ_TRIES 1000

struct trace_bpf {
	struct crypto_counts *skel;
	struct bpf_link *links[MAX_LINKS];
	int n_links, ncpu;
	struct abt_counts *percpu; /* one lookup's values, ncpu of them */
};

/* What libbpf said (warnings and worse; the verifier's log among them): the last 8 KiB. */
static char lib_log[8192];
static size_t lib_log_len;

static int collect_log(enum libbpf_print_level level, const char *fmt, va_list ap)
{
	char *msg = NULL;
	size_t n;
	int len;

	if (level == LIBBPF_DEBUG)
		return 0;
	/* whole: the verifier's log comes as one message, its reason at the end */
	len = vasprintf(&msg, fmt, ap);
	if (len <= 0) {
		free(len < 0 ? NULL : msg);
		return 0;
	}
	n = (size_t)len;
	if (n >= sizeof(lib_log)) { /* its tail only */
		memmove(msg, msg + n - (sizeof(lib_log) - 1), sizeof(lib_log) - 1);
		n = sizeof(lib_log) - 1;
	}
	if (lib_log_len + n >= sizeof(lib_log)) { /* keep the tail */
		size_t drop = lib_log_len + n - sizeof(lib_log) + 1;

		memmove(lib_log, lib_log + drop, lib_log_len - drop);
		lib_log_len -= drop;
	}
	memcpy(lib_log + lib_log_len, msg, n);
	lib_log_len += n;
	lib_log[lib_log_len] = '\0';
	free(msg);
	return 0;
}

/* The first line of lib_log containing needle (the first failure), printable, or "". */
static void log_line(const char *needle, char *out, size_t len)
{
	const char *found = strstr(lib_log, needle);

	out[0] = '\0';
	if (!found)
		return;
	while (found > lib_log && found[-1] != '\n')
		found--;
	for (size_t i = 0; i + 1 < len && found[i] && found[i] != '\n'; i++, out[i] = '\0')
		out[i] = (found[i] >= 32 && found[i] < 127) ? found[i] : '?';
}

/*
 * The verifier's reason: the last line of its log (what libbpf prints
 * before its end marker) that is not a "processed N insns" summary, or "".
 */
static void verifier_line(char *out, size_t len)
{
	const char *end = strstr(lib_log, "-- END PROG LOAD LOG --"), *p, *eol;

	out[0] = '\0';
	if (!end)
		return;
	for (eol = end; eol > lib_log;) {
		while (eol > lib_log && (eol[-1] == '\n' || eol[-1] == ' '))
			eol--;
		for (p = eol; p > lib_log && p[-1] != '\n'; p--)
			;
		if (p == eol)
			return;
		if (strncmp(p, "processed ", 10) && strncmp(p, "verification time", 17)) {
			size_t i;

			for (i = 0; i + 1 < len && p + i < eol; i++)
				out[i] = (p[i] >= 32 && p[i] < 127) ? p[i] : '?';
			out[i] = '\0';
			return;
		}
		eol = p;
	}
}

static int locked_down_confidentiality(void)
{
	char mode[32];

	return !ab_lockdown_mode(AB_LOCKDOWN_PATH, mode, sizeof(mode)) &&
	       !strcmp(mode, "confidentiality");
}

/* Why bpf() failed with err (negative errno), for the user. */
static void explain(int err, const char *what, char why[AB_WHY_LEN])
{
	char lib[300], ver[300];
	const char *hint = "";

	log_line("libbpf: ", lib, sizeof(lib));
	verifier_line(ver, sizeof(ver));
	if (err == -ENOSYS)
		hint = ": bpf() is not implemented (a kernel without CONFIG_BPF_SYSCALL)";
	else if (err != -EPERM && locked_down_confidentiality()) /* EPERM: bpf() refused first */
		hint = ": the kernel is locked down for confidentiality (lockdown=confidentiality "
		       "in " AB_LOCKDOWN_PATH "), which forbids BPF programs to read kernel memory";
	else if (strstr(ver, "cannot use helper bpf_probe_read"))
		hint = ": the kernel withholds the helpers that read kernel memory from BPF "
		       "programs, as lockdown=confidentiality does (mount securityfs to "
		       "read " AB_LOCKDOWN_PATH ")";
	else if (err == -EBUSY)
		hint = ": another user of the function's direct call (an ftrace direct "
		       "trampoline, e.g. a livepatch) holds it";
	else if ((err == -EPERM || err == -EACCES) && geteuid())
		hint = ": not permitted: not root (needs CAP_BPF with CAP_PERFMON, or "
		       "CAP_SYS_ADMIN)";
	else if (err == -EPERM)
		hint = ": not permitted although root (needs CAP_BPF with CAP_PERFMON, or "
		       "CAP_SYS_ADMIN: a container or a security module may withhold them)";
	ab_whyf(why, "BPF engine: %s: %s%s%s%s%s%s", what, strerror(-err), hint,
		ver[0] ? "; the verifier said: " : "", ver, lib[0] ? "; " : "", lib);
}

static int in_btf(const struct btf *btf, const char *func)
{
	return func && btf__find_by_name_kind(btf, func, BTF_KIND_FUNC) >= 0;
}

/*
 * The function probe i is on: the API entry point, or its stand-in where
 * that is inline; a function kprobes could use (available_filter_functions)
 * that BTF lacks (inline in some callers, or a clone pahole left out) is an
 * error: fentry cannot attach there and the tracefs engine could.
 */
static int choose(struct trace_probe *p, const struct btf *btf, const char *ftrace,
		  char why[AB_WHY_LEN])
{
	const char *want = NULL;

	p->probed = in_btf(btf, p->d->func)  ? p->d->func
		    : in_btf(btf, p->d->alt) ? p->d->alt
					     : NULL;
	if (!ftrace)
		return 0;
	want = trace_have_func(ftrace, p->d->func)		 ? p->d->func
	       : p->d->alt && trace_have_func(ftrace, p->d->alt) ? p->d->alt
								 : NULL;
	if (want && (!p->probed || strcmp(want, p->probed))) {
		ab_whyf(why,
			"BPF engine: %s is a function here (available_filter_functions) but "
			"not one in %s (inline in places, or left out of BTF): fentry "
			"cannot attach to it; the tracefs engine can",
			want, BTF_PATH);
		return -ENOENT;
	}
	return 0;
}

static void set_mode(struct trace_session *s, int fast, int retire)
{
	snprintf(s->mode, sizeof(s->mode), "bpf %s, CO-RE against %s, per-CPU hash%s",
		 fast ? "fentry only (--fast: no err_cnt)" : "fentry + errors-only fexit", BTF_PATH,
		 retire ? "" : " (crypto_unregister_alg/crypto_destroy_instance not in BTF)");
	s->exit_probes = !fast;
	s->err_probes = 0;
	if (fast) {
		snprintf(s->no_ret_why, sizeof(s->no_ret_why),
			 "the fast mode (--fast) attaches entry programs only, which cannot see "
			 "the return value, so errors are counted as operations");
		snprintf(s->no_err_probes_why, sizeof(s->no_err_probes_why), "the fast mode");
	}
}

/*
 * Row i of the probe table's two programs, EVENT (fentry) and EVENT_x
 * (fexit), by the skeleton's members: a program the object lacks is a
 * build error here.
 */
#define PROBE_PROGS(event, ...) { skel->progs.event, skel->progs.event##_x },
/* and one the table lacks: the object holds the table's pairs and the two retirements */
_Static_assert(sizeof(((struct crypto_counts *)0)->progs) ==
		       (2 * ABT_N_PROBES + 2) * sizeof(struct bpf_program *),
	       "two BPF programs per row of trace/bpf/probe_table.h, and the two retirements");

/* Sets each program's target (or leaves it out): 0 or -errno with why. */
static int plan_programs(struct trace_session *s, struct trace_bpf *b, int fast, int *retire,
			 char why[AB_WHY_LEN])
{
	const struct crypto_counts *skel = b->skel;
	struct bpf_program *const probe_progs[ABT_N_PROBES][2] = { ABT_PROBES(PROBE_PROGS) };
	const struct {
		struct bpf_program *prog;
		const char *func;
	} retire_fn[2] = { { skel->progs.alg_unregister, "crypto_unregister_alg" },
			   { skel->progs.alg_destroy, "crypto_destroy_instance" } };
	struct btf *btf = btf__load_vmlinux_btf();
	struct tracefs fs;
	char *ftrace = NULL, ignored[AB_WHY_LEN];
	int err = 0;

	if (!btf) {
		ab_whyf(why, "BPF engine: %s: cannot read it as BTF: %s", BTF_PATH,
			strerror(errno));
		return -EINVAL;
	}
	if (!tracefs_find(&fs, ignored))
		ftrace = tracefs_read(&fs, "available_filter_functions", FUNCS_MAX, NULL);
	trace_probes_reset(s);
	*retire = 1;
	for (unsigned int i = 0; i < s->n_probes && !err; i++) {
		struct trace_probe *p = &s->probes[i];
		struct bpf_program *in = probe_progs[i][0], *out = probe_progs[i][1];

		err = choose(p, btf, ftrace, why);
		bpf_program__set_autoload(in, p->probed != NULL);
		bpf_program__set_autoload(out, p->probed && !fast);
		if (!err && p->probed)
			err = bpf_program__set_attach_target(in, 0, p->probed);
		if (!err && p->probed)
			err = bpf_program__set_attach_target(out, 0, p->probed);
	}
	for (int i = 0; i < 2 && !err; i++) {
		int have = in_btf(btf, retire_fn[i].func);

		*retire &= have;
		bpf_program__set_autoload(retire_fn[i].prog, have);
		if (have)
			err = bpf_program__set_attach_target(retire_fn[i].prog, 0,
							     retire_fn[i].func);
	}
	btf__free(btf);
	free(ftrace);
	if (err && !why[0])
		explain(err, "setting the programs' targets", why);
	return err;
}

static int attach_all(struct trace_bpf *b, char why[AB_WHY_LEN])
{
	struct bpf_program *prog;

	bpf_object__for_each_program(prog, b->skel->obj)
	{
		char what[160];
		struct bpf_link *l;

		if (!bpf_program__autoload(prog))
			continue;
		l = bpf_program__attach(prog);
		if (!l || b->n_links >= MAX_LINKS) {
			int err = l ? -E2BIG : -errno;

			snprintf(what, sizeof(what), "attaching %s (%s)", bpf_program__name(prog),
				 bpf_program__section_name(prog));
			bpf_link__destroy(l);
			explain(err, what, why);
			return err;
		}
		b->links[b->n_links++] = l;
	}
	return 0;
}

int trace_bpf_open(struct trace_session *s, int fast, char why[AB_WHY_LEN])
{
	struct trace_bpf *b;
	int err, retire = 0;

	if (access(BTF_PATH, F_OK)) {
		ab_whyf(why,
			"BPF engine: no %s (a kernel without CONFIG_DEBUG_INFO_BTF): "
			"CO-RE and fentry need the kernel's BTF",
			BTF_PATH);
		return -ENOENT;
	}
	b = calloc(1, sizeof(*b));
	if (!b)
		return -ENOMEM;
	lib_log_len = 0;
	lib_log[0] = '\0';
	libbpf_set_print(collect_log);
	/* never 0 on failure: errno may be 0 (libbpf returns it), and a NULL skel must stop */
	b->ncpu = libbpf_num_possible_cpus();
	if (b->ncpu <= 0)
		err = b->ncpu < 0 ? b->ncpu : -EINVAL;
	else if (!(b->skel = crypto_counts__open()))
		err = errno ? -errno : -EINVAL;
	else
		err = 0;
	if (err)
		explain(err, "opening the embedded object", why);
	if (!err)
		b->skel->rodata->nr_cpus = (__u32)b->ncpu;
	if (!err)
		b->percpu = calloc((size_t)b->ncpu, sizeof(*b->percpu));
	if (!err && !b->percpu)
		err = -ENOMEM;
	if (!err)
		err = plan_programs(s, b, fast, &retire, why);
	if (!err && (err = crypto_counts__load(b->skel)))
		explain(err, "loading the programs", why);
	s->bpf = b;
	if (!err)
		err = attach_all(b, why);
	if (err) {
		trace_bpf_close(s);
		return err < 0 ? err : -EINVAL;
	}
	set_mode(s, fast, retire);
	return 0;
}

void trace_bpf_close(struct trace_session *s)
{
	struct trace_bpf *b = s->bpf;

	if (!b)
		return;
	for (int i = 0; i < b->n_links; i++)
		bpf_link__destroy(b->links[i]);
	crypto_counts__destroy(b->skel);
	free(b->percpu);
	free(b);
	s->bpf = NULL;
}

static int add_row(struct trace_counts *out, int *n, int max, const char *drv,
		   const struct abt_counts *v)
{
	char name[ABT_DRV_LEN];
	struct trace_counts *c;

	/* the kernel's bytes: bounded and printable */
	for (size_t i = 0; i < sizeof(name); i++)
		name[i] = i + 1 < sizeof(name) && drv[i]
				  ? (drv[i] > 32 && drv[i] < 127 ? drv[i] : '?')
				  : '\0';
	c = trace_counts_row(out, n, max, name[0] ? name : "?");
	if (!c)
		return -ENOSPC;
	c->enc_cnt += v->cnt[ABT_ENC], c->enc_len += v->tlen[ABT_ENC];
	c->dec_cnt += v->cnt[ABT_DEC], c->dec_len += v->tlen[ABT_DEC];
	c->hash_cnt += v->cnt[ABT_HASH], c->hash_len += v->tlen[ABT_HASH];
	c->comp_cnt += v->cnt[ABT_COMP], c->comp_len += v->tlen[ABT_COMP];
	c->decomp_cnt += v->cnt[ABT_DECOMP], c->decomp_len += v->tlen[ABT_DECOMP];
	c->err_cnt += v->err;
	return 0;
}

/* One pass over the live and the retired algorithms; -errno with why, 1 when a key vanished. */
static int read_pass(struct trace_bpf *b, struct trace_counts *out, int *n, int max,
		     char why[AB_WHY_LEN])
{
	int fc = bpf_map__fd(b->skel->maps.counts), fn = bpf_map__fd(b->skel->maps.names),
	    fr = bpf_map__fd(b->skel->maps.retired);
	__u64 key, next;
	void *prev = NULL;

	while (!bpf_map_get_next_key(fc, prev, &next)) {
		struct abt_counts sum;
		struct abt_name name;

		key = next, prev = &key;
		if (bpf_map_lookup_elem(fc, &key, b->percpu) ||
		    bpf_map_lookup_elem(fn, &key, &name))
			return errno == ENOENT
				       ? 1
				       : (ab_whyf(why, "reading the map: %s", strerror(errno)),
					  -errno);
		memset(&sum, 0, sizeof(sum));
		for (int cpu = 0; cpu < b->ncpu; cpu++) {
			for (int i = 0; i < ABT_N_OPS; i++) {
				sum.cnt[i] += b->percpu[cpu].cnt[i];
				sum.tlen[i] += b->percpu[cpu].tlen[i];
			}
			sum.err += b->percpu[cpu].err;
		}
		if (add_row(out, n, max, name.drv, &sum)) {
			ab_whyf(why, "more than %d drivers", max);
			return -ENOSPC;
		}
	}
	prev = NULL;
	while (!bpf_map_get_next_key(fr, prev, &next)) {
		struct abt_retired r;

		key = next, prev = &key;
		if (bpf_map_lookup_elem(fr, &key, &r)) {
			ab_whyf(why, "reading the retired map: %s", strerror(errno));
			return -errno;
		}
		if (add_row(out, n, max, r.name.drv, &r.sum)) {
			ab_whyf(why, "more than %d drivers", max);
			return -ENOSPC;
		}
	}
	return 0;
}

int trace_bpf_read(struct trace_session *s, struct trace_counts *out, int max, char why[AB_WHY_LEN])
{
	struct trace_bpf *b = s->bpf;
	volatile __u64 *busy = &b->skel->bss->retire_busy, *gen = &b->skel->bss->retire_gen;

	/*
	 * A retirement in flight (busy) or finished (gen moved) during the pass
	 * may have moved a row between the maps: read again.
	 */
	for (int tries = 0; tries < READ_TRIES; tries++) {
		__u64 g1 = __atomic_load_n(gen, __ATOMIC_ACQUIRE), lost;
		int n = 0, r;

		if (__atomic_load_n(busy, __ATOMIC_ACQUIRE)) {
			nanosleep(&(struct timespec){ 0, 100000 }, NULL);
			continue;
		}
		r = read_pass(b, out, &n, max, why);
		if (r < 0)
			return r;
		if (r || __atomic_load_n(busy, __ATOMIC_ACQUIRE) ||
		    __atomic_load_n(gen, __ATOMIC_ACQUIRE) != g1)
			continue;
		lost = __atomic_load_n(&b->skel->bss->lost, __ATOMIC_RELAXED);
		if (lost) {
			ab_whyf(why,
				"%llu calls or unregistrations were not counted: more than "
				"%d algorithms traced, or %d unregistered",
				(unsigned long long)lost, ABT_MAX_ALGS, ABT_MAX_RETIRED);
			return -EOVERFLOW;
		}
		return n;
	}
	ab_whyf(why, "the counters kept moving between algorithms (%d tries)", READ_TRIES);
	return -EAGAIN;
}
