// SPDX-License-Identifier: GPL-2.0
/*
 * Debian's kernel changelog, read from the linux-image package (no
 * network): each stanza's version and the entries it lists, the upstream
 * stable commits with the upstream release that brought each.
 *
 * The format is deb-changelog(5)'s, as the kernel team writes it:
 *
 *   linux (6.1.192-1) bookworm-security; urgency=high
 *
 *     * New upstream stable update:
 *       https://www.kernel.org/pub/linux/kernel/v6.x/ChangeLog-6.1.191
 *       - crypto: af_alg - limit RX SG extraction by receive buffer budget
 *       - [x86] crypto: ... (an entry may go on over indented lines)
 *     * ext4: fix NULL folio dereference in mballoc (Closes: #1154101)
 *
 *    -- Name <mail>  Date
 *
 * A signed image's stanza ("linux-signed-amd64 (6.1.192+3)") says "Sign
 * kernel from linux 6.1.192-3": it stands for that version. The file is
 * untrusted input: every line is classified or refused with its number.
 * The parser is by hand because no C library reads this format (dpkg's
 * parsechangelog is Perl).
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "series/changelog.h"
#include "sys/pkg_text.h"

/* A kernel's changelog is ~6 MiB (6.1.192, 20 years of stanzas). */
static const struct ab_pkg_text changelog_text = {
	.what = "Debian changelog",
	.member = "*usr/share/doc/*/changelog.Debian.gz",
	.member_name = "./usr/share/doc/PACKAGE/changelog.Debian.gz",
	.package = "a Debian package",
	.max = 64u << 20,
};

/* linux-image's is changelog.gz: the kernel team ships it under that name. */
static const struct ab_pkg_text changelog_image_text = {
	.what = "Debian changelog",
	.member = "*usr/share/doc/linux-image-*/changelog.gz",
	.member_name = "./usr/share/doc/linux-image-*/changelog.gz",
	.package = "a linux-image package",
	.max = 64u << 20,
};

#define MAX_VERSION 128

/*
 * --- Debian versions (deb-version(7)) ------------------------------------
 * By hand, after the manual's algorithm: libdpkg (libdpkg-dev) has it, but
 * dpkg declares that library's API unstable and it is static only.
 */

/* dpkg's order of a non-digit: '~' before the end, the end before letters, letters before the rest.
 */
static int order(int c)
{
	if (isdigit(c))
		return 0;
	if (isalpha(c))
		return c;
	if (c == '~')
		return -1;
	if (c)
		return c + 256;
	return 0;
}

/* dpkg's verrevcmp: alternate non-digit runs (by order()) and numbers. */
static int verrevcmp(const char *a, const char *b)
{
	while (*a || *b) {
		int first_diff = 0;

		while ((*a && !isdigit((unsigned char)*a)) || (*b && !isdigit((unsigned char)*b))) {
			int ac = order((unsigned char)*a), bc = order((unsigned char)*b);

			if (ac != bc)
				return ac - bc;
			a++;
			b++;
		}
		while (*a == '0')
			a++;
		while (*b == '0')
			b++;
		while (isdigit((unsigned char)*a) && isdigit((unsigned char)*b)) {
			if (!first_diff)
				first_diff = *a - *b;
			a++;
			b++;
		}
		if (isdigit((unsigned char)*a))
			return 1;
		if (isdigit((unsigned char)*b))
			return -1;
		if (first_diff)
			return first_diff;
	}
	return 0;
}

struct debver {
	unsigned long epoch;
	char upstream[MAX_VERSION + 1];
	char revision[MAX_VERSION + 1];
};

static bool allowed(const char *s, size_t n, const char *extra)
{
	for (size_t i = 0; i < n; i++)
		if (!isalnum((unsigned char)s[i]) && !strchr(extra, s[i]))
			return false;
	return true;
}

