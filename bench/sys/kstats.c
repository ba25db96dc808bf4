// SPDX-License-Identifier: GPL-2.0
/* CONFIG_CRYPTO_STATS of the running kernel, as its config says it. */
#include <stdio.h>
#include <string.h>
#include <sys/utsname.h>
#include <zlib.h>

#include "sys/kstats.h"

enum kstats kstats_scan_line(const char *line, enum kstats sofar)
{
	static const char sym[] = "CONFIG_CRYPTO_STATS";
	const char *p = strstr(line, sym);

	if (!p || (p != line && strncmp(line, "# ", 2)))
		return sofar;
	p += sizeof(sym) - 1;
	if (line[0] == '#')
		return !strncmp(p, " is not set", 11) ? KSTATS_N : sofar;
	if (!strncmp(p, "=y", 2))
		return KSTATS_Y;
	return *p == '=' ? KSTATS_N : sofar;
}

enum kstats kstats_from_config(char *source, size_t source_len)
{
	char boot[300], line[512];
	const char *paths[2] = { "/proc/config.gz", boot };
	struct utsname u;

	uname(&u);
	snprintf(boot, sizeof(boot), "/boot/config-%s", u.release);
	source[0] = '\0';
	/* gzopen reads plain text too, so one reader serves both files. */
	for (int i = 0; i < 2; i++) {
		gzFile f = gzopen(paths[i], "r");
		enum kstats k = KSTATS_ABSENT;

		if (!f)
			continue;
		while (gzgets(f, line, sizeof(line)))
			k = kstats_scan_line(line, k);
		gzclose(f);
		snprintf(source, source_len, "%s", paths[i]);
		return k;
	}
	return KSTATS_UNKNOWN;
}

const char *kstats_name(enum kstats k)
{
	static const char *const names[] = { "unknown", "y", "n", "absent" };

	return names[k];
}
