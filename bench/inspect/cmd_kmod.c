// SPDX-License-Identifier: GPL-2.0
/* `algbench kmod JOB...`: send job lines to algbench.ko, print its replies. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/opt.h"
#include "command.h"
#include "sys/kmod_client.h"

/* No options but --help: a job line's keys are algbench.ko's (docs/kmod.md). */
static const struct ab_opt kmod_opts[] = { { 0 } };

/* ARGV: the job lines. */
static int kmod_main(void *opts, int argc, char **argv)
{
	char why[AB_WHY_LEN] = "";
	int status = 0;

	(void)opts; /* none */
	if (!argc)
		return ab_opt_error(&ab_kmod_cmd, "no JOB given");
	switch (abk_ensure_loaded(why)) {
	case 0:
		break;
	case 1:
		ab_err("note: %s\n", why);
		break;
	default:
		ab_err("%s\n", why);
		return 2;
	}
	for (int i = 0; i < argc; i++) {
		struct abk_result *res = calloc(1, sizeof(*res));
		int ret;

		if (!res) {
			ab_err("out of memory\n");
			return 2;
		}
		ret = abk_run(argv[i], res, why);
		if (i)
			putchar('\n');
		if (res->text)
			fputs(res->text, stdout);
		if (ret) {
			ab_err("job %d: %s\n", i + 1, why);
			status = 1;
		}
		abk_result_free(res);
		free(res);
	}
	return status;
}

const struct ab_opt_cmd ab_kmod_cmd = {
	"kmod",
	"JOB...",
	kmod_opts,
	0,
	kmod_main,
	.operands = true,
	.about = "Loads algbench.ko if needed (modprobe; needs root), runs each JOB line\n"
		 "in the kernel through /dev/algbench and prints the module's key=value reply,\n"
		 "a blank line between jobs. A JOB is one quoted argument, for example\n"
		 "  'type=aead alg=gcm(aes) keylen=16 size=4096 op=encrypt cpus=0-1 ms=500'\n"
		 "Keys and results: docs/kmod.md.\n",
	.after = "Exit 0: every job ran; 1: a job failed or was refused (its reply says why);\n"
		 "2: bad usage or no module.\n",
};
