/* SPDX-License-Identifier: GPL-2.0 */
/* cli: one table row per command-line option drives parsing, defaults and --help. */
#ifndef ALGBENCH_OPT_H
#define ALGBENCH_OPT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "core/error.h"

/*
 * After fio's options.c: a command states each option once, as a row that
 * names it, says how its value is checked and stored (into the field at
 * .off of the command's own options struct), gives its default and its
 * help. From the rows ab_opt_parse() builds the getopt_long() table,
 * applies the defaults through the same checks as a value given on the
 * command line, and ab_opt_help() prints the options section, so the three
 * cannot disagree.
 */

/*
 * Bounds a table: at most 2 * AB_OPT_MAX - 1 long names (each row's and
 * each alias), so AB_OPT_MAX - 1 rows that all have an alias fit, or more
 * rows without.
 */
#define AB_OPT_MAX 32

enum ab_opt_type {
	AB_OPT_FLAG,   /* takes no argument: the int at .off becomes 1 */
	AB_OPT_STR,    /* const char * at .off: the argument (one of .choices, if any) */
	AB_OPT_UINT,   /* unsigned int at .off: ab_parse_uint() (core/number.h), in .min...max */
	AB_OPT_DOUBLE, /* double at .off: a finite number in .min...max */
	AB_OPT_CALL,   /* .call(argument, the field at .off, why): 0, or -EINVAL and WHY */
	AB_OPT_PRESET, /* a FLAG that, given anywhere, makes .preset the defaults (run --quick) */
};

/*
 * A row starts like getopt's struct option, positionally:
 *   { "json", 'j', "OUT", AB_OPT_STR, offsetof(struct cmd_opts, out), "help text",
 * and names what else it needs (.def, .call, .alias...) with designators.
 */
struct ab_opt_default;

struct ab_opt {
	const char *name;    /* the long name, without "--"; NULL ends a table */
	char letter;	     /* a short option -X, or 0 */
	const char *metavar; /* the argument's name in --help; NULL: takes none (a FLAG) */
	enum ab_opt_type type;
	size_t off; /* offsetof() the target in the command's options struct */
	const char *help;
	void (*help_fn)(char *buf, size_t len); /* help text known only at run time */
	const char *alias;			/* a second long name for the same option */
	double min, max;
	const char *const *choices; /* STR: NULL-terminated list of the values allowed */
	int (*call)(const char *arg, void *field, char why[AB_WHY_LEN]); /* 0, or -EINVAL and WHY */
	/* the words a LIST or CALL option takes, each followed by a space (--list-options) */
	void (*words)(FILE *out);
	/*
	 * The default: .def (or what .def_fn writes) is parsed as if given
	 * first on the command line, and shown in --help; .def_text is shown
	 * instead when the default is no value ("every mode", "stdout").
	 */
	const char *def;
	void (*def_fn)(char *buf, size_t len);
	const char *def_text;
	/*
	 * PRESET: other defaults for the command's rows, ending with a NULL
	 * name. They replace the defaults wherever the flag stands, and an
	 * option given on the command line still wins; --help lists them.
	 */
	const struct ab_opt_default *preset;
};

/* A command that shares another's table with other defaults (suite and run). */
struct ab_opt_default {
	const char *name;
	const char *def;
};

/*
 * A command, as stress-ng describes a stressor: its table, its entry point
 * and its help, positionally { "name", "synopsis", table, sizeof(options),
 * run, ... } and the rest by designator.
 */
struct ab_opt_cmd {
	const char *name;  /* "run", "em bench": every message starts "algbench NAME: " */
	const char *usage; /* what follows "algbench NAME " in the synopsis; '\n' between forms */
	const struct ab_opt *opts;
	size_t size; /* of the options struct the rows' .off point into */
	/* The command: its options parsed, ARGV its ARGC operands; the exit status. */
	int (*run)(void *opts, int argc, char **argv);
	bool operands;			       /* false: any operand is a usage error */
	const char *about;		       /* text before the options section */
	const char *after;		       /* text after it: operands, exit status */
	const struct ab_opt_default *defaults; /* NULL, or ends with a NULL name */
	const char *who; /* the name in messages instead, for a subcommand ("nl get") */
	/*
	 * Options end at the first operand (or "--"), which starts a command
	 * line of its own whose options are not ours (trace -- CMD ARGS...).
	 */
	bool in_order;
};

/*
 * The hidden option that lists a command's options for bash completion
 * (dist/bash-completion/algbench), when it is a command's only argument:
 * the rows of the very table the command parses with, so completion offers
 * what the parser accepts and nothing else. An option, not a command of its
 * own: it reaches a subcommand's table through the same dispatch as its
 * real arguments (algbench nl get --list-options), and a row added to a
 * table appears without an edit here.
 */
#define AB_OPT_LIST "--list-options"

/* ab_opt_parse() returns this to say "go on"; anything else is the exit status. */
#define AB_OPT_GO (-1)

/*
 * Apply the defaults, then parse ARGV (argv[0] is the command's name) into
 * TARGET. Operands are moved after the options, as getopt_long() does; the
 * first is at *FIRST. Returns AB_OPT_GO, 0 after --help (printed on stdout)
 * or 2 after a usage error (one line "algbench NAME: ..." on stderr).
 */
int ab_opt_parse(const struct ab_opt_cmd *c, int argc, char **argv, void *target, int *first);

/*
 * Parse ARGV into a zeroed options struct and call c->run with it and the
 * operands. The exit status: run's, 0 after --help, 2 after a usage error.
 */
int ab_opt_main(const struct ab_opt_cmd *c, int argc, char **argv);

void ab_opt_help(const struct ab_opt_cmd *c, FILE *out);

/*
 * C's options for completion, one a line: "--NAME KIND [WORD...]", KIND one
 * of none (a flag), word (one of the WORDs), list (comma-separated WORDs),
 * file (a path), value (anything else); then "operands" when it takes any.
 */
void ab_opt_list(const struct ab_opt_cmd *c, FILE *out);

/* A subcommand of a command that has them (nl list, em bench): argv[0] is its name. */
struct ab_opt_sub {
	const char *name; /* NULL ends a table */
	int (*run)(int argc, char **argv);
};

/*
 * The one subcommand dispatch: argv[1] names a row of SUBS, which gets
 * argc - 1, argv + 1. "--help" or "-h" prints GROUP's help on stdout
 * (exit 0); a missing or unknown subcommand is GROUP's usage error (2).
 */
int ab_opt_dispatch(const struct ab_opt_cmd *group, const struct ab_opt_sub *subs, int argc,
		    char **argv);

/*
 * The "algbench CMD: " prefix of every message a command prints, set once:
 * ab_opt_parse() sets it from the table (c->who, else c->name), a command
 * that dispatches before parsing ("em", "nl") sets it itself.
 */
void ab_cmd_name_set(const char *name);
/* "algbench CMD: " and the message on stderr; FMT ends with its own newline, as printf's. */
void ab_err(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Print "algbench NAME: MESSAGE (see --help)" on stderr; returns 2, the usage exit status. */
int ab_opt_error(const struct ab_opt_cmd *c, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#endif
