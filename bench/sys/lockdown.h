/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sys/lockdown.h: the kernel's lockdown mode (security/lockdown), the one
 * reader for everything it refuses: loading an unsigned module
 * (sys/kmod_load.c) and BPF programs that read kernel memory
 * (trace/bpf_engine.c).
 */
#ifndef ALGBENCH_LOCKDOWN_H
#define ALGBENCH_LOCKDOWN_H

#include <stddef.h>

#define AB_LOCKDOWN_PATH "/sys/kernel/security/lockdown"

/*
 * The bracketed word of PATH's line (AB_LOCKDOWN_PATH: "none integrity
 * [confidentiality]") into MODE (LEN bytes): 0; else MODE is "" and the
 * return is -errno of the read (securityfs not mounted, or no lockdown LSM),
 * -EINVAL for a line without "[mode]", or -ERANGE when the word does not fit.
 */
int ab_lockdown_mode(const char *path, char *mode, size_t len);

#endif
