// SPDX-License-Identifier: GPL-2.0
/* JSON output, one format for every command (sys/json_out.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

#include "sys/json_out.h"

int ab_json_print(const json_t *doc, FILE *f, size_t flags)
{
	errno = 0;
	if (json_dumpf(doc, f, JSON_INDENT(1) | flags) || fputc('\n', f) == EOF || fflush(f))
		return -(errno ? errno : EIO);
	return 0;
}

int ab_json_write_atomic(const char *path, const json_t *doc, size_t flags)
{
	char tmp[4200];
	int fd, ret;
	FILE *f;

	if (snprintf(tmp, sizeof(tmp), "%s.tmp.%d", path, (int)getpid()) >= (int)sizeof(tmp))
		return -ENAMETOOLONG;
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		return -errno;
	f = fdopen(fd, "w");
	if (!f) {
		ret = -errno;
		close(fd);
		unlink(tmp);
		return ret;
	}
	ret = ab_json_print(doc, f, flags);
	if (!ret && fsync(fd))
		ret = -errno;
	if (fclose(f) && !ret)
		ret = -errno;
	if (!ret && rename(tmp, path))
		ret = -errno;
	if (ret)
		unlink(tmp);
	return ret;
}