/* Split V into its parts; false when V is no Debian version. */
static bool debver_split(const char *v, struct debver *d)
{
	const char *colon = strchr(v, ':'), *up = v, *dash;
	size_t n = strlen(v), un;

	memset(d, 0, sizeof(*d));
	if (!n || n > MAX_VERSION)
		return false;
	if (colon) {
		char *end;

		if (colon == v || !allowed(v, colon - v, "") || !isdigit((unsigned char)*v))
			return false;
		for (const char *p = v; p < colon; p++)
			if (!isdigit((unsigned char)*p))
				return false;
		errno = 0;
		d->epoch = strtoul(v, &end, 10);
		if (errno == ERANGE || d->epoch > INT_MAX) /* dpkg: "epoch too big" */
			return false;
		up = colon + 1;
	}
	dash = strrchr(up, '-');
	un = dash ? (size_t)(dash - up) : strlen(up);
	if (!un || !isdigit((unsigned char)*up) || !allowed(up, un, ".+~-"))
		return false;
	memcpy(d->upstream, up, un);
	if (dash) {
		if (!dash[1] || !allowed(dash + 1, strlen(dash + 1), ".+~"))
			return false;
		snprintf(d->revision, sizeof(d->revision), "%s", dash + 1);
	}
	return true;
}

bool ab_debver_valid(const char *v)
{
	struct debver d;

	return debver_split(v, &d);
}

static int debver_cmp_parts(struct debver *a, struct debver *b, bool base)
{
	int r;

	if (base) {
		a->revision[strcspn(a->revision, "~")] = '\0';
		b->revision[strcspn(b->revision, "~")] = '\0';
	}
	if (a->epoch != b->epoch)
		return a->epoch < b->epoch ? -1 : 1;
	r = verrevcmp(a->upstream, b->upstream);
	return r ? r : verrevcmp(a->revision, b->revision);
}

/* Invalid versions sort first, each equal to the other: callers check validity. */
static int debver_cmp(const char *a, const char *b, bool base)
{
	struct debver da, db;
	bool va = debver_split(a, &da), vb = debver_split(b, &db);

	if (!va || !vb)
		return (int)va - (int)vb;
	return debver_cmp_parts(&da, &db, base);
}

int ab_debver_cmp(const char *a, const char *b)
{
	return debver_cmp(a, b, false);
}

int ab_debver_cmp_base(const char *a, const char *b)
{
	return debver_cmp(a, b, true);
}

/* --- the changelog ------------------------------------------------------- */

struct parser {
	struct ab_changelog *cl;
	size_t cap_entries, cap_stanzas;
	char *out;		  /* where the next joined entry goes in cl->joined */
	struct ab_cl_entry *open; /* the entry continuation lines extend, or NULL */
	const char *upstream;	  /* the release entries are under now */
	char stanza_upstream[MAX_VERSION + 1];
	char *upstreams;     /* stanza upstream strings, in cl->joined's tail */
	size_t stanza_first; /* the open stanza's first entry */
	bool in_stanza;
	unsigned int line;
	char *err;
};

static int bad(struct parser *p, const char *what)
{
	ab_whyf(p->err, "not a Debian changelog: line %u: %s", p->line, what);
	return -EINVAL;
}

static int grow(void **array, size_t *cap, size_t n, size_t size)
{
	void *q;

	if (n < *cap)
		return 0;
	*cap = *cap ? *cap * 2 : 256;
	q = realloc(*array, *cap * size);
	if (!q)
		return -ENOMEM;
	*array = q;
	return 0;
}

/* Entries with no ChangeLog- line above them get the stanza's upstream version. */
static void finish_stanza(struct parser *p)
{
	struct ab_changelog *cl = p->cl;
	size_t n = strlen(p->stanza_upstream);
	bool copied = false;

	for (size_t i = p->stanza_first; i < cl->n_entries; i++) {
		if (cl->entries[i].upstream)
			continue;
		if (!copied) {
			memcpy(p->upstreams, p->stanza_upstream, n + 1);
			copied = true;
		}
		cl->entries[i].upstream = p->upstreams;
	}
	if (copied)
		p->upstreams += n + 1;
}

/* "SOURCE (VERSION) DIST...; KEY=VALUE": the stanza's start, split in place. */
static int header(struct parser *p, char *s)
{
	struct ab_changelog *cl = p->cl;
	char *open = strstr(s, " ("), *close;
	struct ab_cl_stanza *st;
	struct debver d;

	if (!open || open == s || !allowed(s, open - s, "+.-") ||
	    !(islower((unsigned char)*s) || isdigit((unsigned char)*s)))
		return bad(p, "a line that starts a stanza must be 'SOURCE (VERSION) DISTRIBUTION; "
			      "urgency=...'");
	close = strchr(open + 2, ')');
	if (!close || !strchr(close, ';'))
		return bad(p, "a stanza's first line must be 'SOURCE (VERSION) DISTRIBUTION; ...'");
	*open = '\0';
	*close = '\0';
	if (!debver_split(open + 2, &d))
		return bad(p, "the stanza's version is not a Debian version");
	if (grow((void **)&cl->stanzas, &p->cap_stanzas, cl->n_stanzas, sizeof(*cl->stanzas)))
		return -ENOMEM;
	if (cl->n_stanzas)
		finish_stanza(p);
	p->stanza_first = cl->n_entries;
	st = &cl->stanzas[cl->n_stanzas++];
	st->source = s;
	st->version = open + 2;
	st->line = p->line;
	snprintf(p->stanza_upstream, sizeof(p->stanza_upstream), "%s", d.upstream);
	p->upstream = NULL;
	p->open = NULL;
	p->in_stanza = true;
	return 0;
}

