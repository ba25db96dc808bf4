// SPDX-License-Identifier: GPL-2.0
/* Flags to job lists for `algbench run` and `algbench suite`. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backends/backend.h"
#include "core/number.h"
#include "run/plan.h"
#include "sys/array.h"
#include "sys/kernel_alg.h"

/*
 * Calls ITEM for each comma-separated item of S; stops at the first error.
 * Every list option comes through here (but --alg, whose names hold commas:
 * ab_parse_algs), so an empty item ("16,,32", "16,", ",16") is refused in
 * this one place, never skipped.
 */
static int each_item(const char *s, struct ab_plan *p, char why[AB_WHY_LEN],
		     int (*item)(const char *tok, struct ab_plan *p, char why[AB_WHY_LEN]))
{
	char *copy = strdup(s), *tok, *end;
	int ret, last;

	if (!copy) {
		ab_whyf(why, "out of memory");
		return -ENOMEM;
	}
	for (tok = copy;; tok = end + 1) {
		end = strchrnul(tok, ',');
		last = !*end;
		*end = '\0';
		if (!*tok) {
			ab_whyf(why,
				"empty item in '%s': give the values separated by single commas",
				s);
			ret = -EINVAL;
			break;
		}
		if ((ret = item(tok, p, why)) || last)
			break;
	}
	free(copy);
	return ret;
}

static int list_full(unsigned int n, const char *what, char why[AB_WHY_LEN])
{
	if (n < AB_MAX_LIST)
		return 0;
	ab_whyf(why, "too many %s (at most %d)", what, AB_MAX_LIST);
	return -E2BIG;
}

static int size_item(const char *tok, struct ab_plan *p, char why[AB_WHY_LEN])
{
	unsigned long long v;

	if (ab_parse_uint_n(tok, strlen(tok), 1, AB_MAX_SIZE, AB_NUM_SUFFIX, &v)) {
		ab_whyf(why, "size '%s': sizes are 1..%u bytes (suffix k or m allowed)", tok,
			AB_MAX_SIZE);
		return -EINVAL;
	}
	if (list_full(p->n_sizes, "sizes", why))
		return -EINVAL;
	p->sizes[p->n_sizes++] = (size_t)v;
	return 0;
}

int ab_parse_sizes(const char *s, struct ab_plan *p, char why[AB_WHY_LEN])
{
	p->n_sizes = 0;
	return each_item(s, p, why, size_item);
}

static unsigned int parse_ncpu; /* for thread_item; parsing is single-threaded */

static int thread_item(const char *tok, struct ab_plan *p, char why[AB_WHY_LEN])
{
	unsigned long long v = parse_ncpu;

	if (strcmp(tok, "all") && ab_parse_uint(tok, 1, parse_ncpu, &v))
		v = 0;
	if (v == 0 || v > parse_ncpu) {
		ab_whyf(why, "threads '%s': must be 1..%u (the CPUs this process may use) or 'all'",
			tok, parse_ncpu);
		return -EINVAL;
	}
	for (unsigned int i = 0; i < p->n_threads; i++)
		if (p->threads[i] == v)
			return 0; /* "1,all" on one CPU is one job, not two */
	if (list_full(p->n_threads, "thread counts", why))
		return -EINVAL;
	p->threads[p->n_threads++] = (unsigned int)v;
	return 0;
}

int ab_parse_threads(const char *s, unsigned int ncpu, struct ab_plan *p, char why[AB_WHY_LEN])
{
	parse_ncpu = ncpu;
	p->n_threads = 0;
	return each_item(s, p, why, thread_item);
}

static int backend_item(const char *tok, struct ab_plan *p, char why[AB_WHY_LEN])
{
	const struct ab_backend *b = ab_backend_find(tok);
	int len = 0;

	if (!b) {
		len = ab_whyf(why, "unknown backend '%s' (known:", tok);
		for (size_t i = 0; i < ab_backends_len && len < AB_WHY_LEN; i++)
			len += snprintf(why + len, AB_WHY_LEN - len, " %s", ab_backends[i]->name);
		if (len < AB_WHY_LEN)
			snprintf(why + len, AB_WHY_LEN - len, ")");
		return -EINVAL;
	}
	if (list_full(p->n_backends, "backends", why))
		return -EINVAL;
	p->backends[p->n_backends++] = b;
	return 0;
}

