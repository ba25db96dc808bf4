// SPDX-License-Identifier: GPL-2.0
/* algbench: benchmark and regression harness for the Linux kernel crypto API. */
#include <stdio.h>
#include <string.h>

#include "command.h"
#include "version.h"

static int usage(FILE *out);

static int cmd_help(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	return usage(stdout);
}

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
	{ "trace", &ab_trace_cmd, NULL,
	  "GETSTAT's counters for a command, from return probes and hist triggers" },
	{ "help", NULL, cmd_help, "this text" },
};

#define N_COMMANDS (sizeof(commands) / sizeof(commands[0]))

static int usage(FILE *out)
{
	fprintf(out, "usage: algbench [--version] [--help] COMMAND [ARGS...]\n\n"
		     "Benchmark and regression harness for the Linux kernel crypto API.\n\n"
		     "Commands:\n");
	for (size_t i = 0; i < N_COMMANDS; i++)
		fprintf(out, "  %-14s %s\n", commands[i].name, commands[i].summary);
	fprintf(out, "\n'algbench COMMAND --help' describes one command.\n");
	return 0;
}

int main(int argc, char **argv)
{
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
	for (size_t i = 0; i < N_COMMANDS; i++)
		if (!strcmp(argv[1], commands[i].name))
			return commands[i].cmd ? ab_opt_main(commands[i].cmd, argc - 1, argv + 1)
					       : commands[i].main(argc - 1, argv + 1);
	fprintf(stderr, "algbench: unknown command '%s' (see 'algbench --help')\n", argv[1]);
	return 2;
}
