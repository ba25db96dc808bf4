// SPDX-License-Identifier: GPL-2.0
/* Input files: regular files only, JSON strict (sys/json_in.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sys/json_in.h"

FILE *ab_fopen_regular(const char *path, char why[AB_WHY_LEN])
{
	/* O_NONBLOCK: opening a FIFO without a writer returns at once */
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY), err;
	struct stat st;
	FILE *f;

	if (fd < 0) {
		err = errno;
		ab_whyf(why, "%s", strerror(err));
		errno = err;
		return NULL;
	}
	if (fstat(fd, &st)) {
		err = errno;
		ab_whyf(why, "%s", strerror(err));
		close(fd);
		errno = err;
		return NULL;
	}
	if (!S_ISREG(st.st_mode)) {
		ab_whyf(why,
			"not a regular file (%s); pass the file itself, or copy a pipe's "
			"output into one",
			S_ISFIFO(st.st_mode)  ? "a FIFO"
			: S_ISDIR(st.st_mode) ? "a directory"
					      : "a device or socket");
		close(fd);
		errno = EINVAL;
		return NULL;
	}
	if (st.st_size > AB_INPUT_MAX) {
		ab_whyf(why,
			"%lld bytes, over the %d MiB an input may have (results are at most a few "
			"MB; split the runs, or merge fewer rounds into one file)",
			(long long)st.st_size, AB_INPUT_MAX >> 20);
		close(fd);
		errno = EFBIG;
		return NULL;
	}
	if (fcntl(fd, F_SETFL, 0) || !(f = fdopen(fd, "r"))) {
		err = errno;
		ab_whyf(why, "%s", strerror(err));
		close(fd);
		errno = err;
		return NULL;
	}
	return f;
}

json_t *ab_json_load(const char *path, char why[AB_WHY_LEN])
{
	FILE *f = ab_fopen_regular(path, why);
	json_error_t err;
	json_t *doc;

	if (!f)
		return NULL;
	doc = json_loadf(f, JSON_REJECT_DUPLICATES, &err);
	fclose(f);
	if (!doc && err.line > 0)
		ab_whyf(why, "line %d: %s", err.line, err.text);
	else if (!doc)
		ab_whyf(why, "%s", err.text);
	return doc;
}

const char *ab_json_str(const json_t *o, const char *key, const char *def)
{
	const char *s = json_string_value(json_object_get(o, key));

	return s ? s : def;
}
