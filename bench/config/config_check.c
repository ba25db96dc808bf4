// SPDX-License-Identifier: GPL-2.0
/*
 * algbench config-check: what in a kernel config hurts crypto performance
 * or blocks the harness (the rules: config_rules.c), and what changed in
 * crypto-relevant options between two configs.
 */
#include <jansson.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/opt.h"
#include "command.h"
#include "config/config_rules.h"
#include "core/error.h"
#include "sys/json_out.h"
#include "sys/kconfig.h"

#define MAX_FINDINGS 64
#define WRAP	     78

/* Print @text after a @label, wrapped at WRAP columns, continuation lines indented. */
static void print_wrapped(const char *label, const char *text)
{
	int indent = 12, col = indent;
	const char *p = text;

	printf("  %-10s", label);
	while (*p) {
		size_t w = strcspn(p, " ");

		/* Keep "# CONFIG_X" (a line of a .config) on one line. */
		if (w == 1 && *p == '#' && p[1] == ' ')
			w = 2 + strcspn(p + 2, " ");

		if (col > indent && col + 1 + (int)w > WRAP) {
			printf("\n%*s", indent, "");
			col = indent;
		} else if (col > indent) {
			putchar(' ');
			col++;
		}
		printf("%.*s", (int)w, p);
		col += w;
		p += w;
		p += strspn(p, " ");
	}
	putchar('\n');
}

static void count(const struct finding *f, size_t n, int counts[3])
{
	counts[0] = counts[1] = counts[2] = 0;
	for (size_t i = 0; i < n; i++)
		counts[f[i].rule->severity]++;
}

static void print_finding(const struct finding *f, char mark)
{
	if (mark)
		printf("%c ", mark);
	printf("%-8s %s  [%s]\n", severity_name(f->rule->severity), f->option, f->rule->id);
	print_wrapped("config:", f->observed);
	print_wrapped("costs:", f->rule->cost);
	print_wrapped("evidence:", f->rule->evidence);
	print_wrapped("fix:", f->rule->fix);
}

static void print_header(const struct kconfig *kc)
{
	printf("config-check: %s\n", kc->source);
	printf("kernel: Linux %s, %s, %zu symbols\n",
	       kc->version[0] ? kc->version : "(version unknown)", kc->arch, kc->n_syms);
	printf("crypto stats: %s\n", config_stats_state(kc));
}

static void print_summary(const int c[3])
{
	printf("%d error%s, %d warning%s, %d info\n", c[SEV_ERROR], c[SEV_ERROR] == 1 ? "" : "s",
	       c[SEV_WARNING], c[SEV_WARNING] == 1 ? "" : "s", c[SEV_INFO]);
}

static json_t *finding_json(const struct finding *f)
{
	return json_pack("{s:s, s:s, s:s, s:s, s:s, s:s, s:s, s:s}", "id", f->rule->id, "severity",
			 severity_name(f->rule->severity), "option", f->option, "condition",
			 f->rule->condition, "observed", f->observed, "cost", f->rule->cost,
			 "evidence", f->rule->evidence, "fix", f->rule->fix);
}

static json_t *findings_json(const struct finding *f, size_t n)
{
	json_t *a = json_array();

	for (size_t i = 0; i < n; i++)
		json_array_append_new(a, finding_json(&f[i]));
	return a;
}

static json_t *config_json(const struct kconfig *kc)
{
	return json_pack("{s:s, s:s, s:s, s:I, s:s}", "source", kc->source, "arch", kc->arch,
			 "version", kc->version, "symbols", (json_int_t)kc->n_syms, "crypto_stats",
			 config_stats_state(kc));
}

static json_t *summary_json(const int c[3])
{
	return json_pack("{s:i, s:i, s:i}", "error", c[SEV_ERROR], "warning", c[SEV_WARNING],
			 "info", c[SEV_INFO]);
}

static void dump_json(json_t *j)
{
	ab_json_print(j, stdout, 0);
	json_decref(j);
}

static int check_one(const struct kconfig *kc, int json)
{
	struct finding f[MAX_FINDINGS];
	size_t n = config_findings(kc, f, MAX_FINDINGS);
	int c[3];

	count(f, n, c);
	if (json) {
		dump_json(json_pack("{s:s, s:o, s:o, s:o}", "schema", "algbench-config-check/1",
				    "config", config_json(kc), "findings", findings_json(f, n),
				    "summary", summary_json(c)));
	} else {
		print_header(kc);
		putchar('\n');
		for (size_t i = 0; i < n; i++) {
			print_finding(&f[i], 0);
			putchar('\n');
		}
		print_summary(c);
	}
	return c[SEV_ERROR] ? 1 : 0;
}

