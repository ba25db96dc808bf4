// SPDX-License-Identifier: GPL-2.0
#include "jsonio.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define DUMP_FLAGS (JSON_INDENT(2) | JSON_SORT_KEYS | JSON_REAL_PRECISION(10))

int ab_json_write(json_t *root, const char *path)
{
	size_t len = strlen(path) + sizeof(".XXXXXX");
	char *tmp;
	FILE *f;
	int fd, failed;

	if (!strcmp(path, "-")) {
		if (json_dumpf(root, stdout, DUMP_FLAGS) || fputc('\n', stdout) == EOF || fflush(stdout)) {
			fprintf(stderr, "algbench: cannot write JSON to stdout: %s\n", strerror(errno));
			return -1;
		}
		return 0;
	}
	tmp = malloc(len);
	if (!tmp)
		return -1;
	snprintf(tmp, len, "%s.XXXXXX", path);
	fd = mkstemp(tmp);
	if (fd < 0) {
		fprintf(stderr, "algbench: cannot create %s: %s\n", tmp, strerror(errno));
		free(tmp);
		return -1;
	}
	/* mkstemp makes the file 0600; a result is for everyone to read. */
	fchmod(fd, 0644);
	f = fdopen(fd, "w");
	if (!f) {
		close(fd);
		goto fail;
	}
	failed = json_dumpf(root, f, DUMP_FLAGS) || fputc('\n', f) == EOF || fflush(f) ||
		 fsync(fileno(f));
	if (fclose(f) || failed)
		goto fail;
	if (rename(tmp, path)) {
		fprintf(stderr, "algbench: cannot rename %s to %s: %s\n", tmp, path, strerror(errno));
		unlink(tmp);
		free(tmp);
		return -1;
	}
	free(tmp);
	return 0;
fail:
	fprintf(stderr, "algbench: cannot write %s: %s\n", path, strerror(errno));
	unlink(tmp);
	free(tmp);
	return -1;
}
