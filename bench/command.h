/* SPDX-License-Identifier: GPL-2.0 */
#ifndef ALGBENCH_COMMAND_H
#define ALGBENCH_COMMAND_H

#include "cli/opt.h"

/*
 * One row per subcommand of `algbench`; main.c holds the only table. Each
 * subcommand lives in its own file and exports either its descriptor (its
 * option table, entry point and help: cli/opt.h) or, when it has
 * subcommands of its own, an entry point that gets argv with argv[0] = the
 * subcommand name. Both give the process exit status (0 ok, 1
 * finding/failure, 2 usage or input error).
 */
struct ab_command {
	const char *name;
	const struct ab_opt_cmd *cmd;
	int (*main)(int argc, char **argv); /* when cmd is NULL */
	const char *summary;
};

/* run/cmd_bench.c, inspect/cmd_list.c, inspect/cmd_kmod.c */
extern const struct ab_opt_cmd ab_run_cmd, ab_suite_cmd, ab_list_cmd, ab_kmod_cmd;
/* report/compare.c, report/plot.c */
extern const struct ab_opt_cmd ab_compare_cmd, ab_plot_cmd, ab_merge_cmd, ab_report_cmd;
/* config/config_check.c */
extern const struct ab_opt_cmd ab_config_check_cmd;
/* export/kcidb.c */
extern const struct ab_opt_cmd ab_export_cmd;
/* netlink/conform.c */
extern const struct ab_opt_cmd ab_conform_cmd;
/* netlink/nl.c: nl list|get|stat */
int cmd_nl(int argc, char **argv);
/* em/cmd_em.c: em bench */
int cmd_em(int argc, char **argv);
/* series/cmd_attribute.c */
extern const struct ab_opt_cmd ab_attribute_cmd;
/* trace/cmd_trace.c */
extern const struct ab_opt_cmd ab_trace_cmd;

#endif
