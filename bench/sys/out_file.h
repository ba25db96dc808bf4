/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sys/out_file.h: the one way algbench puts a file into a folder. algbench
 * runs as root on shared servers, so a folder another user can write is a
 * place where a planted symbolic link or a pre-made temporary file would
 * turn "write my results" into "overwrite a file of the attacker's choice".
 *
 * The folder is opened once and checked once (struct ab_out_dir); every
 * later step goes through its descriptor, so renaming or replacing the
 * folder's path afterwards changes nothing. A folder is accepted when
 * nobody but the caller (and root) can write it, or when it is sticky and
 * owned by root or the caller (/tmp, /dev/shm): there, other users can add
 * names but not remove or rename ours, so only an entry the caller owns is
 * ever replaced or written through. A link at a name is never followed,
 * except to a stream (/dev/stdout, /dev/null) in a folder only the caller
 * can write.
 */
#ifndef ALGBENCH_OUT_FILE_H
#define ALGBENCH_OUT_FILE_H

#include <stdio.h>

#include "core/error.h"

struct ab_out_dir {
	int fd;	    /* the folder, opened and checked once; -1 when closed */
	int shared; /* sticky and writable by others: replace only what we own */
};

/* What is at a name in the folder, for ab_out_what(). */
enum ab_out_what {
	AB_OUT_NEW,    /* nothing: a new file is made */
	AB_OUT_FILE,   /* a regular file: replaced atomically */
	AB_OUT_STREAM, /* a device, FIFO or socket (or a link to one): written through */
};

/*
 * Open DIR (its path as given) and check who can write it. 0, or -errno
 * with WHY (the folder, its owner and mode, and what to do): -EPERM for a
 * folder others can write that is not sticky, or sticky but owned by
 * another user.
 */
int ab_out_dir_open(struct ab_out_dir *d, const char *dir, char why[AB_WHY_LEN]);
/* The folder of PATH ("." for a bare name) and PATH's last component, *NAME pointing into PATH. */
int ab_out_dir_of(struct ab_out_dir *d, const char *path, const char **name, char why[AB_WHY_LEN]);
void ab_out_dir_close(struct ab_out_dir *d);

/*
 * What NAME in D is and whether it may be written: 0 with *WHAT, or -errno
 * with WHY: -ELOOP for a link to a regular file or a dangling link (a link
 * is never written through to a file), -EISDIR, -EPERM for an entry another
 * user owns in a shared folder or a link in a shared folder.
 */
int ab_out_what(const struct ab_out_dir *d, const char *name, enum ab_out_what *what,
		char why[AB_WHY_LEN]);

/*
 * Replace NAME in D with what FILL writes to a new file: a temporary with an
 * unguessable name made with O_CREAT|O_EXCL|O_NOFOLLOW beside it, fsync'ed,
 * given the old file's permission bits, renamed over NAME through the
 * folder's descriptor, and the folder fsync'ed; so a reader sees the old
 * file or the new one, never half, and nothing but NAME is ever touched.
 * FILL returns 0 or -errno. The temporary is removed on failure. 0 or
 * -errno with WHY.
 */
int ab_out_replace(const struct ab_out_dir *d, const char *name, int (*fill)(FILE *f, void *arg),
		   void *arg, char why[AB_WHY_LEN]);

/*
 * NAME in D opened for writing: a stream is opened as it is (after
 * ab_out_what() said it may be), a regular file or a new one is created or
 * truncated without following a link (O_NOFOLLOW). NULL with WHY.
 */
FILE *ab_out_fopen(const struct ab_out_dir *d, const char *name, char why[AB_WHY_LEN]);

/* The same for PATH: its folder opened, checked and closed around it. */
FILE *ab_out_fopen_path(const char *path, char why[AB_WHY_LEN]);

/*
 * 0 when only the caller and root can write DIR, else -EPERM (a shared
 * folder, even a sticky one) or -errno, with WHY: for a folder that another
 * program fills by name, following links (gnuplot's "set output").
 */
int ab_out_dir_private(const char *dir, char why[AB_WHY_LEN]);

#endif
