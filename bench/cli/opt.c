// SPDX-License-Identifier: GPL-2.0
/* The option table (cli/opt.h): getopt_long() array, defaults, --help, one error format. */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cli/opt.h"
#include "core/number.h"

#define HELP_VAL  'h'
#define ROW_VAL	  256 /* getopt_long() value of row i: ROW_VAL + i */
#define WIDTH	  79  /* --help lines stay within this many columns */
#define LABEL_MAX 26  /* a longer label puts its help on the next line */
#define HELP_LEN  512 /* one option's help or default text made at run time */

/* "algbench CMD", set once per command (libkcapi's program name, our way) */
static char prog[64] = "algbench";

void ab_cmd_name_set(const char *name)
{
	snprintf(prog, sizeof(prog), "algbench%s%s", name && name[0] ? " " : "", name ? name : "");
}

static void say(const char *fmt, va_list ap)
{
	fprintf(stderr, "%s: ", prog);
	vfprintf(stderr, fmt, ap);
}

void ab_err(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	say(fmt, ap);
	va_end(ap);
}

int ab_opt_error(const struct ab_opt_cmd *c, const char *fmt, ...)
{
	va_list ap;

	ab_cmd_name_set(c->who ? c->who : c->name);
	va_start(ap, fmt);
	say(fmt, ap);
	va_end(ap);
	fprintf(stderr, " (see --help)\n");
	return 2;
}

/* The argument's name: the metavar, or the choices as "auto|on|off". */
static const char *arg_name(const struct ab_opt *o, char *buf, size_t len)
{
	size_t used = 0;

	if (!o->choices)
		return o->metavar;
	buf[0] = '\0';
	for (const char *const *ch = o->choices; *ch && used < len; ch++)
		used += (size_t)snprintf(buf + used, len - used, "%s%s", *ch, ch[1] ? "|" : "");
	return buf;
}

/* NAME's value in DEFS (ends with a NULL name), or NULL. */
static const char *default_in(const struct ab_opt_default *defs, const char *name)
{
	for (const struct ab_opt_default *d = defs; d && d->name; d++)
		if (!strcmp(d->name, name))
			return d->def;
	return NULL;
}

/*
 * The default of row O for command C in BUF, or NULL when it has none to
 * parse: PRESET's (a preset flag given), else the command's, else the row's.
 */
static const char *default_of(const struct ab_opt_cmd *c, const struct ab_opt_default *preset,
			      const struct ab_opt *o, char *buf, size_t len)
{
	const char *def = default_in(preset, o->name);

	if (!def)
		def = default_in(c->defaults, o->name);
	if (def)
		return def;
	if (o->def_fn) {
		o->def_fn(buf, len);
		return buf;
	}
	return o->def;
}

static int set_str(const struct ab_opt *o, const char *arg, const char **field,
		   char why[AB_WHY_LEN])
{
	char list[AB_WHY_LEN / 2];

	/* no string option means anything by '': `plot -o ''` would name "/data" */
	if (!*arg) {
		ab_whyf(why, "'' is empty; give %s", arg_name(o, list, sizeof(list)));
		return -EINVAL;
	}
	if (!o->choices) {
		*field = arg;
		return 0;
	}
	for (const char *const *ch = o->choices; *ch; ch++)
		if (!strcmp(*ch, arg)) {
			*field = *ch;
			return 0;
		}
	ab_whyf(why, "'%s' is not one of %s", arg, arg_name(o, list, sizeof(list)));
	return -EINVAL;
}

static int set_number(const struct ab_opt *o, const char *arg, void *field, char why[AB_WHY_LEN])
{
	char *end;
	double d;
	unsigned long long u;

	if (o->type == AB_OPT_UINT) {
		if (!ab_parse_uint(arg, (unsigned long long)o->min, (unsigned long long)o->max,
				   &u)) {
			*(unsigned int *)field = (unsigned int)u;
			return 0;
		}
		ab_whyf(why, "'%s' is not a whole number from %.0f to %.0f", arg, o->min, o->max);
		return -EINVAL;
	}
	d = strtod(arg, &end);
	if (end != arg && !*end && isfinite(d) && d >= o->min && d <= o->max) {
		*(double *)field = d;
		return 0;
	}
	ab_whyf(why, "'%s' is not a number from %g to %g", arg, o->min, o->max);
	return -EINVAL;
}

