// SPDX-License-Identifier: GPL-2.0
/*
 * The smallest external module: tests/vm/ab_kernels.sh builds it against an
 * A/B kernel's KDIR (ROOT/lib/modules/REL/build) and loads it in that kernel,
 * which shows the tree is usable for kmod/ (headers, Module.symvers,
 * vermagic).
 */
#include <linux/module.h>
#include <linux/printk.h>

static int __init kdir_probe_init(void)
{
	pr_info("kdir_probe: loaded\n");
	return 0;
}

static void __exit kdir_probe_exit(void)
{
}

module_init(kdir_probe_init);
module_exit(kdir_probe_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION(
	"algbench test: an external module builds and loads against build-variants' KDIR");
