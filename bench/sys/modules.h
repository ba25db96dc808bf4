/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sys/modules.h: whether the running kernel can load modules at all, and
 * what shows it. One answer for everything that would load one: algbench's
 * own modules (sys/kmod_load.c: the kmod backend, trace, em) and crypto_user
 * (nl, conform). docs/kmod.md, "A kernel that cannot load modules".
 */
#ifndef ALGBENCH_MODULES_H
#define ALGBENCH_MODULES_H

#include <stddef.h>

#include "core/error.h"

/*
 * 0 when the running kernel can load modules, as far as it shows; else WHY
 * (AB_WHY_LEN bytes) says that it cannot, with the evidence, and the fix for
 * the kernel, and the return is
 * -ENOSYS built without CONFIG_MODULES: procfs is mounted and has no
 *         /proc/modules, or the running kernel's config (/proc/config.gz,
 *         else /boot/config-$(uname -r)) has CONFIG_MODULES not set;
 *         WHY: "this kernel cannot load modules (built without
 *         CONFIG_MODULES: no /proc/modules; CONFIG_MODULES is not set in
 *         /proc/config.gz): boot a kernel with CONFIG_MODULES=y"
 * -EPERM  /proc/sys/kernel/modules_disabled is 1, which holds until the next
 *         boot; WHY: "module loading is off until the next boot
 *         (kernel.modules_disabled=1): reboot, ..."
 * The caller adds what that means for it ("algbench.ko has no built-in
 * equivalent", "or build it in: CONFIG_CRYPTO_USER=y").
 */
int ab_modules_loadable(char why[AB_WHY_LEN]);

#endif
