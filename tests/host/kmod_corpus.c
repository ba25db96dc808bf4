// SPDX-License-Identifier: GPL-2.0
/*
 * The corpus generator is shared by algbench.ko and user space: the CRCs
 * below are what the module reported as input_crc32 for 4096-byte jobs in
 * Debian's 6.1 guest, so user space makes the same bytes. Also: the acomp
 * references round-trip and compress the corpora. TAP.
 */
#include <stdio.h>
#include <stdlib.h>

#include <zlib.h>

#include "backends/acomp_ref.h"
#include "kmod/algbench_corpus.h"
#include "sys/tap.h"

static unsigned long crc_of(enum ab_corpus c, unsigned char *buf, size_t len)
{
	ab_corpus_fill(c, buf, len);
	return crc32(0, buf, (uInt)len);
}

int main(void)
{
	static unsigned char buf[65536];
	const char *algs[] = { "deflate", "lz4", "zstd" };
	char what[160];

	ab_tap_header();
	ab_tap_ok(crc_of(AB_CORPUS_BINARY, buf, 4096) == 0xd95e85fdUL,
		  "binary corpus, 4096 bytes: the kernel's crc32");
	ab_tap_ok(crc_of(AB_CORPUS_TEXT, buf, 4096) == 0x2858449bUL,
		  "text corpus, 4096 bytes: the kernel's crc32");
	for (size_t i = 0; i < sizeof(algs) / sizeof(algs[0]); i++) {
		struct acomp_ref ref;
		int ret;

		ab_corpus_fill(AB_CORPUS_TEXT, buf, sizeof(buf));
		ret = acomp_ref_run(algs[i], buf, sizeof(buf), 0.01, &ref);
		snprintf(what, sizeof(what), "%s reference: round trip, text ratio %.2f", algs[i],
			 ret ? 0 : (double)sizeof(buf) / (double)ref.csize);
		ab_tap_ok(!ret && ref.roundtrip_ok && ref.csize * 3 / 2 < sizeof(buf), what);
	}
	ab_tap_ok(acomp_ref_run("lzo", buf, 16, 0.01, &(struct acomp_ref){ 0 }) != 0,
		  "no lzo reference: says so");
	return ab_tap_finish();
}
