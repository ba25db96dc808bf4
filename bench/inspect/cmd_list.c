// SPDX-License-Identifier: GPL-2.0
/*
 * `algbench list`: the running kernel's algorithms, and which catalogue rows
 * it can run. Whether AF_ALG could run a type at all is the afalg ops row's
 * to say (backends/), not this file's: only what the row runs is bound.
 */
#include <errno.h>
#include <linux/if_alg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "backends/backend.h"
#include "cli/opt.h"
#include "command.h" // IWYU pragma: keep (it declares ab_list_cmd, defined here)
#include "sys/afalg.h"
#include "sys/json_out.h"
#include "sys/kernel_alg.h"
#include "sys/proc_crypto.h"

/*
 * Templates such as gcm(aes) appear in /proc/crypto only once something
 * instantiates them: binding an AF_ALG socket does, and its errno says
 * whether AF_ALG can reach the algorithm at all.
 */
static int afalg_bind(const struct ab_alg *a)
{
	int fd = ab_afalg_bind(a->type, a->name);

	if (fd < 0)
		return fd;
	close(fd);
	return 0;
}

static const char *afalg_verdict(const struct ab_alg *a, int err, char *buf, size_t len)
{
	const struct ab_backend *afalg = ab_backend_find("afalg");

	if (!ab_backend_runs(afalg, a->type)) {
		snprintf(buf, len, "no (%s)",
			 afalg->type_why[a->type] ? afalg->type_why[a->type]
						  : "the afalg backend does not run this type");
		return buf;
	}
	if (!err)
		return "yes";
	if (err == -EAFNOSUPPORT)
		return "no (no AF_ALG in this kernel)";
	snprintf(buf, len, "no (bind: %s%s)", strerror(-err),
		 err == -ENOENT ? "; algorithm or algif module missing" : "");
	return buf;
}

static json_t *row_json(const struct ab_alg *a, const struct ab_proc_alg *best, const char *afalg)
{
	return json_pack("{s:s, s:s, s:s, s:i, s:s, s:s, s:s?}", "alg", a->name, "type",
			 ab_type_name(a->type), "driver", best ? best->driver : "", "priority",
			 best ? best->priority : 0, "module", best ? best->module : "", "afalg",
			 afalg, "openssl", a->keys[0].evp);
}

static int list_catalogue(int as_json)
{
	struct ab_proc_alg *algs = NULL;
	int err[64] = { 0 };
	json_t *arr = json_array();
	size_t n = 0;
	int ret;

	for (size_t i = 0; i < ab_catalogue_len && i < 64; i++)
		err[i] = ab_backend_runs(ab_backend_find("afalg"), ab_catalogue[i].type)
				 ? afalg_bind(&ab_catalogue[i])
				 : 0;
	ret = ab_proc_crypto_read(NULL, &algs, &n);
	if (ret)
		ab_err("cannot read /proc/crypto: %s (drivers unknown)\n", strerror(-ret));
	if (!as_json)
		printf("%-27s %-8s %-28s %5s %-14s %-10s %s\n", "catalogue", "type",
		       "kernel driver", "prio", "module", "openssl", "afalg");
	for (size_t i = 0; i < ab_catalogue_len && i < 64; i++) {
		const struct ab_alg *a = &ab_catalogue[i];
		const struct ab_proc_alg *best = ab_proc_crypto_best(algs, n, a->name, a->type);
		char buf[256];
		const char *v = afalg_verdict(a, err[i], buf, sizeof(buf));

		if (as_json)
			json_array_append_new(arr, row_json(a, best, v));
		else
			printf("%-27s %-8s %-28s %5d %-14s %-10s %s\n", a->name,
			       ab_type_name(a->type), best ? best->driver : "-",
			       best ? best->priority : 0,
			       best && best->module[0] ? best->module : "-",
			       a->keys[0].evp ? a->keys[0].evp : "-", v);
	}
	if (as_json)
		ab_json_print(arr, stdout, 0);
	json_decref(arr);
	free(algs);
	return ret ? 1 : 0;
}

/*
 * What can run the kernel's entry P, through the row --alg builds for its
 * driver name (sys/kernel_alg.c): the backends' names in RUNS, or why
 * nothing can in WHY (returns 0 then).
 */