/* Store ARG for row O into TARGET. 0, or -1 and WHY. */
static int set(const struct ab_opt *o, const char *arg, void *target, char why[AB_WHY_LEN])
{
	void *field = (char *)target + o->off;

	switch (o->type) {
	case AB_OPT_FLAG:
	case AB_OPT_PRESET:
		*(int *)field = 1;
		return 0;
	case AB_OPT_STR:
		return set_str(o, arg, field, why);
	case AB_OPT_UINT:
	case AB_OPT_DOUBLE:
		return set_number(o, arg, field, why);
	case AB_OPT_CALL:
		return o->call(arg, field, why);
	}
	return -EINVAL;
}

static int apply_defaults(const struct ab_opt_cmd *c, const struct ab_opt_default *preset,
			  void *target)
{
	char buf[AB_WHY_LEN], why[AB_WHY_LEN] = "";

	for (const struct ab_opt *o = c->opts; o->name; o++) {
		const char *def = default_of(c, preset, o, buf, sizeof(buf));

		if (def && set(o, def, target, why))
			return ab_opt_error(c, "the default of --%s: %s", o->name, why);
	}
	return 0;
}

/* The getopt_long() table and short option string of C's rows, plus -h/--help. */
static int build(const struct ab_opt_cmd *c, struct option *lo, char *shorts)
{
	size_t n = 0, s = 0;

	/* in order: getopt_long() stops at the first operand and permutes nothing */
	if (c->in_order)
		shorts[s++] = '+';
	shorts[s++] = ':'; /* a missing argument returns ':', not '?' */
	for (const struct ab_opt *o = c->opts; o->name; o++) {
		int has_arg = o->metavar ? required_argument : no_argument;
		int val = ROW_VAL + (int)(o - c->opts);

		if (n + 3 > 2 * AB_OPT_MAX)
			return ab_opt_error(c, "more than %d options in the table", AB_OPT_MAX);
		lo[n++] = (struct option){ o->name, has_arg, NULL, val };
		if (o->alias)
			lo[n++] = (struct option){ o->alias, has_arg, NULL, val };
		if (o->letter) {
			shorts[s++] = o->letter;
			if (o->metavar)
				shorts[s++] = ':';
		}
	}
	lo[n++] = (struct option){ "help", no_argument, NULL, HELP_VAL };
	lo[n] = (struct option){ NULL, 0, NULL, 0 };
	shorts[s++] = 'h';
	shorts[s] = '\0';
	return 0;
}

/* The row getopt_long() returned VAL for (a row's value or its letter), or NULL. */
static const struct ab_opt *row_of(const struct ab_opt_cmd *c, int val)
{
	for (const struct ab_opt *o = c->opts; o->name; o++)
		if (val == ROW_VAL + (int)(o - c->opts) || (o->letter && val == o->letter))
			return o;
	return NULL;
}

/* "-t, --threshold PCT" or "--json, --out PATH" into BUF; its length. */
static int label_of(const struct ab_opt *o, char *buf, size_t len)
{
	char letter[8] = "", arg[128];
	const char *a = arg_name(o, arg, sizeof(arg));

	if (o->letter)
		snprintf(letter, sizeof(letter), "-%c, ", o->letter);
	return snprintf(buf, len, "%s--%s%s%s%s%s", letter, o->name, o->alias ? ", --" : "",
			o->alias ? o->alias : "", a ? " " : "", a ? a : "");
}

/* Say what was wrong with the option getopt_long() refused as RET ('?' or ':'). */
static int refused(const struct ab_opt_cmd *c, int ret, const char *word)
{
	const struct ab_opt *o = row_of(c, optopt);
	char arg[128];

	if (ret == ':' && o)
		return ab_opt_error(c, "option '%s' needs an argument (%s)", word,
				    arg_name(o, arg, sizeof(arg)));
	if (o && !strncmp(word, "--", 2))
		return ab_opt_error(c, "option '--%s' takes no argument", o->name);
	if (optopt && optopt != HELP_VAL && !o)
		return ab_opt_error(c, "unknown option '-%c'", optopt);
	return ab_opt_error(c, "unknown option '%s'", word);
}

/* --- completion ------------------------------------------------------------ */

/*
 * Whether row O takes a path: its metavar says so (PATH, FILE, OUT, DIR,
 * SRC, CMP.json), which is the row's own statement of what it wants.
 */