int ab_parse_backends(const char *s, struct ab_plan *p, char why[AB_WHY_LEN])
{
	p->n_backends = 0;
	return each_item(s, p, why, backend_item);
}

/*
 * Rows for --alg names outside the catalogue (sys/kernel_alg.c), built from
 * /proc/crypto once per parse; a plan points at them, so they live here.
 */
static struct ab_kernel_alg kernel_rows[AB_MAX_LIST];
static unsigned int n_kernel_rows;
static struct ab_proc_alg *proc_algs;
static size_t n_proc_algs;
static int proc_err; /* 1: not read yet */

static const struct ab_alg *kernel_row(const char *name, char why[AB_WHY_LEN])
{
	if (proc_err == 1)
		proc_err = ab_proc_crypto_read(NULL, &proc_algs, &n_proc_algs);
	if (proc_err) {
		ab_whyf(why,
			"unknown algorithm '%s': not in the catalogue, and /proc/crypto cannot be "
			"read (%s) to look for it in the kernel",
			name, strerror(-proc_err));
		return NULL;
	}
	if (n_kernel_rows == AB_MAX_LIST) {
		list_full(AB_MAX_LIST, "algorithms", why);
		return NULL;
	}
	if (ab_kernel_alg_build(name, proc_algs, n_proc_algs, &kernel_rows[n_kernel_rows], why))
		return NULL;
	return &kernel_rows[n_kernel_rows++].alg;
}

/* A catalogue name, or an algorithm or driver name the running kernel lists. */
static int alg_item(const char *tok, struct ab_plan *p, char why[AB_WHY_LEN])
{
	const struct ab_alg *a = ab_alg_find(tok);

	if (!a && !(a = kernel_row(tok, why)))
		return -EINVAL;
	if (list_full(p->n_algs, "algorithms", why))
		return -EINVAL;
	p->algs[p->n_algs++] = a;
	return 0;
}

/* Algorithm names contain commas ("rfc7539(chacha20,poly1305)"): split outside parentheses. */
int ab_parse_algs(const char *s, struct ab_plan *p, char why[AB_WHY_LEN])
{
	char buf[AB_NAME_LEN];
	size_t len = 0;
	int depth = 0;

	p->n_algs = 0;
	n_kernel_rows = 0;
	free(proc_algs);
	proc_algs = NULL;
	proc_err = 1;
	for (const char *c = s;; c++) {
		if (*c == '\0' || (*c == ',' && depth == 0)) {
			buf[len] = '\0';
			if (!len) {
				ab_whyf(why, "empty algorithm name in '%s'", s);
				return -EINVAL;
			}
			if (alg_item(buf, p, why))
				return -EINVAL;
			len = 0;
			if (*c == '\0')
				return 0;
			continue;
		}
		depth += *c == '(' ? 1 : *c == ')' ? -1 : 0;
		if (len + 1 >= sizeof(buf)) {
			ab_whyf(why, "algorithm name too long in '%s'", s);
			return -EINVAL;
		}
		buf[len++] = *c;
	}
}

/*
 * One name of a type or op list into its bit in MASK; unknown names are
 * refused with the catalogue's own names, so the message cannot go stale.
 */
static int name_bit(const char *tok, int (*parse)(const char *), const char *(*name)(int), int n,
		    const char *what, unsigned int *mask, char why[AB_WHY_LEN])
{
	int v = parse(tok);

	if (v < 0) {
		int used = ab_whyf(why, "unknown %s '%s' (known:", what, tok);

		for (int i = 0; i < n && used > 0 && used < AB_WHY_LEN; i++)
			used += snprintf(why + used, AB_WHY_LEN - (size_t)used, " %s", name(i));
		if (used > 0 && used < AB_WHY_LEN)
			snprintf(why + used, AB_WHY_LEN - (size_t)used, ")");
		return -EINVAL;
	}
	*mask |= 1u << v;
	return 0;
}

static const char *type_name(int t)
{
	return ab_type_name((enum ab_type)t);
}

static const char *op_name(int o)
{
	return ab_op_name((enum ab_op)o);
}

