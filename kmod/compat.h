/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Where the in-kernel API algbench.ko uses differs between the kernels it is
 * built for (Debian's 6.1 and 6.12): every version check lives here, so the
 * rest of kmod/ is one source for both.
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
