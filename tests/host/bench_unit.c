// SPDX-License-Identifier: GPL-2.0
/*
 * Host unit tests of the benchmark core: catalogue, statistics, flag
 * parsing and job expansion, result JSON, and the openssl backend's
 * known-answer path (real OpenSSL, no kernel needed). TAP output.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include "backends/backend.h"
#include "backends/vector.h"
#include "core/number.h"
#include "core/stats.h"
#include "energy/em_source.h"
#include "result/result_json.h"
#include "run/harness.h"
#include "run/plan.h"
#include "run/table.h"
#include "sys/cpu.h"
#include "sys/file.h"
#include "sys/kernel_alg.h"
#include "sys/kmod_client.h"
#include "sys/kmod_load.h"
#include "sys/lockdown.h"
#include "sys/path.h"
#include "sys/spawn.h"
#include "sys/tap.h"

static void test_catalogue(void)
{
	static const char *const wanted[] = { "gcm(aes)", "rfc4106(gcm(aes))",
					      "ccm(aes)", "rfc7539(chacha20,poly1305)",
					      "cbc(aes)", "ctr(aes)",
					      "xts(aes)", "sha256",
					      "sha512",	  "hmac(sha256)",
					      "crc32c",	  "deflate",
					      "lzo",	  "lz4",
					      "zstd" };
	int all = 1, sane = 1;

	for (size_t i = 0; i < sizeof(wanted) / sizeof(wanted[0]); i++)
		all &= ab_alg_find(wanted[i]) != NULL;
	ab_tap_ok(all,
		  "catalogue has every algorithm the project names (aead, skcipher, hash, acomp)");
	for (size_t i = 0; i < ab_catalogue_len; i++) {
		const struct ab_alg *a = &ab_catalogue[i];

		sane &= a->n_keys >= 1 && a->n_keys <= AB_MAX_KEYS;
		if (a->type == AB_AEAD)
			sane &= a->ivlen && a->taglen == 16 && a->keys[0].evp != NULL;
		if (a->type == AB_SKCIPHER)
			sane &= a->ivlen == 16 && a->keys[0].evp != NULL;
		if (a->type == AB_HASH)
			sane &= a->digestlen > 0;
	}
	ab_tap_ok(sane, "every row has keys; aead/skcipher rows have IV, tag and an EVP name");
	ab_tap_ok(ab_alg_find("gcm(aes)")->n_keys == 2 &&
			  ab_alg_key(ab_alg_find("gcm(aes)"), 256)->keylen == 32,
		  "gcm(aes) has 128- and 256-bit keys");
	ab_tap_ok(ab_alg_key(ab_alg_find("xts(aes)"), 512)->keylen == 64,
		  "xts(aes) 512 is a 64-byte key");
	ab_tap_ok(!ab_alg_find("gcm(des)") && !ab_alg_key(ab_alg_find("sha256"), 128),
		  "unknown names and sizes are NULL");
	ab_tap_ok(ab_alg_find("deflate")->type == AB_ACOMP &&
			  ab_alg_has_op(ab_alg_find("lz4"), AB_OP_DECOMPRESS) &&
			  !ab_alg_has_op(ab_alg_find("sha256"), AB_OP_ENCRYPT),
		  "acomp rows compress/decompress; hashes only digest");
	ab_tap_ok(!ab_alg_size_ok(ab_alg_find("cbc(aes)"), 100) &&
			  ab_alg_size_ok(ab_alg_find("ctr(aes)"), 100),
		  "cbc wants whole blocks, ctr does not");
	ab_tap_ok(ab_type_parse("skcipher") == AB_SKCIPHER &&
			  ab_op_parse("decrypt") == AB_OP_DECRYPT && ab_type_parse("cipher") < 0,
		  "type and op names parse");
}

static void test_stats(void)
{
	double odd[] = { 5, 1, 3, 100, 2 }, even[] = { 4, 1, 3, 2 };
	struct ab_spread s;
	struct ab_sample samples[3] = { { .ops = 10, .bytes = 1000, .ns = 1000 },
					{ .ops = 10, .bytes = 2000, .ns = 1000 },
					{ .ops = 10, .bytes = 3000, .ns = 1000 } };
	struct ab_job job = { .threads = 1 };
	struct ab_result res = { .job = job, .samples = samples, .n_samples = 3 };

	ab_tap_ok(ab_median(odd, 5) == 3 && ab_median(even, 4) == 2.5,
		  "median of odd and even counts");
	ab_spread_of((double[]){ 1, 2, 3, 4, 100 }, 5, &s);
	ab_tap_ok(s.median == 3 && s.min == 1 && s.max == 100 && s.mad == 1,
		  "spread: median 3, MAD 1 despite an outlier");
	ab_result_stats(&res);
	ab_tap_ok(fabs(res.mbps.median - 2000) < 1e-9 && fabs(res.mbps.min - 1000) < 1e-9 &&
			  res.ns_per_op_median == 100,
		  "MB/s is bytes/ns x 1000; ns/op from the samples");
	ab_tap_ok(isnan(res.cycles_per_byte), "no TSC ticks: cycles/byte is NaN (null in JSON)");
}

/*
 * The oracle for ab_bootstrap_ratio_ci(): every resample drawn with the same
 * generator (xorshift64*, as stats.c documents), sorted, its median taken;
 * the library reads medians off rank counts instead and must agree exactly.
 */
static uint64_t oracle_random(uint64_t *x)
{
	*x ^= *x >> 12;
	*x ^= *x << 25;
	*x ^= *x >> 27;
	return *x * 0x2545F4914F6CDD1DULL;
}

