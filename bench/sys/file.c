// SPDX-License-Identifier: GPL-2.0
/* sys/file.h: the one whole-file reader. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

#include "sys/file.h"

int ab_read_fd(int fd, size_t max, char **out, size_t *len)
{
	size_t n = 0, cap = 0;
	char *buf = NULL;

	for (;;) {
		ssize_t r;

		if (n == cap) {
			/* one byte past MAX tells "exactly MAX" from "more" */
			size_t want = cap ? (cap * 2 < max + 1 ? cap * 2 : max + 1) : 4096;
			char *p;

			if (n > max) {
				free(buf);
				return -EFBIG;
			}
			p = realloc(buf, want + 1);
			if (!p) {
				free(buf);
				return -ENOMEM;
			}
			buf = p;
			cap = want;
		}
		r = read(fd, buf + n, cap - n);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			int err = -errno;

			free(buf);
			return err;
		}
		if (!r)
			break;
		n += (size_t)r;
	}
	if (n > max) {
		free(buf);
		return -EFBIG;
	}
	buf[n] = '\0';
	*out = buf;
	if (len)
		*len = n;
	return 0;
}

int ab_read_file(const char *path, size_t max, char **out, size_t *len)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC), err;

	if (fd < 0)
		return -errno;
	err = ab_read_fd(fd, max, out, len);
	close(fd);
	return err;
}
