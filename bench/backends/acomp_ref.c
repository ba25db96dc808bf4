// SPDX-License-Identifier: GPL-2.0
/* zlib, liblz4 and libzstd at the kernel's settings (see acomp_ref.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <lz4.h>
#include <zlib.h>
#include <zstd.h>

#include "backends/acomp_ref.h"
#include "core/catalogue.h"
#include "sys/cpu.h"

typedef long (*compress_fn)(const unsigned char *in, size_t len, unsigned char *out, size_t cap);
typedef long (*decompress_fn)(const unsigned char *in, size_t len, unsigned char *out, size_t cap);

static long deflate_raw(const unsigned char *in, size_t len, unsigned char *out, size_t cap)
{
	z_stream s = { 0 };
	long n;

	if (deflateInit2(&s, Z_DEFAULT_COMPRESSION, Z_DEFLATED, -11, 9, Z_DEFAULT_STRATEGY) != Z_OK)
		return -ENOMEM;
	s.next_in = (unsigned char *)in;
	s.avail_in = (uInt)len;
	s.next_out = out;
	s.avail_out = (uInt)cap;
	n = deflate(&s, Z_FINISH) == Z_STREAM_END ? (long)s.total_out : -ENOSPC;
	deflateEnd(&s);
	return n;
}

static long inflate_raw(const unsigned char *in, size_t len, unsigned char *out, size_t cap)
{
	z_stream s = { 0 };
	long n;

	if (inflateInit2(&s, -11) != Z_OK)
		return -ENOMEM;
	s.next_in = (unsigned char *)in;
	s.avail_in = (uInt)len;
	s.next_out = out;
	s.avail_out = (uInt)cap;
	n = inflate(&s, Z_FINISH) == Z_STREAM_END ? (long)s.total_out : -EBADMSG;
	inflateEnd(&s);
	return n;
}

static long lz4_c(const unsigned char *in, size_t len, unsigned char *out, size_t cap)
{
	int n = LZ4_compress_default((const char *)in, (char *)out, (int)len, (int)cap);

	return n > 0 ? n : -ENOSPC;
}

static long lz4_d(const unsigned char *in, size_t len, unsigned char *out, size_t cap)
{
	int n = LZ4_decompress_safe((const char *)in, (char *)out, (int)len, (int)cap);

	return n >= 0 ? n : -EBADMSG;
}

/* Streaming without a pledged size: the parameters zstd_get_params(3, 0) picks. */
static long zstd_c(const unsigned char *in, size_t len, unsigned char *out, size_t cap)
{
	ZSTD_CStream *cs = ZSTD_createCStream();
	ZSTD_inBuffer ib = { in, len, 0 };
	ZSTD_outBuffer ob = { out, cap, 0 };
	long n = -ENOSPC;

	if (!cs)
		return -ENOMEM;
	if (!ZSTD_isError(ZSTD_initCStream(cs, 3)) &&
	    !ZSTD_isError(ZSTD_compressStream(cs, &ob, &ib)) && ib.pos == len &&
	    ZSTD_endStream(cs, &ob) == 0)
		n = (long)ob.pos;
	ZSTD_freeCStream(cs);
	return n;
}

static long zstd_d(const unsigned char *in, size_t len, unsigned char *out, size_t cap)
{
	size_t n = ZSTD_decompress(out, cap, in, len);

	return ZSTD_isError(n) ? -EBADMSG : (long)n;
}

/* Indexed by the reference the catalogue row names (enum ab_ref). */
static const struct {
	const char *lib;
	compress_fn c;
	decompress_fn d;
} refs[] = {
	[AB_REF_ZLIB] = { "zlib raw deflate (level 6, wbits 11, memlevel 9)", deflate_raw,
			  inflate_raw },
	[AB_REF_LZ4] = { "liblz4 LZ4_compress_default", lz4_c, lz4_d },
	[AB_REF_ZSTD] = { "libzstd level 3 (unknown-size parameters)", zstd_c, zstd_d },
};

/* Seconds on the harness's one clock (sys/cpu.h). */
static double now(void)
{
	return (double)ab_now_ns() / 1e9;
}

int acomp_ref_run(const char *alg, const unsigned char *in, size_t len, double seconds,
		  struct acomp_ref *out)
{
	const struct ab_alg *row = ab_alg_find(alg);
	size_t cap = len + len / 8 + 1024;
	unsigned char *c, *d;
	unsigned long ops = 0;
	long n = 0, m;
	double t0, t;
	int ret = -ENOMEM;

	if (!row || row->type != AB_ACOMP || (size_t)row->ref >= sizeof(refs) / sizeof(refs[0]) ||
	    !refs[row->ref].c)
		return -ENOENT;
	c = malloc(cap);
	d = malloc(len + 1);
	if (!c || !d)
		goto out;
	t0 = now();
	do {
		n = refs[row->ref].c(in, len, c, cap);
		ops++;
		t = now() - t0;
	} while (n > 0 && t < seconds);
	if (n <= 0) {
		ret = (int)n;
		goto out;
	}
	m = refs[row->ref].d(c, (size_t)n, d, len + 1);
	out->lib = refs[row->ref].lib;
	out->csize = (size_t)n;
	out->mbps = t > 0 ? (double)ops * (double)len / t / 1e6 : 0;
	out->roundtrip_ok = m == (long)len && !memcmp(d, in, len);
	ret = 0;
out:
	free(c);
	free(d);
	return ret;
}
