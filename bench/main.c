// SPDX-License-Identifier: GPL-2.0
/* algbench: benchmark and regression harness for the Linux kernel crypto API. */
#include <stdio.h>
#include <string.h>

#include "command.h"
#include "version.h"

static int usage(FILE *out);
static int cmd_help(int argc, char **argv);

static const struct ab_command commands[] = {
	{ "run", &ab_run_cmd, NULL,
	  "benchmark jobs chosen by flags (backend, alg, sizes, threads...)" },
	{ "suite", &ab_suite_cmd, NULL,
	  "the default benchmark set: the whole catalogue, sizes 16..65536, threads 1 and all" },
	{ "list", &ab_list_cmd, NULL,
	  "algorithms and drivers of the running kernel; which catalogue entries are usable" },
	{ "kmod", &ab_kmod_cmd, NULL,
	  "run job lines in the kernel through algbench.ko (tcrypt-style, per CPU)" },
	{ "em", NULL, cmd_em,
	  "energy-model companion: em bench times em_cpu_energy() v6.8 vs 6.9+" },
	{ "compare", &ab_compare_cmd, NULL, "compare two result files: ratio, interval, verdict" },
	{ "merge", &ab_merge_cmd, NULL,
	  "join runs (one per boot) into one result file, each sample tagged with its round" },
	{ "plot", &ab_plot_cmd, NULL, "charts of result files and comparisons (gnuplot)" },
	{ "report", &ab_report_cmd, NULL,
	  "what each layer costs: in-kernel, AF_ALG per mode, OpenSSL, per size (markdown + "
	  "charts)" },
	{ "nl", NULL, cmd_nl, "crypto_user netlink: list | get NAME | stat NAME [--json]" },
	{ "conform", &ab_conform_cmd, NULL,
	  "crypto_user conformance suite [--tap] [--expect-stats]" },
	{ "config-check", &ab_config_check_cmd, NULL,
	  "check a kernel config for crypto performance hazards" },
	{ "export", &ab_export_cmd, NULL,
	  "results, conform TAP and compare verdicts as KCIDB v5 JSON (--kcidb)" },
	{ "attribute", &ab_attribute_cmd, NULL,
	  "Debian changelog entries between two kernels that touch a job's path" },
	{ "trace", &ab_trace_cmd, NULL,
	  "GETSTAT's counters for a command, from return probes and hist triggers" },
	{ "help", NULL, cmd_help, "this text; help COMMAND: that command's --help" },
};

#define N_COMMANDS (sizeof(commands) / sizeof(commands[0]))

static const struct ab_command *command_find(const char *name)
{
	for (size_t i = 0; i < N_COMMANDS; i++)
		if (!strcmp(name, commands[i].name))
			return &commands[i];
	return NULL;
}

/* ARGV (argv[0] = the command's name) to command C; the exit status. */
static int command_run(const struct ab_command *c, int argc, char **argv)
{
	return c->cmd ? ab_opt_main(c->cmd, argc, argv) : c->main(argc, argv);
}

/* Every command, for completion (cli/opt.h, AB_OPT_LIST). */
static void list_commands(void)
{
	for (size_t i = 0; i < N_COMMANDS; i++)
		printf("command %s\n", commands[i].name);
	printf("--help none\n");
}

/* help [CMD]: CMD's --help, run as `algbench CMD --help` is, so the two are one text. */
static int cmd_help(int argc, char **argv)
{
	const struct ab_command *c;
	char help_arg[] = "--help";

	if (argc == 2 && !strcmp(argv[1], AB_OPT_LIST)) {
		list_commands();
		return 0;
	}
	if (argc > 2) {
		fprintf(stderr,
			"algbench help: one command at most (usage: algbench help [COMMAND])\n");
		return 2;
	}
	if (argc < 2 || !strcmp(argv[1], "help"))
		return usage(stdout);
	c = command_find(argv[1]);
	if (!c) {
		fprintf(stderr, "algbench help: unknown command '%s' (see 'algbench --help')\n",
			argv[1]);
		return 2;
	}
	return command_run(c, 2, (char *[]){ argv[1], help_arg, NULL });
}

static int usage(FILE *out)
{
	fprintf(out, "usage: algbench [--version] [--help] COMMAND [ARGS...]\n\n"
		     "Benchmark and regression harness for the Linux kernel crypto API.\n\n"
		     "Commands:\n");
	for (size_t i = 0; i < N_COMMANDS; i++)
		fprintf(out, "  %-14s %s\n", commands[i].name, commands[i].summary);
	fprintf(out,
		"\n'algbench help COMMAND' (or 'algbench COMMAND --help') describes one "
		"command.\n\n"
		"Exit status: 0 done; 1 a finding or a failure (each command's help says\n"
		"which); 2 bad usage, or input that cannot be read; 128+N stopped by signal N.\n");
	return 0;
}

int main(int argc, char **argv)
{
	const struct ab_command *c;

	if (argc < 2) {
		usage(stderr);
		return 2;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))
		return usage(stdout);
	if (!strcmp(argv[1], "--version") || !strcmp(argv[1], "-V")) {
		printf("algbench %s\n", ALGBENCH_VERSION);
		return 0;
	}
	if (!strcmp(argv[1], AB_OPT_LIST)) {
		list_commands();
		printf("--version none\n");
		return 0;
	}
	c = command_find(argv[1]);
	if (c)
		return command_run(c, argc - 1, argv + 1);
	fprintf(stderr, "algbench: unknown command '%s' (see 'algbench --help')\n", argv[1]);
	return 2;
}
