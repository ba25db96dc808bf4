/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The one place for differences between the kernels algbench.ko builds on
 * (Debian's 6.1 and 6.12): everything else is written once.
 */
#ifndef ALGBENCH_COMPAT_H
#define ALGBENCH_COMPAT_H

#include <linux/fs.h>
#include <linux/version.h>

/*
 * 6.12 removed no_llseek: since 6.0 a file without ->llseek is not seekable
 * (FMODE_LSEEK is cleared at open), which is what no_llseek said.
 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#define ALGBENCH_NO_LLSEEK NULL
#else
#define ALGBENCH_NO_LLSEEK no_llseek
#endif

#endif
