// SPDX-License-Identifier: GPL-2.0
/*
 * algbench export --kcidb: result JSON (algbench/1), conform TAP and compare
 * verdicts (algbench-compare/1) as KCIDB I/O JSON, schema v5.0
 * (docs/kcidb.md, tests/kcidb-v5.schema.json). Every input is untrusted:
 * a field of the wrong type is an error naming the file, never a crash.
 */
#include <ctype.h>
#include <errno.h>
#include <jansson.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/opt.h"
#include "command.h"
#include "core/number.h"
#include "result/result_json.h"
#include "sys/json_in.h"
#include "sys/json_out.h"

struct ctx {
	const char *origin;
	const char *build_id; /* origin:kernel */
	json_t *tests;
	size_t n;
};

/* KCIDB test path components are [a-zA-Z0-9_-]+: anything else becomes '_'. */
static void path_part(char *out, size_t cap, const char *in)
{
	size_t j = 0;

	if (!in || !*in)
		in = "none";
	for (; *in && j + 1 < cap; in++)
		out[j++] = (isalnum((unsigned char)*in) || *in == '_' || *in == '-') ? *in : '_';
	out[j] = 0;
}

static int add_test(struct ctx *c, const char *path, const char *status, const char *comment,
		    double value, const char *unit, int has_value)
{
	char id[512];
	json_t *t;

	snprintf(id, sizeof(id), "%s.%zu", c->build_id, c->n++);
	t = json_pack("{s:s, s:s, s:s, s:s, s:s}", "id", id, "build_id", c->build_id, "origin",
		      c->origin, "path", path, "status", status);
	if (!t)
		return -ENOMEM;
	if (comment && *comment)
		json_object_set_new(t, "comment", json_string(comment));
	if (has_value) {
		json_t *num = json_pack("{s:f, s:s}", "value", value, "unit", unit);

		if (!num) /* NaN or infinity: KCIDB takes only numbers */
			return -EINVAL;
		json_object_set_new(t, "number", num);
	}
	json_array_append_new(c->tests, t);
	return 0;
}

static long long num_int(json_t *o, const char *key)
{
	json_t *v = json_object_get(o, key);

	return json_is_integer(v) ? (long long)json_integer_value(v) : -1;
}

/* a.b.backend.alg.op.keybits.size.threads.mode from a job object */
static void job_path(char *out, size_t cap, const char *prefix, json_t *job)
{
	char b[64], a[128], o[32], m[32];

	path_part(b, sizeof(b), ab_json_str(job, "backend", NULL));
	path_part(a, sizeof(a), ab_json_str(job, "alg", NULL));
	path_part(o, sizeof(o), ab_json_str(job, "op", NULL));
	path_part(m, sizeof(m), ab_json_str(job, "mode", NULL));
	snprintf(out, cap, "%s.%s.%s.%s.k%lld.s%lld.t%lld.%s", prefix, b, a, o,
		 num_int(job, json_object_get(job, "keybits") ? "keybits" : "keylen"),
		 num_int(job, "size"), num_int(job, "threads"), m);
}

static int export_result(struct ctx *c, const char *file, json_t *doc)
{
	json_t *results = json_object_get(doc, "results"), *r; /* ab_result_check()ed */
	size_t i;

	json_array_foreach (results, i, r) {
		char path[512];
		const char *status, *st, *kat;
		json_t *mbps, *med;
		double v = 0;
		int has = 0;

		if (!json_is_object(r)) {
			ab_err("%s: results[%zu] is not an object\n", file, i);
			return 2;
		}
		job_path(path, sizeof(path), "algbench.bench", r);
		st = ab_json_str(r, "status", NULL);
		kat = ab_json_str(r, "kat", NULL);
		mbps = json_object_get(r, "mbps");
		med = json_is_object(mbps) ? json_object_get(mbps, "median") : NULL;
		if (json_is_number(med)) {
			v = json_number_value(med);
			has = 1;
		}
		if (st && !strcmp(st, "skipped"))
			status = "SKIP";
		else if (kat && !strcmp(kat, "fail"))
			status = "FAIL";
		else if ((st && !strcmp(st, "failed")) || !st)
			status = "ERROR";
		else
			status = has ? "DONE" : "PASS";
		if (add_test(c, path, status, ab_json_str(r, "reason", NULL), v, "MB/s", has)) {
			ab_err("%s: results[%zu]: median is not a finite number\n", file, i);
			return 2;
		}
	}
	return 0;
}

