// SPDX-License-Identifier: GPL-2.0
/* Whether the running kernel can load modules at all (sys/modules.h). */
#include <errno.h>
#include <stdio.h>
#include <unistd.h>

#include "core/error.h"
#include "sys/host.h"
#include "sys/kconfig.h"
#include "sys/modules.h"

/*
 * CONFIG_MODULES in the running kernel's config, as words for the evidence
 * ("CONFIG_MODULES is not set in /proc/config.gz"): 1 when it is =y, 0 when
 * it is not (WORDS filled), -1 when no config can be read.
 */
static int config_modules(char *words, size_t len)
{
	char err[AB_WHY_LEN];
	struct kconfig kc;
	enum kval_kind k;

	if (kconfig_load_running(&kc, err))
		return -1;
	k = kconfig_kind(&kc, "MODULES");
	snprintf(words, len, "CONFIG_MODULES %s in %.*s", k == KV_ABSENT ? "absent" : "is not set",
		 (int)kc.path_len, kc.source);
	kconfig_free(&kc);
	return k == KV_Y;
}

int ab_modules_loadable(char why[AB_WHY_LEN])
{
	char disabled[8] = "", config[AB_WHY_LEN];
	/* without procfs mounted (a chroot), a missing /proc/modules shows nothing */
	int procfs = access("/proc/self", F_OK) == 0, by_config;

	if (!ab_read_line("/proc/sys/kernel/modules_disabled", disabled, sizeof(disabled)) &&
	    disabled[0] == '1') {
		ab_whyf(why,
			"module loading is off until the next boot (kernel.modules_disabled=1): "
			"reboot, and load what is needed before that is set");
		return -EPERM;
	}
	if (procfs && access("/proc/modules", F_OK) == 0)
		return 0;
	/* procfs without /proc/modules is proof; the config adds to it, or decides alone */
	by_config = config_modules(config, sizeof(config));
	if (!procfs && by_config != 0)
		return 0;
	ab_whyf(why,
		"this kernel cannot load modules (built without CONFIG_MODULES: %s%s%s): boot a "
		"kernel with CONFIG_MODULES=y",
		procfs ? "no /proc/modules" : "", procfs && !by_config ? "; " : "",
		by_config ? "" : config);
	return -ENOSYS;
}
