/* SPDX-License-Identifier: GPL-2.0 */
/* series/attribution.h: which changelog entries touch the path a job runs through. */
#ifndef ALGBENCH_ATTRIBUTION_H
#define ALGBENCH_ATTRIBUTION_H

#include <stdbool.h>
#include <stddef.h>

#include "core/error.h"

/* The job, as far as the path it runs through goes. */
struct ab_attr_job {
	const char *backend; /* afalg, kmod, openssl */
	const char *mode;    /* sendmsg, vmsplice, aio, sync, async, evp; NULL: every mode */
	const char *alg;     /* a catalogue name: "gcm(aes)" */
	const char *arch;    /* the kernel's architecture: "x86" or "arm64" */
};

/* One row of the rule table (attribution.c): what a subject names and why it matters. */
struct ab_attr_rule {
	const char *subsystem; /* fnmatch(3) glob of the subject's first tag: "x86/fpu*" */
	const char *component; /* glob of crypto's component ("af_alg" in "crypto: af_alg - ");
				  "" none named; NULL any */
	const char *contains;  /* instead of tags: the entry's text holds this word */
	unsigned int scope;    /* AB_ATTR_*: the jobs it applies to */
	const char *arch;      /* the architecture it exists on, or NULL */
	const char *why;
};

#define AB_ATTR_KERNEL	 (1u << 0) /* every job that runs in the kernel (afalg, kmod) */
#define AB_ATTR_AFALG	 (1u << 1) /* AF_ALG jobs: system calls, sockets */
#define AB_ATTR_SPLICE	 (1u << 2) /* AF_ALG vmsplice: pinned user pages spliced in */
#define AB_ATTR_AIO	 (1u << 3) /* AF_ALG aio: io_submit */
#define AB_ATTR_AEAD	 (1u << 4) /* the job's algorithm type */
#define AB_ATTR_SKCIPHER (1u << 5)
#define AB_ATTR_HASH	 (1u << 6)
#define AB_ATTR_ACOMP	 (1u << 7)
#define AB_ATTR_ALG	 (1u << 8) /* a tag names a part of the job's algorithm (gcm, aes) */
#define AB_ATTR_ARCH	 (1u << 9) /* the component is the job's architecture alone */

extern const struct ab_attr_rule ab_attr_rules[];
extern const size_t ab_attr_rules_len;

/*
 * ab_attr_job_check - JOB is one the rules can place: a known backend and
 * mode, a catalogue algorithm, x86 or arm64. 0, or -EINVAL with the reason.
 */
int ab_attr_job_check(const struct ab_attr_job *job, char why[AB_WHY_LEN]);

/*
 * ab_attr_match - the first rule under which the changelog entry TEXT
 * touches JOB's path, or NULL. An entry marked for other architectures
 * ("[arm64] crypto: ...") or for the rt flavour touches no job here.
 */
const struct ab_attr_rule *ab_attr_match(const struct ab_attr_job *job, const char *text);

/* A rule as people read it: "crypto: af_alg", "x86/fpu*", "the text names CRYPTO_". */
void ab_attr_rule_name(const struct ab_attr_rule *r, char *buf, size_t len);

#endif
