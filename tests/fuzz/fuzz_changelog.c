// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: arbitrary bytes as a Debian kernel changelog (what
 * `algbench attribute` and ab-series read from a package). Parsed into a
 * buffer of exactly its size plus the NUL the reader adds, every entry's
 * strings read back, its range checked against the first and last
 * stanza's versions, and each entry matched against jobs of every kind, so
 * ASan/UBSan see each byte the parser and the rules touch.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "series/attribution.h"
#include "series/changelog.h"

static volatile size_t sink;

static const struct ab_attr_job jobs[] = {
	{ "afalg", NULL, "rfc4106(gcm(aes))", "x86" },
	{ "afalg", "vmsplice", "sha256", "x86" },
	{ "kmod", "sync", "cbc(aes)", "arm64" },
	{ "openssl", NULL, "deflate", "x86" },
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char why[AB_WHY_LEN], *text = malloc(size + 1);
	struct ab_changelog cl = { 0 };

	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	if (ab_changelog_parse(&cl, text, size, why)) {
		sink += strlen(why);
		ab_changelog_free(&cl); /* frees text: the changelog owned it from the call on */
		return 0;
	}
	for (size_t i = 0; i < cl.n_stanzas; i++)
		sink += strlen(cl.stanzas[i].source) + strlen(cl.stanzas[i].version);
	if (cl.n_stanzas > 1 && !ab_changelog_range_check(&cl, cl.stanzas[cl.n_stanzas - 1].version,
							  cl.stanzas[0].version, why))
		sink++;
	for (size_t i = 0; i < cl.n_entries; i++) {
		const struct ab_cl_entry *e = &cl.entries[i];

		sink += strlen(e->version) + strlen(e->upstream) + strlen(e->text) + e->line;
		sink += ab_cl_entry_between(e, cl.stanzas[cl.n_stanzas - 1].version,
					    cl.stanzas[0].version);
		for (size_t j = 0; j < sizeof(jobs) / sizeof(jobs[0]); j++)
			sink += ab_attr_match(&jobs[j], e->text) != NULL;
	}
	ab_changelog_free(&cl);
	return 0;
}
