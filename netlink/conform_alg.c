// SPDX-License-Identifier: GPL-2.0
/* Conformance, groups 1-3: the GETALG dump, GETALG per algorithm, GETSTAT. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "conform.h"
#include "sys/proc_crypto.h"

#define MAX_DIAG 8 /* mismatch lines printed per check; the count says the rest */

struct pair {
	const char *name, *driver;
};

static int pair_cmp(const void *a, const void *b)
{
	const struct pair *x = a, *y = b;
	int r = strcmp(x->name, y->name);

	return r ? r : strcmp(x->driver, y->driver);
}

static struct pair *dump_pairs(const struct conform_ctx *c)
{
	struct pair *p = calloc(c->n_algs + 1, sizeof(*p));

	for (size_t i = 0; p && i < c->n_algs; i++)
		p[i] = (struct pair){ c->algs[i].name, c->algs[i].driver };
	if (p)
		qsort(p, c->n_algs, sizeof(*p), pair_cmp);
	return p;
}

static struct pair *proc_pairs(const struct conform_ctx *c)
{
	struct pair *p = calloc(c->n_proc + 1, sizeof(*p));

	for (size_t i = 0; p && i < c->n_proc; i++) {
		const char *n = pc_get(&c->proc[i], "name"), *d = pc_get(&c->proc[i], "driver");

		p[i] = (struct pair){ n ? n : "", d ? d : "" };
	}
	if (p)
		qsort(p, c->n_proc, sizeof(*p), pair_cmp);
	return p;
}

/* Walks both sorted multisets; prints up to MAX_DIAG differences when c is given. */
static void diff_pairs(const struct conform_ctx *c, const struct pair *d, size_t nd,
		       const struct pair *p, size_t np, size_t *missing, size_t *extra)
{
	size_t i = 0, j = 0, shown = 0;

	*missing = *extra = 0;
	while (i < nd || j < np) {
		int r = i == nd ? 1 : j == np ? -1 : pair_cmp(&d[i], &p[j]);

		if (!r) {
			i++, j++;
			continue;
		}
		if (c && shown++ < MAX_DIAG)
			conform_diag(c, "%s: %s (%s)",
				     r > 0 ? "missing from the dump" : "only in the dump",
				     r > 0 ? p[j].name : d[i].name,
				     r > 0 ? p[j].driver : d[i].driver);
		if (r > 0)
			++*missing, j++;
		else
			++*extra, i++;
	}
}

static int read_proc(struct conform_ctx *c)
{
	free(c->proc);
	return pc_read("/proc/crypto", &c->proc, &c->n_proc);
}

/* Dump and /proc/crypto read back to back; one more try absorbs a registration in between. */
static int snapshot_differs(struct conform_ctx *c, size_t *missing, size_t *extra, bool print)
{
	struct pair *d, *p;
	int ret = read_proc(c);

	if (ret)
		return ret;
	d = dump_pairs(c);
	p = proc_pairs(c);
	if (!d || !p)
		ret = -ENOMEM;
	else
		diff_pairs(print ? c : NULL, d, c->n_algs, p, c->n_proc, missing, extra);
	free(d);
	free(p);
	return ret;
}

static enum ab_tap_verdict check_dump_complete(struct conform_ctx *c, const void *arg,
					       char why[AB_WHY_LEN])
{
	size_t missing = 0, extra = 0;
	unsigned dgrams, msgs;
	int ret;

	(void)arg;
	for (int attempt = 0; attempt < 3; attempt++) {
		ret = snapshot_differs(c, &missing, &extra, false);
		if (ret || (!missing && !extra))
			break;
		free(c->algs);
		ret = conform_dump(c->s, &c->algs, &c->n_algs);
		if (ret)
			break;
	}
	cu_last_dump_shape(c->s, &dgrams, &msgs);
	if (ret) {
		ab_whyf(why, "cannot compare: %s", strerror(-ret));
		return AB_TAP_FAIL;
	}
	conform_diag(c, "dump: %zu algorithms in %u datagrams up to NLMSG_DONE; /proc/crypto: %zu",
		     c->n_algs, dgrams, c->n_proc);
	if (!missing && !extra)
		return AB_TAP_PASS;
	snapshot_differs(c, &missing, &extra, true);
	ab_whyf(why, "%s: %zu entries of /proc/crypto missing from the dump, %zu extra",
		missing ? "truncated dump" : "dump differs", missing, extra);
	return AB_TAP_FAIL;
}

