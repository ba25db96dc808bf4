// SPDX-License-Identifier: GPL-2.0
/* Client of algbench.ko's control device, /dev/algbench. */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <linux/magic.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>

#include "core/number.h"
#include "sys/file.h"
#include "sys/host.h"
#include "sys/kmod_client.h"
#include "sys/kmod_load.h"

void abk_line_init(struct abk_line *l)
{
	l->text[0] = '\0';
	l->len = 0;
	l->err = 0;
	l->why[0] = '\0';
}

static int too_long(struct abk_line *l, enum abk_key key)
{
	snprintf(l->why, sizeof(l->why), "algbench.ko job line: %s= does not fit in %d bytes",
		 abk_key(key)->name, ABK_LINE_MAX - 1);
	return l->err = -E2BIG;
}

/* " KEY=" then VALUE's printf, or -E2BIG when the line would reach ABK_LINE_MAX. */
static __attribute__((format(printf, 3, 4))) int line_put(struct abk_line *l, enum abk_key key,
							  const char *fmt, ...)
{
	size_t room = sizeof(l->text) - 1 - l->len; /* one byte for the module's newline */
	va_list ap;
	int n;

	n = snprintf(l->text + l->len, room, "%s%s=", l->len ? " " : "", abk_key(key)->name);
	if (n > 0 && (size_t)n < room) {
		va_start(ap, fmt);
		n += vsnprintf(l->text + l->len + n, room - (size_t)n, fmt, ap);
		va_end(ap);
	}
	if (n < 0 || (size_t)n >= room) {
		l->text[l->len] = '\0';
		return too_long(l, key);
	}
	l->len += (size_t)n;
	return 0;
}

void abk_line_name(struct abk_line *l, enum abk_key key, unsigned int value)
{
	const struct abk_key_desc *d = abk_key(key);

	if (l->err)
		return;
	if (d->kind != ABK_NAME || value >= d->n_values) {
		snprintf(l->why, sizeof(l->why), "algbench.ko job line: no value %u for %s=", value,
			 d->name);
		l->err = -EINVAL;
		return;
	}
	line_put(l, key, "%s", d->values[value]);
}

void abk_line_uint(struct abk_line *l, enum abk_key key, unsigned long long value)
{
	const struct abk_key_desc *d = abk_key(key);

	if (l->err)
		return;
	if (d->kind != ABK_UINT || value < d->lo || value > d->hi) {
		snprintf(l->why, sizeof(l->why), "algbench.ko takes %s= from %u to %u, not %llu",
			 d->name, d->lo, d->hi, value);
		l->err = -EINVAL;
		return;
	}
	line_put(l, key, "%llu", value);
}

void abk_line_hex(struct abk_line *l, enum abk_key key, const uint8_t *p, size_t n)
{
	const struct abk_key_desc *d = abk_key(key);

	if (l->err || !n)
		return;
	if (d->kind != ABK_HEX || n > d->hi) {
		snprintf(l->why, sizeof(l->why),
			 "algbench.ko takes at most %u bytes of %s=, not %zu", d->hi, d->name, n);
		l->err = -EINVAL;
		return;
	}
	if (line_put(l, key, "%s", ""))
		return;
	for (size_t i = 0; i < n; i++) {
		if (l->len + 3 > sizeof(l->text) - 1) {
			too_long(l, key);
			return;
		}
		l->len += (size_t)snprintf(l->text + l->len, 3, "%02x", p[i]);
	}
}

void abk_line_text(struct abk_line *l, enum abk_key key, const char *text)
{
	const struct abk_key_desc *d = abk_key(key);

	if (l->err)
		return;
	if (d->kind != ABK_TEXT || !text[0] || strpbrk(text, " \t\n")) {
		snprintf(l->why, sizeof(l->why),
			 "algbench.ko job line: %s='%s' is empty or has blanks", d->name, text);
		l->err = -EINVAL;
		return;
	}
	line_put(l, key, "%s", text);
}

void abk_mount_debugfs(void)
{
	struct statfs st;

	/* not mounted: mount it (not allowed: the caller's access() will say so) */
	if (statfs("/sys/kernel/debug", &st) || st.f_type != DEBUGFS_MAGIC)
		(void)mount("debugfs", "/sys/kernel/debug", "debugfs", 0, NULL);
}

