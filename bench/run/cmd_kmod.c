// SPDX-License-Identifier: GPL-2.0
/* `algbench kmod JOB...`: send job lines to algbench.ko, print its replies. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "command.h"
#include "sys/kmod_client.h"

static int kmod_usage(FILE *out, int status)
{
	fprintf(out,
		"usage: algbench kmod JOB...\n\n"
		"Loads algbench.ko if needed (modprobe; needs root and debugfs), runs each JOB\n"
		"line in the kernel and prints the module's key=value reply, a blank line\n"
		"between jobs. A JOB is one quoted argument, for example\n"
		"  'type=aead alg=gcm(aes) keylen=16 size=4096 op=encrypt cpus=0-1 ms=500'\n"
		"Keys and results: docs/kmod.md. Exit 0: every job ran; 1: a job failed or\n"
		"was refused (its reply says why); 2: bad usage or no module.\n");
	return status;
}

int cmd_kmod(int argc, char **argv)
{
	char why[AB_WHY_LEN] = "";
	int status = 0;

	if (argc < 2)
		return kmod_usage(stderr, 2);
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))
		return kmod_usage(stdout, 0);
	if (abk_ensure_loaded(why)) {
		fprintf(stderr, "algbench kmod: %s\n", why);
		return 2;
	}
	for (int i = 1; i < argc; i++) {
		struct abk_result *res = calloc(1, sizeof(*res));
		int ret;

		if (!res) {
			fprintf(stderr, "algbench kmod: out of memory\n");
			return 2;
		}
		ret = abk_run(argv[i], res, why);
		if (i > 1)
			putchar('\n');
		if (res->text)
			fputs(res->text, stdout);
		if (ret) {
			fprintf(stderr, "algbench kmod: job %d: %s\n", i, why);
			status = 1;
		}
		abk_result_free(res);
		free(res);
	}
	return status;
}
