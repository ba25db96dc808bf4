// SPDX-License-Identifier: GPL-2.0
/* The table of backends and what every backend shares. */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
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

const struct ab_mode *ab_backend_mode(const struct ab_backend *b, const char *mode)
{
	for (const struct ab_mode *m = b->modes; m->name; m++)
		if (!strcmp(m->name, mode))
			return m;
	return NULL;
}

const struct ab_mode *ab_job_mode(const struct ab_job *job)
{
	const struct ab_mode *m = ab_backend_mode(job->backend, job->mode);

	/* a job always names one of its backend's modes (plan.c); never crash on one that does not
	 */
	return m ? m : &job->backend->modes[0];
}

int ab_backend_runs(const struct ab_backend *b, enum ab_type type)
{
	return !!(b->types & (1u << type));
}

int ab_backend_runs_alg(const struct ab_backend *b, const struct ab_alg *alg)
{
	return ab_backend_runs(b, alg->type) && (!(b->needs & AB_NEEDS_EVP) || alg->keys[0].evp);
}

int ab_backend_refuses(const struct ab_job *job, char why[AB_WHY_LEN])
{
	const struct ab_backend *b = job->backend;
	enum ab_type type = job->alg->type;
	const struct ab_mode *m;

	if (!ab_backend_runs(b, type)) {
		ab_whyf(why, "%s: the %s backend cannot run %s jobs (%s)", job->alg->name, b->name,
			ab_type_name(type),
			b->type_why[type] ? b->type_why[type] : "not implemented");
		return -EOPNOTSUPP;
	}
	m = ab_job_mode(job);
	if (m->no_types & (1u << type)) {
		ab_whyf(why, "%s: %s", job->alg->name, m->no_types_why);
		return -EOPNOTSUPP;
	}
	return 0;
}

void ab_backend_words(FILE *out)
{
	for (size_t i = 0; i < ab_backends_len; i++)
		fprintf(out, "%s ", ab_backends[i]->name);
}

/* Whether a backend before B's row I already has MODE (two backends may share a name). */
static bool mode_seen(size_t i, const char *mode)
{
	for (size_t j = 0; j < i; j++)
		if (ab_backend_mode(ab_backends[j], mode))
			return true;
	return false;
}

void ab_mode_words(FILE *out)
{
	for (size_t i = 0; i < ab_backends_len; i++)
		for (const struct ab_mode *m = ab_backends[i]->modes; m->name; m++)
			if (!mode_seen(i, m->name))
				fprintf(out, "%s ", m->name);
}

void ab_backend_modes_text_of(const struct ab_backend *const *bs, size_t n, char *buf, size_t len)
{
	size_t pos = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < n && pos < len; i++) {
		const struct ab_mode *m = bs[i]->modes;

		pos += (size_t)snprintf(buf + pos, len - pos, "%s%s: ", i ? "; " : "", bs[i]->name);
		for (; m->name && pos < len; m++)
			pos += (size_t)snprintf(buf + pos, len - pos, "%s%s", m->name,
						m[1].name ? ", " : "");
	}
}

void ab_backend_modes_text(char *buf, size_t len)
{
	ab_backend_modes_text_of(ab_backends, ab_backends_len, buf, len);
}
