// SPDX-License-Identifier: GPL-2.0
/* Member offsets reported by algbench_trace.ko (see layout.h). */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/number.h"
#include "sys/file.h"
#include "sys/kmod_client.h"
#include "sys/kmod_load.h"
#include "trace/layout.h"

#define LAYOUT_TEXT_MAX	  4096
#define LAYOUT_OFFSET_MAX 65535 /* a request or tfm member lies well inside 64 KiB */

int trace_layout_parse(struct trace_layout *l, const char *text, char why[AB_WHY_LEN])
{
	int lineno = 0;

	memset(l, 0, sizeof(*l));
	for (const char *p = text; *p; lineno++) {
		const char *eq = p, *end;
		size_t klen;
		unsigned long long off;

		while (isalnum((unsigned char)*eq) || *eq == '_' || *eq == '.')
			eq++;
		klen = (size_t)(eq - p);
		end = strchr(p, '\n');
		end = end ? end : p + strlen(p);
		if (!klen || klen >= sizeof(l->e[0].member) || *eq != '=' ||
		    !isdigit((unsigned char)eq[1])) {
			ab_whyf(why,
				"%s line %d: not 'struct.member=offset' (at most %zu "
				"characters of [A-Za-z0-9_.], a decimal offset)",
				TRACE_LAYOUT_FILE, lineno + 1, sizeof(l->e[0].member) - 1);
			return -EINVAL;
		}
		if (ab_parse_uint_n(eq + 1, (size_t)(end - eq - 1), 0, LAYOUT_OFFSET_MAX, 0,
				    &off)) {
			ab_whyf(why, "%s line %d: offset not a number in 0..%d", TRACE_LAYOUT_FILE,
				lineno + 1, LAYOUT_OFFSET_MAX);
			return -EINVAL;
		}
		for (int i = 0; i < l->n; i++)
			if (strlen(l->e[i].member) == klen && !strncmp(l->e[i].member, p, klen)) {
				ab_whyf(why, "%s line %d: %.*s given twice", TRACE_LAYOUT_FILE,
					lineno + 1, (int)klen, p);
				return -EINVAL;
			}
		if (l->n >= TRACE_LAYOUT_MAX) {
			ab_whyf(why, "%s: more than %d lines", TRACE_LAYOUT_FILE, TRACE_LAYOUT_MAX);
			return -EINVAL;
		}
		memcpy(l->e[l->n].member, p, klen);
		l->e[l->n].member[klen] = '\0';
		l->e[l->n++].offset = (long)off;
		p = *end ? end + 1 : end;
	}
	return 0;
}

int trace_module_hold(int *loaded, char how[AB_WHY_LEN])
{
	int err;

	*loaded = 0;
	abk_mount_debugfs();
	if (!access(TRACE_LAYOUT_DIR, F_OK))
		return 0;
	/* a note (loaded from the build) is not said: the caller unloads it again */
	err = abk_load("algbench_trace", how);
	if (err < 0)
		return err;
	*loaded = 1;
	return 0;
}

int trace_layout_load(struct trace_layout *l, char why[AB_WHY_LEN])
{
	char how[AB_WHY_LEN] = "", ignored[AB_WHY_LEN];
	int loaded, err;
	char *text;

	err = trace_module_hold(&loaded, how);
	if (err) {
		ab_whyf(why,
			"no /sys/kernel/btf/vmlinux (a kernel without "
			"CONFIG_DEBUG_INFO_BTF) and no member offsets from %s: %s",
			TRACE_LAYOUT_FILE, how);
		return err;
	}
	err = ab_read_file(TRACE_LAYOUT_FILE, LAYOUT_TEXT_MAX - 1, &text, NULL);
	if (loaded) /* only for the read: leave the system as it was */
		abk_unload("algbench_trace", ignored);
	if (err == -EFBIG) {
		ab_whyf(why, "%s: longer than %d bytes", TRACE_LAYOUT_FILE, LAYOUT_TEXT_MAX - 1);
		return -EINVAL;
	}
	if (err) {
		ab_whyf(why,
			"%s: %s (algbench_trace.ko without crypto_layout is older than "
			"this algbench: rebuild kmod/)",
			TRACE_LAYOUT_FILE, strerror(-err));
		return err;
	}
	err = trace_layout_parse(l, text, why);
	free(text);
	return err;
}

long trace_layout_offset(const struct trace_layout *l, const char *sname, const char *member)
{
	char key[sizeof(l->e[0].member)];

	snprintf(key, sizeof(key), "%s.%s", sname, member);
	for (int i = 0; i < l->n; i++)
		if (!strcmp(l->e[i].member, key))
			return l->e[i].offset;
	return -1;
}
