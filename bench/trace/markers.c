// SPDX-License-Identifier: GPL-2.0
/* user_events job markers: registration, the enable bit, writes (markers.h). */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/uio.h>
#include <unistd.h>

#include "core/error.h"
#include "core/number.h"
#include "trace/markers.h"
#include "trace/tracefs.h"

#if __has_include(<linux/user_events.h>)
#include <linux/user_events.h>
#else
#include <linux/types.h>
/*
 * Debian 12's linux-libc-dev (6.1) has no user_events.h: the UAPI of 6.4+
 * restated (include/uapi/linux/user_events.h), a stable ABI.
 */
struct user_reg {
	__u32 size;
	__u8 enable_bit;
	__u8 enable_size;
	__u16 flags;
	__u64 enable_addr;
	__u64 name_args;
	__u32 write_index;
} __attribute__((__packed__));

struct user_unreg {
	__u32 size;
	__u8 disable_bit;
	__u8 __reserved;
	__u16 __reserved2;
	__u64 disable_addr;
} __attribute__((__packed__));

#define DIAG_IOC_MAGIC '*'
#define DIAG_IOCSREG   _IOWR(DIAG_IOC_MAGIC, 0, struct user_reg *)
#define DIAG_IOCSUNREG _IOW(DIAG_IOC_MAGIC, 2, struct user_unreg *)
#endif
/* The flag came with the multi-format series (6.9), with USER_EVENTS_MULTI_SYSTEM. */
#ifndef USER_EVENTS_MULTI_SYSTEM
#define USER_EVENT_REG_MULTI_FORMAT (1U << 1)
#endif

_Static_assert(sizeof(struct user_reg) == 28 && sizeof(struct user_unreg) == 16,
	       "the user_events UAPI structs are packed");
_Static_assert(sizeof(struct trace_marker) == 152, "no padding: TRACE_MARKER_FIELDS' layout");

#define FORMAT_MAX 16384
#define MAX_FIELDS 32

uint32_t trace_marker_enable __attribute__((aligned(8)));

static struct {
	int fd, registered;
	uint32_t write_index;
	unsigned long write_errors;
	char status[AB_WHY_LEN + 32]; /* "unavailable: " and the reason, or how registered */
} mk = { .fd = -1 };

int trace_ue_open(char *root, size_t root_len, char why[AB_WHY_LEN])
{
	struct tracefs fs;
	char path[160];
	int fd, ret = tracefs_find(&fs, why);

	if (ret)
		return ret;
	snprintf(root, root_len, "%s", fs.root);
	tracefs_path(&fs, "user_events_data", path, sizeof(path));
	fd = open(path, O_RDWR | O_CLOEXEC);
	if (fd >= 0)
		return fd;
	ret = -errno;
	if (ret == -ENOENT)
		ab_whyf(why, "%s is absent: a kernel without CONFIG_USER_EVENTS", path);
	else if (ret == -EACCES || ret == -EPERM)
		ab_whyf(why, "%s: %s (it is root's, mode 0640)", path, strerror(-ret));
	else
		ab_whyf(why, "%s: %s", path, strerror(-ret));
	return ret;
}

int trace_ue_register(int fd, const char *name, const char *fields, bool multi, uint32_t *word,
		      unsigned int bit, uint32_t *write_index)
{
	char name_args[512];
	struct user_reg reg;

	if ((size_t)snprintf(name_args, sizeof(name_args), "%s %s", name, fields) >=
	    sizeof(name_args))
		return -ENAMETOOLONG;
	memset(&reg, 0, sizeof(reg));
	reg.size = sizeof(reg);
	reg.enable_bit = (__u8)bit;
	reg.enable_size = sizeof(*word);
	reg.flags = multi ? USER_EVENT_REG_MULTI_FORMAT : 0;
	reg.enable_addr = (__u64)(uintptr_t)word;
	reg.name_args = (__u64)(uintptr_t)name_args;
	if (ioctl(fd, DIAG_IOCSREG, &reg) < 0)
		return -errno;
	*write_index = reg.write_index;
	return 0;
}