static int export_compare(struct ctx *c, const char *file, json_t *doc)
{
	json_t *pairs = json_object_get(doc, "pairs"), *one = json_object_get(doc, "one_sided"), *p;
	size_t i;

	if (!json_is_array(pairs) || (one && !json_is_array(one))) {
		ab_err("%s: \"pairs\"/\"one_sided\" are not arrays; is it algbench compare "
		       "--json output?\n",
		       file);
		return 2;
	}
	json_array_foreach (pairs, i, p) {
		char path[512];
		const char *w = ab_json_str(p, "verdict", NULL), *status;
		json_t *ratio = json_object_get(p, "ratio");

		/* compare writes a null ratio where a side has no median: a test without a value */
		if (!json_is_object(p) || !json_is_object(json_object_get(p, "job")) || !w ||
		    !(json_is_number(ratio) || json_is_null(ratio))) {
			ab_err("%s: pairs[%zu] lacks job, verdict or ratio (a number or null)\n",
			       file, i);
			return 2;
		}
		job_path(path, sizeof(path), "algbench.compare", json_object_get(p, "job"));
		status = !strcmp(w, "slower")	      ? "FAIL"
			 : !strcmp(w, "inconclusive") ? "DONE"
						      : "PASS";
		if (add_test(c, path, status, w, json_number_value(ratio), "new/base",
			     json_is_number(ratio))) {
			ab_err("%s: pairs[%zu]: ratio is not finite\n", file, i);
			return 2;
		}
	}
	json_array_foreach (one, i, p) {
		char path[512];

		if (!json_is_object(p) || !json_is_object(json_object_get(p, "job"))) {
			ab_err("%s: one_sided[%zu] lacks job\n", file, i);
			return 2;
		}
		job_path(path, sizeof(path), "algbench.compare", json_object_get(p, "job"));
		if (add_test(c, path, "MISS", "job in only one of the two runs", 0, NULL, 0))
			return 2;
	}
	return 0;
}

/* kselftest TAP: "ok N name [# SKIP why]", "not ok N name". */
static int export_tap(struct ctx *c, const char *file, FILE *f)
{
	char line[1024];
	size_t seen = 0;

	while (fgets(line, sizeof(line), f)) {
		char *s = line, *name, *hash, path[512], part[400];
		unsigned long long num;
		const char *status;
		int fail = 0;

		line[strcspn(line, "\n")] = 0;
		if (!strncmp(s, "not ok ", 7)) {
			fail = 1;
			s += 7;
		} else if (!strncmp(s, "ok ", 3)) {
			s += 3;
		} else {
			continue;
		}
		name = s + strspn(s, "0123456789");
		if (ab_parse_uint_n(s, (size_t)(name - s), 1, ~0ULL, 0, &num))
			continue; /* TAP's test number: digits, from 1 */
		while (*name == ' ' || *name == '-')
			name++;
		hash = strchr(name, '#');
		status = fail ? "FAIL" : "PASS";
		if (hash) {
			*hash++ = 0;
			while (*hash == ' ')
				hash++;
			if (!strncasecmp(hash, "SKIP", 4))
				status = "SKIP";
		}
		for (size_t n = strlen(name); n && name[n - 1] == ' '; n--)
			name[n - 1] = 0;
		path_part(part, sizeof(part), name);
		snprintf(path, sizeof(path), "algbench.conform.%s", part);
		if (add_test(c, path, status, hash, 0, NULL, 0))
			return 2;
		seen++;
	}
	if (!seen) {
		ab_err("%s: no \"ok\"/\"not ok\" lines; is it algbench conform --tap output?\n",
		       file);
		return 2;
	}
	return 0;
}

struct export_opts {
	int kcidb;
	const char *origin, *kernel, *out;
};

/* KCIDB is JSON: the release must be UTF-8 (jansson's json_string() checks it). */
static int opt_kernel(const char *arg, void *kernel, char why[AB_WHY_LEN])
{
	json_t *s = json_string(arg);

	if (!s) {
		ab_whyf(why, "the release is not UTF-8 text (a JSON string must be); give it as "
			     "uname -r prints it");
		return -EINVAL;
	}
	json_decref(s);
	*(const char **)kernel = arg;
	return 0;
}

static int opt_origin(const char *arg, void *origin, char why[AB_WHY_LEN])
{
	if (!*arg || strspn(arg, "abcdefghijklmnopqrstuvwxyz0123456789_") != strlen(arg)) {
		ab_whyf(why, "'%s': KCIDB origins are [a-z0-9_]+; pick such a name", arg);
		return -EINVAL;
	}
	*(const char **)origin = arg;
	return 0;
}

static const struct ab_opt export_opts[] = {
	{ "kcidb", 0, NULL, AB_OPT_FLAG, offsetof(struct export_opts, kcidb),
	  .help = "KCIDB I/O JSON v5.0, the one format there is (needed)" },
	{ "origin", 0, "NAME", AB_OPT_CALL, offsetof(struct export_opts, origin),
	  .help = "KCIDB origin, [a-z0-9_]+", .call = opt_origin, .def = "algbench" },
	{ "kernel", 0, "REL", AB_OPT_CALL, offsetof(struct export_opts, kernel), .call = opt_kernel,
	  .help = "kernel release naming checkout and build",
	  .def_text = "the first result file's run.host.kernel, else \"unknown\"" },
	{ "out", 'o', "OUT", AB_OPT_STR, offsetof(struct export_opts, out), .help = "write to OUT",
	  .def_text = "stdout" },
	{ 0 },
};