static int print_rules(int json)
{
	json_t *a = json ? json_array() : NULL;

	if (!json)
		printf("%-24s %-8s %-7s %-45s %s\n", "RULE", "SEVERITY", "ARCH",
		       "OPTION (|: alternatives)", "CONDITION");
	for (size_t i = 0; i < n_config_rules; i++) {
		const struct rule *r = &config_rules[i];
		char opt[128] = "-";

		for (int k = 0, used = 0; k < RULE_MAX_SYMS && r->syms[k]; k++)
			used += snprintf(opt + used, sizeof(opt) - used, "%s%s", k ? "|" : "",
					 r->syms[k]);

		if (json)
			json_array_append_new(
				a, json_pack("{s:s, s:s, s:s, s:s, s:s, s:s, s:s, s:s}", "id",
					     r->id, "severity", severity_name(r->severity), "arch",
					     r->arch ? r->arch : "any", "option", opt, "condition",
					     r->condition, "cost", r->cost, "evidence", r->evidence,
					     "fix", r->fix));
		else
			printf("%-24s %-8s %-7s %-45s %s\n", r->id, severity_name(r->severity),
			       r->arch ? r->arch : "any", opt, r->condition);
	}
	if (json)
		dump_json(a);
	return 0;
}

/* --- compare mode ---------------------------------------------------------- */

static int relevant(const char *name)
{
	return !strncmp(name, "CRYPTO_", 7) || config_rule_symbol(name);
}

/* Value as a .config would show it: y, m, n, absent, "string", number. */
static void show(const struct kconfig *kc, const char *name, char *out, size_t len)
{
	const struct ksym *s = kconfig_get(kc, name);

	if (s && s->kind == KV_STRING)
		snprintf(out, len, "\"%s\"", s->value);
	else
		snprintf(out, len, "%s", kconfig_show(kc, name));
}

/* Report @name if its value differs; returns 1 if it does. */
static int diff_symbol(const struct kconfig *a, const struct kconfig *b, const char *name,
		       json_t *changes)
{
	char va[256], vb[256];

	show(a, name, va, sizeof(va));
	show(b, name, vb, sizeof(vb));
	if (!strcmp(va, vb))
		return 0;
	if (changes)
		json_array_append_new(changes, json_pack("{s:s, s:s, s:s}", "option", name, "old",
							 va, "new", vb));
	else
		printf("  %-40s %s -> %s\n", name, va, vb);
	return 1;
}

/* Walk both sorted symbol lists once; returns how many relevant symbols changed. */
static size_t diff_symbols(const struct kconfig *a, const struct kconfig *b, json_t *changes)
{
	size_t i = 0, j = 0, changed = 0;

	while (i < a->n_syms || j < b->n_syms) {
		int c = i == a->n_syms	 ? 1
			: j == b->n_syms ? -1
					 : strcmp(a->syms[i].name, b->syms[j].name);
		const char *name = c <= 0 ? a->syms[i].name : b->syms[j].name;

		if (relevant(name))
			changed += diff_symbol(a, b, name, changes);
		i += c <= 0;
		j += c >= 0;
	}
	return changed;
}

static int has_rule(const struct finding *f, size_t n, const struct rule *r)
{
	for (size_t i = 0; i < n; i++)
		if (f[i].rule == r)
			return 1;
	return 0;
}

/* Findings in @x whose rule does not fire in @y. */
static size_t only_in(const struct finding *x, size_t nx, const struct finding *y, size_t ny,
		      const struct finding **out)
{
	size_t n = 0;

	for (size_t i = 0; i < nx; i++)
		if (!has_rule(y, ny, x[i].rule))
			out[n++] = &x[i];
	return n;
}