static bool takes_path(const struct ab_opt *o)
{
	static const char *const names[] = { "PATH", "FILE", "OUT", "DIR", "SRC" };

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (!strcmp(o->metavar, names[i]))
			return true;
	return strstr(o->metavar, ".json") != NULL;
}

static void list_row(const struct ab_opt *o, const char *name, FILE *out)
{
	fprintf(out, "--%s ", name);
	if (!o->metavar)
		fprintf(out, "none");
	else if (o->choices) {
		fprintf(out, "word");
		for (const char *const *ch = o->choices; *ch; ch++)
			fprintf(out, " %s", *ch);
	} else if (o->words) {
		fprintf(out, "%s ", strcmp(o->metavar, "LIST") ? "word" : "list");
		o->words(out);
	} else
		fprintf(out, "%s", takes_path(o) ? "file" : "value");
	fputc('\n', out);
}

void ab_opt_list(const struct ab_opt_cmd *c, FILE *out)
{
	for (const struct ab_opt *o = c->opts; o->name; o++) {
		list_row(o, o->name, out);
		if (o->alias)
			list_row(o, o->alias, out);
	}
	fprintf(out, "--help none\n");
	if (c->operands)
		fprintf(out, "operands\n");
}

/*
 * The preset of the last preset flag in ARGV, or NULL: a first pass of
 * getopt_long() itself, so that abbreviations and option arguments are read
 * as the real pass reads them (whose errors it leaves to that pass).
 */
static const struct ab_opt_default *preset_given(const struct ab_opt_cmd *c, int argc, char **argv,
						 const struct option *lo, const char *shorts)
{
	const struct ab_opt_default *preset = NULL;
	int ret;

	optind = 0;
	opterr = 0;
	while ((ret = getopt_long(argc, argv, shorts, lo, NULL)) != -1) {
		const struct ab_opt *o = row_of(c, ret);

		if (o && o->type == AB_OPT_PRESET)
			preset = o->preset;
	}
	return preset;
}

int ab_opt_parse(const struct ab_opt_cmd *c, int argc, char **argv, void *target, int *first)
{
	struct option lo[2 * AB_OPT_MAX + 2];
	char shorts[3 * AB_OPT_MAX + 5], why[AB_WHY_LEN];
	int ret;

	*first = argc; /* set on every return: no caller reads an unset index */
	ab_cmd_name_set(c->who ? c->who : c->name);
	if (argc == 2 && !strcmp(argv[1], AB_OPT_LIST)) {
		ab_opt_list(c, stdout);
		return 0;
	}
	if (build(c, lo, shorts) ||
	    apply_defaults(c, preset_given(c, argc, argv, lo, shorts), target))
		return 2;
	optind = 0; /* glibc: start over, also for a second parse in one process */
	opterr = 0;
	while ((ret = getopt_long(argc, argv, shorts, lo, NULL)) != -1) {
		const struct ab_opt *o = row_of(c, ret);

		if (ret == HELP_VAL) {
			ab_opt_help(c, stdout);
			return 0;
		}
		if (ret == '?' || ret == ':' || !o)
			return refused(c, ret, argv[optind - 1]);
		why[0] = '\0';
		if (set(o, optarg, target, why))
			return ab_opt_error(c, "--%s: %s", o->name, why);
	}
	if (!c->operands && optind < argc)
		return ab_opt_error(c, "unexpected argument '%s'", argv[optind]);
	*first = optind;
	return AB_OPT_GO;
}

int ab_opt_main(const struct ab_opt_cmd *c, int argc, char **argv)
{
	void *opts = calloc(1, c->size ? c->size : 1);
	int first, st;

	if (!opts) {
		ab_cmd_name_set(c->who ? c->who : c->name);
		ab_err("out of memory\n");
		return 2;
	}
	st = ab_opt_parse(c, argc, argv, opts, &first);
	if (st == AB_OPT_GO)
		st = c->run(opts, argc - first, argv + first);
	free(opts);
	return st;
}

/* --- help ------------------------------------------------------------------ */

