/* SPDX-License-Identifier: GPL-2.0 */
/*
 * CONFIG_CRYPTO_STATS of the running kernel, from /proc/config.gz or
 * /boot/config-$(uname -r): one reader for the result JSON and conform.
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
/*
 * Looks in /proc/config.gz, then /boot/config-$(uname -r). source gets the
 * file that answered ("" if none).
 */
enum kstats kstats_from_config(char *source, size_t source_len);
/* "y", "n", "absent", "unknown" (the result JSON's crypto_stats spelling). */
const char *kstats_name(enum kstats k);
/* Scans one config text stream (for tests): a line-reading callback's result. */
enum kstats kstats_scan_line(const char *line, enum kstats sofar);

#endif
