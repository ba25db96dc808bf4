/* SPDX-License-Identifier: GPL-2.0 */
#ifndef ALGBENCH_SYS_HOST_H
#define ALGBENCH_SYS_HOST_H

#include <stddef.h>

/*
 * What a real-hardware A/B must record beside its numbers (docs/real-host.md):
 * CPU topology, frequency governor, turbo and SMT, from sysfs. A value sysfs
 * does not offer (a VM without cpufreq, say) is "unknown" or 0.
 */
struct ab_host_tuning {
	char governor[32];	      /* cpu0 scaling_governor, "unknown" */
	char turbo[8];		      /* "on", "off" or "unknown" */
	char smt[8];		      /* "on", "off" or "unknown" (smt/active) */
	unsigned int packages, cores; /* distinct physical packages, distinct cores */
};

void ab_host_tuning_read(struct ab_host_tuning *t);

/* First line of PATH into BUF (trailing newline cut, truncated to CAP); 0, or -1 if unreadable. */
int ab_read_line(const char *path, char *buf, size_t cap);

#endif
