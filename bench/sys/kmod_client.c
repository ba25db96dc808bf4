// SPDX-License-Identifier: GPL-2.0
/* Client of algbench.ko's control device, /dev/algbench. */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
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

int abk_dev_ready(char why[AB_WHY_LEN])
{
	char dev[32] = "";
	int err;

	if (access(ABK_DEV, R_OK | W_OK) == 0)
		return 0;
	err = -errno;
	if (err == -ENOENT && !ab_read_line(ABK_DEV_SYSFS, dev, sizeof(dev)) && strchr(dev, ':')) {
		/* loaded and registered, but nobody made the node (no udev, no devtmpfs on /dev) */
		*strchr(dev, ':') = ' ';
		ab_whyf(why,
			"%s: no such file, but algbench.ko is loaded (%s): mount devtmpfs on /dev "
			"('mount -t devtmpfs devtmpfs /dev'), or as root 'mknod -m 600 %s c %s'",
			ABK_DEV, ABK_DEV_SYSFS, ABK_DEV, dev);
	} else if (err == -ENOENT)
		ab_whyf(why, "%s: no such file: algbench.ko is not loaded", ABK_DEV);
	else if (err == -EACCES || err == -EPERM)
		ab_whyf(why,
			"%s: %s: the control device is root's (mode 0600): run algbench as root",
			ABK_DEV, strerror(-err));
	else
		ab_whyf(why, "%s: %s", ABK_DEV, strerror(-err));
	return err;
}

/* algbench.ko was not loaded until abk_ensure_loaded() loaded it */
static bool loaded_here;

