// SPDX-License-Identifier: GPL-2.0
/* The result file's one loader and schema check (result/result_json.h). */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "result/result_json.h"
#include "sys/json_in.h"

int ab_result_check(const json_t *doc, char why[AB_WHY_LEN])
{
	const json_t *run = json_object_get(doc, "run");

	if (!json_is_object(doc) || strcmp(ab_json_str(doc, "schema", ""), AB_SCHEMA) ||
	    !json_is_array(json_object_get(doc, "results")) || (run && !json_is_object(run))) {
		ab_whyf(why,
			"not an algbench result (want schema \"%s\" with a results array and, "
			"if any, a run object)",
			AB_SCHEMA);
		return -EINVAL;
	}
	return 0;
}

json_t *ab_result_load(const char *path, char why[AB_WHY_LEN])
{
	json_t *doc = ab_json_load(path, why);

	if (doc && ab_result_check(doc, why)) {
		json_decref(doc);
		return NULL;
	}
	return doc;
}
