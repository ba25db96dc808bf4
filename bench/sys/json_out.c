// SPDX-License-Identifier: GPL-2.0
/* JSON output, one format for every command (sys/json_out.h). */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sys/json_out.h"

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

int ab_json_path_replaces(const char *path)
{
	struct stat st;

	if (!strcmp(path, "-"))
		return 0;
	/* stat follows links: /dev/stdout -> /proc/self/fd/1 -> a pipe is a stream */
	return stat(path, &st) || S_ISREG(st.st_mode);
}

/* DOC to the open descriptor FD, fsync'ed if SYNC, FD closed whatever happens. 0 or -errno. */
static int print_fd(int fd, const json_t *doc, size_t flags, int sync)
{
	FILE *f = fdopen(fd, "w");
	int ret;

	if (!f) {
		ret = -errno;
		close(fd);
		return ret;
	}
	ret = ab_json_print(doc, f, flags);
	if (!ret && sync && fsync(fd))
		ret = -errno;
	if (fclose(f) && !ret)
		ret = -errno;
	return ret;
}

static int write_atomic(const char *path, const json_t *doc, size_t flags)
{
	char tmp[PATH_MAX + 32];
	int fd, ret;

	if (snprintf(tmp, sizeof(tmp), "%s.tmp.%d", path, (int)getpid()) >= (int)sizeof(tmp))
		return -ENAMETOOLONG;
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		return -errno;
	ret = print_fd(fd, doc, flags, 1);
	if (!ret && rename(tmp, path))
		ret = -errno;
	if (ret)
		unlink(tmp);
	return ret;
}

/* Through a device, FIFO or terminal: open it as it is, no temporary file. */
static int write_through(const char *path, const json_t *doc, size_t flags)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY);

	return fd < 0 ? -errno : print_fd(fd, doc, flags, 0);
}

int ab_json_write(const char *path, const json_t *doc, size_t flags)
{
	char target[PATH_MAX];
	struct stat st;

	if (!strcmp(path, "-"))
		return ab_json_print(doc, stdout, flags);
	if (!ab_json_path_replaces(path))
		return write_through(path, doc, flags);
	/* a link to a regular file: replace the file, keep the link */
	if (!lstat(path, &st) && S_ISLNK(st.st_mode)) {
		if (!realpath(path, target))
			return -errno;
		return write_atomic(target, doc, flags);
	}
	return write_atomic(path, doc, flags);
}
