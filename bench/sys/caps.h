/* SPDX-License-Identifier: GPL-2.0 */
/* sys/caps.h: what this process may do, by capability (capabilities(7)). */
#ifndef ALGBENCH_CAPS_H
#define ALGBENCH_CAPS_H

#include <stdbool.h>

/*
 * Whether CAP (CAP_SYS_MODULE, CAP_NET_ADMIN, ...) is in this thread's
 * effective set: what the kernel checks, so root without it is refused and
 * a non-root process granted it is not. UNKNOWN when capget(2) fails.
 */
bool ab_cap_effective(int cap, bool unknown);

#endif
