// SPDX-License-Identifier: GPL-2.0
/* Files put into a folder without trusting the folder's other users (sys/out_file.h). */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/number.h"
#include "sys/out_file.h"
#include "sys/path.h"

/*
 * Whether UID's folders are trusted as ours: our own, root's, and under
 * sudo the invoking user's (`sudo algbench run --json r.json` in one's
 * home): that user could run anything as root already, and SUDO_UID comes
 * from the environment sudo made, which only root controls.
 */
static int trusted_owner(uid_t uid)
{
	const char *sudo_uid = geteuid() == 0 ? getenv("SUDO_UID") : NULL;
	unsigned long long u;

	if (uid == geteuid() || uid == 0)
		return 1;
	return sudo_uid && !ab_parse_uint(sudo_uid, 0, UINT_MAX, &u) && u == uid;
}

/* Someone other than us and root can add, remove or rename entries of a folder with ST. */
static int others_can_write(const struct stat *st)
{
	return (st->st_mode & (S_IWGRP | S_IWOTH)) || !trusted_owner(st->st_uid);
}

int ab_out_dir_open(struct ab_out_dir *d, const char *dir, char why[AB_WHY_LEN])
{
	struct stat st;
	int err;

	d->fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	d->shared = 0;
	if (d->fd < 0 || fstat(d->fd, &st)) {
		err = errno;
		ab_whyf(why, "%s: %s", dir, strerror(err));
		ab_out_dir_close(d);
		return -err;
	}
	if (!others_can_write(&st))
		return 0;
	if ((st.st_mode & S_ISVTX) && trusted_owner(st.st_uid)) {
		d->shared = 1;
		return 0;
	}
	ab_whyf(why,
		"%s: a folder other users can write (owner uid %u, mode %04o), who could swap "
		"what algbench writes there for a link to any file; write into a folder only you "
		"can write (mkdir -m 755 one of your own, or chmod go-w this one)",
		dir, (unsigned)st.st_uid, (unsigned)(st.st_mode & 07777));
	ab_out_dir_close(d);
	return -EPERM;
}

int ab_out_dir_of(struct ab_out_dir *d, const char *path, const char **name, char why[AB_WHY_LEN])
{
	const char *slash = strrchr(path, '/');
	char dir[4096];

	if (!slash) {
		*name = path;
		return ab_out_dir_open(d, ".", why);
	}
	*name = slash + 1;
	if (!**name) {
		ab_whyf(why, "names a folder, not a file");
		return -EISDIR;
	}
	if ((size_t)(slash - path) >= sizeof(dir)) {
		ab_whyf(why, "path too long");
		return -ENAMETOOLONG;
	}
	ab_path_dir(path, dir, sizeof(dir));
	return ab_out_dir_open(d, dir, why);
}

void ab_out_dir_close(struct ab_out_dir *d)
{
	if (d->fd >= 0)
		close(d->fd);
	d->fd = -1;
}

static int is_stream(mode_t mode)
{
	return S_ISCHR(mode) || S_ISFIFO(mode) || S_ISSOCK(mode);
}

int ab_out_what(const struct ab_out_dir *d, const char *name, enum ab_out_what *what,
		char why[AB_WHY_LEN])
{
	struct stat st, target;
	int err;

	if (fstatat(d->fd, name, &st, AT_SYMLINK_NOFOLLOW)) {
		err = errno;
		if (err == ENOENT) {
			*what = AB_OUT_NEW;
			return 0;
		}
		ab_whyf(why, "%s", strerror(err));
		return -err;
	}
	if (d->shared && st.st_uid != geteuid()) {
		ab_whyf(why,
			"owned by uid %u in a folder other users can write; algbench replaces "
			"only its own files there: remove it, or choose another name",
			(unsigned)st.st_uid);
		return -EPERM;
	}
	if (S_ISLNK(st.st_mode)) {
		/* a stream behind a link is how /dev/stdout works; anything else is refused */
		if (!d->shared && !fstatat(d->fd, name, &target, 0) && is_stream(target.st_mode)) {
			*what = AB_OUT_STREAM;
			return 0;
		}
		ab_whyf(why,
			"a symbolic link%s; algbench never writes through a link to a file "
			"(it could point anywhere): give the file's own path, or remove the link",
			d->shared ? " in a folder other users can write" : "");
		return -ELOOP;
	}
	if (S_ISREG(st.st_mode)) {
		*what = AB_OUT_FILE;
		return 0;
	}
	if (is_stream(st.st_mode)) {
		*what = AB_OUT_STREAM;
		return 0;
	}
	ab_whyf(why, "%s, not a file",
		S_ISDIR(st.st_mode) ? "a folder" : "neither a file nor a stream");
	return S_ISDIR(st.st_mode) ? -EISDIR : -EINVAL;
}

/*
 * A temporary name beside NAME that nobody can guess: mkostemp() would do
 * it but takes a path, not the folder's descriptor, so the name is made
 * here from getrandom() and created with O_EXCL.
 */