static int runners(const struct ab_proc_alg *p, const struct ab_proc_alg *algs, size_t n,
		   char *runs, size_t len, char why[AB_WHY_LEN])
{
	struct ab_kernel_alg k;
	size_t used = 0;

	runs[0] = '\0';
	if (ab_kernel_alg_build(p->driver, algs, n, &k, why)) {
		size_t skip = strlen(p->driver);

		/* the row names the driver already: "DRIVER: " is not said twice */
		if (!strncmp(why, p->driver, skip) && !strncmp(why + skip, ": ", 2))
			memmove(why, why + skip + 2, strlen(why + skip + 2) + 1);
		return 0;
	}
	for (size_t i = 0; i < ab_backends_len; i++)
		if (ab_backend_runs_alg(ab_backends[i], &k.alg) && used < len)
			used += (size_t)snprintf(runs + used, len - used, "%s%s", used ? "," : "",
						 ab_backends[i]->name);
	if (!used)
		ab_whyf(why, "no backend runs %s", ab_type_name(k.alg.type));
	return used > 0;
}

static int list_all(int as_json)
{
	struct ab_proc_alg *algs = NULL;
	json_t *arr = json_array();
	size_t n = 0;
	int ret = ab_proc_crypto_read(NULL, &algs, &n);

	if (ret) {
		ab_err("cannot read /proc/crypto: %s\n", strerror(-ret));
		json_decref(arr);
		return 1;
	}
	if (!as_json)
		printf("%-32s %-36s %-12s %5s %-16s %-8s %s\n", "name", "driver", "type", "prio",
		       "module", "selftest", "runs (--alg NAME or DRIVER)");
	for (size_t i = 0; i < n; i++) {
		const struct ab_proc_alg *p = &algs[i];
		char runs[64], why[AB_WHY_LEN] = "";
		int can = runners(p, algs, n, runs, sizeof(runs), why);

		if (as_json)
			json_array_append_new(
				arr,
				json_pack("{s:s, s:s, s:s, s:i, s:s, s:b, s:b, s:s, s:s?}", "name",
					  p->name, "driver", p->driver, "type", p->type, "priority",
					  p->priority, "module", p->module, "selftest_passed",
					  p->selftest_ok, "internal", p->internal, "runs", runs,
					  "why", can ? NULL : why));
		else
			printf("%-32s %-36s %-12s %5d %-16s %-8s %s%s\n", p->name, p->driver,
			       p->type, p->priority, p->module, p->selftest_ok ? "passed" : "-",
			       can ? runs : "no: ", can ? "" : why);
	}
	if (as_json)
		ab_json_print(arr, stdout, 0);
	json_decref(arr);
	free(algs);
	return 0;
}

struct list_opts {
	int all, json;
};

static const struct ab_opt list_opts[] = {
	{ "all", 0, NULL, AB_OPT_FLAG, offsetof(struct list_opts, all),
	  .help = "every algorithm and driver in /proc/crypto, with what can run it or why not" },
	{ "json", 0, NULL, AB_OPT_FLAG, offsetof(struct list_opts, json),
	  .help = "the same as JSON on stdout" },
	{ 0 },
};

static int list_main(void *opts, int argc, char **argv)
{
	const struct list_opts *o = opts;

	(void)argc, (void)argv; /* the descriptor refuses operands */
	return o->all ? list_all(o->json) : list_catalogue(o->json);
}

const struct ab_opt_cmd ab_list_cmd = {
	"list",
	"[--all] [--json]",
	list_opts,
	sizeof(struct list_opts),
	list_main,
	.about = "Without --all: each catalogue algorithm with the driver the running kernel\n"
		 "binds for it (highest priority, self-tested, from /proc/crypto after an AF_ALG\n"
		 "bind instantiates it), its module, its OpenSSL name, and whether AF_ALG can\n"
		 "reach it (and why not). With --all: every algorithm and driver the kernel\n"
		 "lists, and which backends (afalg, kmod, openssl) run it under --alg, or why\n"
		 "none can (its type, an internal driver, a failed self-test).\n",
};
