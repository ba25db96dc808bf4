// SPDX-License-Identifier: GPL-2.0
/*
 * algbench attribute: the entries of Debian's kernel changelog between two
 * versions that touch the path one job runs through (attribution.c's
 * rules), for a change ab-series found between those two kernels.
 */
#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "cli/opt.h"
#include "command.h" // IWYU pragma: keep
#include "series/attribution.h"
#include "series/changelog.h"
#include "sys/json_out.h"
#include "sys/text.h"

struct attribute_opts {
	const char *from, *to, *backend, *mode, *alg, *arch, *json;
	int rules, markdown;
};

static const char *const arches[] = { "x86", "arm64", NULL };

static const struct ab_opt attribute_opts[] = {
	{ "from", 0, "VERSION", AB_OPT_STR, offsetof(struct attribute_opts, from),
	  .help = "the older kernel's Debian version (apt-cache show linux-image-REL: Version), "
		  "e.g. 6.1.190-1; its own entries are not counted" },
	{ "to", 0, "VERSION", AB_OPT_STR, offsetof(struct attribute_opts, to),
	  .help = "the newer kernel's Debian version, e.g. 6.1.192-3" },
	{ "backend", 0, "NAME", AB_OPT_STR, offsetof(struct attribute_opts, backend),
	  .help = "the job's backend: afalg, kmod, openssl" },
	{ "mode", 0, "NAME", AB_OPT_STR, offsetof(struct attribute_opts, mode),
	  .help = "the job's mode (sendmsg, vmsplice, aio; sync, async; evp)",
	  .def_text = "every mode of the backend" },
	{ "alg", 0, "ALG", AB_OPT_STR, offsetof(struct attribute_opts, alg),
	  .help = "the job's algorithm, a catalogue name: gcm(aes)" },
	{ "arch", 0, "ARCH", AB_OPT_STR, offsetof(struct attribute_opts, arch), .choices = arches,
	  .help = "the kernel's architecture", .def = "x86" },
	{ "json", 'j', "OUT", AB_OPT_STR, offsetof(struct attribute_opts, json),
	  .help = "also write the entries as JSON to OUT ('-': stdout, instead of the text)" },
	{ "markdown", 0, NULL, AB_OPT_FLAG, offsetof(struct attribute_opts, markdown),
	  .help = "the text as a markdown list, the changelog's words escaped (for a report)" },
	{ "rules", 0, NULL, AB_OPT_FLAG, offsetof(struct attribute_opts, rules),
	  .help = "print the rule table and exit" },
	{ 0 },
};

static void print_rules(void)
{
	char name[96];

	printf("%-38s %-7s %s\n", "rule", "arch", "why");
	for (size_t i = 0; i < ab_attr_rules_len; i++) {
		const struct ab_attr_rule *r = &ab_attr_rules[i];

		ab_attr_rule_name(r, name, sizeof(name));
		printf("%-38s %-7s %s\n", name, r->arch ? r->arch : "any", r->why);
	}
}

/* NULL with JERR's reason: jansson refuses text that is not UTF-8 */
static json_t *entry_json(const struct ab_cl_entry *e, const struct ab_attr_rule *r,
			  json_error_t *jerr)
{
	char name[96];

	ab_attr_rule_name(r, name, sizeof(name));
	return json_pack_ex(jerr, 0, "{s:s, s:s, s:s, s:b, s:i, s:s, s:s}", "version", e->version,
			    "upstream", e->upstream, "text", e->text, "upstream_commit", e->commit,
			    "line", (int)e->line, "rule", name, "why", r->why);
}

static void print_entry(const struct ab_cl_entry *e, const struct ab_attr_rule *r, bool md)
{
	char name[96];

	ab_attr_rule_name(r, name, sizeof(name));
	if (md) {
		fputs("- ", stdout);
		ab_fput_md(stdout, e->version);
		fputs(" (upstream ", stdout);
		ab_fput_md(stdout, e->upstream);
		fputs("): ", stdout);
		ab_fput_md(stdout, e->text);
		printf(" (rule `%s`: %s)\n", name, r->why);
		return;
	}
	fputs("  ", stdout);
	ab_fput_term(stdout, e->version);
	fputs(" (upstream ", stdout);
	ab_fput_term(stdout, e->upstream);
	printf(", line %u): ", e->line);
	ab_fput_term(stdout, e->text);
	printf("\n      rule %s: %s\n", name, r->why);
}