static int compare(const struct kconfig *a, const struct kconfig *b, int json)
{
	static struct finding fa[MAX_FINDINGS], fb[MAX_FINDINGS];
	const struct finding *added[MAX_FINDINGS], *gone[MAX_FINDINGS];
	size_t na = config_findings(a, fa, MAX_FINDINGS), nb = config_findings(b, fb, MAX_FINDINGS);
	size_t nadd = only_in(fb, nb, fa, na, added), ngone = only_in(fa, na, fb, nb, gone);
	int c[3];

	count(fb, nb, c);
	if (json) {
		json_t *changes = json_array(), *ja = json_array(), *jg = json_array();

		diff_symbols(a, b, changes);
		for (size_t i = 0; i < nadd; i++)
			json_array_append_new(ja, finding_json(added[i]));
		for (size_t i = 0; i < ngone; i++)
			json_array_append_new(jg, finding_json(gone[i]));
		dump_json(json_pack("{s:s, s:o, s:o, s:o, s:o, s:o, s:o}", "schema",
				    "algbench-config-compare/1", "old", config_json(a), "new",
				    config_json(b), "changes", changes, "findings_added", ja,
				    "findings_removed", jg, "new_summary", summary_json(c)));
		return c[SEV_ERROR] ? 1 : 0;
	}
	printf("config-check compare\n  old: %s (Linux %s, %s)\n  new: %s (Linux %s, %s)\n\n",
	       a->source, a->version[0] ? a->version : "version unknown",
	       a->arch[0] ? a->arch : "arch unknown", b->source,
	       b->version[0] ? b->version : "version unknown",
	       b->arch[0] ? b->arch : "arch unknown");
	printf("Crypto-relevant options changed (old -> new):\n");
	if (!diff_symbols(a, b, NULL))
		printf("  (none)\n");
	printf("\nFindings new has and old does not (+), old has and new does not (-):\n");
	for (size_t i = 0; i < nadd; i++)
		print_finding(added[i], '+');
	for (size_t i = 0; i < ngone; i++)
		print_finding(gone[i], '-');
	if (!nadd && !ngone)
		printf("  (none)\n");
	printf("\nnew: ");
	print_summary(c);
	return c[SEV_ERROR] ? 1 : 0;
}

/* --- entry point ----------------------------------------------------------- */

/* Load one config; on failure say why on stderr, and with --json also on stdout. */
static int load(struct kconfig *kc, const char *path, int running, int json)
{
	char err[AB_WHY_LEN];
	int r = running ? kconfig_load_running(kc, err) : kconfig_load(kc, path, err);

	if (!r)
		return 0;
	ab_err("%s\n", err);
	if (json)
		dump_json(
			json_pack("{s:s, s:s}", "schema", "algbench-config-check/1", "error", err));
	return r;
}

struct check_opts {
	int json, running, rules;
};

static const struct ab_opt check_opts[] = {
	{ "running", 0, NULL, AB_OPT_FLAG, offsetof(struct check_opts, running),
	  .help = "/proc/config.gz, else /boot/config-$(uname -r)" },
	{ "rules", 0, NULL, AB_OPT_FLAG, offsetof(struct check_opts, rules),
	  .help = "print the rule table and exit" },
	{ "json", 0, NULL, AB_OPT_FLAG, offsetof(struct check_opts, json),
	  .help = "JSON on stdout instead of the report (on unreadable input: {\"error\": "
		  "reason})" },
	{ 0 },
};

/* ARGV: the config files, one to check or two to compare. */
static int check_main(void *opts, int nfiles, char **argv)
{
	const struct check_opts o = *(const struct check_opts *)opts;
	struct kconfig a, b;
	int ret;

	if (nfiles > 2)
		return ab_opt_error(&ab_config_check_cmd,
				    "too many files (one to check, two to compare)");
	if (o.rules)
		return print_rules(o.json);
	if ((o.running && nfiles) || (!o.running && !nfiles))
		return ab_opt_error(&ab_config_check_cmd, "give FILE, OLD NEW, or --running");
	if (load(&a, argv[0], o.running, o.json))
		return 2;
	if (nfiles < 2) {
		ret = check_one(&a, o.json);
		kconfig_free(&a);
		return ret;
	}
	if (load(&b, argv[1], 0, o.json)) {
		kconfig_free(&a);
		return 2;
	}
	ret = compare(&a, &b, o.json);
	kconfig_free(&a);
	kconfig_free(&b);
	return ret;
}

const struct ab_opt_cmd ab_config_check_cmd = {
	"config-check",
	"[--json] FILE\n[--json] --running\n[--json] OLD NEW\n[--json] --rules",
	check_opts,
	sizeof(struct check_opts),
	check_main,
	.operands = true,
	.about = "Checks a kernel config for what hurts crypto performance or blocks algbench:\n"
		 "CRYPTO_STATS, AF_ALG and crypto_user, the architecture's accelerated drivers\n"
		 "(x86_64, arm64), self-test and FIPS options, tcrypt (CRYPTO_TEST or\n"
		 "CRYPTO_BENCHMARK), debug options on the crypto path, and AF_ALG aead exposure\n"
		 "(CVE-2026-31431).\n\n"
		 "FILE is a .config, a gzip'd config (/proc/config.gz) or a Debian kernel\n"
		 "package (.deb; its ./boot/config-* is read). The architecture comes from the\n"
		 "config's own symbols. OLD NEW compares: crypto-relevant options that changed,\n"
		 "and the findings NEW gains or loses.\n",
	.after = "Exit status: 0 no error findings (in NEW when comparing), 1 error findings,\n"
		 "2 bad usage or unreadable input (the reason is printed).\n",
};
