#include "report/tuning.h"

#include <stdbool.h>
#include <string.h>

#include "cli/opt.h"
#include "sys/json_in.h"
#include "sys/text.h"

#define TUNING_WARNING                                                                             \
	"WARNING: the host's governor/turbo/SMT/topology differ between boots; a verdict may "     \
	"measure the tuning, not the kernels"

/* A count from the file: a non-negative integer, else -1 (shown as "-"). */
static json_int_t count_of(const json_t *host, const char *key)
{
	const json_t *v = json_object_get(host, key);

	return json_is_integer(v) && json_integer_value(v) >= 0 ? json_integer_value(v) : -1;
}

static json_t *boot_tuning(const char *side, json_int_t round, const json_t *run)
{
	const json_t *host = json_object_get(run, "host");

	return json_pack("{s:s, s:I, s:s, s:s, s:s, s:I, s:I}", "side", side, "round", round,
			 "governor", ab_json_str(host, "governor", "-"), "turbo",
			 ab_json_str(host, "turbo", "-"), "smt", ab_json_str(host, "smt", "-"),
			 "packages", count_of(host, "packages"), "cores", count_of(host, "cores"));
}

/* SIDE's boots appended to BOOTS: 0, or -1 when out of memory. */
static int add_boots(json_t *boots, const char *side, const json_t *root)
{
	const json_t *run = json_object_get(root, "run");
	const json_t *merged = json_object_get(run, "boots"), *b;
	size_t i;

	if (!json_is_array(merged) || !json_array_size(merged))
		return json_array_append_new(boots, boot_tuning(side, 1, run));
	json_array_foreach (merged, i, b) {
		const json_t *r = json_object_get(b, "round");

		if (json_array_append_new(boots,
					  boot_tuning(side,
						      json_is_integer(r) ? json_integer_value(r)
									 : (json_int_t)i + 1,
						      json_object_get(b, "run"))))
			return -1;
	}
	return 0;
}

/* Whether two boots' tuning (all but side and round) is the same. */
static bool same_tuning(const json_t *a, const json_t *b)
{
	static const char *const keys[] = { "governor", "turbo", "smt", "packages", "cores" };

	for (size_t k = 0; k < sizeof(keys) / sizeof(keys[0]); k++)
		if (!json_equal(json_object_get(a, keys[k]), json_object_get(b, keys[k])))
			return false;
	return true;
}

static void fput_count(FILE *md, const json_t *boot, const char *key)
{
	json_int_t n = json_integer_value(json_object_get(boot, key));

	if (n < 0)
		fputs(" - |", md);
	else
		fprintf(md, " %lld |", (long long)n);
}

static void print_boots(FILE *md, const json_t *boots)
{
	const json_t *b;
	size_t i;

	fprintf(md,
		"**%s**\n\n| side | round | governor | turbo | SMT | packages | cores |\n"
		"|---|---|---|---|---|---|---|\n",
		TUNING_WARNING);
	json_array_foreach (boots, i, b) {
		fprintf(md, "| %s | %lld | ", ab_json_str(b, "side", "-"),
			(long long)json_integer_value(json_object_get(b, "round")));
		ab_fput_md(md, ab_json_str(b, "governor", "-"));
		fputs(" | ", md);
		ab_fput_md(md, ab_json_str(b, "turbo", "-"));
		fputs(" | ", md);
		ab_fput_md(md, ab_json_str(b, "smt", "-"));
		fputs(" |", md);
		fput_count(md, b, "packages");
		fput_count(md, b, "cores");
		fputc('\n', md);
	}
	fputc('\n', md);
}

json_t *ab_host_tuning_check(const json_t *base, const json_t *new, FILE *md)
{
	json_t *boots = json_array(), *first;
	bool same = true;
	size_t i;
	json_t *b;

	if (!boots || add_boots(boots, "base", base) || add_boots(boots, "new", new)) {
		json_decref(boots);
		return NULL;
	}
	first = json_array_get(boots, 0);
	json_array_foreach (boots, i, b)
		same = same && same_tuning(first, b);
	if (!same) {
		ab_err("%s (compare's table lists each boot's)\n", TUNING_WARNING);
		print_boots(md, boots);
	}
	return json_pack("{s:b, s:o}", "same", same, "boots", boots);
}
