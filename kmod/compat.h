/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Where the in-kernel API algbench.ko and its companions use differs between
 * the kernels they are built for (Debian's 6.1 and 6.12, the A/B and trace
 * kernels): the version checks live here, so the rest of kmod/ is one source
 * for all. The one exception is algbench_em.c's refusal to build before 6.9
 * (the runtime energy-model API it needs), not a difference to bridge.
 */
#ifndef ALGBENCH_COMPAT_H
#define ALGBENCH_COMPAT_H

#include <linux/fs.h>
#include <linux/version.h>

/*
 * 6.12 removed no_llseek (commit cb787f4ac0c2): a file that is not seekable
 * says so with nonseekable_open() (or FMODE_UNSEEKABLE) and leaves .llseek
 * NULL. On 6.1 no_llseek is the explicit "-ESPIPE" and still exists.
 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#define ABK_NO_LLSEEK NULL
#else
#define ABK_NO_LLSEEK no_llseek
#endif

#endif
