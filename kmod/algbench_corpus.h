/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The bytes algbench.ko feeds its jobs, generated the same way in the kernel
 * and in user space (this header is included by both), so a user-space
 * reference (OpenSSL, zlib, liblz4, libzstd) can process exactly the input
 * the kernel measured, and a caller can compute expected digests. Every
 * result carries input_crc32 (zlib's crc32 of the input) to prove it.
 *
 * Three corpora, documented in docs/kmod.md:
 *   text:   words drawn with a skewed (roughly Zipf) law from a fixed
 *           vocabulary, with punctuation and line breaks: compresses like
 *           prose, about 3:1 for deflate.
 *   binary: 64-byte chunks that are, in turn, random bytes, a run of one
 *           byte, small integers (a "table"), or a copy of an earlier chunk:
 *           mixed binary, about 2:1.
 *   pattern: in[i] = 31 i + 3 (mod 256), the input of algbench's user-space
 *           known-answer vectors (bench/backends/vector.c), so a KAT can run in-kernel.
 *
 * The fixed patterns, here once for both sides: the pattern corpus, and the
 * key and IV a job uses when it is given none: the module's when a job line
 * has no key= or iv=, user space's vectors always (bench/backends/vector.c,
 * which passes them as key= and iv=). Each is p[i] = MUL i + ADD (mod 256),
 * not periodic within 256 bytes, so xts's two key halves differ:
 *   input  31 i + 3     key  7 i + 1     IV  3 i + 0xa0
 */
#ifndef ALGBENCH_CORPUS_H
#define ALGBENCH_CORPUS_H

#ifdef __KERNEL__
#include <linux/string.h>
#include <linux/types.h>
#else
#include <stddef.h>
#include <string.h>
#endif

enum ab_corpus { AB_CORPUS_BINARY, AB_CORPUS_TEXT, AB_CORPUS_PATTERN };

/* xorshift32: tiny, deterministic, the same on every platform. */
static inline unsigned int ab_rand(unsigned int *s)
{
	unsigned int x = *s;

	x ^= x << 13;
	x ^= x >> 17;
	x ^= x << 5;
	return *s = x;
}

/* the words in frequency order, as written (clang-format would make columns) */
/* clang-format off */
static const char *const ab_words[] = {
	"the", "of", "and", "to", "in", "a", "is", "that", "for", "it",
	"as", "was", "with", "be", "by", "on", "not", "he", "this", "are",
	"or", "his", "from", "at", "which", "but", "have", "an", "had", "they",
	"kernel", "crypto", "cipher", "request", "buffer", "page", "scatter",
	"gather", "thread", "queue", "driver", "module", "digest", "block",
	"compress", "stream", "memory", "cache", "latency", "throughput",
	"benchmark", "algorithm", "transform", "completion", "interrupt",
	"softirq", "scheduler", "allocation", "deflate", "entropy",
	"counter", "atomic", "contention", "regression",
};
/* clang-format on */

#define AB_N_WORDS (sizeof(ab_words) / sizeof(ab_words[0]))

static inline void ab_corpus_text(unsigned char *buf, size_t len)
{
	unsigned int s = 0x7e57c0de;
	size_t n = 0;

	while (n < len) {
		/* min of two draws favours the front of the vocabulary */
		unsigned int a = ab_rand(&s) % AB_N_WORDS;
		unsigned int b = ab_rand(&s) % AB_N_WORDS;
		const char *w = ab_words[a < b ? a : b];
		unsigned int r = ab_rand(&s) % 16;
		char sep = r == 0 ? '\n' : r == 1 ? ',' : r == 2 ? '.' : ' ';

		while (*w && n < len)
			buf[n++] = (unsigned char)*w++;
		if (n < len)
			buf[n++] = (unsigned char)sep;
	}
}

static inline void ab_corpus_binary(unsigned char *buf, size_t len)
{
	unsigned int s = 0xb1a2c3d4;
	size_t n, i;

	for (n = 0; n < len; n += 64) {
		size_t chunk = len - n < 64 ? len - n : 64;
		unsigned int kind = ab_rand(&s) % 4;
		unsigned char fill = (unsigned char)ab_rand(&s);

		for (i = 0; i < chunk; i++) {
			switch (kind) {
			case 0: /* random */
				buf[n + i] = (unsigned char)ab_rand(&s);
				break;
			case 1: /* run */
				buf[n + i] = fill;
				break;
			case 2: /* small integers */
				buf[n + i] = (unsigned char)(ab_rand(&s) % 8);
				break;
			default: /* copy of an earlier chunk, or random if none */
				buf[n + i] =
					n >= 256 ? buf[n - 256 + i] : (unsigned char)ab_rand(&s);
				break;
			}
		}
	}
}

/* p[i] = MUL i + ADD (mod 256): every fixed pattern */
static inline void ab_pattern_fill(unsigned char *p, size_t len, unsigned int mul, unsigned int add)
{
	size_t i;

	for (i = 0; i < len; i++)
		p[i] = (unsigned char)(i * mul + add);
}

static inline void ab_corpus_fill(enum ab_corpus c, unsigned char *buf, size_t len)
{
	if (c == AB_CORPUS_TEXT)
		ab_corpus_text(buf, len);
	else if (c == AB_CORPUS_PATTERN)
		ab_pattern_fill(buf, len, 31, 3);
	else
		ab_corpus_binary(buf, len);
}

static inline void ab_key_fill(unsigned char *key, size_t len)
{
	ab_pattern_fill(key, len, 7, 1);
}

static inline void ab_iv_fill(unsigned char *iv, size_t len)
{
	ab_pattern_fill(iv, len, 3, 0xa0);
}

#endif
