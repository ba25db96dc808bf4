/* SPDX-License-Identifier: GPL-2.0 */
/*
 * CONFIG_CRYPTO_STATS of the running kernel, from /proc/config.gz or
 * /boot/config-$(uname -r) through sys/kconfig (the parser config-check
 * uses): one answer for the result JSON and conform.
 */
#ifndef ALGBENCH_KSTATS_H
#define ALGBENCH_KSTATS_H

#include <stddef.h>

/* CONFIG_CRYPTO_STATS of the running kernel. */
enum kstats {
	KSTATS_UNKNOWN, /* no config found */
	KSTATS_Y,	/* =y: GETSTAT answers counters (before 6.10) */
	KSTATS_N,	/* "is not set" */
	KSTATS_ABSENT,	/* no such symbol: Linux >= 6.10 or < 4.20 */
};
struct kconfig;

/*
 * Linux 6.10 removed CONFIG_CRYPTO_STATS and with it GETSTAT's counters
 * (29ce50e078b8): from then on GETSTAT answers -ENOTSUPP whatever the
 * config says. The version as ab_kernel_version_code() (core/number.h)
 * gives it, and as text for help strings.
 */
#define KSTATS_REMOVED_IN      610
#define KSTATS_REMOVED_IN_TEXT "Linux 6.10"
/* Whether a kernel of version CODE (X*100+Y; 0: unknown) has no statistics by design. */
static inline int kstats_removed(unsigned int code)
{
	return code >= KSTATS_REMOVED_IN;
}
/* The one sentence that says so: "CRYPTO_STATS and its GETSTAT counters were removed in
 * Linux 6.10". */
const char *kstats_removed_why(void);

/*
 * The running kernel's config as kconfig_load_running() finds it
 * (/proc/config.gz, then /boot/config-$(uname -r)); source gets the file
 * that answered ("" if none: KSTATS_UNKNOWN).
 */
enum kstats kstats_from_config(char *source, size_t source_len);
/* CONFIG_CRYPTO_STATS as Kconfig reads KC (y, n for any other value, absent). */
enum kstats kstats_of(const struct kconfig *kc);
/* "y", "n", "absent", "unknown" (the result JSON's crypto_stats spelling). */
const char *kstats_name(enum kstats k);

#endif