static int cmp_dbl(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static double oracle_median(const double *v, size_t n, uint64_t *rng)
{
	double r[64];

	for (size_t i = 0; i < n; i++)
		r[i] = v[oracle_random(rng) % n];
	qsort(r, n, sizeof(*r), cmp_dbl);
	return n % 2 ? r[n / 2] : (r[n / 2 - 1] + r[n / 2]) / 2;
}

static void oracle_ci(const double *a, size_t na, const double *b, size_t nb, unsigned int iters,
		      double *lo, double *hi)
{
	static double ratios[2000];
	uint64_t rng = 0x9E3779B97F4A7C15ULL;
	size_t kept = 0;

	for (unsigned int i = 0; i < iters; i++) {
		double ma = oracle_median(a, na, &rng), mb = oracle_median(b, nb, &rng);

		if (ma > 0)
			ratios[kept++] = mb / ma;
	}
	qsort(ratios, kept, sizeof(*ratios), cmp_dbl);
	*lo = ratios[(size_t)(0.025 * (kept - 1))];
	*hi = ratios[(size_t)(0.975 * (kept - 1) + 0.5)];
}

/*
 * ab_select() against a sort, on the shapes that break a naive quickselect
 * (sorted, reversed, all equal, organ pipe, few distinct values) and random
 * ones; the median of an even count is the mean of the middle two.
 */
static void test_select(void)
{
	enum { N = 1001 };
	static double v[N], sorted[N];
	uint64_t x = 88172645463325252ULL;
	bool all_ok = true;

	for (int shape = 0; shape < 6; shape++)
		for (size_t n = 1; n <= N; n += n < 40 ? 1 : 97) {
			for (size_t i = 0; i < n; i++) {
				x ^= x << 13, x ^= x >> 7, x ^= x << 17;
				v[i] = shape == 0   ? (double)i
				       : shape == 1 ? (double)(n - i)
				       : shape == 2 ? 7
				       : shape == 3 ? (double)(i < n / 2 ? i : n - i)
				       : shape == 4 ? (double)(x % 3)
						    : (double)(x % 100000) / 7;
			}
			memcpy(sorted, v, n * sizeof(*v));
			qsort(sorted, n, sizeof(*v), cmp_dbl);
			for (size_t k = 0; k < n; k += 1 + n / 7) {
				double got = ab_select(v, n, k);

				all_ok &= got == sorted[k];
				for (size_t i = 0; i < n; i++)
					all_ok &= i < k ? v[i] <= got : i > k ? v[i] >= got : true;
			}
			all_ok &= ab_median(v, n) ==
				  (n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2);
		}
	ab_tap_ok(all_ok, "ab_select and ab_median agree with a sort (sorted, reversed, equal, "
			  "organ pipe, 3 values, random; n 1..1001)");
}

static void test_bootstrap(void)
{
	const double a[] = { 100, 103, 97, 100, 250, 99, 101, 100, 98, 102, 100 };
	const double b[] = { 90, 91, 89, 90, 90, 120, 88, 92, 90, 91 };
	bool same = true;

	for (size_t na = 1; na <= 11; na++) {
		for (size_t nb = 1; nb <= 10; nb += 3) {
			double lo, hi, want_lo, want_hi;

			ab_bootstrap_ratio_ci(a, na, b, nb, 2000, 0, &lo, &hi);
			oracle_ci(a, na, b, nb, 2000, &want_lo, &want_hi);
			if (lo != want_lo || hi != want_hi) {
				ab_tap_diag("bootstrap %zu vs %zu: [%.17g, %.17g], oracle [%.17g, "
					    "%.17g]",
					    na, nb, lo, hi, want_lo, want_hi);
				same = false;
			}
		}
	}
	ab_tap_ok(same,
		  "bootstrap interval from rank counts equals sorting every resample (n 1..11, "
		  "ties, odd and even)");
}

/*
 * Reference values computed independently: Python's itertools.combinations
 * over every split of the pooled boot medians (two-sided, |mean difference|
 * >= observed), and Benjamini-Hochberg by hand (p * n / rank, running
 * minimum from the largest p down).
 */
static void test_boot_statistics(void)
{
	const double a5[] = { 100, 103, 97, 101, 99 }, b5[] = { 90, 92, 91, 89, 93 };
	const double a3[] = { 10, 12, 11 }, b3[] = { 11, 13, 12 };
	const double a6[] = { 5.0, 5.1, 4.9, 5.2, 5.05, 4.95 };
	const double b6[] = { 5.3, 5.2, 5.4, 5.25, 5.35, 5.1 };
	const double same4[] = { 1, 2, 3, 4 };
	const double p4[] = { 0.01, 0.04, 0.03, 0.005 };
	double adj[4], lo, hi;
	const double u1[] = { 100, 100, 100 }, u2[] = { 100, 100 }, v1[] = { 90, 90 };
	const double v2[] = { 90, 90, 90, 90 };
	struct ab_unit ua[] = { { u1, 3 }, { u2, 2 } }, ub[] = { { v1, 2 }, { v2, 4 } };

	ab_tap_ok(fabs(ab_permutation_p(a5, 5, b5, 5) - 2.0 / 252) < 1e-12,
		  "permutation p, 5 vs 5 boots wholly apart: 2/252 = 0.0079 (the exact minimum)");
	ab_tap_ok(fabs(ab_permutation_p(a3, 3, b3, 3) - 0.5) < 1e-12,
		  "permutation p, 3 vs 3 overlapping boots: 10/20 = 0.5");
	ab_tap_ok(fabs(ab_permutation_p(a6, 6, b6, 6) - 10.0 / 924) < 1e-12,
		  "permutation p, 6 vs 6 boots: 10/924 = 0.0108");
	ab_tap_ok(ab_permutation_p(same4, 4, same4, 4) == 1.0,
		  "permutation p of identical sides is 1");
	{
		double big_a[12], big_b[12];

		for (int i = 0; i < 12; i++) {
			big_a[i] = 100 + i % 3;
			big_b[i] = 90 + i % 3;
		}
		/* C(24, 12) = 2,704,156 splits: past the exact cap, so Monte Carlo */
		ab_tap_ok(ab_permutation_p(big_a, 12, big_b, 12) <=
				  2.0 / (AB_PERMUTATION_DRAWS + 1.0),
			  "permutation p, 12 vs 12 boots wholly apart (Monte Carlo): at its floor, "
			  "(hits + 1) / (draws + 1)");
	}
	ab_bh_adjust(p4, 4, adj);
	ab_tap_ok(fabs(adj[0] - 0.02) < 1e-12 && fabs(adj[1] - 0.04) < 1e-12 &&
			  fabs(adj[2] - 0.04) < 1e-12 && fabs(adj[3] - 0.02) < 1e-12,
		  "Benjamini-Hochberg of 0.01 0.04 0.03 0.005: 0.02 0.04 0.04 0.02");
	ab_bootstrap2_ratio_ci(ua, 2, ub, 2, 1000, &lo, &hi);
	ab_tap_ok(lo == 0.9 && hi == 0.9,
		  "two-level bootstrap of constant boots: the interval is the ratio, 0.9");
}

/* core/number.h: the one strict parser, and the kernel version code built on it */
static void test_numbers(void)
{
	unsigned long long v = 7;
	long long sv = 7;

	ab_tap_ok(!ab_parse_uint("42", 1, 100, &v) && v == 42, "a number in range parses");
	ab_tap_ok(ab_parse_uint(" 1", 0, 100, &v) == -EINVAL &&
			  ab_parse_uint("-1", 0, ~0ULL, &v) == -EINVAL &&
			  ab_parse_uint("+1", 0, 100, &v) == -EINVAL &&
			  ab_parse_uint("0x10", 0, 100, &v) == -EINVAL &&
			  ab_parse_uint("1 ", 0, 100, &v) == -EINVAL &&
			  ab_parse_uint("", 0, 100, &v) == -EINVAL,
		  "blanks, signs, base prefixes, trailing text and nothing are refused");
	ab_tap_ok(ab_parse_uint("18446744073709551616", 0, ~0ULL, &v) == -ERANGE &&
			  !ab_parse_uint("18446744073709551615", 0, ~0ULL, &v) && v == ~0ULL &&
			  ab_parse_uint("0", 1, 10, &v) == -ERANGE &&
			  ab_parse_uint("11", 1, 10, &v) == -ERANGE,
		  "overflow and MIN..MAX give -ERANGE; ULLONG_MAX itself parses");
	ab_tap_ok(!ab_parse_uint_n("4k", 2, 1, 1u << 20, AB_NUM_SUFFIX, &v) && v == 4096 &&
			  !ab_parse_uint_n("1M", 2, 1, 1u << 20, AB_NUM_SUFFIX, &v) &&
			  v == 1u << 20 &&
			  ab_parse_uint_n("2m", 2, 1, 1u << 20, AB_NUM_SUFFIX, &v) == -ERANGE &&
			  ab_parse_uint_n("k", 1, 0, 10, AB_NUM_SUFFIX, &v) == -EINVAL &&
			  ab_parse_uint_n("4k", 2, 1, 10000, 0, &v) == -EINVAL &&
			  ab_parse_uint_n("18014398509481984k", 18, 0, ~0ULL, AB_NUM_SUFFIX, &v) ==
				  -ERANGE,
		  "k/m suffixes only when asked, and a suffix cannot wrap");
	ab_tap_ok(!ab_parse_uint_n("123abc", 3, 0, 1000, 0, &v) && v == 123,
		  "a length-bounded field parses without a terminator");
	ab_tap_ok(
		!ab_parse_uint_n("0x410fd0c1", 10, 0, 0xffffffffu, AB_NUM_HEX, &v) &&
			v == 0x410fd0c1 && !ab_parse_uint_n("0XaF", 4, 0, 0xff, AB_NUM_HEX, &v) &&
			v == 0xaf && ab_parse_uint_n("41", 2, 0, 0xff, AB_NUM_HEX, &v) == -EINVAL &&
			ab_parse_uint_n("0x", 2, 0, 0xff, AB_NUM_HEX, &v) == -EINVAL &&
			ab_parse_uint_n("0xg1", 4, 0, 0xff, AB_NUM_HEX, &v) == -EINVAL &&
			ab_parse_uint_n("0x100", 5, 0, 0xff, AB_NUM_HEX, &v) == -ERANGE &&
			ab_parse_uint_n("0x10000000000000000", 19, 0, ~0ULL, AB_NUM_HEX, &v) ==
				-ERANGE,
		"AB_NUM_HEX: \"0x\" and hex digits only (a register as sysfs prints it), bounded");
	ab_tap_ok(!ab_parse_uint_n("0a1b2c3d", 8, 0, 0xffffffffu, AB_NUM_BARE_HEX, &v) &&
			  v == 0x0a1b2c3d &&
			  ab_parse_uint_n("0x1b", 4, 0, 0xffffffffu, AB_NUM_BARE_HEX, &v) ==
				  -EINVAL &&
			  ab_parse_uint_n("1g", 2, 0, 0xffffffffu, AB_NUM_BARE_HEX, &v) ==
				  -EINVAL &&
			  ab_parse_uint_n("100000000", 9, 0, 0xffffffffu, AB_NUM_BARE_HEX, &v) ==
				  -ERANGE,
		  "AB_NUM_BARE_HEX: hex digits without 0x (a %08x checksum), bounded");
	ab_tap_ok(
		!ab_parse_int("-1", -1, 99, &sv) && sv == -1 && !ab_parse_int("42", -1, 99, &sv) &&
			sv == 42 && !ab_parse_int("-0", -1, 99, &sv) && sv == 0 &&
			!ab_parse_int("-9223372036854775808", LLONG_MIN, 0, &sv) &&
			sv == LLONG_MIN &&
			!ab_parse_int("9223372036854775807", 0, LLONG_MAX, &sv) && sv == LLONG_MAX,
		"ab_parse_int: a '-' and digits, LLONG_MIN and LLONG_MAX themselves");
	ab_tap_ok(
		ab_parse_int("-2", -1, 99, &sv) == -ERANGE &&
			ab_parse_int("100", -1, 99, &sv) == -ERANGE &&
			ab_parse_int("-9223372036854775809", LLONG_MIN, 0, &sv) == -ERANGE &&
			ab_parse_int("9223372036854775808", 0, LLONG_MAX, &sv) == -ERANGE &&
			ab_parse_int("+1", -1, 99, &sv) == -EINVAL &&
			ab_parse_int(" -1", -1, 99, &sv) == -EINVAL &&
			ab_parse_int("--1", -9, 9, &sv) == -EINVAL &&
			ab_parse_int("-", -9, 9, &sv) == -EINVAL &&
			ab_parse_int("2abc", -9, 9, &sv) == -EINVAL &&
			ab_parse_int("", -9, 9, &sv) == -EINVAL,
		"ab_parse_int: out of MIN..MAX, '+', blanks, a lone '-' and trailing text refused");
	ab_tap_ok(ab_kernel_version_code("6.10", 1) == 610 &&
			  ab_kernel_version_code("6.1.0-50-amd64", 0) == 601 &&
			  ab_kernel_version_code("6.12.0-rc1+", 0) == 612 &&
			  ab_kernel_version_code("6.1.5", 1) == 601,
		  "kernel versions: X.Y, with uname's tail when not strict");
	ab_tap_ok(!ab_kernel_version_code("6.1junk", 1) && !ab_kernel_version_code("6.1.", 1) &&
			  !ab_kernel_version_code("-6.1", 0) &&
			  !ab_kernel_version_code("6.100", 0) && !ab_kernel_version_code("6", 0) &&
			  !ab_kernel_version_code("0.9", 0) && !ab_kernel_version_code("6.-1", 0),
		  "not versions: junk tails (strict), a minor above 99, no minor, major 0, signs");
}

/* core/number.h: the rounding rule, "Rounding to the spread" in docs/statistics.md */
static int fmt_is(double x, double h, const char *want)
{
	char buf[64];

	return !strcmp(ab_fmt_round(buf, sizeof(buf), x, h), want);
}

static void test_rounding(void)
{
	char lo[32], hi[32];
	int d = ab_round_decimals(0.9332, (0.9483 - 0.9131) / 2);

	ab_tap_ok(d == 2 && fmt_is(0.9332, 0.0176, "0.93") &&
			  !strcmp(ab_fmt_decimals(lo, sizeof(lo), 0.9131, d), "0.91") &&
			  !strcmp(ab_fmt_decimals(hi, sizeof(hi), 0.9483, d), "0.95"),
		  "0.9332 in [0.9131, 0.9483]: 0.93 [0.91, 0.95], the interval to the same place");
	ab_tap_ok(fmt_is(1234.56, 12, "1230") && fmt_is(1234.56, 9.99, "1235") &&
			  fmt_is(1234.56, 0.5, "1234.6") && fmt_is(1234.56, 10, "1230") &&
			  fmt_is(1234.56, 100, "1200") && fmt_is(8.1, 5.66, "8"),
		  "the last digit is the place of the half-width's leading digit (10 is exact)");
	ab_tap_ok(fmt_is(5, 30, "5") && fmt_is(0.004, 1, "0.004") && fmt_is(98765, 1e6, "100000"),
		  "at least one significant digit, however wide the spread");
	ab_tap_ok(fmt_is(1.0001234567, 1e-12, "1.00012") && fmt_is(100, 0, "100.000") &&
			  fmt_is(0.9, NAN, "0.900") && fmt_is(123.456, NAN, "123") &&
			  fmt_is(42, -1, "42.0"),
		  "at most 6 significant digits (spread 0 too); 3 when the spread is unknown");
	ab_tap_ok(fmt_is(NAN, 1, "-") && fmt_is(INFINITY, 1, "-") && fmt_is(0, 0.05, "0.00") &&
			  fmt_is(-0.25, 0.01, "-0.25"),
		  "not a number: '-'; 0 and negative values round like any other");
}

/* sys/file.h: procfs files say size 0; a bound is an error, never a silent cut */
static void test_read_file(void)
{
	char *text = NULL;
	size_t len = 0;
	int fd[2];

	ab_tap_ok(!ab_read_file("/proc/self/status", 1u << 20, &text, &len) && len > 100 &&
			  strlen(text) == len && strstr(text, "Pid:"),
		  "a procfs file (st_size 0) is read whole");
	free(text);
	ab_tap_ok(ab_read_file("/proc/self/status", 10, &text, &len) == -EFBIG,
		  "a file over the bound is -EFBIG, not truncated");
	ab_tap_ok(ab_read_file("/nonexistent/file", 10, &text, &len) == -ENOENT,
		  "open()'s errno is returned");
	text = NULL;
	ab_tap_ok(!pipe(fd) && write(fd[1], "0123456789", 10) == 10 && !close(fd[1]) &&
			  !ab_read_fd(fd[0], 10, &text, &len) && len == 10 &&
			  !strcmp(text, "0123456789"),
		  "exactly the bound is read, NUL-terminated");
	free(text);
	close(fd[0]);
}

static void test_parsing(void)
{
	struct ab_plan p = { 0 };
	char why[AB_WHY_LEN];

	ab_tap_ok(!ab_parse_sizes("16,4k,1m", &p, why) && p.n_sizes == 3 && p.sizes[1] == 4096 &&
			  p.sizes[2] == 1048576,
		  "sizes with k/m suffixes");
	ab_tap_ok(ab_parse_sizes("0", &p, why) && strstr(why, "size '0'"),
		  "--sizes 0 is refused, naming the item");
	ab_tap_ok(ab_parse_sizes("16,-4", &p, why) && ab_parse_sizes("2m", &p, why) &&
			  ab_parse_sizes("", &p, why),
		  "negative, too large and empty sizes are refused");
	ab_tap_ok(!ab_parse_threads("1,all", 4, &p, why) && p.n_threads == 2 && p.threads[1] == 4,
		  "threads 1,all on 4 CPUs");
	ab_tap_ok(!ab_parse_threads("1,all", 1, &p, why) && p.n_threads == 1,
		  "1,all on one CPU is one thread count");
	ab_tap_ok(ab_parse_threads("0", 4, &p, why) && ab_parse_threads("5", 4, &p, why) &&
			  strstr(why, "1..4"),
		  "--threads 0 and more than the CPUs are refused");
	ab_tap_ok(!ab_parse_algs("rfc7539(chacha20,poly1305),sha256", &p, why) && p.n_algs == 2 &&
			  !strcmp(p.algs[0]->name, "rfc7539(chacha20,poly1305)"),
		  "algorithm lists split outside parentheses");
	ab_tap_ok(ab_parse_algs("sha256,nosuch", &p, why) &&
			  strstr(why, "unknown algorithm 'nosuch'"),
		  "an unknown algorithm is named");
	ab_tap_ok(ab_parse_backends("nosuch", &p, why) && strstr(why, "afalg"),
		  "an unknown backend lists the known ones");
	ab_tap_ok(ab_parse_modes("zerocopy", &p, why) && !ab_parse_modes("vmsplice,evp", &p, why) &&
			  p.n_modes == 2,
		  "modes: known ones parse, unknown ones are refused");
}

static size_t count_jobs(const char *algs, const char *backends, const char *sizes,
			 const char *threads, struct ab_job **out)
{
	struct ab_plan p = { .seconds = 0.01, .warmup = 0, .repeats = 1 };
	struct ab_job *jobs = NULL;
	char why[AB_WHY_LEN];
	size_t n = 0;

	if (ab_parse_algs(algs, &p, why) || ab_parse_backends(backends, &p, why) ||
	    ab_parse_sizes(sizes, &p, why) || ab_parse_threads(threads, 2, &p, why) ||
	    ab_plan_jobs(&p, &jobs, &n, why))
		return 0;
	if (out)
		*out = jobs;
	else
		free(jobs);
	return n;
}

static void test_expansion(void)
{
	struct ab_job *jobs = NULL;
	size_t n;

	/* 2 keys x 2 ops x 2 sizes x 2 thread counts x (3 afalg modes + evp) */
	ab_tap_ok(count_jobs("gcm(aes)", "afalg,openssl", "16,4096", "1,2", NULL) == 64,
		  "gcm(aes) expands to 64 jobs");
	/* sha256: 2 afalg modes (no aio for hashes) + evp */
	ab_tap_ok(count_jobs("sha256", "afalg,openssl", "64", "1", NULL) == 3,
		  "hashes get no aio job");
	ab_tap_ok(count_jobs("cbc(aes)", "openssl", "100,4096", "1", NULL) == 4,
		  "sizes a cipher refuses are dropped");
	ab_tap_ok(count_jobs("cbc(aes)", "openssl", "100", "1", NULL) == 0,
		  "nothing left to run is an error");
	char why[AB_WHY_LEN];

	n = count_jobs("deflate", "afalg,openssl", "64", "1", &jobs);
	ab_tap_ok(n == 1 && ab_backend_refuses(&jobs[0], why),
		  "acomp without an in-kernel backend is one skipped row");
	free(jobs);
}

/* A --mode no chosen backend has is refused, not planned around (issue 33). */
static void test_mode_of_no_backend(void)
{
	struct ab_plan p = { .seconds = 0.01, .repeats = 1 };
	struct ab_job *jobs = NULL;
	char why[AB_WHY_LEN] = "";
	size_t n = 0;

	ab_parse_backends("afalg", &p, why);
	ab_parse_sizes("64", &p, why);
	ab_parse_threads("1", 2, &p, why);
	ab_parse_modes("evp", &p, why);
	if (!ab_tap_ok(ab_plan_jobs(&p, &jobs, &n, why) && strstr(why, "--mode evp") &&
			       strstr(why, "afalg: sendmsg"),
		       "--mode evp --backend afalg is refused naming afalg's modes"))
		ab_tap_diag("%s", why);
	free(jobs);
	ab_parse_backends("afalg,openssl", &p, why);
	ab_tap_ok(!ab_plan_jobs(&p, &jobs, &n, why) && n > 0,
		  "--mode evp --backend afalg,openssl plans openssl's jobs");
	free(jobs);
}

static void test_openssl_kat(void)
{
	const struct ab_backend *b = ab_backend_find("openssl");
	static const char *const algs[] = { "gcm(aes)", "rfc4106(gcm(aes))",
					    "ccm(aes)", "rfc7539(chacha20,poly1305)",
					    "cbc(aes)", "ctr(aes)",
					    "xts(aes)", "sha256",
					    "sha512",	"hmac(sha256)" };
	int ok = 1;

	for (size_t i = 0; i < sizeof(algs) / sizeof(algs[0]); i++) {
		const struct ab_alg *a = ab_alg_find(algs[i]);

		for (int op = 0; op < AB_N_OPS; op++) {
			struct ab_job job = { .alg = a,
					      .key = &a->keys[a->n_keys - 1],
					      .backend = b,
					      .op = op,
					      .mode = "evp",
					      .size = 64,
					      .threads = 1,
					      .seconds = 0.002,
					      .repeats = 2 };
			struct ab_result res;

			if (!ab_alg_has_op(a, op))
				continue;
			ab_job_run(&job, &res);
			if (res.status != AB_STATUS_OK || res.kat != AB_KAT_PASS ||
			    res.n_samples != 2 || !(res.mbps.median > 0)) {
				ab_tap_diag("%s %s: %s kat=%s %s", a->name, ab_op_name(op),
					    ab_status_name(res.status), ab_kat_name(res.kat),
					    res.reason);
				ok = 0;
			}
			ab_result_free(&res);
		}
	}
	ab_tap_ok(ok,
		  "openssl backend: every cipher and hash passes its KAT and gets timed samples");
}

static void test_vectors(void)
{
	const struct ab_alg *crc = ab_alg_find("crc32c"), *gcm = ab_alg_find("gcm(aes)");
	struct ab_job job = { .alg = crc, .key = &crc->keys[0], .op = AB_OP_DIGEST, .size = 4096 };
	struct ab_vecbuf vb;
	char why[AB_WHY_LEN];
	int ok;

	ok = !ab_vector_build(&job, 1, &vb, why) && vb.v.inlen == 32 && vb.v.expectlen == 4 &&
	     vb.v.expect[0] == 0xaa;
	ab_vector_free(&vb);
	ab_tap_ok(ok, "crc32c KAT is RFC 3720's 32 zero bytes -> aa 36 91 8a");
	job = (struct ab_job){ .alg = gcm, .key = &gcm->keys[0], .op = AB_OP_DECRYPT, .size = 64 };
	ok = !ab_vector_build(&job, 0, &vb, why) && vb.v.inlen == 64 + 16 && vb.v.expectlen == 64 &&
	     vb.v.expect[1] == (uint8_t)(31 + 3);
	ab_vector_free(&vb);
	ab_tap_ok(ok, "aead decrypt input is ciphertext||tag, answer the plaintext");
}

static struct ab_result sample_result(struct ab_sample *s)
{
	const struct ab_alg *a = ab_alg_find("sha256");
	struct ab_result r = { .job = { .alg = a,
					.key = &a->keys[0],
					.backend = ab_backend_find("openssl"),
					.op = AB_OP_DIGEST,
					.mode = "evp",
					.size = 4096,
					.threads = 1,
					.seconds = 1,
					.repeats = 1 },
			       .kat = AB_KAT_PASS,
			       .samples = s,
			       .n_samples = 1 };

	snprintf(r.driver, sizeof(r.driver), "sha256");
	ab_result_stats(&r);
	return r;
}

static void test_json(void)
{
	struct ab_sample s = { .ops = 100, .bytes = 409600, .ns = 1000000 };
	struct ab_result r = sample_result(&s), skipped = r;
	char dir[] = "/tmp/algbench-unit.XXXXXX", path[64], bad[96], why[AB_WHY_LEN];
	struct ab_run_info run;
	struct ab_json_writer *w;
	json_error_t err;
	json_t *doc, *res0;
	FILE *quiet = tmpfile(); /* stands in for stderr while the writer fails */
	int ok, saved, ret, quiet_fd = quiet ? fileno(quiet) : -1;

	ab_run_info_collect(&run);
	ab_tap_ok(run.id[0] && run.kernel[0] && run.nproc > 0 && strlen(run.started) == 20,
		  "run info: id, kernel, CPUs, time");
	skipped.status = AB_STATUS_SKIPPED;
	snprintf(skipped.reason, sizeof(skipped.reason), "test skip");
	if (!mkdtemp(dir)) {
		ab_tap_ok(false, "mkdtemp");
		return;
	}
	snprintf(path, sizeof(path), "%s/r.json", dir);
	ok = !ab_json_open(path, &run, &w, why) &&
	     !ab_json_add_extra(w, &r, r.job.backend->name, NULL, why) &&
	     !ab_json_add_extra(w, &skipped, skipped.job.backend->name, NULL, why) &&
	     !ab_json_close(w, why);
	ab_tap_ok(ok, "writer opens, adds and closes");
	doc = json_load_file(path, 0, &err);
	res0 = json_array_get(json_object_get(doc, "results"), 0);
	ab_tap_ok(doc && !strcmp(json_string_value(json_object_get(doc, "schema")), "algbench/1") &&
			  json_array_size(json_object_get(doc, "results")) == 2,
		  "file is valid JSON, schema algbench/1, both results");
	ab_tap_ok(res0 && !strcmp(json_string_value(json_object_get(res0, "kat")), "pass") &&
			  json_integer_value(json_object_get(res0, "size")) == 4096 &&
			  fabs(json_real_value(
				       json_object_get(json_object_get(res0, "mbps"), "median")) -
			       409.6) < 1e-6 &&
			  json_is_null(json_object_get(res0, "cycles_per_byte")) &&
			  json_integer_value(json_object_get(
				  json_array_get(json_object_get(res0, "samples"), 0), "ns")) ==
				  1000000,
		  "result fields: kat, size, mbps.median, raw samples, cycles_per_byte null");
	ab_tap_ok(json_is_null(json_object_get(json_array_get(json_object_get(doc, "results"), 1),
					       "mbps")) &&
			  !strcmp(json_string_value(json_object_get(
					  json_array_get(json_object_get(doc, "results"), 1),
					  "reason")),
				  "test skip"),
		  "a skipped result keeps its reason and has mbps null");
	ab_tap_ok(json_object_get(json_object_get(json_object_get(doc, "run"), "host"),
				  "crypto_stats") != NULL,
		  "run.host carries crypto_stats");
	json_decref(doc);
	snprintf(bad, sizeof(bad), "%s/no/such/dir/r.json", dir);
	fflush(stderr);
	saved = dup(2);
	if (quiet_fd >= 0 && saved >= 0)
		dup2(quiet_fd, 2);
	ret = ab_json_open(bad, &run, &w, why);
	fflush(stderr);
	if (saved >= 0)
		dup2(saved, 2), close(saved);
	ab_tap_ok(ret == -ENOENT && !w, "an unwritable path fails at open, with -ENOENT");
	ab_tap_ok(quiet_fd >= 0 && lseek(quiet_fd, 0, SEEK_END) == 0,
		  "the writer prints nothing itself (its caller says why)");
	if (quiet)
		fclose(quiet);
	unlink(path);
	rmdir(dir);
}

/* sys/spawn: exit status, signal, a missing program, and no shell in between. */
static void test_spawn(void)
{
	static const char *const t[] = { "true", NULL },
				 *const ex3[] = { "sh", "-c", "exit 3", NULL },
				 *const kill9[] = { "sh", "-c", "kill -KILL $$", NULL },
				 *const none[] = { "algbench-no-such-program", NULL },
				 *const both[] = { "sh", "-c",
						   "echo to stdout; echo to stderr >&2; exit 4",
						   NULL },
				 *const flood[] = { "sh", "-c",
						    "head -c 200000 /dev/zero | tr '\\0' x", NULL };
	char why[AB_WHY_LEN] = "", dir[] = "/tmp/algbench-spawn.XXXXXX", path[64], word[96],
	     out[64];
	const char *test_z[] = { "test", "-z", word, NULL };
	/*
	 * Under qemu-user (the cross build's tests: tests/CMakeLists.txt sets
	 * ALGBENCH_QEMU_USER) glibc's posix_spawn child, a CLONE_VM|CLONE_VFORK
	 * clone, runs as a plain fork, so an exec that fails comes back as the
	 * child's exit 127, not as posix_spawn's error: QEMU's limitation, not
	 * algbench's; a real arm64 kernel checks it.
	 */
	const char *qemu_user =
		getenv("ALGBENCH_QEMU_USER")
			? "qemu-user emulates posix_spawn's CLONE_VFORK child as a fork: a failed "
			  "exec is exit 127 there, not an error from posix_spawn"
			: NULL;

	ab_tap_ok(ab_spawn(t, 0, why) == 0, "spawn: true exits 0");
	ab_tap_ok(ab_spawn(ex3, 0, why) == 3 && !strcmp(why, "sh exited with status 3"),
		  "spawn: an exit status comes back, and the reason says it");
	ab_tap_ok(ab_spawn(kill9, 0, why) == 128 + 9 && strstr(why, "signal 9"),
		  "spawn: a killed child is 128 + its signal");
	if (qemu_user)
		ab_tap_result(AB_TAP_SKIP,
			      "spawn: a missing program is -ENOENT, named in the reason",
			      qemu_user);
	else
		ab_tap_ok(ab_spawn(none, AB_SPAWN_QUIET, why) == -ENOENT &&
				  strstr(why, "cannot run algbench-no-such-program"),
			  "spawn: a missing program is -ENOENT, named in the reason");
	ab_tap_ok(ab_spawn_capture(both, out, sizeof(out), why) == 4 &&
			  !strcmp(out, "to stdout\nto stderr\n"),
		  "spawn: capture holds stdout and stderr, and the exit status comes back");
	ab_tap_ok(ab_spawn_capture(flood, out, sizeof(out), why) == 0 &&
			  strlen(out) == sizeof(out) - 1,
		  "spawn: capture keeps what fits of 200000 bytes and the child still ends");
	if (qemu_user)
		ab_tap_result(AB_TAP_SKIP,
			      "spawn: capture of a missing program is -ENOENT, OUT empty",
			      qemu_user);
	else
		ab_tap_ok(ab_spawn_capture(none, out, sizeof(out), why) == -ENOENT && !out[0],
			  "spawn: capture of a missing program is -ENOENT, OUT empty");
	if (!mkdtemp(dir)) {
		ab_tap_ok(false, "mkdtemp");
		return;
	}
	snprintf(path, sizeof(path), "%s/ran", dir);
	snprintf(word, sizeof(word), "$(touch %s)", path);
	ab_tap_ok(ab_spawn(test_z, 0, why) == 1 && access(path, F_OK) && errno == ENOENT,
		  "spawn: argv reaches the program as it is, no shell expands $(...)");
	unlink(path);
	{
		const char *const touch[] = { "touch", "ran", NULL };

		ab_tap_ok(ab_spawn_in(dir, touch, 0, why) == 0 && !access(path, F_OK),
			  "spawn_in: the child runs in the folder given (touch ran made DIR/ran)");
		ab_tap_ok(ab_spawn_in("/nonexistent-algbench", touch, 0, why) != 0,
			  "spawn_in: a folder that cannot be entered is an error, nothing runs");
	}
	unlink(path);
	rmdir(dir);
}

/*
 * sys/path: a path as named from another folder, the rule for every path a
 * written file records: relative, links resolved, and never climbing to /.
 */
static void test_path_rel(void)
{
	char dir[] = "/tmp/algbench-path.XXXXXX", a[128], b[128], f[160], link[160], out[256];
	char tiny[4];
	bool ok;

	if (!mkdtemp(dir)) {
		ab_tap_ok(false, "mkdtemp");
		return;
	}
	snprintf(a, sizeof(a), "%s/a", dir);
	snprintf(b, sizeof(b), "%s/a/b", dir);
	snprintf(f, sizeof(f), "%s/a/x.json", dir);
	snprintf(link, sizeof(link), "%s/l", dir);
	ok = !mkdir(a, 0700) && !mkdir(b, 0700) && close(open(f, O_CREAT | O_WRONLY, 0600)) == 0 &&
	     !symlink("a/b", link);
	ab_tap_ok(ok && !ab_path_rel(f, a, out, sizeof(out)) && !strcmp(out, "x.json"),
		  "path_rel: a file in the folder is its name");
	ab_tap_ok(ok && !ab_path_rel(f, b, out, sizeof(out)) && !strcmp(out, "../x.json"),
		  "path_rel: from a folder below, ../x.json");
	ab_tap_ok(ok && !ab_path_rel(b, dir, out, sizeof(out)) && !strcmp(out, "a/b"),
		  "path_rel: from a folder above, a/b");
	ab_tap_ok(ok && !ab_path_rel(a, a, out, sizeof(out)) && !strcmp(out, "."),
		  "path_rel: the folder itself is .");
	ab_tap_ok(ok && !ab_path_rel(a, b, out, sizeof(out)) && !strcmp(out, ".."),
		  "path_rel: the folder above is ..");
	ab_tap_ok(ok && !ab_path_rel(f, link, out, sizeof(out)) && !strcmp(out, "../x.json"),
		  "path_rel: a link is resolved first, so the answer leads to the file");
	ab_tap_ok(ok && ab_path_rel(f, "/proc/self", out, sizeof(out)) == -EXDEV &&
			  !strcmp(out, "x.json"),
		  "path_rel: sharing only / is -EXDEV and the name alone, never ../../tmp/...");
	ab_tap_ok(ok && ab_path_rel("/nonexistent-algbench/y.json", a, out, sizeof(out)) < 0 &&
			  !strcmp(out, "y.json"),
		  "path_rel: a path that cannot be resolved is an error and its name alone");
	ab_tap_ok(ok && ab_path_rel(f, dir, tiny, sizeof(tiny)) == -ENAMETOOLONG,
		  "path_rel: an answer longer than OUT is -ENAMETOOLONG");
	ab_path_dir("x.json", out, sizeof(out));
	ok = !strcmp(out, ".");
	ab_path_dir("/x.json", out, sizeof(out));
	ok = ok && !strcmp(out, "/");
	ab_path_dir("r/s/x.json", out, sizeof(out));
	ab_tap_ok(ok && !strcmp(out, "r/s"),
		  "path_dir: x.json is in ., /x.json in /, r/s/x.json in r/s");
	unlink(link);
	unlink(f);
	rmdir(b);
	rmdir(a);
	rmdir(dir);
}

/*
 * sys/cpu: the cycle counter is the architecture's (TSC, CNTVCT_EL0), says
 * why when it is not usable, and advances when it is; the CPU has a name
 * (model name, or MIDR decoded where the kernel prints none).
 */
static void test_cycle_counter(void)
{
	const struct ab_cycle_counter *c = ab_cycle_counter_probe();
	const struct timespec ms2 = { 0, 2000000 };
	char model[128], name[128];
	uint64_t a, b, midr;

#if defined(__x86_64__) || defined(__i386__)
	ab_tap_ok(!strcmp(c->name, "tsc") && !c->hz, "cycles: x86 counts the TSC, rate not stated");
#elif defined(__aarch64__)
	ab_tap_ok(!strcmp(c->name, "cntvct_el0") && (c->usable ? c->hz > 0 : c->hz == 0),
		  "cycles: arm64 counts CNTVCT_EL0, at CNTFRQ_EL0's rate when usable");
#else
	ab_tap_ok(!strcmp(c->name, "none") && !c->usable,
		  "cycles: no counter on this architecture");
#endif
	ab_tap_ok(c->usable == ab_cycles_usable() && (c->usable || c->why[0]),
		  "cycles: not usable comes with its reason");
	if (c->usable) {
		a = ab_cycles();
		nanosleep(&ms2, NULL);
		b = ab_cycles();
		ab_tap_ok(b > a, "cycles: the counter advances across a sleep");
	} else {
		ab_tap_result(AB_TAP_SKIP, "cycles: the counter advances across a sleep", c->why);
	}
	ab_cpu_model(model, sizeof(model));
	ab_cpuinfo_field("model name", name, sizeof(name));
	ab_tap_ok(name[0]	       ? !strcmp(model, name)
		  : ab_cpu_midr(&midr) ? !model[0]
				       : strstr(model, "(MIDR 0x") != NULL,
		  "cpu model: /proc/cpuinfo's model name, else MIDR decoded, else empty");
}

/*
 * A read at T ns (CLOCK_MONOTONIC) of a counter at RATE Hz, between a
 * monotonic read BEFORE ns earlier and one AFTER ns later: a reader
 * preempted on either side of the counter read.
 */
static struct ab_tick_read tick_read(double rate, uint64_t t, uint64_t before, uint64_t after)
{
	return (struct ab_tick_read){ t - before, (uint64_t)(rate * (double)t / 1e9), t + after };
}

/*
 * READS reads every 7 ms from 1 s on of a counter at RATE, each bracketed by
 * 200 ns but for those in PREEMPTED (a bitmask), held up 4 ms on one side
 * or the other, as a busy host or a starved vCPU does to the probe.
 */
static void tick_reads(struct ab_tick_read *r, size_t n, double rate, unsigned int preempted)
{
	for (size_t i = 0; i < n; i++) {
		bool late = preempted & (1u << i);
		uint64_t t = 1000000000u + i * 7000000u;

		r[i] = tick_read(rate, t, late && i % 2 ? 4000000 : 100,
				 late && !(i % 2) ? 4000000 : 100);
	}
}

/*
 * sys/cpu: ab_counter_rate_check(), the arm64 probe's decision on
 * CNTFRQ_EL0's word, fed synthetic reads (no timing here): a good counter
 * is kept however its reader was preempted; a misprogrammed rate is refused
 * when one window is clean.
 */
static void test_counter_rate(void)
{
	struct ab_tick_read r[8];
	struct ab_rate_check seen;
	double naive;

	tick_reads(r, 8, 62.5e6, 0);
	ab_tap_ok(ab_counter_rate_check(62500000, 0.02, r, 8, &seen) == 1 && seen.windows == 28 &&
			  seen.hz_lo <= 62.5e6 && seen.hz_hi >= 62.5e6 &&
			  seen.hz_hi - seen.hz_lo < 62.5e6 * 1e-4,
		  "counter rate: 62.5 MHz as stated, 8 clean reads: agrees, 28 windows, measured "
		  "within 0.01%");
	/*
	 * The failure seen in vm_arm64_guest_612 (ctest -j 2): the old probe
	 * took one 20 ms window, reading the counter and the clock one after
	 * the other, so a reader held up between them measured the wrong rate
	 * (4 ms late: 17% off) and refused a good counter.
	 */
	tick_reads(r, 8, 62.5e6, 0xbb); /* all but reads 2 and 6 preempted */
	naive = (double)(r[1].ticks - r[0].ticks) * 1e9 / (double)(r[1].ns_after - r[0].ns_after);
	ab_tap_diag("reads 0 and 1 as the old probe took them (counter, then clock): %.0f Hz, "
		    "%.0f%% off",
		    naive, 100 * (naive / 62.5e6 - 1));
	ab_tap_ok(ab_counter_rate_check(62500000, 0.02, r, 8, &seen) == 1 &&
			  fabs(seen.hz_lo / 62.5e6 - 1) < 1e-4 &&
			  fabs(seen.hz_hi / 62.5e6 - 1) < 1e-4,
		  "counter rate: 6 of 8 reads preempted 4 ms: agrees, the clean window (reads 2 "
		  "and 6) decides");
	tick_reads(r, 8, 62.5e6, 0xff);
	ab_tap_ok(ab_counter_rate_check(62500000, 0.02, r, 8, &seen) == 1 && seen.spread > 0.04,
		  "counter rate: every read preempted 4 ms: the good counter's range still holds "
		  "the stated rate");
	tick_reads(r, 8, 1e9, 0x7e);
	ab_tap_ok(ab_counter_rate_check(1000000000, 0.02, r, 8, NULL) == 1,
		  "counter rate: 1 GHz (Armv8.6), reads 0 and 7 clean: agrees");
	tick_reads(r, 8, 19.2e6, 0);
	ab_tap_ok(ab_counter_rate_check(24000000, 0.02, r, 8, &seen) == 0 &&
			  fabs(seen.hz_lo / 19.2e6 - 1) < 1e-4,
		  "counter rate: CNTFRQ_EL0 says 24 MHz, the counter runs at 19.2: refused, "
		  "measured 19.2 MHz");
	tick_reads(r, 8, 19.2e6, 0xbb);
	ab_tap_ok(ab_counter_rate_check(24000000, 0.02, r, 8, NULL) == 0,
		  "counter rate: ... also when 6 of 8 reads were preempted");
	tick_reads(r, 8, 62.5e6 * 1.01, 0);
	ab_tap_ok(ab_counter_rate_check(62500000, 0.02, r, 8, NULL) == 1,
		  "counter rate: 1% fast, within the 2% tolerance: agrees");
	tick_reads(r, 8, 62.5e6 * 0.97, 0);
	ab_tap_ok(ab_counter_rate_check(62500000, 0.02, r, 8, NULL) == 0,
		  "counter rate: 3% slow: refused");
	tick_reads(r, 8, 62.5e6, 0);
	r[7].ticks = r[0].ticks - 1000;
	r[6].ticks = r[0].ticks - 900;
	ab_tap_ok(ab_counter_rate_check(62500000, 0.02, r, 8, NULL) == 0,
		  "counter rate: a counter that went back over the widest windows: refused");
	ab_tap_ok(ab_counter_rate_check(62500000, 0.02, r, 1, &seen) == 1 && !seen.windows,
		  "counter rate: one read, no window: nothing disagrees");
	r[1] = r[0];
	r[1].ticks += 5000000;
	ab_tap_ok(ab_counter_rate_check(62500000, 0.02, r, 2, &seen) == 1 && !seen.windows,
		  "counter rate: two reads with no time surely between them: no window");
}

/* per_cpu in the JSON: one entry per CPU with its number, ops, bytes and ns. */
static void test_per_cpu_json(void)
{
	struct ab_sample s = { .ops = 30, .bytes = 30 * 4096, .ns = 2000, .harness_ns = 7 };
	struct ab_result r;
	json_t *o, *pc, *e1;

	ab_tap_ok(!ab_sample_alloc_cpus(&s, 2), "room for two per-CPU entries");
	s.per_cpu[0] = (struct ab_cpu_sample){ 3, 10, 10 * 4096, 1900 };
	s.per_cpu[1] = (struct ab_cpu_sample){ 5, 20, 20 * 4096, 2000 };
	r = sample_result(&s);
	r.job.threads = 2;
	o = ab_result_to_json(&r, r.job.backend->name);
	pc = json_object_get(json_array_get(json_object_get(o, "samples"), 0), "per_cpu");
	e1 = json_array_get(pc, 1);
	ab_tap_ok(json_array_size(pc) == 2 &&
			  json_integer_value(json_object_get(json_array_get(pc, 0), "cpu")) == 3 &&
			  json_integer_value(json_object_get(e1, "cpu")) == 5 &&
			  json_integer_value(json_object_get(e1, "ops")) == 20 &&
			  json_integer_value(json_object_get(e1, "bytes")) == 20 * 4096 &&
			  json_integer_value(json_object_get(e1, "ns")) == 2000,
		  "per_cpu: cpu, ops, bytes, ns of each thread, in order");
	ab_tap_ok(json_integer_value(json_object_get(
			  json_array_get(json_object_get(o, "samples"), 0), "harness_ns")) == 7,
		  "harness_ns is written when measured");
	json_decref(o);
	free(s.per_cpu);
	s = (struct ab_sample){ .ops = 1, .bytes = 4096, .ns = 1000 };
	r = sample_result(&s);
	o = ab_result_to_json(&r, r.job.backend->name);
	ab_tap_ok(!json_object_get(json_array_get(json_object_get(o, "samples"), 0), "per_cpu") &&
			  !json_object_get(json_array_get(json_object_get(o, "samples"), 0),
					   "harness_ns"),
		  "no per_cpu or harness_ns when not kept");
	json_decref(o);
}

/* T(N)/(N*T(1)) and the summary's "# scaling" line, per job and mode. */
static void test_scaling(void)
{
	struct ab_report rep;
	char *text = NULL;
	size_t len = 0;
	FILE *f;

	ab_tap_ok(fabs(ab_scaling_efficiency(100, 150, 2) - 0.75) < 1e-12 &&
			  fabs(ab_scaling_efficiency(100, 800, 8) - 1.0) < 1e-12 &&
			  isnan(ab_scaling_efficiency(0, 150, 2)),
		  "efficiency: 150 at 2 of 100 at 1 is 0.75, 800 at 8 is 1, no T(1) is NAN");
	ab_report_init(&rep);
	for (unsigned int t = 1; t <= 4; t *= 2) {
		struct ab_sample s = { .ops = 1, .bytes = 100000ull * t, .ns = 1000 };
		struct ab_result r = sample_result(&s);

		r.job.threads = t;
		r.mbps.median = t == 1 ? 100 : t == 2 ? 180 : 200;
		ab_report_add(&rep, &r);
		r.job.size = 64; /* another job with no 1-thread result */
		if (t > 1)
			ab_report_add(&rep, &r);
	}
	f = open_memstream(&text, &len);
	ab_report_summary(f, &rep);
	fclose(f);
	ab_tap_ok(text && strstr(text, "# scaling openssl evp sha256 digest 4096: T(N)/(N*T(1)) "
				       "N=2 0.900, N=4 0.500\n"),
		  "summary: N=2 0.900, N=4 0.500 for the 4096-byte job");
	ab_tap_ok(text && !strstr(text, "digest 64:"),
		  "no scaling line for a job without 1 thread");
	ab_tap_ok(text && !strstr(text, "warning: efficiency"), "efficiencies up to 1: no warning");
	free(text);
	ab_report_free(&rep);
	/* 4x the work of one thread on two: efficiency 2.0, printed with a warning */
	ab_report_init(&rep);
	for (unsigned int t = 1; t <= 2; t++) {
		struct ab_sample s = { .ops = 1, .bytes = 100000ull * t, .ns = 1000 };
		struct ab_result r = sample_result(&s);

		r.job.threads = t;
		r.mbps.median = t == 1 ? 100 : 400;
		ab_report_add(&rep, &r);
	}
	text = NULL;
	f = open_memstream(&text, &len);
	ab_report_summary(f, &rep);
	fclose(f);
	ab_tap_ok(text && strstr(text, "N=2 2.000\n# warning: efficiency 2.00 at N=2 is above 1"),
		  "efficiency 2.0 (4x one thread on two) is printed with a warning");
	free(text);
	ab_report_free(&rep);
}

/* The backend rows answer what plan, harness and report used to decide by name. */
static void test_backend_rows(void)
{
	const struct ab_alg *sha = ab_alg_find("sha256"), *lz4 = ab_alg_find("lz4");
	struct ab_job job = { .alg = sha,
			      .key = &sha->keys[0],
			      .backend = ab_backend_find("afalg"),
			      .op = AB_OP_DIGEST,
			      .mode = "aio" };
	char why[AB_WHY_LEN] = "", modes[AB_WHY_LEN];

	ab_tap_ok(ab_backend_refuses(&job, why) == -EOPNOTSUPP && strstr(why, "no aio"),
		  "afalg's aio row refuses hashes and says why");
	job.mode = "vmsplice";
	ab_tap_ok(!ab_backend_refuses(&job, why) && (ab_job_mode(&job)->flags & AB_MODE_ZEROCOPY) &&
			  !strcmp(ab_job_mode(&job)->baseline, "sendmsg"),
		  "vmsplice is zero-copy and set against sendmsg");
	job = (struct ab_job){ .alg = lz4,
			       .key = &lz4->keys[0],
			       .backend = ab_backend_find("openssl"),
			       .op = AB_OP_COMPRESS,
			       .mode = "evp" };
	ab_tap_ok(ab_backend_refuses(&job, why) == -EOPNOTSUPP && strstr(why, "kmod backend"),
		  "openssl's row says why it runs no acomp");
	ab_backend_modes_text(modes, sizeof(modes));
	ab_tap_ok(!strcmp(modes, "afalg: sendmsg, vmsplice, aio; openssl: evp; kmod: sync, async"),
		  "the --mode list is built from the rows");
	ab_tap_ok(ab_alg_find("crc32c")->ref == AB_REF_VECTOR &&
			  !strcmp(ab_alg_ref_name(ab_alg_find("crc32c")), "RFC 3720 B.4") &&
			  !strcmp(ab_alg_ref_name(ab_alg_find("gcm(aes)")), "OpenSSL") &&
			  ab_alg_find("lzo")->ref == AB_REF_NONE,
		  "catalogue rows name their reference");
}

/* algbench.ko job lines: the ABI's names and bounds, refused before the kernel sees them. */
static void test_kmod_line(void)
{
	static const uint8_t key[ABK_MAX_KEY + 1] = { 0xab, 0x01 };
	struct abk_line l;

	abk_line_init(&l);
	abk_line_name(&l, ABK_KEY_TYPE, ABK_AEAD);
	abk_line_text(&l, ABK_KEY_ALG, "gcm(aes)");
	abk_line_uint(&l, ABK_KEY_SIZE, 4096);
	abk_line_hex(&l, ABK_KEY_KEY, key, 2);
	abk_line_name(&l, ABK_KEY_MODE, ABK_ASYNC);
	ab_tap_ok(!l.err && !strcmp(l.text, "type=aead alg=gcm(aes) size=4096 key=ab01 mode=async"),
		  "a job line from the ABI's key names");
	abk_line_uint(&l, ABK_KEY_MS, ABK_MAX_MS + 1);
	abk_line_uint(&l, ABK_KEY_SIZE, 1);
	ab_tap_ok(l.err == -EINVAL && strstr(l.why, "ms= from 1 to 60000") &&
			  !strstr(l.text, "ms=") && !strstr(l.text, "size=1 "),
		  "ms= over the module's limit is refused and ends the line");
	abk_line_init(&l);
	abk_line_hex(&l, ABK_KEY_KEY, key, sizeof(key));
	ab_tap_ok(l.err == -EINVAL && !l.len, "a key over ABK_MAX_KEY bytes is refused");
	abk_line_init(&l);
	abk_line_text(&l, ABK_KEY_ALG, "gcm(aes) count=1");
	ab_tap_ok(l.err == -EINVAL, "a value with a blank cannot smuggle in a key");
	abk_line_init(&l);
	for (int i = 0; i < 64 && !l.err; i++)
		abk_line_hex(&l, ABK_KEY_ADATA, key, ABK_MAX_ADATA);
	ab_tap_ok(l.err == -E2BIG && l.len < ABK_LINE_MAX - 1,
		  "a line over ABK_LINE_MAX is refused");
}

/* RES's reply parsed from TEXT; its return, and WHY. */
static int parse_reply(struct abk_result *res, const char *text, char why[AB_WHY_LEN])
{
	memset(res, 0, sizeof(*res));
	res->text = (char *)text;
	why[0] = '\0';
	return abk_parse_reply(res, why);
}

static void test_kmod_reply(void)
{
	static const char good[] =
		"status=0\nerror=OK\nreason=\ntype=hash\nalg=sha256\nsize=4096\nthreads=2\n"
		"cpus=0-1\ndriver=sha256-avx2\ncheck=vector\ninput_crc32=0a1b2c3d\nout_head=ab\n"
		"ops=10\nbytes=40960\nns=1000\ncycles=3000\ncpu0.ops=6\ncpu0.bytes=24576\n"
		"cpu0.ns=900\ncpu0.cycles=2700\ncpu1.ops=4\ncpu1.bytes=16384\ncpu1.ns=1000\n"
		"cpu1.cycles=3000\n";
	static const struct {
		const char *text, *key;
	} bad[] = {
		{ "status=-1x\n", "status=-1x" },
		{ "status=-99999\n", "status=-99999" },
		{ "status=1\n", "status=1" },
		{ "status=0\ninput_crc32=-1\n", "input_crc32=-1" },
		{ "status=0\nops=-1\n", "ops=-1" },
		{ "status=0\nsize=4294967296\n", "size=4294967296" },
		{ "status=0\nbytes=12 \n", "bytes=12 " },
		{ "status=0\nns=0000000000000000000000000000001x\n",
		  "ns=0000000000000000000000000000" },
		{ "status=0\ncpu0.ops=1\ncpu0.ns=x\n", "cpu0.ns=x" },
		{ "status=0\ncpu99999999999.ops=1\n", "99999999999 is not a CPU number" },
	};
	struct abk_result *res = calloc(1, sizeof(*res));
	char why[AB_WHY_LEN];
	bool all = true;

	if (!res) {
		ab_tap_ok(0, "kmod reply: allocate a result");
		return;
	}
	ab_tap_ok(!parse_reply(res, good, why) && res->status == 0 &&
			  res->input_crc32 == 0x0a1b2c3d && res->size == 4096 &&
			  res->threads == 2 && res->ops == 10 && res->cycles == 3000 &&
			  res->n_cpus == 2 && res->cpus[1].cpu == 1 &&
			  res->cpus[1].bytes == 16384 && !strcmp(res->driver, "sha256-avx2"),
		  "kmod reply: every count, the crc32 and each CPU's counts");
	ab_tap_ok(!parse_reply(res, "error=EIO\n", why) && res->status == -EIO &&
			  !parse_reply(res, "status=-22\nerror=EINVAL\nreason=no\n", why) &&
			  res->status == -EINVAL && !strcmp(res->reason, "no") && !res->ops,
		  "kmod reply: no status is -EIO; a refusal has a -errno and no counts");
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		bool ok = parse_reply(res, bad[i].text, why) == -EPROTO &&
			  strstr(why, bad[i].key) &&
			  strstr(why, "algbench.ko: a reply this algbench cannot read");

		if (!ok)
			ab_tap_diag("kmod reply '%s': %s", bad[i].text, why);
		all = all && ok;
	}
	ab_tap_ok(all, "kmod reply: a status, crc32, count or CPU number that is not one: -EPROTO "
		       "naming it");
	free(res);
}

