/* SPDX-License-Identifier: GPL-2.0 */
#ifndef ALGBENCH_COMMAND_H
#define ALGBENCH_COMMAND_H

/*
 * One row per subcommand of `algbench`. Each subcommand lives in its own
 * file and exports its entry point here; main.c holds the only table.
 * An entry point gets argv with argv[0] = the subcommand name and returns
 * the process exit status (0 ok, 1 finding/failure, 2 usage or input error).
 */
struct ab_command {
	const char *name;
	int (*main)(int argc, char **argv);
	const char *summary;
};

int cmd_compare(int argc, char **argv);
int cmd_merge(int argc, char **argv);
int cmd_plot(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_config_check(int argc, char **argv);
/* netlink/nl.c and netlink/conform.c */
int cmd_nl(int argc, char **argv);
int cmd_conform(int argc, char **argv);
int cmd_run(int argc, char **argv);
int cmd_suite(int argc, char **argv);
int cmd_list(int argc, char **argv);
int cmd_kmod(int argc, char **argv);
/* export/kcidb.c */
int cmd_export(int argc, char **argv);
/* em/cmd_em.c */
int cmd_em(int argc, char **argv);
/* trace/cmd_trace.c */
int cmd_trace(int argc, char **argv);

#endif
