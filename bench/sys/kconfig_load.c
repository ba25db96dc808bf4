// SPDX-License-Identifier: GPL-2.0
/*
 * Where a kernel config comes from: a plain .config, a gzip'd one
 * (/proc/config.gz, through zlib), or a Debian kernel image package.
 *
 * A .deb is an ar archive holding data.tar.{xz,zst,gz}; we read it with
 * libarchive rather than by hand (an ar and a tar parser plus three
 * decompressors) or by running dpkg-deb (absent outside Debian, and its
 * errors would reach the user second-hand). Nothing is unpacked to disk.
 */
#include <archive.h>
#include <archive_entry.h>
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>
#include <zlib.h>

#include "core/error.h"
#include "sys/file.h"
#include "sys/kconfig.h"

/* Configs are ~300 KiB; anything far larger is not one (and caps a gzip bomb). */
#define MAX_CONFIG (16u << 20)

struct buf {
	char *data;
	size_t len, cap;
};

static int buf_reserve(struct buf *b, size_t more)
{
	size_t cap = b->cap ? b->cap : 65536;
	char *p;

	while (cap < b->len + more + 1)
		cap *= 2;
	if (cap == b->cap)
		return 0;
	p = realloc(b->data, cap);
	if (!p)
		return -ENOMEM;
	b->data = p;
	b->cap = cap;
	return 0;
}

/* The whole file (sys/file.h), with a message that says what failed. */
static int read_all(int fd, struct buf *b, const char *path, char err[AB_WHY_LEN])
{
	int ret = ab_read_fd(fd, MAX_CONFIG, &b->data, &b->len);

	if (ret == -EFBIG)
		ab_whyf(err, "%s: larger than %u MiB, not a kernel config", path, MAX_CONFIG >> 20);
	else if (ret)
		ab_whyf(err, "%s: read failed: %s", path, strerror(-ret));
	else
		b->cap = b->len + 1;
	return ret;
}

static int gunzip(const struct buf *in, struct buf *out, const char *path, char err[AB_WHY_LEN])
{
	z_stream zs = { 0 };
	int r = Z_OK, ret = -EIO; /* corrupt or truncated, unless said otherwise */

	if (inflateInit2(&zs, 16 + MAX_WBITS) != Z_OK) {
		ab_whyf(err, "%s: zlib inflateInit2 failed", path);
		return -ENOMEM;
	}
	zs.next_in = (unsigned char *)in->data;
	zs.avail_in = in->len;
	while (zs.avail_in) {
		if (buf_reserve(out, 65536)) {
			ab_whyf(err, "%s: out of memory", path);
			r = Z_MEM_ERROR;
			ret = -ENOMEM;
			break;
		}
		zs.next_out = (unsigned char *)out->data + out->len;
		zs.avail_out = out->cap - out->len - 1;
		r = inflate(&zs, Z_NO_FLUSH);
		out->len = out->cap - 1 - zs.avail_out;
		if (r == Z_STREAM_END) {
			/* Another gzip member may follow (gzip -d reads them all). */
			if (zs.avail_in < 2 || zs.next_in[0] != 0x1f || zs.next_in[1] != 0x8b)
				break;
			inflateReset(&zs);
			r = Z_OK;
			continue;
		}
		if (r != Z_OK && r != Z_BUF_ERROR) {
			ab_whyf(err, "%s: corrupt gzip data at input byte %lu: %s", path,
				zs.total_in, zs.msg ? zs.msg : "inflate failed");
			break;
		}
		if (out->len > MAX_CONFIG) {
			ab_whyf(err, "%s: decompresses to more than %u MiB, not a kernel config",
				path, MAX_CONFIG >> 20);
			r = Z_MEM_ERROR;
			ret = -EFBIG;
			break;
		}
	}
	inflateEnd(&zs);
	if (r == Z_STREAM_END) {
		out->data[out->len] = '\0';
		return 0;
	}
	if (r == Z_OK || r == Z_BUF_ERROR)
		ab_whyf(err,
			"%s: truncated gzip: the stream stops after %zu bytes, before its end "
			"marker",
			path, in->len);
	return ret;
}