int abk_ensure_loaded(char why[AB_WHY_LEN])
{
	/* one modprobe per process: a suite asks once per kmod job */
	static int failed;
	static char failed_why[AB_WHY_LEN];
	bool was_loaded;
	int ret, err;

	if (access(ABK_DEV, R_OK | W_OK) == 0)
		return 0;
	if (failed) {
		ab_whyf(why, "%s", failed_why);
		return failed;
	}
	was_loaded = abk_loaded("algbench");
	ret = abk_load("algbench", why);
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

int abk_unload_if_loaded_here(char why[AB_WHY_LEN])
{
	if (!loaded_here)
		return 0;
	loaded_here = false;
	return abk_unload("algbench", why);
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

/* A reply being parsed: its first value that is not the number it should be sets ERR and WHY. */
struct reply {
	const char *text;
	char *why;
	int err;
};

static __attribute__((format(printf, 2, 3))) void bad_value(struct reply *r, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (r->err)
		return;
	r->err = -EPROTO;
	n = snprintf(r->why, AB_WHY_LEN,
		     "algbench.ko: a reply this algbench cannot read (a module of another "
		     "version?): ");
	va_start(ap, fmt);
	vsnprintf(r->why + n, AB_WHY_LEN - (size_t)n, fmt, ap);
	va_end(ap);
}

/*
 * KEY's value in 0..MAX (FLAGS: ab_parse_uint_n()'s). A key the reply does
 * not have is 0 (a refused job has no counts, only acomp a csize); one it
 * has that is not such a number is 0 and a bad_value().
 */
static unsigned long long get_uint(struct reply *r, const char *key, unsigned long long max,
				   unsigned int flags)
{
	char buf[32]; /* a u64 has 20 digits: a value that fills it is no number */
	unsigned long long v;

	if (abk_get(r->text, key, buf, sizeof(buf)))
		return 0;
	if (strlen(buf) < sizeof(buf) - 1 && !ab_parse_uint_n(buf, strlen(buf), 0, max, flags, &v))
		return v;
	bad_value(r, "%s=%s is not %s", key, buf,
		  flags & AB_NUM_BARE_HEX ? "hex digits" : "a number in range");
	return 0;
}

/* cpuN.ops= ... lines, in the order the module wrote them, with cpuN's other counts */
static void parse_cpus(struct reply *r, struct abk_result *res)
{
	for (const char *p = r->text; p && *p && res->n_cpus < ABK_MAX_CPUS;
	     p = strchr(p, '\n'), p = p ? p + 1 : NULL) {
		int digits = strncmp(p, "cpu", 3) ? 0 : (int)strspn(p + 3, "0123456789");
		unsigned long long cpu = 0;
		struct abk_cpu *c;
		char key[48];

		if (!digits || strncmp(p + 3 + digits, ".ops=", 5))
			continue;
		if (ab_parse_uint_n(p + 3, (size_t)digits, 0, UINT_MAX, 0, &cpu))
			bad_value(r, "cpu%.*s.ops: %.*s is not a CPU number", digits, p + 3, digits,
				  p + 3);
		c = &res->cpus[res->n_cpus++];
		c->cpu = (unsigned int)cpu;
		snprintf(key, sizeof(key), "cpu%.*s.ops", digits, p + 3);
		c->ops = get_uint(r, key, UINT64_MAX, 0);
		snprintf(key, sizeof(key), "cpu%.*s.bytes", digits, p + 3);
		c->bytes = get_uint(r, key, UINT64_MAX, 0);
		snprintf(key, sizeof(key), "cpu%.*s.ns", digits, p + 3);
		c->ns = get_uint(r, key, UINT64_MAX, 0);
		snprintf(key, sizeof(key), "cpu%.*s.cycles", digits, p + 3);
		c->cycles = get_uint(r, key, UINT64_MAX, 0);
	}
}

int abk_parse_reply(struct abk_result *res, char why[AB_WHY_LEN])
{
	struct reply r = { .text = res->text, .why = why };
	char buf[32];
	long long status;

	/* 0 or the -errno the module failed the job with; a reply without one: -EIO */
	res->status = -EIO;
	if (!abk_get(r.text, "status", buf, sizeof(buf))) {
		if (strlen(buf) == sizeof(buf) - 1 || ab_parse_int(buf, -4095, 0, &status))
			bad_value(&r, "status=%s is not 0 or a -errno", buf);
		else
			res->status = (int)status;
	}
	abk_get(r.text, "error", res->error, sizeof(res->error));
	abk_get(r.text, "reason", res->reason, sizeof(res->reason));
	abk_get(r.text, "driver", res->driver, sizeof(res->driver));
	abk_get(r.text, "check", res->check, sizeof(res->check));
	abk_get(r.text, "out_head", res->out_head, sizeof(res->out_head));
	res->input_crc32 = (uint32_t)get_uint(&r, "input_crc32", UINT32_MAX, AB_NUM_BARE_HEX);
	res->size = (unsigned int)get_uint(&r, "size", UINT_MAX, 0);
	res->threads = (unsigned int)get_uint(&r, "threads", UINT_MAX, 0);
	res->csize = (unsigned int)get_uint(&r, "csize", UINT_MAX, 0);
	res->ops = get_uint(&r, "ops", UINT64_MAX, 0);
	res->bytes = get_uint(&r, "bytes", UINT64_MAX, 0);
	res->ns = get_uint(&r, "ns", UINT64_MAX, 0);
	res->cycles = get_uint(&r, "cycles", UINT64_MAX, 0);
	parse_cpus(&r, res);
	return r.err;
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

int abk_run(const char *line, struct abk_result *res, char why[AB_WHY_LEN])
{
	int fd, err = 0, ret;
	ssize_t n;

	memset(res, 0, sizeof(*res));
	fd = open(ABK_DEV, O_RDWR | O_CLOEXEC);
	if (fd < 0) {
		err = -errno;
		if (abk_dev_ready(why) == 0) /* there after all: say what open() said */
			ab_whyf(why, "%s: %s", ABK_DEV, strerror(-err));
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
		ab_whyf(why, "%s: no reply to '%s' (%s)", ABK_DEV, line,
			err ? strerror(-err) : "empty");
		return err ? err : -EIO;
	}
	if ((ret = abk_parse_reply(res, why)))
		return ret;
	if (err && !res->status)
		res->status = err;
	if (res->status)
		/* bounded so that it fits: the module's reasons are under its ABK_REASON_LEN */
		ab_whyf(why, "algbench.ko: %s: %.900s", res->error, res->reason);
	return res->status;
}

int abk_run_line(const struct abk_line *l, struct abk_result *res, char why[AB_WHY_LEN])
{
	if (l->err) {
		memset(res, 0, sizeof(*res));
		ab_whyf(why, "%s", l->why);
		return l->err;
	}
	return abk_run(l->text, res, why);
}

void abk_result_free(struct abk_result *res)
{
	free(res->text);
	res->text = NULL;
}