int abk_dev_ready(char *why)
{
	char dev[32] = "";
	int err;

	if (access(ABK_DEV, R_OK | W_OK) == 0)
		return 0;
	err = -errno;
	if (err == -ENOENT && !ab_read_line(ABK_DEV_SYSFS, dev, sizeof(dev)) && strchr(dev, ':')) {
		/* loaded and registered, but nobody made the node (no udev, no devtmpfs on /dev) */
		*strchr(dev, ':') = ' ';
		snprintf(why, AB_WHY_LEN,
			 "%s: no such file, but algbench.ko is loaded (%s): mount devtmpfs on /dev "
			 "('mount -t devtmpfs devtmpfs /dev'), or as root 'mknod -m 600 %s c %s'",
			 ABK_DEV, ABK_DEV_SYSFS, ABK_DEV, dev);
	} else if (err == -ENOENT)
		snprintf(why, AB_WHY_LEN, "%s: no such file: algbench.ko is not loaded", ABK_DEV);
	else if (err == -EACCES || err == -EPERM)
		snprintf(why, AB_WHY_LEN,
			 "%s: %s: the control device is root's (mode 0600): run algbench as root",
			 ABK_DEV, strerror(-err));
	else
		snprintf(why, AB_WHY_LEN, "%s: %s", ABK_DEV, strerror(-err));
	return err;
}

/* algbench.ko was not loaded until abk_ensure_loaded() loaded it */
static bool loaded_here;

int abk_ensure_loaded(char *why)
{
	/* one modprobe per process: a suite asks once per kmod job */
	static int failed;
	static char failed_why[AB_WHY_LEN];
	bool was_loaded;
	int ret, err;

	if (access(ABK_DEV, R_OK | W_OK) == 0)
		return 0;
	if (failed) {
		snprintf(why, AB_WHY_LEN, "%s", failed_why);
		return failed;
	}
	was_loaded = abk_loaded("algbench");
	ret = abk_load("algbench", why, AB_WHY_LEN);
	if (ret == -ENOSYS) {
		size_t n = strlen(why);

		snprintf(why + n, AB_WHY_LEN - n,
			 ", so the kmod backend cannot run on this kernel");
	}
	if (ret < 0) {
		failed = ret;
		snprintf(failed_why, sizeof(failed_why), "%s", why);
		return ret;
	}
	loaded_here = loaded_here || !was_loaded;
	if ((err = abk_dev_ready(why)))
		return err;
	return ret; /* 1: WHY holds abk_load()'s note */
}

int abk_unload_if_loaded_here(char *why)
{
	if (!loaded_here)
		return 0;
	loaded_here = false;
	return abk_unload("algbench", why, AB_WHY_LEN);
}

int abk_get(const char *text, const char *key, char *out, size_t len)
{
	size_t klen = strlen(key);

	for (const char *p = text; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL) {
		if (strncmp(p, key, klen) || p[klen] != '=')
			continue;
		const char *v = p + klen + 1, *end = strchr(v, '\n');
		size_t n = end ? (size_t)(end - v) : strlen(v);

		if (len) {
			n = n < len - 1 ? n : len - 1;
			memcpy(out, v, n);
			out[n] = '\0';
		}
		return 0;
	}
	return -ENOENT;
}

/* KEY's decimal value (the module writes %llu), or 0 when absent or not a number */
static uint64_t get_u64(const char *text, const char *key)
{
	char buf[32];
	unsigned long long v;

	if (abk_get(text, key, buf, sizeof(buf)) || ab_parse_uint(buf, 0, UINT64_MAX, &v))
		return 0;
	return v;
}

/* cpuN.ops= ... lines, in the order the module wrote them */
static void parse_cpus(struct abk_result *res)
{
	const char *p = res->text;

	while ((p = strstr(p, "cpu")) && res->n_cpus < ABK_MAX_CPUS) {
		unsigned int cpu;
		uint64_t ops;
		int n = 0;

		if ((p == res->text || p[-1] == '\n') &&
		    sscanf(p, "cpu%u.ops=%" SCNu64 "%n", &cpu, &ops, &n) == 2) {
			struct abk_cpu *c = &res->cpus[res->n_cpus++];
			char key[32];

			c->cpu = cpu;
			c->ops = ops;
			snprintf(key, sizeof(key), "cpu%u.bytes", cpu);
			c->bytes = get_u64(res->text, key);
			snprintf(key, sizeof(key), "cpu%u.ns", cpu);
			c->ns = get_u64(res->text, key);
			snprintf(key, sizeof(key), "cpu%u.cycles", cpu);
			c->cycles = get_u64(res->text, key);
		}
		p += n ? n : 3;
	}
}