/* The upstream release entries from here on belong to ("...ChangeLog-6.1.191"). */
static int changelog_url(struct parser *p, const char *s)
{
	const char *v = strstr(s, "ChangeLog-") + strlen("ChangeLog-");
	size_t n = strspn(v, "0123456789.");

	if (!n || v[n] || !isdigit((unsigned char)*v))
		return bad(p, "a ChangeLog- link without an upstream version after it");
	p->upstream = v;
	p->open = NULL;
	return 0;
}

static int add_entry(struct parser *p, const char *text, bool commit)
{
	struct ab_changelog *cl = p->cl;
	struct ab_cl_entry *e;
	size_t n = strlen(text);

	if (grow((void **)&cl->entries, &p->cap_entries, cl->n_entries, sizeof(*cl->entries)))
		return -ENOMEM;
	e = &cl->entries[cl->n_entries++];
	e->version = cl->stanzas[cl->n_stanzas - 1].version;
	e->stanza = cl->n_stanzas - 1;
	e->line = p->line;
	e->commit = commit;
	/* The stanza's upstream is copied once the stanza is closed (finish_stanza). */
	e->upstream = p->upstream;
	memcpy(p->out, text, n + 1);
	e->text = p->out;
	p->out += n + 1;
	p->open = e;
	return 0;
}

/* An indented line that goes on with the open entry: joined with one space. */
static void continue_entry(struct parser *p, const char *s)
{
	size_t n = strlen(s);

	/* p->out is just past the open entry's NUL: step back onto it. */
	p->out[-1] = ' ';
	memcpy(p->out, s, n + 1);
	p->out += n + 1;
}

/* "Sign kernel from linux-6.12 6.12.118-1~deb12u1": the stanza is that version. */
static int signed_from(struct parser *p, char *s)
{
	char *v = strrchr(s, ' ');
	struct debver d;

	if (!v || !debver_split(v + 1, &d))
		return bad(p, "'Sign kernel from' without the version it signs");
	p->cl->stanzas[p->cl->n_stanzas - 1].version = v + 1;
	snprintf(p->stanza_upstream, sizeof(p->stanza_upstream), "%s", d.upstream);
	return 0;
}

static int line_kind(struct parser *p, char *s)
{
	size_t indent = strspn(s, " ");
	char *t = s + indent;

	if (!*t) { /* blank */
		p->open = NULL;
		return 0;
	}
	if (*s == '#') /* a comment ("# Older entries have been removed ...") */
		return 0;
	if (!indent) {
		if (!strncmp(s, "Local variables:", 16) || !strncmp(s, "Old Changelog:", 14))
			return 1; /* the end: what follows is not stanzas */
		return header(p, s);
	}
	if (!p->in_stanza)
		return bad(p, "an indented line before the first stanza");
	if (indent == 1 && !strncmp(t, "-- ", 3)) { /* the trailer */
		p->open = NULL;
		p->in_stanza = false;
		return 0;
	}
	if (indent == 2 && !strncmp(t, "* ", 2)) {
		t += 2;
		p->upstream = NULL;
		p->open = NULL;
		if (!strncmp(t, "New upstream", 12))
			return 0; /* the heading of the commits below, not an entry */
		if (!strncmp(t, "Sign kernel from ", 17))
			return signed_from(p, t);
		return add_entry(p, t, false);
	}
	if (indent == 2 && *t == '[') { /* "  [ Name ]": who made the items below */
		p->open = NULL;
		return 0;
	}
	if (indent >= 4 && !strncmp(t, "- ", 2) && indent <= 6)
		return add_entry(p, t + 2, true);
	if (strstr(t, "://") && strstr(t, "ChangeLog-") && !strchr(t, ' '))
		return changelog_url(p, t);
	if (p->open)
		continue_entry(p, t);
	return 0;
}

