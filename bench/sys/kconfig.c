// SPDX-License-Identifier: GPL-2.0
/*
 * Kernel .config parsing with scripts/kconfig's semantics (confdata.c):
 * "CONFIG_X=value" assigns, "# CONFIG_X is not set" means n, the last
 * assignment wins, other "#" lines are comments. Lines that are none of
 * these make the input "not a kernel config": a validator that skipped
 * them would report on a file it did not read.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/number.h"
#include "sys/kconfig.h"

#define PREFIX	"CONFIG_"
#define NOT_SET " is not set"

static int valid_name(const char *s, size_t n)
{
	if (!n)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!isalnum((unsigned char)s[i]) && s[i] != '_')
			return 0;
	return 1;
}

/* Kconfig int (decimal) and hex (0x...) values; the range does not matter here. */
static int is_number(const char *v)
{
	char *end;

	(void)strtoll(v, &end, 0);
	return end != v && !*end;
}

/* Unescape a quoted Kconfig string in place ("a\"b\\c" -> a"b\c); 0 if well-formed. */
static int unquote(char *v)
{
	char *r = v + 1, *w = v;

	for (; *r && *r != '"'; r++) {
		if (*r == '\\' && (r[1] == '"' || r[1] == '\\'))
			r++;
		*w++ = *r;
	}
	if (*r != '"' || r[1])
		return -EINVAL;
	*w = '\0';
	return 0;
}

/*
 * Kconfig (scripts/kconfig/confdata.c, conf_set_sym_val) reads a bool or
 * tristate by its first character: "y ", "yes" and "y\r" are all y. Strings
 * are written quoted and numbers start with a digit or '-', so an unquoted
 * value that starts with y, m or n is read the same way here.
 */
static enum kval_kind classify(char *v)
{
	if (v[0] == 'y')
		return KV_Y;
	if (v[0] == 'm')
		return KV_M;
	if (v[0] == 'n')
		return KV_NOTSET;
	if (v[0] == '"')
		return unquote(v) ? KV_ABSENT : KV_STRING;
	return is_number(v) ? KV_NUMBER : KV_STRING;
}

/* "# Linux/x86 6.1.192 Kernel Configuration": remember SRCARCH and version. */
static void parse_header(struct kconfig *kc, const char *line, char *srcarch, size_t srclen)
{
	char a[32], v[64];

	if (sscanf(line, "# Linux/%31s %63s Kernel Configuration", a, v) == 2 && !kc->version[0]) {
		snprintf(kc->version, sizeof(kc->version), "%s", v);
		snprintf(srcarch, srclen, "%s", a);
	}
}

/* Returns 1 for a symbol line (filled in @s), 0 for a comment or blank, -1 if neither. */
static int parse_line(struct kconfig *kc, char *line, struct ksym *s, char *srcarch, size_t srclen)
{
	size_t n = strlen(line);
	char *eq;

	if (n && line[n - 1] == '\r')
		line[--n] = '\0';
	if (!n)
		return 0;
	if (line[0] == '#') {
		size_t tail = strlen(NOT_SET), plen = strlen("# " PREFIX);

		if (n > plen + tail && !strncmp(line, "# " PREFIX, plen) &&
		    !strcmp(line + n - tail, NOT_SET) && valid_name(line + plen, n - plen - tail)) {
			line[n - tail] = '\0';
			*s = (struct ksym){ .name = line + plen, .kind = KV_NOTSET };
			return 1;
		}
		parse_header(kc, line, srcarch, srclen);
		return 0;
	}
	eq = strchr(line, '=');
	if (strncmp(line, PREFIX, strlen(PREFIX)) || !eq ||
	    !valid_name(line + strlen(PREFIX), eq - line - strlen(PREFIX)))
		return -EINVAL;
	*eq = '\0';
	*s = (struct ksym){ .name = line + strlen(PREFIX), .value = eq + 1 };
	s->kind = classify(eq + 1);
	return s->kind == KV_ABSENT ? -1 : 1;
}

static int by_name_then_line(const void *a, const void *b)
{
	const struct ksym *x = a, *y = b;
	int c = strcmp(x->name, y->name);

	return c ? c : (x->line > y->line) - (x->line < y->line);
}

/* Sort, then keep the last assignment of each symbol, as Kconfig does. */
static void keep_last(struct kconfig *kc)
{
	size_t w = 0;

	qsort(kc->syms, kc->n_syms, sizeof(*kc->syms), by_name_then_line);
	for (size_t i = 0; i < kc->n_syms; i++) {
		if (i + 1 < kc->n_syms && !strcmp(kc->syms[i].name, kc->syms[i + 1].name))
			continue;
		kc->syms[w++] = kc->syms[i];
	}
	kc->n_syms = w;
}