/*
 * run --energy-model's arithmetic against hand-computed figures: RK3399
 * big at 1800 MHz is 436 * 1800 * 1200^2 / 1e6 = 1130112 uW; busy for 1 s
 * over 1e9 bytes that is 1.130112 J / 1e9 B = 1.130112 nJ/B. Two CPUs at
 * 408 MHz (436 * 408 * 800^2 / 1e6 = 113848 uW each) for 20 ms over
 * 4,096,000 bytes: 227696e-6 W * 0.02 s = 4553.92 uJ / 4096000 B = 1.111796875 nJ/B.
 */
static void test_energy(void)
{
	struct ab_em_pd pd = {
		.nr = 3, .st = { { 408000, 113848 }, { 1008000, 336483 }, { 1800000, 1130112 } }
	};

	ab_tap_ok(fabs(ab_em_nj_per_byte(1130112, 1000000000, 1000000000) - 1.130112) < 1e-12,
		  "energy: 1130112 uW for 1 s over 1e9 B is 1.130112 nJ/B");
	ab_tap_ok(fabs(ab_em_nj_per_byte(2 * 113848, 20000000, 4096000) - 1.111796875) < 1e-12,
		  "energy: 2 x 113848 uW for 20 ms over 4096000 B is 1.111796875 nJ/B");
	ab_tap_ok(ab_em_nj_per_byte(1, 1, 0) == 0,
		  "energy: no bytes, no estimate (no division by 0)");
	ab_tap_ok(ab_em_state_at(&pd, 1) == 0 && ab_em_state_at(&pd, 408000) == 0 &&
			  ab_em_state_at(&pd, 408001) == 1 && ab_em_state_at(&pd, 1800000) == 2 &&
			  ab_em_state_at(&pd, 3000000) == 2,
		  "energy: a CPU's kHz maps to the first state at or above it, else the highest");
}

