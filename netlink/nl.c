// SPDX-License-Identifier: GPL-2.0
/* `algbench nl list|get|stat`: crypto_user netlink from the command line. */
#include <errno.h>
#include <inttypes.h>
#include <jansson.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "cli/opt.h"
#include "command.h"
#include "core/error.h"
#include "crypto_user.h"
#include "sys/json_out.h"
#include "sys/kstats.h"

struct nl_opts {
	const char *name;
	const char *driver;
	int json;
};

static const struct ab_opt nl_options[] = {
	{ "driver", 0, "DRIVER", AB_OPT_STR, offsetof(struct nl_opts, driver),
	  .help = "get, stat: that exact driver of NAME", .def_text = "the one the kernel picks" },
	{ "json", 0, NULL, AB_OPT_FLAG, offsetof(struct nl_opts, json),
	  .help = "print JSON instead of text" },
	{ 0 },
};

static const struct ab_opt_cmd nl_cmd = {
	"nl",
	"list [--json]\nget NAME [--driver DRIVER] [--json]\n"
	"stat NAME [--driver DRIVER] [--json]",
	nl_options,
	sizeof(struct nl_opts),
	NULL, /* parse_opts() parses, per subcommand */
	.operands = true,
	.about = "Asks the kernel's crypto_user netlink interface (NETLINK_CRYPTO).\n"
		 "  list   every registered algorithm (CRYPTO_MSG_GETALG dump): name, driver,\n"
		 "         module, priority, refcnt, flags, type and the type's report fields\n"
		 "  get    one algorithm (GETALG); with --driver, that exact driver\n"
		 "  stat   one algorithm's counters (GETSTAT). A kernel without crypto\n"
		 "         statistics (CONFIG_CRYPTO_STATS unset, or " KSTATS_REMOVED_IN_TEXT
		 " and later) answers\n"
		 "         -ENOTSUPP: that is reported, exit 0, JSON status \"unsupported\"\n",
	.after = "Exit: 0 ok, 1 the kernel refused (e.g. no such algorithm: ENOENT),\n"
		 "2 bad usage or no crypto_user socket.\n",
};

/*
 * E's name: glibc's (2.32+) for every userspace errno; the kernel-internal
 * ENOTSUPP (524) that GETSTAT answers is none of libc's.
 */
static const char *errno_name(int e)
{
	const char *name = e == CU_ENOTSUPP ? "ENOTSUPP" : strerrorname_np(e);

	return name ? name : "errno";
}

/* The kernel's words for an error: "No such file or directory (ENOENT, 2)". */
static void describe_error(char *out, size_t n, int err, const struct cu_ack *ack)
{
	int e = -err;
	const char *text = e == CU_ENOTSUPP ? "Operation not supported" : strerror(e);

	snprintf(out, n, "%s (%s, %d)%s%s", text, errno_name(e), e, ack->msg[0] ? ": " : "",
		 ack->msg);
}

static const char *alg_type(const struct cu_alg *a)
{
	return a->report_attr ? a->report.type : "unknown";
}

static json_t *alg_json(const struct cu_alg *a)
{
	json_t *o = json_pack("{s:s, s:s, s:s, s:i, s:I, s:I, s:s, s:s}", "name", a->name, "driver",
			      a->driver, "module", a->module, "priority", a->priority, "refcnt",
			      (json_int_t)a->refcnt, "flags", (json_int_t)a->flags, "type",
			      alg_type(a), "report", cu_attr_kind(a->report_attr));
	size_t n;
	const struct cu_field *f = cu_report_fields(a->report_attr, &n);

	for (size_t i = 0; i < n; i++) {
		const char *p = (const char *)&a->report + f[i].offset;

		json_object_set_new(o, f[i].key,
				    f[i].is_string ? json_string(p)
						   : json_integer((json_int_t)cu_field_u64(
							     &a->report, &f[i], false)));
	}
	return o;
}

