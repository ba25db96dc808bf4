// SPDX-License-Identifier: GPL-2.0
/* CONFIG_CRYPTO_STATS of the running kernel, read by the one config reader (sys/kconfig). */
#include <stdio.h>

#include "core/error.h"
#include "sys/kconfig.h"
#include "sys/kstats.h"

enum kstats kstats_of(const struct kconfig *kc)
{
	switch (kconfig_kind(kc, "CRYPTO_STATS")) {
	case KV_ABSENT:
		return KSTATS_ABSENT;
	case KV_Y:
		return KSTATS_Y;
	default: /* not set, =n, or a value a bool cannot have: no counters */
		return KSTATS_N;
	}
}

enum kstats kstats_from_config(char *source, size_t source_len)
{
	struct kconfig kc;
	char err[AB_WHY_LEN];
	enum kstats k;

	source[0] = '\0';
	if (kconfig_load_running(&kc, err))
		return KSTATS_UNKNOWN;
	k = kstats_of(&kc);
	snprintf(source, source_len, "%.*s", (int)kc.path_len, kc.source);
	kconfig_free(&kc);
	return k;
}

const char *kstats_name(enum kstats k)
{
	static const char *const names[] = { "unknown", "y", "n", "absent" };

	return names[k];
}

const char *kstats_removed_why(void)
{
	return "CRYPTO_STATS and its GETSTAT counters were removed in " KSTATS_REMOVED_IN_TEXT
	       " (29ce50e078b8)";
}