/*
 * sys/cpu: sets sized at run time. 1024 CPUs cannot be had here, so the sets
 * and the cpulist parser are checked for CPU numbers past CPU_SETSIZE, and
 * the affinity and pinning calls on this host against sched_getaffinity.
 */
static void test_cpusets(void)
{
	struct ab_cpuset s;
	int cpus[4] = { -1, -1, -1, -1 }, n, all_set = 1;
	static const char *const bad[] = { "",
					   "a",
					   "1-",
					   "-1",
					   "3-1",
					   "1,,2",
					   "1 ",
					   "+1",
					   "0x10",
					   "65536",
					   "1-99999999999999999999",
					   "1\n2" };

	ab_tap_ok(!ab_cpulist_parse("0,1500-1501", &s) && s.ncpus == 1502 &&
			  s.size == CPU_ALLOC_SIZE(1502) && s.size > sizeof(cpu_set_t) &&
			  CPU_COUNT_S(s.size, s.set) == 3 && CPU_ISSET_S(0, s.size, s.set) &&
			  CPU_ISSET_S(1500, s.size, s.set) && CPU_ISSET_S(1501, s.size, s.set) &&
			  !CPU_ISSET_S(1499, s.size, s.set),
		  "cpus: '0,1500-1501' is a set of 3 sized for 1502 CPUs, past cpu_set_t's 1024");
	ab_cpuset_free(&s);
	ab_tap_ok(!ab_cpulist_parse("0-4095\n", &s) && s.ncpus == 4096 &&
			  CPU_COUNT_S(s.size, s.set) == 4096,
		  "cpus: the possible file of a 4096-CPU host ('0-4095\\n') is 4096 CPUs");
	ab_cpuset_free(&s);
	ab_tap_ok(!ab_cpulist_parse("65535", &s) && CPU_ISSET_S(65535, s.size, s.set),
		  "cpus: the highest CPU number accepted (AB_CPU_MAX - 1)");
	ab_cpuset_free(&s);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		int err = ab_cpulist_parse(bad[i], &s);

		all_set &= err == -EINVAL && !s.set;
		ab_cpuset_free(&s);
	}
	ab_tap_ok(all_set,
		  "cpus: malformed cpulists ('', '3-1', '1,,2', '0x10', 65536...) are -EINVAL");
	n = !ab_cpuset_alloc(&s, 2000) && (CPU_SET_S(1999, s.size, s.set), 1) &&
	    CPU_COUNT_S(s.size, s.set) == 1;
	ab_cpuset_free(&s);
	ab_tap_ok(n && ab_cpuset_alloc(&s, 0) == -EINVAL,
		  "cpus: a set for 2000 CPUs holds CPU 1999; 0 CPUs is -EINVAL");
	{
		cpu_set_t fixed;

		CPU_ZERO(&fixed);
		sched_getaffinity(0, sizeof(fixed), &fixed);
		n = ab_cpu_list(cpus, 4);
		ab_tap_ok(ab_cpus_possible() >= (int)ab_cpus_usable() &&
				  (int)ab_cpus_usable() == CPU_COUNT(&fixed) && n >= 1 &&
				  CPU_ISSET(cpus[0], &fixed),
			  "cpus: this host's mask through the sized sets is what "
			  "sched_getaffinity says");
	}
	ab_tap_ok(!ab_cpu_pin_self(cpus[0]) && sched_getcpu() == cpus[0],
		  "cpus: pinning this thread to its first allowed CPU");
	ab_tap_ok(ab_cpu_pin_self(AB_CPU_MAX - 1) == -EINVAL && ab_cpu_pin_self(-1) == -EINVAL,
		  "cpus: pinning to a CPU this host does not have is -EINVAL, not a silent no-op");
}