static void print_details(const struct cu_alg *a, const char *sep, const char *eq)
{
	size_t n;
	const struct cu_field *f = cu_report_fields(a->report_attr, &n);

	for (size_t i = 0; i < n; i++) {
		if (f[i].is_string)
			printf("%s%s%s%s", sep, f[i].key, eq,
			       (const char *)&a->report + f[i].offset);
		else
			printf("%s%s%s%" PRIu64, sep, f[i].key, eq,
			       cu_field_u64(&a->report, &f[i], false));
	}
}

static int print_row(const struct cu_alg *a, void *data)
{
	if (data) {
		json_array_append_new(data, alg_json(a));
		return 0;
	}
	printf("%-30s %-38s %-18s %5d %6u %-10s", a->name, a->driver, a->module, a->priority,
	       a->refcnt, alg_type(a));
	print_details(a, " ", "=");
	printf("\n");
	return 0;
}

static void print_block(const struct cu_alg *a)
{
	printf("name:     %s\ndriver:   %s\nmodule:   %s\npriority: %d\nrefcnt:   %u\n"
	       "flags:    0x%x\ntype:     %s",
	       a->name, a->driver, a->module, a->priority, a->refcnt, a->flags, alg_type(a));
	print_details(a, "\n", ": ");
	printf("\n");
}

static int dump_json_out(json_t *j)
{
	int ret = ab_json_print(j, stdout, 0);

	json_decref(j);
	if (ret)
		ab_err("cannot write JSON to stdout: %s\n", strerror(-ret));
	return ret ? 1 : 0;
}

static int do_list(struct cu_sock *s, const struct nl_opts *o)
{
	json_t *arr = o->json ? json_array() : NULL;
	char why[AB_WHY_LEN];
	int ret;

	if (!o->json)
		printf("%-30s %-38s %-18s %5s %6s %-10s %s\n", "NAME", "DRIVER", "MODULE", "PRIO",
		       "REFCNT", "TYPE", "DETAILS");
	ret = cu_dump(s, print_row, arr);
	if (ret) {
		describe_error(why, sizeof(why), ret, cu_last_ack(s));
		ab_err("GETALG dump failed: %s\n", why);
		json_decref(arr);
		return 1;
	}
	return arr ? dump_json_out(arr) : 0;
}

static void report_refusal(const struct nl_opts *o, int ret, const struct cu_sock *s)
{
	char why[AB_WHY_LEN];

	describe_error(why, sizeof(why), ret, cu_last_ack(s));
	if (ret == -ENOENT)
		ab_err("no algorithm '%s'%s%s%s in the running kernel (%s)\n", o->name,
		       o->driver ? " with driver '" : "", o->driver ? o->driver : "",
		       o->driver ? "'" : "", why);
	else
		ab_err("%s: the kernel refused: %s\n", o->name, why);
}

static int do_get(struct cu_sock *s, const struct nl_opts *o)
{
	struct cu_alg a;
	int ret = cu_get(s, o->name, o->driver ? o->driver : "", &a);

	if (ret) {
		report_refusal(o, ret, s);
		return 1;
	}
	if (o->json)
		return dump_json_out(alg_json(&a));
	print_block(&a);
	return 0;
}

static json_t *stat_json(const struct cu_stat *st)
{
	json_t *c = json_object();
	size_t n;
	const struct cu_field *f = cu_stat_fields(st->stat_attr, &n);

	for (size_t i = 0; i < n; i++)
		json_object_set_new(c, f[i].key,
				    json_integer((json_int_t)cu_field_u64(&st->u, &f[i], true)));
	return json_pack("{s:s, s:s, s:s, s:s, s:s, s:o}", "name", st->alg.name, "driver",
			 st->alg.driver, "status", "ok", "type",
			 st->stat_attr ? st->u.type : "none", "kind", cu_attr_kind(st->stat_attr),
			 "counters", c);
}

