/* SPDX-License-Identifier: GPL-2.0 */
/*
 * /proc/crypto as a list of algorithms with their "key : value" lines, and
 * the kernel's CONFIG_CRYPTO_STATS as its config says it.
 */
#ifndef ALGBENCH_PROC_CRYPTO_H
#define ALGBENCH_PROC_CRYPTO_H

#include <stddef.h>

#define PC_MAX_KV 24

struct pc_alg {
	size_t n_kv;
	struct {
		char key[24];
		char val[64];
	} kv[PC_MAX_KV];
};

/* Reads path (normally /proc/crypto). 0, or -errno; *algs is malloc'ed. */
int pc_read(const char *path, struct pc_alg **algs, size_t *n);
/* The value of key in a, or NULL. */
const char *pc_get(const struct pc_alg *a, const char *key);

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
