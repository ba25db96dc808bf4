// SPDX-License-Identifier: GPL-2.0
/* The kernel's lockdown mode (sys/lockdown.h). */
#include <errno.h>
#include <string.h>

#include "sys/host.h"
#include "sys/lockdown.h"

int ab_lockdown_mode(const char *path, char *mode, size_t len)
{
	char line[128], *open, *close;
	int err = ab_read_line(path, line, sizeof(line));

	if (len)
		mode[0] = '\0';
	if (err)
		return err;
	open = strchr(line, '[');
	close = open ? strchr(open, ']') : NULL;
	if (!close)
		return -EINVAL;
	if ((size_t)(close - open) > len) /* the word and its NUL */
		return -ERANGE;
	memcpy(mode, open + 1, (size_t)(close - open - 1));
	mode[close - open - 1] = '\0';
	return 0;
}