struct arch_sym {
	const char *sym, *arch;
};

/* The architecture symbol Kconfig sets, most specific first. */
static const struct arch_sym arch_syms[] = {
	{ "X86_64", "x86_64" }, { "X86_32", "i386" }, { "ARM64", "arm64" },
	{ "ARM", "arm" },	{ "RISCV", "riscv" }, { "PPC64", "ppc64" },
	{ "PPC", "powerpc" },	{ "S390", "s390" },   { "LOONGARCH", "loongarch" },
	{ "MIPS", "mips" },	{ "SPARC", "sparc" },
};

static void set_arch(struct kconfig *kc, const char *srcarch)
{
	for (size_t i = 0; i < sizeof(arch_syms) / sizeof(arch_syms[0]); i++) {
		if (kconfig_kind(kc, arch_syms[i].sym) == KV_Y) {
			snprintf(kc->arch, sizeof(kc->arch), "%s", arch_syms[i].arch);
			return;
		}
	}
	snprintf(kc->arch, sizeof(kc->arch), "%s", srcarch[0] ? srcarch : "unknown");
}

static int check_text(const char *text, size_t len, char err[AB_WHY_LEN])
{
	for (size_t i = 0; i < len; i++) {
		unsigned char c = text[i];

		if (c == 0 || (c < 0x20 && c != '\n' && c != '\r' && c != '\t') || c == 0x7f) {
			ab_whyf(err, "not a kernel config: binary data (byte 0x%02x at offset %zu)",
				c, i);
			return -EINVAL;
		}
	}
	return 0;
}

int kconfig_parse(struct kconfig *kc, char *text, size_t len, char err[AB_WHY_LEN])
{
	char srcarch[sizeof(kc->arch)] = "", *line, *next;
	size_t cap = 1024;
	unsigned int lineno = 0;

	kc->text = text;
	kc->n_syms = 0;
	if (!len) {
		ab_whyf(err, "empty file, not a kernel config");
		return -EINVAL;
	}
	if (check_text(text, len, err))
		return -EINVAL;
	kc->syms = malloc(cap * sizeof(*kc->syms));
	if (!kc->syms) {
		ab_whyf(err, "out of memory");
		return -ENOMEM;
	}
	for (line = text; line; line = next) {
		struct ksym s;
		int r;

		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		lineno++;
		r = parse_line(kc, line, &s, srcarch, sizeof(srcarch));
		if (r < 0) {
			ab_whyf(err, "not a kernel config: line %u is not Kconfig syntax: '%.60s'",
				lineno, line);
			return -EINVAL;
		}
		if (!r)
			continue;
		if (kc->n_syms == cap) {
			struct ksym *more = realloc(kc->syms, 2 * cap * sizeof(*more));

			if (!more) {
				ab_whyf(err, "out of memory");
				return -ENOMEM;
			}
			kc->syms = more;
			cap *= 2;
		}
		s.line = lineno;
		kc->syms[kc->n_syms++] = s;
	}
	if (!kc->n_syms) {
		ab_whyf(err, "not a kernel config: no CONFIG_ lines in %u lines", lineno);
		return -EINVAL;
	}
	keep_last(kc);
	set_arch(kc, srcarch);
	return 0;
}

void kconfig_free(struct kconfig *kc)
{
	free(kc->syms);
	free(kc->text);
	kc->syms = NULL;
	kc->text = NULL;
	kc->n_syms = 0;
}

static int by_name(const void *key, const void *elem)
{
	return strcmp(key, ((const struct ksym *)elem)->name);
}

const struct ksym *kconfig_get(const struct kconfig *kc, const char *name)
{
	if (!kc->n_syms)
		return NULL;
	return bsearch(name, kc->syms, kc->n_syms, sizeof(*kc->syms), by_name);
}

enum kval_kind kconfig_kind(const struct kconfig *kc, const char *name)
{
	const struct ksym *s = kconfig_get(kc, name);

	return s ? s->kind : KV_ABSENT;
}

int kconfig_enabled(const struct kconfig *kc, const char *name)
{
	enum kval_kind k = kconfig_kind(kc, name);

	return k == KV_Y || k == KV_M;
}

const char *kconfig_show(const struct kconfig *kc, const char *name)
{
	const struct ksym *s = kconfig_get(kc, name);

	if (!s)
		return "absent";
	switch (s->kind) {
	case KV_NOTSET:
		return "n";
	case KV_Y:
		return "y";
	case KV_M:
		return "m";
	default:
		return s->value;
	}
}

unsigned int kconfig_version_code(const struct kconfig *kc)
{
	/* "6.12.118", "6.1.0-57-amd64"... : digits, a dot, digits, then anything */
	return ab_kernel_version_code(kc->version, 0);
}
