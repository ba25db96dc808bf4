/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Rows for algorithms outside the catalogue: any algorithm (cra_name) or
 * driver (cra_driver_name) the running kernel lists in /proc/crypto, built at
 * run time from that listing and run by the same backends as catalogue rows.
 */
#ifndef ALGBENCH_KERNEL_ALG_H
#define ALGBENCH_KERNEL_ALG_H

#include "core/error.h"
#include "core/job.h"
#include "sys/proc_crypto.h"

/* A row and the strings it points at; alg points into it, so never copy one. */
struct ab_kernel_alg {
	struct ab_alg alg;
	char name[AB_NAME_LEN];	      /* as given: an algorithm or a driver name */
	char driver[AB_NAME_LEN];     /* the driver the name binds now */
	char proc_type[32];	      /* the kernel's type: shash, lskcipher... */
	char evp[AB_MAX_KEYS][32];    /* OpenSSL's names, per key size */
	char ref_driver[AB_NAME_LEN]; /* AB_REF_KERNEL */
	char ref_why[AB_WHY_LEN];     /* AB_REF_NONE */
};

/*
 * The row for NAME from the kernel's listing ALGS (ab_proc_crypto_read()):
 * a driver of a catalogue algorithm takes that row's parameters and
 * reference; anything else takes its type and sizes from the listing. 0, or
 * -ENOENT (not listed), -EOPNOTSUPP (a type or key format algbench cannot
 * drive) with WHY.
 */
int ab_kernel_alg_build(const char *name, const struct ab_proc_alg *algs, size_t n,
			struct ab_kernel_alg *k, char why[AB_WHY_LEN]);

/* OpenSSL's EVP name for a kernel digest name ("sha3-256" -> "SHA3-256"), or NULL. */
const char *ab_kernel_evp_digest(const char *kernel_name);

#endif
