/* SPDX-License-Identifier: GPL-2.0 */
/* sys/file.h: the one whole-file reader, for procfs, sysfs, tracefs, devices and plain files. */
#ifndef ALGBENCH_FILE_H
#define ALGBENCH_FILE_H

#include <stddef.h>

/*
 * Read FD until read() returns 0 (procfs, sysfs and tracefs files report
 * size 0, a device's reply has none) into a NUL-terminated buffer of at
 * most MAX bytes of data, grown as it fills, so a large MAX costs nothing
 * for a small file. 0 with *OUT (free() it) and *LEN (may be NULL);
 * -EFBIG when there is more than MAX (a bounded read of untrusted input is
 * never truncated silently), -ENOMEM, or read()'s -errno.
 */
int ab_read_fd(int fd, size_t max, char **out, size_t *len);

/* The same for PATH, opened read-only: also open()'s -errno. */
int ab_read_file(const char *path, size_t max, char **out, size_t *len);

#endif