struct deb_ctx {
	struct archive *outer;
	char block[65536];
};

static la_ssize_t inner_read(struct archive *a, void *data, const void **block)
{
	struct deb_ctx *ctx = data;

	(void)a;
	*block = ctx->block;
	return archive_read_data(ctx->outer, ctx->block, sizeof(ctx->block));
}

/* Find ./boot/config-* in the package's data.tar.* (the member @outer is at). */
/* libarchive leaves no message for a member cut short: say what that means */
static const char *archive_why(struct archive *a)
{
	const char *why = archive_error_string(a);

	return why ? why : "truncated or unreadable (the file ends inside the archive)";
}

static int read_data_tar(struct deb_ctx *ctx, const char *member, struct buf *out,
			 struct kconfig *kc, const char *path, char err[AB_WHY_LEN])
{
	struct archive *in = archive_read_new();
	struct archive_entry *e;
	int r, found = 0;

	archive_read_support_filter_all(in);
	archive_read_support_format_tar(in);
	r = archive_read_open(in, ctx, NULL, inner_read, NULL);
	while (r == ARCHIVE_OK && (r = archive_read_next_header(in, &e)) == ARCHIVE_OK) {
		const char *name = archive_entry_pathname(e);
		la_ssize_t n;

		if (archive_entry_filetype(e) != AE_IFREG || fnmatch("*boot/config-*", name, 0))
			continue;
		if (archive_entry_size(e) > MAX_CONFIG) {
			ab_whyf(err, "%s: %s is larger than %u MiB", path, name, MAX_CONFIG >> 20);
			archive_read_free(in);
			return -EFBIG;
		}
		if (buf_reserve(out, archive_entry_size(e))) {
			ab_whyf(err, "%s: out of memory", path);
			archive_read_free(in);
			return -ENOMEM;
		}
		while ((n = archive_read_data(in, out->data + out->len, out->cap - 1 - out->len)) >
		       0)
			out->len += n;
		if (n < 0)
			break;
		out->data[out->len] = '\0';
		snprintf(kc->source, sizeof(kc->source), "%s (%s in %s)", path, name, member);
		found = 1;
		break;
	}
	if (!found && r != ARCHIVE_EOF)
		ab_whyf(err, "%s: corrupt %s: %s", path, member, archive_why(in));
	else if (!found)
		ab_whyf(err,
			"%s: Debian package without a ./boot/config-* (not a linux-image package?)",
			path);
	archive_read_free(in);
	return found ? 0 : r != ARCHIVE_EOF ? -EIO : -ENOENT;
}

static int read_deb(const char *path, struct buf *out, struct kconfig *kc, char err[AB_WHY_LEN])
{
	struct deb_ctx *ctx = calloc(1, sizeof(*ctx));
	struct archive_entry *e;
	int r, first = 1, ret = -EINVAL;

	if (!ctx) {
		ab_whyf(err, "%s: out of memory", path);
		return -ENOMEM;
	}
	ctx->outer = archive_read_new();
	archive_read_support_format_ar(ctx->outer);
	r = archive_read_open_filename(ctx->outer, path, 65536);
	while (r == ARCHIVE_OK && (r = archive_read_next_header(ctx->outer, &e)) == ARCHIVE_OK) {
		const char *name = archive_entry_pathname(e);

		if (first && strcmp(name, "debian-binary")) {
			ab_whyf(err,
				"%s: an ar archive but not a Debian package (first member '%s')",
				path, name);
			goto out;
		}
		first = 0;
		if (!strncmp(name, "data.tar", 8)) {
			char member[64];

			snprintf(member, sizeof(member), "%s", name);
			ret = read_data_tar(ctx, member, out, kc, path, err);
			goto out;
		}
	}
	ret = r == ARCHIVE_EOF ? -ENOENT : -EIO;
	if (r == ARCHIVE_EOF)
		ab_whyf(err, "%s: Debian package without a data.tar member", path);
	else
		ab_whyf(err, "%s: corrupt Debian package: %s", path, archive_why(ctx->outer));
out:
	archive_read_free(ctx->outer);
	free(ctx);
	return ret;
}