static void parse(struct abk_result *res)
{
	char buf[32];

	/*
	 * status is a negative errno and input_crc32 %08x: the one unsigned
	 * decimal parser does not fit, and a malformed value shows up anyway
	 * (status != 0 is a failure, a wrong crc32 a mismatch).
	 */
	res->status =
		(int)strtol(abk_get(res->text, "status", buf, sizeof(buf)) ? "-5" : buf, NULL, 10);
	abk_get(res->text, "error", res->error, sizeof(res->error));
	abk_get(res->text, "reason", res->reason, sizeof(res->reason));
	abk_get(res->text, "driver", res->driver, sizeof(res->driver));
	abk_get(res->text, "check", res->check, sizeof(res->check));
	abk_get(res->text, "out_head", res->out_head, sizeof(res->out_head));
	res->input_crc32 = (uint32_t)strtoul(
		abk_get(res->text, "input_crc32", buf, sizeof(buf)) ? "0" : buf, NULL, 16);
	res->size = (unsigned int)get_u64(res->text, "size");
	res->threads = (unsigned int)get_u64(res->text, "threads");
	res->csize = (unsigned int)get_u64(res->text, "csize");
	res->ops = get_u64(res->text, "ops");
	res->bytes = get_u64(res->text, "bytes");
	res->ns = get_u64(res->text, "ns");
	res->cycles = get_u64(res->text, "cycles");
	parse_cpus(res);
}

static int hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

int abk_out_head(const struct abk_result *res, uint8_t *out, size_t max)
{
	size_t len = strlen(res->out_head), n = 0;

	if (len % 2 || len / 2 > max)
		return -EINVAL;
	for (; n < len / 2; n++) {
		int hi = hex_digit(res->out_head[2 * n]), lo = hex_digit(res->out_head[2 * n + 1]);

		if (hi < 0 || lo < 0)
			return -EINVAL;
		out[n] = (uint8_t)(hi << 4 | lo);
	}
	return (int)n;
}

/* A reply is a few hundred bytes of key=value lines; far more is not one. */
#define REPLY_MAX (1u << 20)

int abk_run(const char *line, struct abk_result *res, char *why)
{
	int fd, err = 0;
	ssize_t n;

	memset(res, 0, sizeof(*res));
	fd = open(ABK_DEV, O_RDWR | O_CLOEXEC);
	if (fd < 0) {
		err = -errno;
		if (abk_dev_ready(why) == 0) /* there after all: say what open() said */
			snprintf(why, AB_WHY_LEN, "%s: %s", ABK_DEV, strerror(-err));
		return err;
	}
	/* The write returns when the job is done; its reply is read on the same fd. */
	n = write(fd, line, strlen(line));
	if (n < 0)
		err = -errno;
	if (ab_read_fd(fd, REPLY_MAX, &res->text, NULL))
		res->text = NULL;
	close(fd);
	if (!res->text || !res->text[0]) {
		snprintf(why, AB_WHY_LEN, "%s: no reply to '%s' (%s)", ABK_DEV, line,
			 err ? strerror(-err) : "empty");
		return err ? err : -EIO;
	}
	parse(res);
	if (err && !res->status)
		res->status = err;
	if (res->status)
		/* bounded so that it fits: the module's reasons are under its ABK_REASON_LEN */
		snprintf(why, AB_WHY_LEN, "algbench.ko: %s: %.900s", res->error, res->reason);
	return res->status;
}

int abk_run_line(const struct abk_line *l, struct abk_result *res, char *why)
{
	if (l->err) {
		memset(res, 0, sizeof(*res));
		snprintf(why, AB_WHY_LEN, "%s", l->why);
		return l->err;
	}
	return abk_run(l->text, res, why);
}

void abk_result_free(struct abk_result *res)
{
	free(res->text);
	res->text = NULL;
}
