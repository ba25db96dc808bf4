// SPDX-License-Identifier: GPL-2.0
/* JSON output, one format for every command (sys/json_out.h). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sys/json_out.h"
#include "sys/out_file.h"

struct ab_json_file {
	struct ab_out_dir dir;
	char *name; /* in dir; NULL: stdout */
	enum ab_out_what what;
};

int ab_json_print(const json_t *doc, FILE *f, size_t flags)
{
	errno = 0;
	if (json_dumpf(doc, f, JSON_INDENT(1) | flags) || fputc('\n', f) == EOF || fflush(f))
		return -(errno ? errno : EIO);
	return 0;
}

json_t *ab_json_real_or_null(double x)
{
	return isfinite(x) ? json_real(x) : json_null();
}

int ab_json_file_open(const char *path, struct ab_json_file **out, char why[AB_WHY_LEN])
{
	struct ab_json_file *jf = calloc(1, sizeof(*jf));
	const char *name;
	int ret;

	*out = NULL;
	if (!jf)
		return -ENOMEM;
	jf->dir.fd = -1;
	if (!strcmp(path, "-")) {
		*out = jf;
		return 0;
	}
	ret = ab_out_dir_of(&jf->dir, path, &name, why);
	if (!ret)
		ret = ab_out_what(&jf->dir, name, &jf->what, why);
	if (!ret && !(jf->name = strdup(name)))
		ret = -ENOMEM;
	if (ret) {
		if (ret == -ENOMEM)
			ab_whyf(why, "out of memory");
		ab_json_file_close(jf);
		return ret;
	}
	*out = jf;
	return 0;
}

int ab_json_file_replaces(const struct ab_json_file *jf)
{
	return jf->name && jf->what != AB_OUT_STREAM;
}

struct print_arg {
	const json_t *doc;
	size_t flags;
};

static int print_to(FILE *f, void *arg)
{
	const struct print_arg *p = arg;

	return ab_json_print(p->doc, f, p->flags);
}

int ab_json_file_write(struct ab_json_file *jf, const json_t *doc, size_t flags,
		       char why[AB_WHY_LEN])
{
	struct print_arg arg = { doc, flags };
	enum ab_out_what what;
	FILE *f;
	int ret;

	if (!jf->name) {
		ret = ab_json_print(doc, stdout, flags);
		if (ret)
			ab_whyf(why, "%s", strerror(-ret));
		return ret;
	}
	/* checked again at every write: in a shared folder the name is anyone's between two */
	ret = ab_out_what(&jf->dir, jf->name, &what, why);
	if (ret)
		return ret;
	if (ab_json_file_replaces(jf) && what != AB_OUT_STREAM)
		return ab_out_replace(&jf->dir, jf->name, print_to, &arg, why);
	f = ab_out_fopen(&jf->dir, jf->name, why);
	if (!f)
		return -errno;
	ret = print_to(f, &arg);
	if (fclose(f) && !ret)
		ret = -errno;
	if (ret)
		ab_whyf(why, "%s", strerror(-ret));
	return ret;
}

void ab_json_file_close(struct ab_json_file *jf)
{
	if (!jf)
		return;
	ab_out_dir_close(&jf->dir);
	free(jf->name);
	free(jf);
}

int ab_json_write(const char *path, const json_t *doc, size_t flags, char why[AB_WHY_LEN])
{
	struct ab_json_file *jf;
	int ret = ab_json_file_open(path, &jf, why);

	if (ret)
		return ret;
	ret = ab_json_file_write(jf, doc, flags, why);
	ab_json_file_close(jf);
	return ret;
}