static bool driver_unique(const struct conform_ctx *c, const char *driver)
{
	size_t seen = 0;

	for (size_t i = 0; i < c->n_proc; i++) {
		const char *d = pc_get(&c->proc[i], "driver");

		seen += d && !strcmp(d, driver);
	}
	return seen == 1;
}

/* One field: GETALG's value (got) against /proc/crypto's line for key, if it has one. */
static int compare_field(const struct conform_ctx *c, const struct cu_alg *a,
			 const struct pc_alg *p, const char *key, const char *got, int *shown)
{
	const char *want = pc_get(p, key);

	if (!want || !strcmp(want, got))
		return 0;
	if ((*shown)++ < MAX_DIAG)
		conform_diag(c, "%s: %s is '%s' in GETALG, '%s' in /proc/crypto", a->driver, key,
			     got, want);
	return 1;
}

/* Compares one GETALG answer with its /proc/crypto block; returns the mismatches. */
static int compare_alg(const struct conform_ctx *c, const struct cu_alg *a, const struct pc_alg *p,
		       int *shown)
{
	char num[24];
	size_t nf;
	const struct cu_field *f = cu_report_fields(a->report_attr, &nf);
	int bad = 0;

	bad += compare_field(c, a, p, "name", a->name, shown);
	bad += compare_field(c, a, p, "module", a->module, shown);
	snprintf(num, sizeof(num), "%d", a->priority);
	bad += compare_field(c, a, p, "priority", num, shown);
	bad += compare_field(c, a, p, "type", a->report_attr ? a->report.type : "unknown", shown);
	for (size_t i = 0; i < nf; i++) {
		const char *v = (const char *)&a->report + f[i].offset;

		if (!f[i].is_string) {
			snprintf(num, sizeof(num), "%" PRIu64,
				 cu_field_u64(&a->report, &f[i], false));
			v = num;
		}
		bad += compare_field(c, a, p, f[i].name, v, shown);
	}
	return bad;
}

static enum ab_tap_verdict check_getalg_agrees(struct conform_ctx *c, const void *arg,
					       char why[AB_WHY_LEN])
{
	size_t checked = 0, failed = 0, skipped = 0;
	int shown = 0;

	(void)arg;
	for (size_t i = 0; i < c->n_proc; i++) {
		const char *driver = pc_get(&c->proc[i], "driver");
		struct cu_alg a;
		int ret;

		if (!driver || !driver_unique(c, driver)) {
			skipped++; /* GETALG by driver finds the first of several */
			continue;
		}
		checked++;
		ret = cu_get(c->s, "", driver, &a);
		if (ret) {
			failed++;
			if (shown++ < MAX_DIAG)
				conform_diag(c, "%s: GETALG by driver failed: %s", driver,
					     strerror(-ret));
			continue;
		}
		failed += compare_alg(c, &a, &c->proc[i], &shown) > 0;
	}
	conform_diag(c, "compared %zu algorithms field by field%s", checked,
		     skipped ? " (skipped drivers listed twice in /proc/crypto)" : "");
	if (!failed && checked)
		return AB_TAP_PASS;
	ab_whyf(why,
		checked ? "%zu of %zu algorithms disagree with /proc/crypto"
			: "no algorithm to compare",
		failed, checked);
	return AB_TAP_FAIL;
}

static enum ab_tap_verdict expect_errno(const struct conform_ctx *c, int got, int want,
					const char *what, char why[AB_WHY_LEN])
{
	const char *msg = cu_last_ack(c->s)->msg;

	if (got == want) {
		if (msg[0])
			conform_diag(c, "%s: extack: %s", what, msg);
		return AB_TAP_PASS;
	}
	ab_whyf(why, "%s answered %d (%s), want %d", what, got, got ? strerror(-got) : "success",
		want);
	return AB_TAP_FAIL;
}

