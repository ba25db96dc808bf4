/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sys/tap.h: kselftest-style TAP, the one writer for every C test and for
 * `algbench conform --tap` (after the kernel's
 * tools/testing/selftests/kselftest.h): "TAP version 13", a plan "1..N"
 * (before the results when the count is known, else after them), "ok N name",
 * "not ok N name" with its reason as a "# ..." line, "ok N name # SKIP reason",
 * and kselftest's totals line. Exit 0 when nothing failed and, with a plan
 * up front, as many tests ran as were planned (kselftest's ksft_finished()
 * fails a short run too: a test that stopped early did not pass); else 1.
 * A program that cannot test anything here says "1..0 # SKIP reason" and
 * exits 77 (ab_tap_skip_all()).
 *
 * Header only, with one counter per program as kselftest.h has it: a program
 * reports from one file, and a test built for the VM links nothing for it.
 */
#ifndef ALGBENCH_TAP_H
#define ALGBENCH_TAP_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

enum ab_tap_verdict { AB_TAP_PASS, AB_TAP_FAIL, AB_TAP_SKIP };

static struct {
	unsigned int n, planned, count[3];
} ab_tap;

static inline void ab_tap_header(void)
{
	printf("TAP version 13\n");
}

/* The plan up front; without it ab_tap_finish() prints one after the results. */
static inline void ab_tap_plan(unsigned int n)
{
	ab_tap.planned = n;
	printf("1..%u\n", n);
}

static inline void ab_tap_vdiag(const char *fmt, va_list ap)
{
	fputs("# ", stdout);
	vprintf(fmt, ap);
	fputc('\n', stdout);
}

/* A "# ..." diagnostic line. */
static inline __attribute__((format(printf, 1, 2))) void ab_tap_diag(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	ab_tap_vdiag(fmt, ap);
	va_end(ap);
}

/*
 * The exit status of a program skipped as a whole: CTest's SKIP_RETURN_CODE
 * on every test (tests/CMakeLists.txt) and automake's, so the run lists it
 * as skipped, not passed; tests/lib.sh's skip_all exits with it too.
 */
#define AB_TAP_SKIP_ALL_EXIT 77

/*
 * The whole program is one SKIP, before any result or plan (kselftest's
 * ksft_exit_skip()): "1..0 # SKIP reason", then exit AB_TAP_SKIP_ALL_EXIT.
 */
static inline __attribute__((noreturn, format(printf, 1, 2))) void ab_tap_skip_all(const char *fmt,
										   ...)
{
	va_list ap;

	fputs("1..0 # SKIP ", stdout);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	fputc('\n', stdout);
	fflush(stdout);
	exit(AB_TAP_SKIP_ALL_EXIT);
}

/* Count a verdict without a TAP line (conform's plain list prints its own). */
static inline void ab_tap_count(enum ab_tap_verdict v)
{
	ab_tap.n++;
	ab_tap.count[v]++;
}

/*
 * One test's line. WHY (may be NULL or "") is the SKIP reason, or a failure's
 * "# WHY" line; a pass does not print it. Flushed, so a fork cannot repeat it.
 */
static inline void ab_tap_result(enum ab_tap_verdict v, const char *name, const char *why)
{
	bool has_why = why && why[0];

	ab_tap_count(v);
	if (v == AB_TAP_SKIP)
		printf("ok %u %s # SKIP %s\n", ab_tap.n, name, has_why ? why : "");
	else
		printf("%sok %u %s\n", v == AB_TAP_FAIL ? "not " : "", ab_tap.n, name);
	if (v == AB_TAP_FAIL && has_why)
		ab_tap_diag("%s", why);
	fflush(stdout);
}

/* Pass when COND holds, else fail; returns COND. */
static inline bool ab_tap_ok(bool cond, const char *name)
{
	ab_tap_result(cond ? AB_TAP_PASS : AB_TAP_FAIL, name, NULL);
	return cond;
}

static inline unsigned int ab_tap_failed(void)
{
	return ab_tap.count[AB_TAP_FAIL];
}

/* kselftest's totals line; xfail, xpass and error are always 0 here. */
static inline void ab_tap_totals(void)
{
	printf("# Totals: pass:%u fail:%u xfail:0 xpass:0 skip:%u error:0\n",
	       ab_tap.count[AB_TAP_PASS], ab_tap.count[AB_TAP_FAIL], ab_tap.count[AB_TAP_SKIP]);
}

/*
 * The trailing plan when none was given, the totals; the exit status: 1 when
 * a test failed or the count differs from the plan given up front.
 */
static inline int ab_tap_finish(void)
{
	bool short_run = ab_tap.planned && ab_tap.planned != ab_tap.n;

	if (!ab_tap.planned)
		printf("1..%u\n", ab_tap.n);
	else if (short_run)
		ab_tap_diag("planned %u tests, ran %u", ab_tap.planned, ab_tap.n);
	ab_tap_totals();
	return ab_tap_failed() || short_run ? 1 : 0;
}

#endif