int trace_ue_unregister(int fd, uint32_t *word, unsigned int bit)
{
	struct user_unreg unreg;

	memset(&unreg, 0, sizeof(unreg));
	unreg.size = sizeof(unreg);
	unreg.disable_bit = (__u8)bit;
	unreg.disable_addr = (__u64)(uintptr_t)word;
	return ioctl(fd, DIAG_IOCSUNREG, &unreg) < 0 ? -errno : 0;
}

struct field {
	char name[64];
	unsigned long size;
};

static unsigned long type_size(const char *type, size_t len)
{
	static const struct {
		const char *name;
		unsigned long size;
	} types[] = { { "u8", 1 },  { "s8", 1 },  { "char", 1 }, { "u16", 2 }, { "s16", 2 },
		      { "u32", 4 }, { "s32", 4 }, { "int", 4 },	 { "u64", 8 }, { "s64", 8 } };
	const char *br = memchr(type, '[', len);
	size_t base = br ? (size_t)(br - type) : len;
	unsigned long long n = 1;

	/* "u8[16]": the count between the brackets; a malformed one is no known type */
	if (br && (type[len - 1] != ']' || ab_parse_uint_n(br + 1, len - base - 2, 1, 4096, 0, &n)))
		return 0;

	for (size_t i = 0; i < sizeof(types) / sizeof(types[0]); i++)
		if (strlen(types[i].name) == base && !strncmp(type, types[i].name, base))
			return types[i].size * n;
	return 0;
}

/* "u32 job;char[16] backend" -> names and sizes; count or -EINVAL. */
static int parse_spec(const char *spec, struct field *f, int max)
{
	int n = 0;

	while (*spec) {
		const char *end = strchr(spec, ';'), *sp;
		size_t len;

		end = end ? end : spec + strlen(spec);
		while (*spec == ' ')
			spec++;
		sp = memchr(spec, ' ', (size_t)(end - spec));
		if (!sp || n == max)
			return -EINVAL;
		len = (size_t)(end - sp - 1);
		if (len == 0 || len >= sizeof(f[n].name))
			return -EINVAL;
		memcpy(f[n].name, sp + 1, len);
		f[n].name[len] = '\0';
		f[n].size = type_size(spec, (size_t)(sp - spec));
		if (!f[n].size)
			return -EINVAL;
		n++;
		spec = *end ? end + 1 : end;
	}
	return n;
}

/*
 * The event's own fields from a format file (untrusted text, bounded):
 * "\tfield:TYPE NAME[N];\toffset:O;\tsize:S;..." lines, common_* skipped.
 */
static int parse_format(char *text, struct field *f, int max)
{
	int n = 0;

	for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
		char *p = strstr(line, "field:"), *semi, *name, *size;
		unsigned long long sz;
		size_t len;

		if (!p || !(semi = strchr(p, ';')))
			continue;
		for (name = semi; name > p && name[-1] != ' '; name--)
			;
		len = strcspn(name, "[;");
		if (!strncmp(name, "common_", 7))
			continue;
		if (n == max || len == 0 || len >= sizeof(f[n].name) ||
		    !(size = strstr(semi, "size:")))
			return -EINVAL;
		memcpy(f[n].name, name, len);
		f[n].name[len] = '\0';
		if (ab_parse_uint_n(size + 5, strcspn(size + 5, ";"), 1, 4096, 0, &sz))
			return -EINVAL;
		f[n].size = (unsigned long)sz;
		n++;
	}
	return n;
}

static bool is_version_of(const char *entry, const char *name)
{
	size_t n = strlen(name);
	const char *p = entry + n + 1;

	if (strncmp(entry, name, n) || entry[n] != '.' || !*p)
		return false;
	for (; *p; p++)
		if (!isxdigit((unsigned char)*p))
			return false;
	return true;
}