/* TEXT from column COL on, wrapped within WIDTH, continuation lines indented to COL. */
static void wrap(FILE *out, const char *text, int col)
{
	int at = col;

	while (*text) {
		size_t w = strcspn(text, " \n");

		if (at > col && at + 1 + (int)w > WIDTH) {
			fprintf(out, "\n%*s", col, "");
			at = col;
		} else if (at > col) {
			fputc(' ', out);
			at++;
		}
		fwrite(text, 1, w, out);
		at += (int)w;
		text += w;
		if (*text == '\n' && text[1])
			at = WIDTH; /* a break the text asks for */
		if (*text)
			text++;
	}
	fputc('\n', out);
}

/* "--alg 'cbc(aes),sha256' --sizes 64,16384 ..." of a preset into BUF. */
static void preset_text(const struct ab_opt_default *preset, char *buf, size_t len)
{
	size_t used = 0;

	buf[0] = '\0';
	for (const struct ab_opt_default *d = preset; d->name && used < len; d++)
		used += (size_t)snprintf(buf + used, len - used, "%s--%s %s%s%s", used ? " " : "",
					 d->name, strchr(d->def, '(') ? "'" : "", d->def,
					 strchr(d->def, '(') ? "'" : "");
}

static void help_row(FILE *out, const struct ab_opt_cmd *c, const struct ab_opt *o, int col)
{
	char label[128], text[3 * HELP_LEN], dyn[HELP_LEN], defbuf[HELP_LEN];
	const char *help = o->help, *def = o->def_text;
	int n = label_of(o, label, sizeof(label));

	if (o->help_fn) {
		o->help_fn(dyn, sizeof(dyn));
		help = dyn;
	}
	if (!def)
		def = default_of(c, NULL, o, defbuf, sizeof(defbuf));
	if (o->preset) {
		preset_text(o->preset, defbuf, sizeof(defbuf));
		snprintf(text, sizeof(text), "%s: %s; an option given as well wins", help, defbuf);
	} else {
		snprintf(text, sizeof(text), "%s%s%s%s", help, def ? " (default: " : "",
			 def ? def : "", def ? ")" : "");
	}
	fprintf(out, "  %s", label);
	if (n + 4 > col)
		fprintf(out, "\n%*s", col, "");
	else
		fprintf(out, "%*s", col - 2 - n, "");
	wrap(out, text, col);
}

void ab_opt_help(const struct ab_opt_cmd *c, FILE *out)
{
	const char *u = c->usage, *pfx = "usage:";
	char label[128];
	int col = (int)strlen("-h, --help") + 4;

	for (const struct ab_opt *o = c->opts; o->name; o++) {
		int n = label_of(o, label, sizeof(label)) + 4;

		if (n > col && n <= LABEL_MAX)
			col = n;
	}
	for (;; pfx = "      ") {
		size_t w = strcspn(u, "\n");

		fprintf(out, "%s algbench %s%s%.*s\n", pfx, c->name, w ? " " : "", (int)w, u);
		if (!u[w])
			break;
		u += w + 1;
	}
	if (c->about)
		fprintf(out, "\n%s", c->about);
	fprintf(out, "\nOptions:\n");
	for (const struct ab_opt *o = c->opts; o->name; o++)
		help_row(out, c, o, col);
	fprintf(out, "  -h, --help%*sthis text\n", col - 12, "");
	if (c->after)
		fprintf(out, "\n%s", c->after);
}

int ab_opt_dispatch(const struct ab_opt_cmd *group, const struct ab_opt_sub *subs, int argc,
		    char **argv)
{
	char names[128] = "";
	size_t used = 0;

	if (argc >= 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
		ab_opt_help(group, stdout);
		return 0;
	}
	if (argc == 2 && !strcmp(argv[1], AB_OPT_LIST)) {
		for (const struct ab_opt_sub *s = subs; s->name; s++)
			printf("command %s\n", s->name);
		printf("--help none\n");
		return 0;
	}
	for (const struct ab_opt_sub *s = subs; s->name; s++) {
		if (argc >= 2 && !strcmp(argv[1], s->name))
			return s->run(argc - 1, argv + 1);
		if (used < sizeof(names))
			used += (size_t)snprintf(names + used, sizeof(names) - used, "%s%s",
						 s == subs ? "" : ", ", s->name);
	}
	if (argc < 2)
		return ab_opt_error(group, "subcommand missing (one of: %s)", names);
	return ab_opt_error(group, "unknown subcommand '%s' (one of: %s)", argv[1], names);
}
