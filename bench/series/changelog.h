/* SPDX-License-Identifier: GPL-2.0 */
/* series/changelog.h: Debian's kernel changelog, as the entries each version brought. */
#ifndef ALGBENCH_CHANGELOG_H
#define ALGBENCH_CHANGELOG_H

#include <stdbool.h>
#include <stddef.h>

#include "core/error.h"

/*
 * One entry of a linux-image package's changelog
 * (usr/share/doc/linux-image-REL/changelog.gz): a "  * " item of a stanza,
 * or a "    - " upstream commit under "New upstream stable update:".
 */
struct ab_cl_entry {
	const char *version;  /* the Debian version that brought it: "6.1.192-1" */
	const char *upstream; /* the upstream release: "6.1.191" (its ChangeLog- line), else
				 the version's upstream part */
	const char *text;     /* the entry, its continuation lines joined by one space */
	unsigned int line;    /* where it starts in the changelog */
	unsigned int stanza;  /* index of its stanza, 0 the newest */
	bool commit;	      /* an upstream commit ("    - "), not a Debian item ("  * ") */
};

struct ab_cl_stanza {
	const char *source;  /* "linux", "linux-6.12", "linux-signed-amd64" */
	const char *version; /* as written; a signed package's stanza: the version it signs */
	unsigned int line;
};

struct ab_changelog {
	struct ab_cl_entry *entries;
	size_t n_entries;
	struct ab_cl_stanza *stanzas; /* newest first, as written */
	size_t n_stanzas;
	char *text;	   /* owns the stanzas' strings (split in place) */
	char *joined;	   /* owns the entries' strings */
	char source[4096]; /* what was read: path, and member for a .deb */
};

/*
 * ab_changelog_load - read PATH: a changelog, gzip'd or not, or the
 * linux-image .deb that ships it. 0, or -errno with the reason in ERR
 * (the file's, or "not a Debian changelog: line N: ...").
 */
int ab_changelog_load(struct ab_changelog *cl, const char *path, char err[AB_WHY_LEN]);
/* Parse TEXT (owned from here on, NUL-terminated, LEN bytes). */
int ab_changelog_parse(struct ab_changelog *cl, char *text, size_t len, char err[AB_WHY_LEN]);
void ab_changelog_free(struct ab_changelog *cl);

/*
 * Debian versions (deb-version(7)): whether V is one, and their order as
 * dpkg --compare-versions gives it (<0, 0, >0).
 */
bool ab_debver_valid(const char *v);
int ab_debver_cmp(const char *a, const char *b);
/*
 * The same order on the versions with a backport's suffix cut (from the
 * revision's first '~': 6.12.118-1~deb12u1 is 6.12.118-1): a backport
 * rebuilds the entries the unsuffixed stanza lists, so a range of
 * backports is the range of what they rebuild.
 */
int ab_debver_cmp_base(const char *a, const char *b);

/*
 * ab_changelog_range_check - whether FROM < TO names a range of CL: both
 * Debian versions, FROM older than TO and each the version of a stanza
 * (ab_debver_cmp_base). 0, -EINVAL (not versions, or not in order) or
 * -ENOENT (one is not in the changelog), with the reason in ERR.
 */
int ab_changelog_range_check(const struct ab_changelog *cl, const char *from, const char *to,
			     char err[AB_WHY_LEN]);
/* Whether E came after FROM, up to TO (ab_debver_cmp_base). */
bool ab_cl_entry_between(const struct ab_cl_entry *e, const char *from, const char *to);

#endif
