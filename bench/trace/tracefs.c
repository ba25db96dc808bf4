// SPDX-License-Identifier: GPL-2.0
/* tracefs: mount point, README capabilities, definitions, error_log. */
#include <errno.h>
#include <fcntl.h>
#include <linux/magic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/vfs.h>
#include <unistd.h>

#include "sys/file.h"
#include "trace/tracefs.h"

#define README_MAX    (256 * 1024)
#define ERROR_LOG_MAX (64 * 1024)

void tracefs_path(const struct tracefs *t, const char *rel, char *path, size_t len)
{
	snprintf(path, len, "%s/%s", t->root, rel);
}

char *tracefs_read(const struct tracefs *t, const char *rel, size_t max, size_t *len)
{
	char path[256];

	char *text;
	int err;

	tracefs_path(t, rel, path, sizeof(path));
	err = ab_read_file(path, max, &text, len);
	if (err) {
		errno = -err;
		return NULL;
	}
	return text;
}

int tracefs_append(const struct tracefs *t, const char *rel, const char *line)
{
	char path[256];
	size_t n = strlen(line);
	int fd, err = 0;

	tracefs_path(t, rel, path, sizeof(path));
	fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	/* The kernel parses one write as one command: write it whole. */
	if (write(fd, line, n) != (ssize_t)n)
		err = errno ? -errno : -EIO;
	close(fd);
	return err;
}

int tracefs_find(struct tracefs *t, char why[AB_WHY_LEN])
{
	static const char *const roots[] = { "/sys/kernel/tracing", "/sys/kernel/debug/tracing" };
	char path[128];
	char *readme = NULL;
	int refused = 0; /* mounted, but README unreadable (errno) or absent (ENOENT) */
	struct statfs fs;
	size_t at = 0;

	memset(t, 0, sizeof(*t));
	for (size_t i = 0; i < 2 && !readme; i++) {
		snprintf(t->root, sizeof(t->root), "%s", roots[i]);
		readme = tracefs_read(t, "README", README_MAX, NULL);
		if (!readme && errno != ENOENT && !refused)
			refused = errno, at = i;
		else if (!readme && !refused && !statfs(roots[i], &fs) &&
			 fs.f_type == TRACEFS_MAGIC)
			refused = ENOENT, at = i; /* mounted, and empty */
	}
	if (!readme && refused == ENOENT) {
		ab_whyf(why,
			"%s is tracefs but has no README: the kernel disabled tracing "
			"at boot (dmesg: 'Tracing disabled due to lockdown' when it is "
			"locked down for confidentiality)",
			roots[at]);
		return -ENOENT;
	}
	if (!readme && refused) {
		ab_whyf(why,
			"cannot read %s/README: %s (tracefs refuses every file while the "
			"kernel is locked down for confidentiality, and to users without "
			"the right to trace)",
			roots[at], strerror(refused));
		return -refused;
	}
	if (!readme) {
		ab_whyf(why, "tracefs is not mounted (no README under /sys/kernel/tracing "
			     "or /sys/kernel/debug/tracing); mount it with "
			     "'mount -t tracefs nodev /sys/kernel/tracing'");
		return -ENOENT;
	}
	t->ret_args = strstr(readme, "kernel return probes support: $retval, $arg<N>") != NULL;
	t->btf_args = strstr(readme, "<argname>[->field") != NULL;
	t->fprobe = strstr(readme, "f[:[<group>/][<event>]]") != NULL;
	free(readme);
	tracefs_path(t, "dynamic_events", path, sizeof(path));
	t->dynamic = !access(path, F_OK);
	return 0;
}

int tracefs_open(struct tracefs *t, char why[AB_WHY_LEN])
{
	char path[128];
	int ret = tracefs_find(t, why);

	if (ret)
		return ret;
	tracefs_path(t, "kprobe_events", path, sizeof(path));
	if (access(path, F_OK)) {
		ab_whyf(why, "%s: %s (a kernel without CONFIG_KPROBE_EVENTS)", path,
			strerror(errno));
		return -ENOENT;
	}
	if (geteuid() || access(path, W_OK)) {
		ab_whyf(why,
			"%s: not writable; algbench trace needs root (it adds "
			"probes through tracefs)",
			path);
		return -EACCES;
	}
	return 0;
}

void tracefs_last_error(const struct tracefs *t, char *out, size_t len)
{
	size_t n = 0;
	char *log = tracefs_read(t, "error_log", ERROR_LOG_MAX, &n), *line = NULL, *p;

	out[0] = '\0';
	if (!log)
		return;
	for (p = log; (p = strstr(p, " error: ")); p++)
		line = p;
	if (line) {
		char *start = line, *end = strchr(line, '\n');
		size_t k = 0;

		while (start > log && start[-1] != '\n' && start[-1] != ']')
			start--;
		while (*start == ' ')
			start++;
		for (; start < (end ? end : log + n) && k + 1 < len; start++)
			out[k++] = (*start >= 0x20 && *start < 0x7f) ? *start : '?';
		out[k] = '\0';
	}
	free(log);
}