int ab_changelog_parse(struct ab_changelog *cl, char *text, size_t len, char err[AB_WHY_LEN])
{
	struct parser p = { .cl = cl, .err = err };
	char *s = text, *end = text + len;
	int ret = 0;

	cl->text = text;
	if (memchr(text, '\0', len)) {
		ab_whyf(err, "not a Debian changelog: a NUL byte at offset %zu",
			(size_t)((char *)memchr(text, '\0', len) - text));
		return -EINVAL;
	}
	/*
	 * Joined entries are never longer than their lines, and each stanza's
	 * upstream is shorter than its header line: both fit in LEN + 1 bytes.
	 */
	if (len > SIZE_MAX / 2 - 1) {
		ab_whyf(err, "a changelog of %zu bytes is too large", len);
		return -EFBIG;
	}
	cl->joined = malloc(2 * (len + 1));
	if (!cl->joined) {
		ab_whyf(err, "out of memory for a changelog of %zu bytes", len);
		return -ENOMEM;
	}
	p.out = cl->joined;
	p.upstreams = cl->joined + len + 1;
	while (s < end && ret == 0) {
		char *nl = memchr(s, '\n', end - s);

		if (nl)
			*nl = '\0';
		p.line++;
		ret = line_kind(&p, s);
		s = nl ? nl + 1 : end;
	}
	if (ret < 0) {
		if (ret == -ENOMEM)
			ab_whyf(err, "out of memory at line %u", p.line);
		return ret;
	}
	if (cl->n_stanzas)
		finish_stanza(&p);
	if (!cl->n_stanzas) {
		ab_whyf(err, "not a Debian changelog: no stanza ('SOURCE (VERSION) ...' line)");
		return -EINVAL;
	}
	return 0;
}

int ab_changelog_load(struct ab_changelog *cl, const char *path, char err[AB_WHY_LEN])
{
	char why[AB_WHY_LEN] = "", *text;
	size_t len;
	int ret;

	memset(cl, 0, sizeof(*cl));
	ret = ab_pkg_text_read(path, &changelog_image_text, &text, &len, cl->source,
			       sizeof(cl->source), err);
	if (ret == -ENOENT && strstr(err, "Debian package without"))
		ret = ab_pkg_text_read(path, &changelog_text, &text, &len, cl->source,
				       sizeof(cl->source), err);
	if (ret)
		return ret;
	ret = ab_changelog_parse(cl, text, len, why);
	if (ret) {
		ab_whyf(err, "%s: %s", cl->source, why);
		ab_changelog_free(cl);
	}
	return ret;
}

void ab_changelog_free(struct ab_changelog *cl)
{
	free(cl->entries);
	free(cl->stanzas);
	free(cl->text);
	free(cl->joined);
	memset(cl, 0, sizeof(*cl));
}

static bool has_stanza(const struct ab_changelog *cl, const char *v)
{
	for (size_t i = 0; i < cl->n_stanzas; i++)
		if (!ab_debver_cmp_base(cl->stanzas[i].version, v))
			return true;
	return false;
}

int ab_changelog_range_check(const struct ab_changelog *cl, const char *from, const char *to,
			     char err[AB_WHY_LEN])
{
	const char *v[2] = { from, to };

	for (int i = 0; i < 2; i++)
		if (!ab_debver_valid(v[i])) {
			ab_whyf(err, "'%s' is not a Debian version (e.g. 6.1.192-3)", v[i]);
			return -EINVAL;
		}
	if (ab_debver_cmp_base(from, to) >= 0) {
		ab_whyf(err, "%s is not older than %s: the range is FROM (older) to TO (newer)",
			from, to);
		return -EINVAL;
	}
	for (int i = 0; i < 2; i++)
		if (!has_stanza(cl, v[i])) {
			ab_whyf(err,
				"%s has no stanza for %s (newest: %s; read the changelog of the "
				"newer "
				"kernel's package, which lists every version before it)",
				cl->source, v[i], cl->stanzas[0].version);
			return -ENOENT;
		}
	return 0;
}

bool ab_cl_entry_between(const struct ab_cl_entry *e, const char *from, const char *to)
{
	return ab_debver_cmp_base(e->version, from) > 0 && ab_debver_cmp_base(e->version, to) <= 0;
}
