// SPDX-License-Identifier: GPL-2.0
/*
 * The text of a file a kernel package ships (its config, its changelog),
 * from a plain file, a gzip'd one (/proc/config.gz, changelog.gz, through
 * zlib), or inside the Debian package itself.
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
#include <unistd.h>
#include <zlib.h>

#include "core/error.h"
#include "sys/file.h"
#include "sys/pkg_text.h"

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

static unsigned int mib(const struct ab_pkg_text *k)
{
	return (unsigned int)(k->max >> 20);
}

/* The whole file (sys/file.h), with a message that says what failed. */
static int read_all(int fd, struct buf *b, const char *path, const struct ab_pkg_text *k,
		    char err[AB_WHY_LEN])
{
	int ret = ab_read_fd(fd, k->max, &b->data, &b->len);

	if (ret == -EFBIG)
		ab_whyf(err, "%s: larger than %u MiB, not a %s", path, mib(k), k->what);
	else if (ret)
		ab_whyf(err, "%s: read failed: %s", path, strerror(-ret));
	else
		b->cap = b->len + 1;
	return ret;
}

static int is_gzip(const struct buf *b)
{
	return b->len >= 2 && (unsigned char)b->data[0] == 0x1f &&
	       (unsigned char)b->data[1] == 0x8b;
}

static int gunzip(const struct buf *in, struct buf *out, const char *path,
		  const struct ab_pkg_text *k, char err[AB_WHY_LEN])
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
		/* before a member's end too: concatenated members must not escape it */
		if (out->len > k->max) {
			ab_whyf(err, "%s: decompresses to more than %u MiB, not a %s", path, mib(k),
				k->what);
			r = Z_MEM_ERROR;
			ret = -EFBIG;
			break;
		}
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

/* RAW as it is, or decompressed when it is gzip: *TEXT owns the result. */
static int maybe_gunzip(struct buf *raw, struct buf *text, const char *path,
			const struct ab_pkg_text *k, char err[AB_WHY_LEN])
{
	int ret;

	if (!is_gzip(raw)) {
		*text = *raw;
		*raw = (struct buf){ 0 };
		return 0;
	}
	ret = gunzip(raw, text, path, k, err);
	free(raw->data);
	*raw = (struct buf){ 0 };
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

/* libarchive leaves no message for a member cut short: say what that means */
static const char *archive_why(struct archive *a)
{
	const char *why = archive_error_string(a);

	return why ? why : "truncated or unreadable (the file ends inside the archive)";
}

/* Find K's member in the package's data.tar.* (the member @outer is at). */
static int read_data_tar(struct deb_ctx *ctx, const char *member, struct buf *out,
			 const struct ab_pkg_text *k, char *source, size_t source_len,
			 const char *path, char err[AB_WHY_LEN])
{
	struct archive *in = archive_read_new();
	struct archive_entry *e;
	struct buf raw = { 0 };
	int r, found = 0, ret;

	/* the compressions dpkg writes, each in a library libarchive links:
	 * filter_all would also run external programs (lrzip, lzop) on this data */
	archive_read_support_filter_gzip(in);
	archive_read_support_filter_xz(in);
	archive_read_support_filter_zstd(in);
	archive_read_support_filter_bzip2(in);
	archive_read_support_filter_lzma(in);
	archive_read_support_format_tar(in);
	r = archive_read_open(in, ctx, NULL, inner_read, NULL);
	while (r == ARCHIVE_OK && (r = archive_read_next_header(in, &e)) == ARCHIVE_OK) {
		const char *name = archive_entry_pathname(e);
		la_ssize_t n;

		if (archive_entry_filetype(e) != AE_IFREG || fnmatch(k->member, name, 0))
			continue;
		if (archive_entry_size(e) < 0 || (size_t)archive_entry_size(e) > k->max) {
			ab_whyf(err, "%s: %s is larger than %u MiB", path, name, mib(k));
			archive_read_free(in);
			return -EFBIG;
		}
		if (buf_reserve(&raw, archive_entry_size(e))) {
			ab_whyf(err, "%s: out of memory", path);
			archive_read_free(in);
			return -ENOMEM;
		}
		while ((n = archive_read_data(in, raw.data + raw.len, raw.cap - 1 - raw.len)) > 0)
			raw.len += n;
		if (n < 0)
			break;
		raw.data[raw.len] = '\0';
		snprintf(source, source_len, "%s (%s in %s)", path, name, member);
		found = 1;
		break;
	}
	if (!found && r != ARCHIVE_EOF)
		ab_whyf(err, "%s: corrupt %s: %s", path, member, archive_why(in));
	else if (!found)
		ab_whyf(err, "%s: Debian package without a %s (not %s?)", path, k->member_name,
			k->package);
	archive_read_free(in);
	if (!found) {
		free(raw.data);
		return r != ARCHIVE_EOF ? -EIO : -ENOENT;
	}
	ret = maybe_gunzip(&raw, out, path, k, err);
	return ret;
}

static int read_deb(const char *path, struct buf *out, const struct ab_pkg_text *k, char *source,
		    size_t source_len, char err[AB_WHY_LEN])
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
			ret = read_data_tar(ctx, member, out, k, source, source_len, path, err);
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

static int open_regular(const char *path, const struct ab_pkg_text *k, char err[AB_WHY_LEN])
{
	struct stat st = { 0 };
	int fd;

	/*
	 * stat before open: opening a FIFO for reading blocks until a writer
	 * comes, so a non-regular file is refused here, and O_NONBLOCK covers
	 * the path being swapped for one between the two calls.
	 */
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
		ab_whyf(err, "%s: %s, not a %s file", path,
			S_ISDIR(st.st_mode) ? "is a directory" : "not a regular file", k->what);
		return S_ISDIR(st.st_mode) ? -EISDIR : -EINVAL;
	}
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0) {
		int e = errno;

		ab_whyf(err, "%s: cannot open: %s", path, strerror(e));
		return -e;
	}
	if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		ab_whyf(err, "%s: %s, not a %s file", path,
			S_ISDIR(st.st_mode) ? "is a directory" : "not a regular file", k->what);
		close(fd);
		return S_ISDIR(st.st_mode) ? -EISDIR : -EINVAL;
	}
	return fd;
}

/* Dispatch on the first bytes: a .deb is read in place, anything else whole. */
int ab_pkg_text_read(const char *path, const struct ab_pkg_text *k, char **text, size_t *len,
		     char *source, size_t source_len, char err[AB_WHY_LEN])
{
	struct buf raw = { 0 }, out = { 0 };
	unsigned char magic[8] = { 0 };
	int fd, ret;

	*text = NULL;
	*len = 0;
	snprintf(source, source_len, "%s", path);
	fd = open_regular(path, k, err);
	if (fd < 0)
		return fd;
	if (pread(fd, magic, sizeof(magic), 0) == (ssize_t)sizeof(magic) &&
	    !memcmp(magic, "!<arch>\n", 8)) {
		close(fd);
		ret = read_deb(path, &out, k, source, source_len, err);
	} else {
		ret = read_all(fd, &raw, path, k, err);
		close(fd);
		if (!ret && is_gzip(&raw))
			snprintf(source, source_len, "%s (gzip)", path);
		if (!ret)
			ret = maybe_gunzip(&raw, &out, path, k, err);
		free(raw.data);
	}
	if (ret) {
		free(out.data);
		return ret;
	}
	if (!out.data) /* an empty gzip member or an empty file */
		out.data = calloc(1, 1);
	if (!out.data) {
		ab_whyf(err, "%s: out of memory", path);
		return -ENOMEM;
	}
	*text = out.data;
	*len = out.len;
	return 0;
}