static int type_item(const char *tok, struct ab_plan *p, char why[AB_WHY_LEN])
{
	return name_bit(tok, ab_type_parse, type_name, AB_N_TYPES, "type", &p->types, why);
}

int ab_parse_types(const char *s, struct ab_plan *p, char why[AB_WHY_LEN])
{
	p->types = 0;
	return each_item(s, p, why, type_item);
}

static int op_item(const char *tok, struct ab_plan *p, char why[AB_WHY_LEN])
{
	return name_bit(tok, ab_op_parse, op_name, AB_N_OPS, "op", &p->ops, why);
}

int ab_parse_ops(const char *s, struct ab_plan *p, char why[AB_WHY_LEN])
{
	p->ops = 0;
	return each_item(s, p, why, op_item);
}

static int key_item(const char *tok, struct ab_plan *p, char why[AB_WHY_LEN])
{
	unsigned long long v;

	if (ab_parse_uint(tok, 1, 4096, &v)) {
		ab_whyf(why, "key size '%s': give bits as the catalogue names them (128, 256, 512)",
			tok);
		return -EINVAL;
	}
	if (list_full(p->n_keybits, "key sizes", why))
		return -EINVAL;
	p->keybits[p->n_keybits++] = (unsigned int)v;
	return 0;
}

int ab_parse_keys(const char *s, struct ab_plan *p, char why[AB_WHY_LEN])
{
	p->n_keybits = 0;
	return each_item(s, p, why, key_item);
}

static int mode_item(const char *tok, struct ab_plan *p, char why[AB_WHY_LEN])
{
	char known[AB_WHY_LEN / 2];

	for (size_t i = 0; i < ab_backends_len; i++) {
		const struct ab_mode *m = ab_backend_mode(ab_backends[i], tok);

		if (!m)
			continue;
		if (list_full(p->n_modes, "modes", why))
			return -EINVAL;
		p->modes[p->n_modes++] = m->name; /* static storage */
		return 0;
	}
	ab_backend_modes_text(known, sizeof(known));
	ab_whyf(why, "unknown mode '%s' (%s)", tok, known);
	return -EINVAL;
}

int ab_parse_modes(const char *s, struct ab_plan *p, char why[AB_WHY_LEN])
{
	p->n_modes = 0;
	return each_item(s, p, why, mode_item);
}

/* --- expansion ------------------------------------------------------------ */

struct job_list {
	struct ab_job *jobs;
	size_t n, cap;
};

static int push(struct job_list *l, const struct ab_job *j)
{
	if (AB_ARRAY_RESERVE(l->jobs, l->cap, l->n))
		return -EINVAL;
	l->jobs[l->n++] = *j;
	return 0;
}

static int key_chosen(const struct ab_plan *p, const struct ab_keysize *k)
{
	if (!p->n_keybits || !k->bits)
		return 1; /* unkeyed hashes have one "size" and are always in */
	for (unsigned int i = 0; i < p->n_keybits; i++)
		if (p->keybits[i] == k->bits)
			return 1;
	return 0;
}

static int mode_chosen(const struct ab_plan *p, const char *mode)
{
	if (!p->n_modes)
		return 1;
	for (unsigned int i = 0; i < p->n_modes; i++)
		if (!strcmp(p->modes[i], mode))
			return 1;
	return 0;
}

/* A combination the backend or its mode never runs (hash x aio) is no job at all. */
static int never_supported(const struct ab_job *j)
{
	char why[AB_WHY_LEN];

	return ab_backend_refuses(j, why) ||
	       (j->backend->supports && j->backend->supports(j, why) == -EOPNOTSUPP);
}

/* Every backend x mode for one (alg, key, op, size, threads). */
static int push_backends(const struct ab_plan *p, struct ab_job *j, struct job_list *l)
{
	for (unsigned int b = 0; b < p->n_backends; b++) {
		j->backend = p->backends[b];
		if (!ab_backend_runs(j->backend, j->alg->type))
			continue;
		for (const struct ab_mode *m = j->backend->modes; m->name; m++) {
			j->mode = m->name;
			if (mode_chosen(p, m->name) && !never_supported(j) && push(l, j))
				return -EINVAL;
		}
	}
	return 0;
}