static int open_regular(const char *path, char err[AB_WHY_LEN])
{
	struct stat st = { 0 };
	int fd;

	/*
	 * stat before open: opening a FIFO for reading blocks until a writer
	 * comes, so a non-regular file is refused here, and O_NONBLOCK covers
	 * the path being swapped for one between the two calls.
	 */
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
		ab_whyf(err, "%s: %s, not a kernel config file", path,
			S_ISDIR(st.st_mode) ? "is a directory" : "not a regular file");
		return S_ISDIR(st.st_mode) ? -EISDIR : -EINVAL;
	}
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0) {
		int e = errno;

		ab_whyf(err, "%s: cannot open: %s", path, strerror(e));
		return -e;
	}
	if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		ab_whyf(err, "%s: %s, not a kernel config file", path,
			S_ISDIR(st.st_mode) ? "is a directory" : "not a regular file");
		close(fd);
		return S_ISDIR(st.st_mode) ? -EISDIR : -EINVAL;
	}
	return fd;
}

/* Dispatch on the first bytes: a .deb is read in place, anything else whole. */
static int load_text(const char *path, struct buf *text, struct kconfig *kc, char err[AB_WHY_LEN])
{
	struct buf raw = { 0 };
	unsigned char magic[8] = { 0 };
	int fd = open_regular(path, err), ret;

	if (fd < 0)
		return fd;
	if (pread(fd, magic, sizeof(magic), 0) == (ssize_t)sizeof(magic) &&
	    !memcmp(magic, "!<arch>\n", 8)) {
		close(fd);
		return read_deb(path, text, kc, err);
	}
	ret = read_all(fd, &raw, path, err);
	close(fd);
	if (!ret && raw.len >= 2 && magic[0] == 0x1f && magic[1] == 0x8b) {
		snprintf(kc->source, sizeof(kc->source), "%s (gzip)", path);
		ret = gunzip(&raw, text, path, err);
		free(raw.data);
	} else if (!ret) {
		*text = raw;
	} else {
		free(raw.data);
	}
	return ret;
}

int kconfig_load(struct kconfig *kc, const char *path, char err[AB_WHY_LEN])
{
	struct buf text = { 0 };
	char why[AB_WHY_LEN];
	int ret;

	memset(kc, 0, sizeof(*kc));
	snprintf(kc->source, sizeof(kc->source), "%s", path);
	kc->path_len = strlen(kc->source);
	ret = load_text(path, &text, kc, err);
	if (ret) {
		free(text.data);
		return ret;
	}
	if (!text.data) /* an empty gzip member or an empty file */
		text.data = calloc(1, 1);
	ret = kconfig_parse(kc, text.data, text.len, why);
	if (ret) {
		ab_whyf(err, "%s: %s", kc->source, why);
		kconfig_free(kc);
	}
	return ret;
}

int kconfig_load_running(struct kconfig *kc, char err[AB_WHY_LEN])
{
	char boot[300], first[AB_WHY_LEN];
	struct utsname u;
	int ret;

	if (!kconfig_load(kc, "/proc/config.gz", first))
		return 0;
	if (uname(&u)) {
		ret = -errno;
		ab_whyf(err, "%s; uname failed: %s", first, strerror(-ret));
		return ret;
	}
	snprintf(boot, sizeof(boot), "/boot/config-%s", u.release);
	ret = kconfig_load(kc, boot, err);
	if (!ret)
		return 0;
	/* Both failed: say why for each, and what would help. */
	{
		char second[AB_WHY_LEN];

		snprintf(second, sizeof(second), "%s", err);
		ab_whyf(err,
			"no config for the running kernel: %s; %s (enable CONFIG_IKCONFIG_PROC or "
			"install the config in /boot)",
			first, second);
	}
	return ret; /* the /boot file's: -ENOENT when neither exists */
}
