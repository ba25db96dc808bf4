// SPDX-License-Identifier: GPL-2.0
/* The table of backends and what every backend shares. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "backends/backend.h"

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