static int runnable_by_some(const struct ab_plan *p, const struct ab_alg *a)
{
	for (unsigned int b = 0; b < p->n_backends; b++)
		if (ab_backend_runs(p->backends[b], a->type))
			return 1;
	return 0;
}

static int expand_alg(const struct ab_plan *p, const struct ab_alg *a, struct job_list *l)
{
	struct ab_job j = { .alg = a,
			    .seconds = p->seconds,
			    .warmup = p->warmup,
			    .repeats = p->repeats,
			    .interleaved = p->interleave,
			    .perf = p->perf };

	if (!runnable_by_some(p, a)) {
		/* One row that says why nothing measures it here. */
		j.key = &a->keys[0];
		j.backend = p->backends[0];
		j.mode = j.backend->modes[0].name;
		j.op = a->type == AB_ACOMP  ? AB_OP_COMPRESS
		       : a->type == AB_HASH ? AB_OP_DIGEST
					    : AB_OP_ENCRYPT;
		j.size = p->sizes[0];
		j.threads = p->threads[0];
		return push(l, &j);
	}
	for (unsigned int k = 0; k < a->n_keys; k++) {
		if (!key_chosen(p, &a->keys[k]))
			continue;
		j.key = &a->keys[k];
		for (int op = 0; op < AB_N_OPS; op++) {
			if (!ab_alg_has_op(a, op) || (p->ops && !(p->ops & (1u << op))))
				continue;
			j.op = op;
			for (unsigned int s = 0; s < p->n_sizes; s++) {
				if (!ab_alg_size_ok(a, p->sizes[s]))
					continue;
				j.size = p->sizes[s];
				for (unsigned int t = 0; t < p->n_threads; t++) {
					j.threads = p->threads[t];
					if (push_backends(p, &j, l))
						return -EINVAL;
				}
			}
		}
	}
	return 0;
}

/* Each --mode is a mode of a chosen backend: 0, or -EINVAL and WHY naming theirs. */
static int modes_offered(const struct ab_plan *p, char why[AB_WHY_LEN])
{
	char theirs[AB_WHY_LEN / 2];

	for (unsigned int i = 0; i < p->n_modes; i++) {
		unsigned int b = 0;

		while (b < p->n_backends && !ab_backend_mode(p->backends[b], p->modes[i]))
			b++;
		if (b < p->n_backends)
			continue;
		ab_backend_modes_text_of(p->backends, p->n_backends, theirs, sizeof(theirs));
		ab_whyf(why, "--mode %s: no chosen backend has it (%s)", p->modes[i], theirs);
		return -EINVAL;
	}
	return 0;
}

/* A catalogue row is the one its name finds; a kernel row never is. */
static int in_catalogue(const struct ab_alg *a)
{
	return ab_alg_find(a->name) == a;
}

int ab_plan_jobs(const struct ab_plan *p, struct ab_job **jobs, size_t *n, char why[AB_WHY_LEN])
{
	struct job_list l = { 0 };

	if (modes_offered(p, why))
		return -EINVAL;

	/* the catalogue's rows in its order, then the kernel's as --alg named them */
	for (size_t i = 0; i < ab_catalogue_len + p->n_algs; i++) {
		const struct ab_alg *a =
			i < ab_catalogue_len ? &ab_catalogue[i] : p->algs[i - ab_catalogue_len];
		int chosen = !p->n_algs;

		if (i >= ab_catalogue_len)
			chosen = !in_catalogue(a);
		else
			for (unsigned int k = 0; k < p->n_algs; k++)
				chosen |= p->algs[k] == a;
		if (!chosen || (p->types && !(p->types & (1u << a->type))))
			continue;
		if (expand_alg(p, a, &l)) {
			free(l.jobs);
			ab_whyf(why, "out of memory for the job list");
			return -EINVAL;
		}
	}
	if (!l.n) {
		ab_whyf(why,
			"no jobs: the chosen algorithms, types, ops, key sizes, sizes and "
			"modes exclude each other (e.g. cbc(aes) wants multiples of 16 bytes)");
		free(l.jobs);
		return -EINVAL;
	}
	*jobs = l.jobs;
	*n = l.n;
	return 0;
}
