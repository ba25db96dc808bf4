// SPDX-License-Identifier: GPL-2.0
/*
 * sys/tap.h's exit status: a run with fewer (or more) tests than its plan
 * fails even when every test that ran passed, as kselftest's does; a run
 * without a plan, or with the planned count, passes, SKIPs among its tests
 * included; a program skipped as a whole says "1..0 # SKIP reason" and exits
 * 77 (CTest's SKIP_RETURN_CODE). Each case runs in a child with its own
 * counters, its TAP read back through a pipe; the parent reports the
 * children's statuses with the same writer.
 */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sys/tap.h"

/* A child's run: PLAN tests planned up front (0: no plan), PASS passed and SKIP skipped. */
struct run {
	unsigned int plan, pass, skip;
	bool skip_all; /* instead: ab_tap_skip_all() after the header */
};

/* The exit status of a child that runs R, its TAP in OUT (LEN bytes); -1 if it did not exit. */
static int child_status(struct run r, char *out, size_t len)
{
	size_t got = 0;
	int fds[2], st;
	ssize_t n;
	pid_t pid;

	fflush(stdout);
	if (pipe(fds))
		return -1;
	pid = fork();
	if (pid < 0)
		return -1;
	if (!pid) {
		close(fds[0]);
		if (dup2(fds[1], STDOUT_FILENO) < 0)
			_exit(99);
		memset(&ab_tap, 0, sizeof(ab_tap));
		ab_tap_header();
		if (r.skip_all)
			ab_tap_skip_all("no %s here", "widget");
		if (r.plan)
			ab_tap_plan(r.plan);
		for (unsigned int i = 0; i < r.pass; i++)
			ab_tap_ok(true, "passes");
		for (unsigned int i = 0; i < r.skip; i++)
			ab_tap_result(AB_TAP_SKIP, "skips", "not here");
		st = ab_tap_finish();
		fflush(stdout);
		_exit(st);
	}
	close(fds[1]);
	while (got + 1 < len && (n = read(fds[0], out + got, len - 1 - got)) > 0)
		got += (size_t)n;
	out[got] = '\0';
	close(fds[0]);
	if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st))
		return -1;
	return WEXITSTATUS(st);
}

int main(void)
{
	char out[4096];

	ab_tap_header();
	ab_tap_plan(8);
	ab_tap_ok(child_status((struct run){ .plan = 3, .pass = 2 }, out, sizeof(out)) == 1,
		  "2 of 3 planned tests ran, all passed: exit 1");
	ab_tap_ok(child_status((struct run){ .plan = 2, .pass = 3 }, out, sizeof(out)) == 1,
		  "3 tests ran against a plan of 2: exit 1");
	ab_tap_ok(child_status((struct run){ .plan = 3, .pass = 3 }, out, sizeof(out)) == 0,
		  "3 of 3 planned tests passed: exit 0");
	ab_tap_ok(child_status((struct run){ .pass = 2 }, out, sizeof(out)) == 0,
		  "no plan up front, 2 passed: exit 0");
	ab_tap_ok(child_status((struct run){ .plan = 3, .pass = 2, .skip = 1 }, out, sizeof(out)) ==
			  0,
		  "3 planned, 2 passed and 1 skipped: exit 0 (a skip inside is no failure)");
	ab_tap_ok(strstr(out, "ok 3 skips # SKIP not here\n") &&
			  strstr(out, "# Totals: pass:2 fail:0 xfail:0 xpass:0 skip:1 error:0\n"),
		  "... its SKIP line and the totals count it");
	ab_tap_ok(child_status((struct run){ .plan = 3, .skip_all = true }, out, sizeof(out)) ==
			  AB_TAP_SKIP_ALL_EXIT,
		  "ab_tap_skip_all: exit 77 (CTest's SKIP_RETURN_CODE)");
	ab_tap_ok(!strcmp(out, "TAP version 13\n1..0 # SKIP no widget here\n"),
		  "... after the header, one line: 1..0 # SKIP and the reason");
	return ab_tap_finish();
}