/* The built module root would insmod: its owner and mode, and every folder's up to / (N4). */
static int trusted(const char *ko, char why[AB_WHY_LEN])
{
	int fd = open(ko, O_RDONLY | O_CLOEXEC), r;

	if (fd < 0)
		return -errno;
	r = abk_module_trusted(fd, ko, why);
	close(fd);
	return r;
}

/* COND's line, with WHY under it when it fails */
static void ok_why(bool cond, const char *name, const char *why)
{
	ab_tap_result(cond ? AB_TAP_PASS : AB_TAP_FAIL, name, why);
}

static void test_module_trusted(void)
{
	char dir[] = "/tmp/algbench-ko-XXXXXX", sub[64], ko[96], why[AB_WHY_LEN] = "";
	bool root = geteuid() == 0;
	int fd;

	if (!mkdtemp(dir)) {
		ok_why(false, "module check: mkdtemp", strerror(errno));
		return;
	}
	snprintf(sub, sizeof(sub), "%s/kmod", dir);
	snprintf(ko, sizeof(ko), "%s/algbench.ko", sub);
	mkdir(sub, 0755);
	fd = open(ko, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
	if (fd >= 0)
		close(fd);
	ok_why(trusted(ko, why) == 0,
	       "module check: ours, 0644, in 0755 folders under sticky /tmp: trusted", why);
	chmod(ko, 0664);
	ok_why(trusted(ko, why) == -EACCES && strstr(why, "is writable by group"),
	       "module check: a group-writable module refused", why);
	chmod(ko, 0644);
	chmod(dir, 0777);
	ok_why(trusted(ko, why) == -EACCES && strstr(why, dir),
	       "module check: a parent folder others may write (not sticky) refused, named", why);
	chmod(dir, 01777);
	ok_why(trusted(ko, why) == 0, "module check: ... sticky, it is trusted", why);
	chmod(dir, 0700);
	if (root) {
		ok_why(!chown(sub, 65534, 65534) && trusted(ko, why) == -EACCES &&
			       strstr(why, "uid 65534"),
		       "module check: a folder owned by uid 65534 refused", why);
		ok_why(!chown(sub, 0, 0) && !chown(ko, 65534, 65534) &&
			       trusted(ko, why) == -EACCES && strstr(why, "uid 65534"),
		       "module check: a module owned by uid 65534 refused", why);
	} else {
		ab_tap_result(AB_TAP_SKIP, "module check: other owners", "not root: cannot chown");
		ab_tap_result(AB_TAP_SKIP, "module check: other owners", "not root: cannot chown");
	}
	unlink(ko);
	rmdir(sub);
	rmdir(dir);
}

/*
 * Rows for names outside the catalogue (sys/kernel_alg.c), from a listing in
 * /proc/crypto's format: the parser and the rules, no kernel (the VM test
 * vm_kernel_alg runs them against Debian's).
 */
static const char proc_listing[] =
	"name : sha3-256\ndriver : sha3-256-generic\nmodule : sha3_generic\npriority : 0\n"
	"selftest : passed\ninternal : no\ntype : shash\nblocksize : 136\ndigestsize : 32\n\n"
	"name : xxhash64\ndriver : xxhash64-generic\nmodule : xxhash_generic\npriority : 100\n"
	"selftest : passed\ninternal : no\ntype : shash\nblocksize : 8\ndigestsize : 8\n\n"
	"name : ghash\ndriver : ghash-generic\nmodule : ghash_generic\npriority : 100\n"
	"selftest : passed\ninternal : no\ntype : shash\nblocksize : 16\ndigestsize : 16\n\n"
	"name : ghash\ndriver : ghash-clmulni\nmodule : ghash_clmulni_intel\npriority : 400\n"
	"selftest : passed\ninternal : no\ntype : ahash\nasync : yes\nblocksize : 16\n"
	"digestsize : 16\n\n"
	"name : ghash\ndriver : ghash-garbled\nmodule : kernel\npriority : 1000x\n"
	"selftest : passed\ninternal : no\ntype : shash\nblocksize : 16\ndigestsize : 16\n\n"
	"name : hmac(sha3-256)\ndriver : hmac(sha3-256-generic)\nmodule : kernel\n"
	"priority : 0\nselftest : passed\ninternal : no\ntype : shash\nblocksize : 136\n"
	"digestsize : 32\n\n"
	"name : cbc(aes)\ndriver : cbc-aes-aesni\nmodule : aesni_intel\npriority : 400\n"
	"selftest : passed\ninternal : no\ntype : skcipher\nasync : yes\nblocksize : 16\n"
	"min keysize : 16\nmax keysize : 32\nivsize : 16\n\n"
	"name : __cbc(aes)\ndriver : __cbc-aes-aesni\nmodule : aesni_intel\npriority : 400\n"
	"selftest : passed\ninternal : yes\ntype : skcipher\nblocksize : 16\n\n"
	"name : ecb(aes)\ndriver : ecb(aes-generic)\nmodule : kernel\npriority : 100\n"
	"selftest : passed\ninternal : no\ntype : skcipher\nblocksize : 16\n"
	"min keysize : 16\nmax keysize : 32\nivsize : 0\n\n"
	"name : stdrng\ndriver : drbg_nopr_hmac_sha512\nmodule : kernel\npriority : 221\n"
	"selftest : passed\ninternal : no\ntype : rng\nseedsize : 0\n\n"
	"name : evil\ndriver : evil-generic\nmodule : kernel\npriority : 1\n"
	"selftest : passed\ninternal : no\ntype : shash\nblocksize : x1\ndigestsize : -32\n\n";

static void test_kernel_rows(void)
{
	char path[] = "/tmp/algbench-proc-crypto-XXXXXX", why[AB_WHY_LEN] = "";
	int fd = mkstemp(path);
	struct ab_proc_alg *algs = NULL;
	struct ab_kernel_alg k;
	size_t n = 0;
	const struct ab_alg *a = &k.alg;

	if (fd < 0 || write(fd, proc_listing, sizeof(proc_listing) - 1) < 0 || close(fd) ||
	    ab_proc_crypto_read(path, &algs, &n)) {
		ab_tap_ok(0, "kernel rows: write and read a listing in /tmp");
		return;
	}
	unlink(path);
	ab_tap_ok(!ab_kernel_alg_build("sha3-256", algs, n, &k, why) && a->type == AB_HASH &&
			  a->digestlen == 32 && a->n_keys == 1 && a->keys[0].keylen == 0 &&
			  a->ref == AB_REF_EVP && !strcmp(a->keys[0].evp, "SHA3-256"),
		  "sha3-256: an unkeyed 32-byte hash, checked against OpenSSL's SHA3-256");
	ab_tap_ok(!ab_kernel_alg_build("xxhash64", algs, n, &k, why) && a->ref == AB_REF_NONE &&
			  !strcmp(ab_alg_ref_name(a),
				  "no second implementation: OpenSSL has no xxhash64 and the "
				  "kernel's only driver is xxhash64-generic"),
		  "xxhash64: no reference, and why");
	ab_tap_ok(!ab_kernel_alg_build("ghash", algs, n, &k, why) &&
			  !strcmp(k.driver, "ghash-clmulni") && a->keys[0].keylen == 16 &&
			  a->ref == AB_REF_KERNEL && !strcmp(ab_alg_ref_name(a), "ghash-generic"),
		  "ghash: binds ghash-clmulni with a 16-byte key, checked against ghash-generic");
	ab_tap_ok(
		!strcmp(ab_proc_crypto_best(algs, n, "ghash", AB_HASH)->driver, "ghash-clmulni") &&
			!strcmp(ab_proc_crypto_lookup(algs, n, "ghash")->driver, "ghash-clmulni"),
		"a priority that is not a number (atoi read '1000x' as 1000): never chosen");
	ab_tap_ok(!ab_kernel_alg_build("ghash-generic", algs, n, &k, why) &&
			  a->ref == AB_REF_NONE &&
			  strstr(ab_alg_ref_name(a),
				 "ghash-generic, the one measured, is the kernel's generic"),
		  "ghash-generic pinned: nothing else to check it against, said");
	ab_tap_ok(!ab_kernel_alg_build("hmac(sha3-256)", algs, n, &k, why) &&
			  a->keys[0].keylen == 136 && (a->flags & AB_F_HMAC) &&
			  !strcmp(a->keys[0].evp, "SHA3-256") && a->ref == AB_REF_EVP,
		  "hmac(sha3-256): a block-sized key, OpenSSL's HMAC over SHA3-256");
	ab_tap_ok(!ab_kernel_alg_build("cbc-aes-aesni", algs, n, &k, why) &&
			  !strcmp(a->name, "cbc-aes-aesni") && a->n_keys == 2 && a->block == 16 &&
			  !strcmp(a->keys[0].evp, "aes-128-cbc") && a->ref == AB_REF_EVP,
		  "cbc-aes-aesni: the catalogue's cbc(aes) row, pinned to the driver");
	ab_tap_ok(!ab_kernel_alg_build("ecb(aes)", algs, n, &k, why) && a->type == AB_SKCIPHER &&
			  a->n_keys == 2 && a->keys[1].bits == 256 && a->ivlen == 0 &&
			  !strcmp(a->keys[1].evp, "aes-256-ecb"),
		  "ecb(aes): key sizes from min/max keysize, OpenSSL's aes-N-ecb");
	ab_tap_ok(ab_kernel_alg_build("stdrng", algs, n, &k, why) == -EOPNOTSUPP &&
			  strstr(why, "lists it as rng, a type algbench does not run"),
		  "stdrng: refused, naming its type");
	ab_tap_ok(ab_kernel_alg_build("__cbc-aes-aesni", algs, n, &k, why) == -EOPNOTSUPP &&
			  strstr(why, "internal"),
		  "an internal driver is refused");
	ab_tap_ok(ab_kernel_alg_build("nosuch", algs, n, &k, why) == -ENOENT &&
			  strstr(why, "unknown algorithm 'nosuch'"),
		  "a name neither the catalogue nor the listing has");
	ab_tap_ok(ab_kernel_alg_build("evil", algs, n, &k, why) == -EOPNOTSUPP &&
			  strstr(why, "no digest size"),
		  "a malformed digestsize is refused, not used");
	free(algs);
}

/* LINE written as a lockdown file, then read back: ab_lockdown_mode's return, MODE filled. */
static int lockdown_of(const char *line, char *mode, size_t len)
{
	char path[] = "/tmp/algbench-lockdown-XXXXXX";
	int fd = mkstemp(path), err;

	if (fd < 0)
		return -errno;
	err = write(fd, line, strlen(line)) < 0 ? -errno : 0;
	close(fd);
	if (!err)
		err = ab_lockdown_mode(path, mode, len);
	unlink(path);
	return err;
}

static void test_lockdown(void)
{
	char mode[32] = "x", small[5] = "x";

	ab_tap_ok(!lockdown_of("none integrity [confidentiality]\n", mode, sizeof(mode)) &&
			  !strcmp(mode, "confidentiality"),
		  "lockdown: the bracketed word is the mode");
	ab_tap_ok(!lockdown_of("[none] integrity confidentiality", mode, sizeof(mode)) &&
			  !strcmp(mode, "none"),
		  "lockdown: first word, no final newline");
	ab_tap_ok(lockdown_of("none integrity confidentiality\n", mode, sizeof(mode)) == -EINVAL &&
			  !mode[0],
		  "lockdown: no [mode]: -EINVAL, mode empty");
	ab_tap_ok(lockdown_of("none [integrity", mode, sizeof(mode)) == -EINVAL,
		  "lockdown: an unclosed [: -EINVAL");
	ab_tap_ok(lockdown_of("", mode, sizeof(mode)) == -ENODATA,
		  "lockdown: an empty file: -ENODATA");
	ab_tap_ok(lockdown_of("[integrity]", small, sizeof(small)) == -ERANGE && !small[0],
		  "lockdown: a word longer than the buffer: -ERANGE, not cut");
	ab_tap_ok(ab_lockdown_mode("/nonexistent/lockdown", mode, sizeof(mode)) == -ENOENT &&
			  !mode[0],
		  "lockdown: no file (securityfs not mounted): -ENOENT");
}

int main(void)
{
	ab_tap_header();
	test_catalogue();
	test_stats();
	test_select();
	test_bootstrap();
	test_boot_statistics();
	test_numbers();
	test_rounding();
	test_read_file();
	test_parsing();
	test_kernel_rows();
	test_expansion();
	test_mode_of_no_backend();
	test_vectors();
	test_openssl_kat();
	test_json();
	test_per_cpu_json();
	test_scaling();
	test_backend_rows();
	test_kmod_line();
	test_kmod_reply();
	test_spawn();
	test_path_rel();
	test_energy();
	test_cpusets();
	test_cycle_counter();
	test_module_trusted();
	test_counter_rate();
	test_lockdown();
	return ab_tap_finish();
}