static int create_temporary(const struct ab_out_dir *d, const char *name, char *tmp, size_t len)
{
	for (int tries = 0; tries < 8; tries++) {
		uint64_t r;
		int fd;

		if (getrandom(&r, sizeof(r), 0) != sizeof(r))
			return -errno;
		if (snprintf(tmp, len, ".%s.%016llx.tmp", name, (unsigned long long)r) >= (int)len)
			return -ENAMETOOLONG;
		fd = openat(d->fd, tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
		if (fd >= 0 || errno != EEXIST)
			return fd >= 0 ? fd : -errno;
	}
	return -EEXIST;
}

/* FD filled by FILL, fsync'ed, closed whatever happens. 0 or -errno. */
static int fill_fd(int fd, int (*fill)(FILE *f, void *arg), void *arg)
{
	FILE *f = fdopen(fd, "w");
	int ret;

	if (!f) {
		ret = -errno;
		close(fd);
		return ret;
	}
	ret = fill(f, arg);
	if (!ret && fflush(f))
		ret = -errno;
	if (!ret && fsync(fd))
		ret = -errno;
	if (fclose(f) && !ret)
		ret = -errno;
	return ret;
}

int ab_out_replace(const struct ab_out_dir *d, const char *name, int (*fill)(FILE *f, void *arg),
		   void *arg, char why[AB_WHY_LEN])
{
	char tmp[300];
	struct stat old;
	int fd, ret;

	fd = create_temporary(d, name, tmp, sizeof(tmp));
	if (fd < 0) {
		ab_whyf(why, "cannot create a temporary file beside it: %s", strerror(-fd));
		return fd;
	}
	/* the old file's permission bits: a file kept private stays private */
	if (!fstatat(d->fd, name, &old, AT_SYMLINK_NOFOLLOW) && S_ISREG(old.st_mode) &&
	    old.st_uid == geteuid() && fchmod(fd, old.st_mode & 0777)) {
		ret = -errno;
		close(fd);
	} else {
		ret = fill_fd(fd, fill, arg);
	}
	if (!ret && renameat(d->fd, tmp, d->fd, name))
		ret = -errno;
	if (ret) {
		ab_whyf(why, "%s", strerror(-ret));
		unlinkat(d->fd, tmp, 0);
		return ret;
	}
	/*
	 * The rename survives a crash once the folder is on disk; a folder that
	 * cannot be fsync'ed (9p, some FUSE) is no error, a failed write is.
	 */
	if (fsync(d->fd) && errno == EIO) {
		ret = -errno;
		ab_whyf(why, "fsync of its folder: %s", strerror(-ret));
	}
	return ret;
}

FILE *ab_out_fopen(const struct ab_out_dir *d, const char *name, char why[AB_WHY_LEN])
{
	enum ab_out_what what = AB_OUT_NEW; /* read only when ab_out_what() returns 0 and sets it */
	struct stat st;
	FILE *f;
	int fd, err;

	err = ab_out_what(d, name, &what, why);
	if (err) {
		errno = -err;
		return NULL;
	}
	if (what == AB_OUT_STREAM)
		fd = openat(d->fd, name, O_WRONLY | O_NOCTTY | O_CLOEXEC);
	else
		fd = openat(d->fd, name, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC,
			    0644);
	if (fd < 0 || fstat(fd, &st)) {
		err = errno;
		goto fail;
	}
	/* in a shared folder the name may have been taken since ab_out_what() */
	if (d->shared && (st.st_uid != geteuid() || (S_ISREG(st.st_mode) && st.st_nlink != 1))) {
		err = EPERM;
		goto fail;
	}
	f = fdopen(fd, "w");
	if (f)
		return f;
	err = errno;
fail:
	ab_whyf(why, "%s",
		err == ELOOP ? "became a symbolic link; algbench never writes through one"
			     : strerror(err));
	if (fd >= 0)
		close(fd);
	errno = err;
	return NULL;
}

FILE *ab_out_fopen_path(const char *path, char why[AB_WHY_LEN])
{
	struct ab_out_dir d;
	const char *name;
	FILE *f = NULL;
	int err = ab_out_dir_of(&d, path, &name, why);

	if (!err) {
		f = ab_out_fopen(&d, name, why);
		err = f ? 0 : errno;
		ab_out_dir_close(&d);
	}
	errno = err < 0 ? -err : err;
	return f;
}

int ab_out_dir_private(const char *dir, char why[AB_WHY_LEN])
{
	struct ab_out_dir d;
	int err = ab_out_dir_open(&d, dir, why);

	if (err)
		return err;
	err = d.shared ? -EPERM : 0;
	if (err)
		ab_whyf(why,
			"%s: a folder other users can write (sticky: they may add names, such as "
			"a link where a chart will go); write into a folder only you can write "
			"(mkdir -m 755 one of your own)",
			dir);
	ab_out_dir_close(&d);
	return err;
}