static int attribute_main(void *opts, int argc, char **argv)
{
	const struct attribute_opts *o = opts;
	struct ab_attr_job job = { o->backend, o->mode, o->alg, o->arch };
	char why[AB_WHY_LEN];
	struct ab_changelog cl;
	size_t between = 0, touching = 0;
	json_t *doc = NULL, *list = NULL, *ej;
	json_error_t jerr;
	int ret = 0;

	if (o->rules) {
		print_rules();
		return 0;
	}
	if (argc != 1)
		return ab_opt_error(&ab_attribute_cmd, "give one CHANGELOG (file, .gz or .deb)");
	if (!o->from || !o->to || !o->backend || !o->alg)
		return ab_opt_error(&ab_attribute_cmd,
				    "--from, --to, --backend and --alg are needed");
	if (ab_attr_job_check(&job, why))
		return ab_opt_error(&ab_attribute_cmd, "%s", why);
	if (ab_changelog_load(&cl, argv[0], why)) {
		ab_err("%s\n", why);
		return 2;
	}
	if (ab_changelog_range_check(&cl, o->from, o->to, why)) {
		ab_err("%s\n", why);
		ab_changelog_free(&cl);
		return 2;
	}
	if (o->json) {
		list = json_array();
		doc = json_pack_ex(&jerr, 0, "{s:s, s:s, s:s, s:{s:s, s:s?, s:s, s:s}}",
				   "changelog", cl.source, "from", o->from, "to", o->to, "job",
				   "backend", o->backend, "mode", o->mode, "alg", o->alg, "arch",
				   o->arch);
		if (!doc) {
			ab_err("cannot write the JSON: %s\n", jerr.text);
			ret = 2;
			goto out;
		}
		if (!list || json_object_set(doc, "entries", list)) {
			ab_err("out of memory\n");
			ret = 2;
			goto out;
		}
	}
	for (size_t i = 0; i < cl.n_entries; i++)
		between += ab_cl_entry_between(&cl.entries[i], o->from, o->to);
	if (o->markdown && (!o->json || strcmp(o->json, "-"))) {
		/* no path: a report names no machine's folders */
		printf("After %s, up to %s: %zu changelog entries.\n\n", o->from, o->to, between);
	} else if (!o->json || strcmp(o->json, "-")) {
		fputs("changelog: ", stdout);
		ab_fput_term(stdout, cl.source);
		printf("\nafter %s, up to %s: %zu entries\njob: %s %s %s (%s)\n", o->from, o->to,
		       between, o->backend, o->mode ? o->mode : "(every mode)", o->alg, o->arch);
	}
	for (size_t i = 0; i < cl.n_entries; i++) {
		const struct ab_cl_entry *e = &cl.entries[i];
		const struct ab_attr_rule *r;

		if (!ab_cl_entry_between(e, o->from, o->to) || !(r = ab_attr_match(&job, e->text)))
			continue;
		touching++;
		if (list && !(ej = entry_json(e, r, &jerr))) {
			ab_err("changelog line %u: cannot write it as JSON: %s\n", e->line,
			       jerr.text);
			ret = 2;
			goto out;
		}
		if (list && json_array_append_new(list, ej)) {
			ab_err("out of memory\n");
			ret = 2;
			goto out;
		}
		if (!o->json || strcmp(o->json, "-"))
			print_entry(e, r, o->markdown);
	}
	if (!o->json || strcmp(o->json, "-"))
		printf("%s%zu of %zu entries touch the job's path\n", o->markdown ? "\n" : "",
		       touching, between);
	if (doc) {
		json_object_set_new(doc, "entries_between", json_integer((json_int_t)between));
		if (ab_json_write(o->json, doc, 0, why)) {
			ab_err("%s\n", why);
			ret = 2;
		}
	}
out:
	json_decref(list);
	json_decref(doc);
	ab_changelog_free(&cl);
	return ret;
}

const struct ab_opt_cmd ab_attribute_cmd = {
	"attribute",
	"--from VERSION --to VERSION --backend NAME [--mode NAME] --alg ALG [--arch ARCH] [--json "
	"OUT] [--markdown] CHANGELOG\n--rules",
	attribute_opts,
	sizeof(struct attribute_opts),
	attribute_main,
	.operands = true,
	.about = "Lists the entries of Debian's kernel changelog that came after --from, up to\n"
		 "--to, and touch the path the job runs through: the crypto API core, the\n"
		 "algorithm's template and drivers, AF_ALG's sockets for afalg jobs, the FPU\n"
		 "and speculation mitigations, system call entry (--rules prints the table).\n"
		 "A changelog has commit subjects, not diffs: the subject's subsystem tag\n"
		 "(\"crypto: af_alg - ...\") stands for the files it changes.\n\n"
		 "CHANGELOG is the newer kernel's changelog (it lists every version before it):\n"
		 "the linux-image .deb, its usr/share/doc/linux-image-REL/changelog.gz, or\n"
		 "that file unpacked. An openssl job runs in user space: no entry touches it.\n",
	.after = "Exit status: 0 (entries or none), 2 bad usage or unreadable input.\n",
};
