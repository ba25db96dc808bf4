// SPDX-License-Identifier: GPL-2.0
/* The table of backends and what every backend shares. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"

extern const struct ab_backend ab_backend_afalg;
extern const struct ab_backend ab_backend_openssl;
extern const struct ab_backend ab_backend_kmod;

/* The only registration table (explicit: static libraries drop constructors). */
const struct ab_backend *const ab_backends[] = {
	&ab_backend_afalg,
	&ab_backend_openssl,
	&ab_backend_kmod,
};

const size_t ab_backends_len = sizeof(ab_backends) / sizeof(ab_backends[0]);

const struct ab_backend *ab_backend_find(const char *name)
{
	for (size_t i = 0; i < ab_backends_len; i++)
		if (!strcmp(ab_backends[i]->name, name))
			return ab_backends[i];
	return NULL;
}

int ab_backend_has_mode(const struct ab_backend *b, const char *mode)
{
	for (const char *const *m = b->modes; *m; m++)
		if (!strcmp(*m, mode))
			return 1;
	return 0;
}

int ab_backend_runs(const struct ab_backend *b, enum ab_type type)
{
	return !!(b->types & (1u << type));
}

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
	static const char *const names[] = { "skip", "pass", "fail" };

	return (unsigned int)k < 3 ? names[k] : "?";
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
	free(res->samples);
	res->samples = NULL;
	res->n_samples = 0;
}
