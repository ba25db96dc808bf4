/* SPDX-License-Identifier: GPL-2.0 */
/* sys/pkg_text.h: the text of a file a kernel package ships, read where it lies. */
#ifndef ALGBENCH_PKG_TEXT_H
#define ALGBENCH_PKG_TEXT_H

#include <stddef.h>

#include "core/error.h"

/*
 * What a reader wants from a file, and how its messages name it. A kernel
 * config and Debian's changelog are both read from a plain file, a gzip'd
 * one, or a Debian package's data.tar.* member (the member decompressed too
 * when it is gzip, as usr/share/doc/PKG/changelog.gz is).
 */
struct ab_pkg_text {
	const char *what;	 /* "kernel config": "not a kernel config" in messages */
	const char *member;	 /* fnmatch(3) glob of the member in a .deb: "*boot/config-*" */
	const char *member_name; /* the member as a user reads it: "./boot/config-*" */
	const char *package;	 /* the package that has it: "a linux-image package" */
	size_t max;		 /* bytes of text at most (after decompression) */
};

/*
 * ab_pkg_text_read - the text of PATH as KIND describes it: 0 with *TEXT
 * (NUL-terminated, free() it; never NULL) and *LEN, and SOURCE (SOURCE_LEN
 * bytes) saying what was read: "PATH", "PATH (gzip)" or "PATH (MEMBER in
 * data.tar.xz)". Else -errno with the reason in ERR: -ENOENT missing file,
 * or a .deb without the member; -EISDIR; -EINVAL not a regular file, or an
 * ar archive that is no Debian package; -EIO corrupt or truncated gzip or
 * archive; -EFBIG over KIND->max; -ENOMEM; open's errno. ERR is sized by
 * the caller, as it carries the path: AB_WHY_LEN or more.
 */
int ab_pkg_text_read(const char *path, const struct ab_pkg_text *kind, char **text, size_t *len,
		     char *source, size_t source_len, char err[AB_WHY_LEN]);

#endif