static enum ab_tap_verdict check_getalg_enoent(struct conform_ctx *c, const void *arg,
					       char why[AB_WHY_LEN])
{
	struct cu_alg a;

	(void)arg;
	return expect_errno(c, cu_get(c->s, "algbench-no-such-alg", "", &a), -ENOENT,
			    "GETALG algbench-no-such-alg", why);
}

/* On: a counters reply with a STAT attribute. Off: -ENOTSUPP. */
static bool stat_as_expected(const struct conform_ctx *c, int ret, const struct cu_stat *st)
{
	return c->stats ? ret == 0 && st->stat_attr : ret == -CU_ENOTSUPP;
}

static enum ab_tap_verdict check_getstat_all(struct conform_ctx *c, const void *arg,
					     char why[AB_WHY_LEN])
{
	size_t failed = 0, kinds[CRYPTOCFGA_MAX + 1] = { 0 };
	int shown = 0;

	(void)arg;
	if (c->stats < 0) {
		ab_whyf(why, "%s", c->stats_why);
		return AB_TAP_SKIP;
	}
	for (size_t i = 0; i < c->n_algs; i++) {
		struct cu_stat st;
		int ret = cu_get_stat(c->s, "", c->algs[i].driver, &st);

		if (stat_as_expected(c, ret, &st)) {
			kinds[ret ? 0 : st.stat_attr]++;
			continue;
		}
		failed++;
		if (shown++ < MAX_DIAG)
			conform_diag(c, "%s: GETSTAT answered %s", c->algs[i].driver,
				     ret == 0 ? "counters but no STAT attribute" : strerror(-ret));
	}
	if (c->stats)
		for (uint16_t a = CRYPTOCFGA_STAT_LARVAL; a <= CRYPTOCFGA_STAT_ACOMP; a++)
			if (kinds[a])
				conform_diag(c, "%zu algorithms answered CRYPTOCFGA_STAT_%s",
					     kinds[a], cu_attr_kind(a));
	conform_diag(c, "%zu of %zu algorithms answered as expected (%s; %s)", c->n_algs - failed,
		     c->n_algs, c->stats ? "counters" : "-ENOTSUPP, 524", c->stats_why);
	if (!failed)
		return AB_TAP_PASS;
	ab_whyf(why, "%zu algorithms answered otherwise", failed);
	return AB_TAP_FAIL;
}

static enum ab_tap_verdict check_getstat_unknown(struct conform_ctx *c, const void *arg,
						 char why[AB_WHY_LEN])
{
	struct cu_stat st;

	(void)arg;
	if (c->stats < 0) {
		ab_whyf(why, "%s", c->stats_why);
		return AB_TAP_SKIP;
	}
	/* Without stats the 6.1 stub answers before looking the name up. */
	return expect_errno(c, cu_get_stat(c->s, "algbench-no-such-alg", "", &st),
			    c->stats ? -ENOENT : -CU_ENOTSUPP, "GETSTAT algbench-no-such-alg", why);
}

const struct conform_check conform_alg_checks[] = {
	{ "getalg_dump_complete: the dump lists every (name, driver) of /proc/crypto",
	  check_dump_complete, NULL },
	{ "getalg_agrees: GETALG per algorithm agrees with /proc/crypto", check_getalg_agrees,
	  NULL },
	{ "getalg_enoent: GETALG of an unknown name answers ENOENT", check_getalg_enoent, NULL },
	{ "getstat_all: GETSTAT of every algorithm answers as the stats setting says",
	  check_getstat_all, NULL },
	{ "getstat_unknown: GETSTAT of an unknown name: ENOTSUPP (stats off) or ENOENT (on)",
	  check_getstat_unknown, NULL },
};
const size_t conform_n_alg_checks = CONFORM_ROWS(conform_alg_checks);