/* ARGV: the NFILES input files. */
static int export_main(void *opts, int nfiles, char **argv)
{
	const struct export_opts o = *(const struct export_opts *)opts;
	const char *kernel = o.kernel;
	char build_id[400], kpart[200];
	struct ctx c = { 0 };
	json_t *doc, *docs[64] = { 0 };
	char why[AB_WHY_LEN];
	int rc = 2;

	if (!o.kcidb || nfiles < 1 || nfiles > 64)
		return ab_opt_error(&ab_export_cmd, "need --kcidb and 1 to 64 input files");
	/* Load the JSON files first: the first result names the kernel. */
	for (int i = 0; i < nfiles; i++) {
		const char *file = argv[i];
		char why[AB_WHY_LEN];
		FILE *f = ab_fopen_regular(file, why);
		int ch;

		if (!f) {
			ab_err("%s: %s\n", file, why);
			goto done;
		}
		while ((ch = getc(f)) == ' ' || ch == '\n' || ch == '\t' || ch == '\r')
			;
		fclose(f);
		if (ch == '{') {
			docs[i] = ab_json_load(file, why);
			if (!docs[i]) {
				ab_err("%s: not JSON: %s\n", file, why);
				goto done;
			}
			if (!kernel && !strcmp(ab_json_str(docs[i], "schema", ""), AB_SCHEMA))
				kernel = ab_json_str(
					json_object_get(json_object_get(docs[i], "run"), "host"),
					"kernel", NULL);
		}
	}
	path_part(kpart, sizeof(kpart), kernel ? kernel : "unknown");
	snprintf(build_id, sizeof(build_id), "%s:%s", o.origin, kpart);
	c.origin = o.origin;
	c.build_id = build_id;
	c.tests = json_array();
	for (int i = 0; i < nfiles; i++) {
		const char *file = argv[i], *schema;

		char why[AB_WHY_LEN];

		if (!docs[i]) {
			FILE *f = ab_fopen_regular(file, why);

			if (!f) {
				ab_err("%s: %s\n", file, why);
				goto done;
			}
			rc = export_tap(&c, file, f);
			fclose(f);
		} else if ((schema = ab_json_str(docs[i], "schema", NULL)) &&
			   !strcmp(schema, AB_SCHEMA)) {
			if (ab_result_check(docs[i], why)) {
				ab_err("%s: %s\n", file, why);
				rc = 2;
			} else {
				rc = export_result(&c, file, docs[i]);
			}
		} else if (schema && !strcmp(schema, "algbench-compare/1")) {
			rc = export_compare(&c, file, docs[i]);
		} else {
			ab_err("%s: JSON without schema algbench/1 or algbench-compare/1; "
			       "pass result, compare --json or TAP files\n",
			       file);
			rc = 2;
		}
		if (rc)
			goto done;
	}
	doc = json_pack("{s:{s:i, s:i}, s:[{s:s, s:s, s:s}], s:[{s:s, s:s, s:s, s:s}], s:O}",
			"version", "major", 5, "minor", 0, "checkouts", "id", build_id, "origin",
			o.origin, "comment", kernel ? kernel : "unknown", "builds", "id", build_id,
			"checkout_id", build_id, "origin", o.origin, "comment",
			kernel ? kernel : "unknown", "tests", c.tests);
	if (!doc) {
		ab_err("out of memory\n");
		rc = 2;
		goto done;
	}
	rc = ab_json_write(o.out ? o.out : "-", doc, AB_JSON_SORT_KEYS, why);
	if (rc) {
		ab_err("%s: cannot write: %s\n", o.out ? o.out : "stdout", why);
		rc = 2;
	}
	json_decref(doc);
done:
	json_decref(c.tests);
	for (int i = 0; i < nfiles && i < 64; i++)
		json_decref(docs[i]);
	return rc;
}

const struct ab_opt_cmd ab_export_cmd = {
	"export",
	"--kcidb [--origin NAME] [--kernel REL] [-o OUT] FILE...",
	export_opts,
	sizeof(struct export_opts),
	export_main,
	.operands = true,
	.about = "Turn result JSON (algbench run|suite --json), conform TAP (algbench conform\n"
		 "--tap) and compare verdicts (algbench compare --json) into one KCIDB I/O JSON\n"
		 "v5.0 document (one checkout and one build per kernel, one test per job, TAP\n"
		 "line or pair). The file kind is found from its content.\n",
	.after = "Exit 0 written, 2 usage or input error.\n",
};
