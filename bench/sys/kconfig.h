/* SPDX-License-Identifier: GPL-2.0 */
#ifndef ALGBENCH_KCONFIG_H
#define ALGBENCH_KCONFIG_H

#include <stddef.h>

#include "core/error.h"

/*
 * A parsed kernel .config, with Kconfig's own reading of it: the last
 * assignment of a symbol wins (scripts/kconfig warns "override"), "=n" and
 * "# CONFIG_X is not set" both mean n, and a symbol with no line is absent
 * (its dependencies are unmet, or this kernel has no such symbol).
 */
enum kval_kind {
	KV_ABSENT,
	KV_NOTSET, /* "# CONFIG_X is not set" or CONFIG_X=n */
	KV_Y,
	KV_M,
	KV_STRING, /* CONFIG_X="..." (value unescaped) */
	KV_NUMBER, /* CONFIG_X=123 or =0x1f (int and hex symbols) */
};

struct ksym {
	const char *name;  /* without the CONFIG_ prefix */
	const char *value; /* as written after '=' (NULL for not set) */
	enum kval_kind kind;
	unsigned int line;
};

struct kconfig {
	struct ksym *syms; /* sorted by name, one per symbol */
	size_t n_syms;
	char *text;	   /* owns every string above */
	char arch[32];	   /* x86_64, arm64, ..., or the header's SRCARCH (%31s) whole */
	char version[64];  /* from the "Linux/ARCH VERSION Kernel Configuration" header */
	char source[4096]; /* what was read: path, and member for a .deb */
	size_t path_len;   /* source starts with the path, this long */
};

/*
 * kconfig_parse - parse the config text (takes ownership of @text, which must
 * be NUL-terminated, @len bytes before the NUL). Returns 0, or -EINVAL
 * (-ENOMEM) with a reason in @err ("not a kernel config: ...").
 */
int kconfig_parse(struct kconfig *kc, char *text, size_t len, char err[AB_WHY_LEN]);
void kconfig_free(struct kconfig *kc);

const struct ksym *kconfig_get(const struct kconfig *kc, const char *name);
enum kval_kind kconfig_kind(const struct kconfig *kc, const char *name);
/* y or m: the option is built in or available as a module. */
int kconfig_enabled(const struct kconfig *kc, const char *name);
/* 100 * major + minor of the header's version (612 for 6.12.118); 0 if unknown. */
unsigned int kconfig_version_code(const struct kconfig *kc);
/* "y", "m", "n" (not set), "absent", or the string/number as written. */
const char *kconfig_show(const struct kconfig *kc, const char *name);

/*
 * kconfig_load - read a config from @path: plain text, gzip (/proc/config.gz)
 * or a Debian kernel package (its ./boot/config-*). Returns 0, or -errno with
 * the reason in @err: -ENOENT missing file or .deb without a config,
 * -EISDIR, -EINVAL not a config (empty, binary, not Kconfig, not regular),
 * -EIO corrupt or truncated gzip or archive, -EFBIG, -ENOMEM, open's errno.
 * @err is sized by the caller: it carries paths (and two for the running
 * kernel), so it can outgrow AB_WHY_LEN.
 */
int kconfig_load(struct kconfig *kc, const char *path, char err[AB_WHY_LEN]);
/* kconfig_load_running - /proc/config.gz, then /boot/config-$(uname -r). */
int kconfig_load_running(struct kconfig *kc, char err[AB_WHY_LEN]);

#endif