int trace_ue_find_multi(const char *root, const char *name, const char *fields, char *out,
			size_t out_len)
{
	struct field want[MAX_FIELDS], got[MAX_FIELDS];
	int n_want = parse_spec(fields, want, MAX_FIELDS), ret = -ENOENT;
	char dir[256];
	struct dirent *e;
	DIR *d;

	if (n_want < 0)
		return n_want;
	snprintf(dir, sizeof(dir), "%s/events/user_events_multi", root);
	d = opendir(dir);
	if (!d)
		return -errno;
	while (ret == -ENOENT && (e = readdir(d))) {
		struct tracefs fs;
		char rel[320], *text;
		int n_got;

		if (!is_version_of(e->d_name, name))
			continue;
		snprintf(fs.root, sizeof(fs.root), "%s", root);
		snprintf(rel, sizeof(rel), "events/user_events_multi/%s/format", e->d_name);
		text = tracefs_read(&fs, rel, FORMAT_MAX, NULL);
		if (!text)
			continue;
		n_got = parse_format(text, got, MAX_FIELDS);
		free(text);
		if (n_got != n_want)
			continue;
		ret = 0;
		for (int i = 0; i < n_want && !ret; i++)
			if (strcmp(got[i].name, want[i].name) || got[i].size != want[i].size)
				ret = -ENOENT;
		if (!ret)
			snprintf(out, out_len, "%s", e->d_name);
	}
	closedir(d);
	return ret;
}

int trace_markers_open(void)
{
	char root[64], why[AB_WHY_LEN] = "", tp[128] = "";
	int fd, ret;

	if (mk.registered)
		return 0;
	fd = trace_ue_open(root, sizeof(root), why);
	if (fd < 0) {
		snprintf(mk.status, sizeof(mk.status), "unavailable: %s", why);
		return fd;
	}
	ret = trace_ue_register(fd, TRACE_MARKER_NAME, TRACE_MARKER_FIELDS, true,
				&trace_marker_enable, 0, &mk.write_index);
	if (!ret) {
		if (trace_ue_find_multi(root, TRACE_MARKER_NAME, TRACE_MARKER_FIELDS, tp,
					sizeof(tp)))
			snprintf(tp, sizeof(tp), "%s.<id not found>", TRACE_MARKER_NAME);
		snprintf(mk.status, sizeof(mk.status),
			 "multi-format registered as user_events_multi/%s", tp);
	} else if (ret == -EINVAL) {
		/* A kernel before 6.9 knows no flags but PERSIST and refuses the rest. */
		ret = trace_ue_register(fd, TRACE_MARKER_NAME, TRACE_MARKER_FIELDS, false,
					&trace_marker_enable, 0, &mk.write_index);
		snprintf(mk.status, sizeof(mk.status),
			 ret ? "unavailable: USER_EVENT_REG_MULTI_FORMAT refused (EINVAL), and the "
			       "single-format registration too: %s"
			     : "single-format fallback: user_events/" TRACE_MARKER_NAME
			       " (the kernel refused USER_EVENT_REG_MULTI_FORMAT with EINVAL: "
			       "before 6.9)%s",
			 ret ? strerror(-ret) : "");
	} else {
		snprintf(mk.status, sizeof(mk.status), "unavailable: registering %s: %s",
			 TRACE_MARKER_NAME, strerror(-ret));
	}
	if (ret) {
		close(fd);
		return ret;
	}
	mk.fd = fd;
	mk.registered = 1;
	return 0;
}

const char *trace_markers_status(void)
{
	return mk.status[0] ? mk.status : "not registered";
}

void trace_marker_write(const struct trace_marker *m)
{
	struct iovec iov[2] = { { &mk.write_index, sizeof(mk.write_index) },
				{ (void *)m, sizeof(*m) } };

	/* EBADF: the tracer disabled the event since the caller looked at the bit. */
	if (mk.registered && writev(mk.fd, iov, 2) < 0 && errno != EBADF)
		__atomic_add_fetch(&mk.write_errors, 1, __ATOMIC_RELAXED);
}

unsigned long trace_markers_close(void)
{
	if (!mk.registered)
		return 0;
	/* Without this the kernel could still write the bit after the word is gone. */
	trace_ue_unregister(mk.fd, &trace_marker_enable, 0);
	close(mk.fd);
	mk.fd = -1;
	mk.registered = 0;
	__atomic_store_n(&trace_marker_enable, 0, __ATOMIC_RELAXED);
	return mk.write_errors;
}
