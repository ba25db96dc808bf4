// SPDX-License-Identifier: GPL-2.0
/* core: what every result shares (status names, samples). */
#include <errno.h>
#include <stdlib.h>

#include "core/job.h"

enum ab_status ab_status_from_errno(int err)
{
	switch (err < 0 ? -err : err) {
	case ENOENT:	      /* algorithm absent */
	case EAFNOSUPPORT:    /* no AF_ALG */
	case EPROTONOSUPPORT: /* algif_<type> missing */
	case ENOPKG:
	case EOPNOTSUPP:
	case ELIBBAD: /* self-test failed, or FIPS refuses it */
	case ENOSYS:
		return AB_STATUS_SKIPPED;
	default:
		return AB_STATUS_FAILED;
	}
}

const char *ab_status_name(enum ab_status s)
{
	static const char *const names[] = { "ok", "skipped", "failed" };

	return (unsigned int)s < 3 ? names[s] : "?";
}

const char *ab_kat_name(enum ab_kat k)
{
	static const char *const names[] = { "skip", "pass", "fail", "none" };

	return (unsigned int)k < 4 ? names[k] : "?";
}

int ab_result_alloc_samples(struct ab_result *res, unsigned int n)
{
	free(res->samples);
	res->n_samples = 0;
	res->samples = calloc(n ? n : 1, sizeof(*res->samples));
	return res->samples ? 0 : -ENOMEM;
}

void ab_result_free(struct ab_result *res)
{
	for (unsigned int i = 0; res->samples && i < res->n_samples; i++)
		free(res->samples[i].per_cpu);
	free(res->samples);
	res->samples = NULL;
	res->n_samples = 0;
}

int ab_sample_alloc_cpus(struct ab_sample *s, unsigned int n)
{
	free(s->per_cpu);
	s->n_cpus = 0;
	s->per_cpu = calloc(n ? n : 1, sizeof(*s->per_cpu));
	if (!s->per_cpu)
		return -ENOMEM;
	s->n_cpus = n;
	return 0;
}
