// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: arbitrary bytes as one received crypto_user datagram.
 * Each data message is parsed both as a GETALG and a GETSTAT reply, every
 * string read back, so ASan/UBSan see each byte the parser touches. The
 * input is copied to a buffer of exactly its size so any read past it is
 * caught. (libmnl itself is not instrumented; the parser never lets it
 * read past the aligned end of a message it has checked.)
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../host/cu_replies.h"

static volatile size_t sink;

static void touch_strings(const struct cu_alg *a)
{
	sink += strlen(a->name) + strlen(a->driver) + strlen(a->module) + strlen(a->report.type);
}

static int on_msg(const struct nlmsghdr *nlh, void *data)
{
	struct cu_alg a;
	struct cu_stat st;
	size_t n;

	(void)data;
	if (!cu_parse_alg(nlh, &a)) {
		const struct cu_field *f = cu_report_fields(a.report_attr, &n);

		touch_strings(&a);
		for (size_t i = 0; i < n; i++)
			sink += f[i].is_string ? strlen((const char *)&a.report + f[i].offset)
					       : cu_field_u64(&a.report, &f[i], false);
	}
	if (!cu_parse_stat(nlh, &st)) {
		const struct cu_field *f = cu_stat_fields(st.stat_attr, &n);

		touch_strings(&st.alg);
		sink += strlen(st.u.type);
		for (size_t i = 0; i < n; i++)
			sink += cu_field_u64(&st.u, &f[i], true);
	}
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t *buf = malloc(size ? size : 1);
	struct cu_ack ack;

	memcpy(buf, data, size);
	for (int multi = 0; multi < 2; multi++) {
		cu_reply_walk(buf, size, T_SEQ, T_PORT, multi, on_msg, NULL, &ack);
		sink += strlen(ack.msg);
	}
	free(buf);
	return 0;
}
