// SPDX-License-Identifier: GPL-2.0
/* Effective capabilities (sys/caps.h). */
#include <linux/capability.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "sys/caps.h"

bool ab_cap_effective(int cap, bool unknown)
{
	struct __user_cap_header_struct hdr = { _LINUX_CAPABILITY_VERSION_3, 0 };
	struct __user_cap_data_struct data[_LINUX_CAPABILITY_U32S_3];

	/* capget(2) has no glibc wrapper; libcap would be a dependency for one call. */
	if (cap < 0 || cap >= 32 * _LINUX_CAPABILITY_U32S_3 || syscall(SYS_capget, &hdr, data))
		return unknown;
	return data[cap / 32].effective & (1u << (cap % 32));
}
