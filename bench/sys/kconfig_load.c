// SPDX-License-Identifier: GPL-2.0
/*
 * Where a kernel config comes from: a plain .config, a gzip'd one
 * (/proc/config.gz), or a Debian kernel image package (sys/pkg_text.c reads
 * all three), and, for the running kernel, which of those it has.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/utsname.h>

#include "core/error.h"
#include "sys/kconfig.h"
#include "sys/pkg_text.h"

/* Configs are ~300 KiB; anything far larger is not one (and caps a gzip bomb). */
static const struct ab_pkg_text config_text = {
	.what = "kernel config",
	.member = "*boot/config-*",
	.member_name = "./boot/config-*",
	.package = "a linux-image package",
	.max = 16u << 20,
};

int kconfig_load(struct kconfig *kc, const char *path, char err[AB_WHY_LEN])
{
	char why[AB_WHY_LEN], *text;
	size_t len;
	int ret;

	memset(kc, 0, sizeof(*kc));
	kc->path_len = strlen(path) < sizeof(kc->source) ? strlen(path) : sizeof(kc->source) - 1;
	ret = ab_pkg_text_read(path, &config_text, &text, &len, kc->source, sizeof(kc->source),
			       err);
	if (ret)
		return ret;
	ret = kconfig_parse(kc, text, len, why);
	if (ret) {
		ab_whyf(err, "%s: %s", kc->source, why);
		kconfig_free(kc);
	}
	return ret;
}

int kconfig_load_running(struct kconfig *kc, char err[AB_WHY_LEN])
{
	char boot[300], first[AB_WHY_LEN];
	struct utsname u;
	int ret;

	if (!kconfig_load(kc, "/proc/config.gz", first))
		return 0;
	if (uname(&u)) {
		ret = -errno;
		ab_whyf(err, "%s; uname failed: %s", first, strerror(-ret));
		return ret;
	}
	snprintf(boot, sizeof(boot), "/boot/config-%s", u.release);
	ret = kconfig_load(kc, boot, err);
	if (!ret)
		return 0;
	/* Both failed: say why for each, and what would help. */
	{
		char second[AB_WHY_LEN];

		snprintf(second, sizeof(second), "%s", err);
		ab_whyf(err,
			"no config for the running kernel: %s; %s (enable CONFIG_IKCONFIG_PROC or "
			"install the config in /boot)",
			first, second);
	}
	return ret; /* the /boot file's: -ENOENT when neither exists */
}