static int print_stat(const struct cu_stat *st, bool json)
{
	size_t n;
	const struct cu_field *f = cu_stat_fields(st->stat_attr, &n);

	if (json)
		return dump_json_out(stat_json(st));
	printf("name:     %s\ndriver:   %s\ntype:     %s\n", st->alg.name, st->alg.driver,
	       st->stat_attr ? st->u.type : "none (no STAT attribute in the reply)");
	for (size_t i = 0; i < n; i++)
		printf("%-9s %" PRIu64 "\n", f[i].key, cu_field_u64(&st->u, &f[i], true));
	return 0;
}

static int print_no_stats(const struct nl_opts *o, const struct cu_sock *s)
{
	const char *msg = cu_last_ack(s)->msg;

	if (o->json)
		return dump_json_out(json_pack("{s:s, s:s, s:s, s:i, s:s}", "name", o->name,
					       "driver", o->driver ? o->driver : "", "status",
					       "unsupported", "errno", CU_ENOTSUPP, "reason",
					       "kernel has no crypto statistics"));
	printf("%s: the kernel has no crypto statistics: GETSTAT answered -ENOTSUPP (%d)%s%s.\n"
	       "CONFIG_CRYPTO_STATS is unset in this kernel, or %s, so GETSTAT always\n"
	       "answers so.\n",
	       o->name, CU_ENOTSUPP, msg[0] ? ": " : "", msg, kstats_removed_why());
	return 0;
}

static int do_stat(struct cu_sock *s, const struct nl_opts *o)
{
	struct cu_stat st;
	int ret = cu_get_stat(s, o->name, o->driver ? o->driver : "", &st);

	if (ret == -CU_ENOTSUPP)
		return print_no_stats(o, s);
	if (ret) {
		report_refusal(o, ret, s);
		return 1;
	}
	return print_stat(&st, o->json);
}

/* argv[0] is the subcommand. AB_OPT_GO, or the exit status. */
static int parse_opts(int argc, char **argv, bool want_name, struct nl_opts *o)
{
	struct ab_opt_cmd sub = nl_cmd;
	char name[32];
	int first, st;

	snprintf(name, sizeof(name), "nl %s", argv[0]);
	sub.who = name;
	memset(o, 0, sizeof(*o));
	st = ab_opt_parse(&sub, argc, argv, o, &first);
	if (st != AB_OPT_GO)
		return st;
	if (!want_name && o->driver)
		return ab_opt_error(&sub, "unexpected argument '--driver' (list takes no NAME)");
	if (want_name && first < argc)
		o->name = argv[first++];
	if (first < argc)
		return ab_opt_error(&sub, "unexpected argument '%s'", argv[first]);
	if (want_name && !o->name)
		return ab_opt_error(&sub, "NAME missing");
	return AB_OPT_GO;
}

/* One subcommand: its options, then RUN on a crypto_user socket. */
static int nl_sub(int argc, char **argv, bool want_name,
		  int (*run)(struct cu_sock *, const struct nl_opts *))
{
	struct nl_opts o;
	struct cu_sock *s;
	int st = parse_opts(argc, argv, want_name, &o);

	if (st != AB_OPT_GO)
		return st;
	s = cu_open();
	if (!s) {
		char why[AB_WHY_LEN];

		cu_open_why(errno, why);
		ab_err("%s\n", why);
		return 2;
	}
	st = run(s, &o);
	cu_close(s);
	return st;
}

static int nl_list(int argc, char **argv)
{
	return nl_sub(argc, argv, false, do_list);
}

static int nl_get(int argc, char **argv)
{
	return nl_sub(argc, argv, true, do_get);
}

static int nl_stat(int argc, char **argv)
{
	return nl_sub(argc, argv, true, do_stat);
}

int cmd_nl(int argc, char **argv)
{
	static const struct ab_opt_sub subs[] = {
		{ "list", nl_list }, { "get", nl_get }, { "stat", nl_stat }, { 0 }
	};

	return ab_opt_dispatch(&nl_cmd, subs, argc, argv);
}
