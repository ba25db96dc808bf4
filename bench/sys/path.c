// SPDX-License-Identifier: GPL-2.0
/* A path as seen from another folder (sys/path.h). */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sys/path.h"

/* How many components S holds (S starts at a '/' or at the end). */
static size_t components(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		n += *s != '/' && (s[-1] == '/');
	return n;
}

/* P relative to D, both absolute and clean (realpath's). */
static int relative(const char *p, const char *d, char *out, size_t len)
{
	size_t i, common = 0, ups, used = 0;
	const char *rest;

	/* the longest shared prefix that ends at a component boundary */
	for (i = 0; p[i] && p[i] == d[i]; i++)
		if (p[i] == '/')
			common = i;
	if ((!d[i] && (!p[i] || p[i] == '/')) || (!p[i] && d[i] == '/'))
		common = i; /* one is the other's folder, or both are the same */
	if (!common) /* only the root is shared: "../../x/y" would spell out where both are */
		return -EXDEV;
	ups = components(d + common);
	rest = p + common + (p[common] == '/');
	out[0] = 0;
	for (size_t k = 0; k < ups && used < len; k++)
		used += (size_t)snprintf(out + used, len - used, "%s..", k ? "/" : "");
	if (*rest && used < len)
		used += (size_t)snprintf(out + used, len - used, "%s%s", ups ? "/" : "", rest);
	else if (!*rest && !ups)
		used = (size_t)snprintf(out, len, ".");
	return used < len ? 0 : -ENAMETOOLONG;
}

int ab_path_rel(const char *path, const char *dir, char *out, size_t len)
{
	char *p = realpath(path, NULL), *d = realpath(dir, NULL);
	int ret = p && d ? relative(p, d, out, len) : -errno;

	if (ret) {
		const char *slash = strrchr(path, '/');

		/* the last component, never the folders before it */
		snprintf(out, len, "%s", !slash ? path : slash[1] ? slash + 1 : ".");
	}
	free(p);
	free(d);
	return ret;
}

void ab_path_dir(const char *path, char *out, size_t len)
{
	const char *slash = strrchr(path, '/');

	if (!slash)
		snprintf(out, len, ".");
	else if (slash == path)
		snprintf(out, len, "/");
	else
		snprintf(out, len, "%.*s", (int)(slash - path), path);
}
