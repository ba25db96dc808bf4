// SPDX-License-Identifier: GPL-2.0
/*
 * sys/tap.h's exit status: a run with fewer (or more) tests than its plan
 * fails even when every test that ran passed, as kselftest's does; a run
 * without a plan, or with the planned count, passes. Each case runs in a
 * child with its own counters and its TAP on /dev/null; the parent reports
 * the children's statuses with the same writer.
 */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sys/tap.h"

/* The exit status of a child that plans PLAN tests (0: no plan) and passes RUN. */
static int child_status(unsigned int plan, unsigned int run)
{
	pid_t pid;
	int st;

	fflush(stdout);
	pid = fork();
	if (pid < 0)
		return -1;
	if (!pid) {
		int null = open("/dev/null", O_WRONLY);

		if (null < 0 || dup2(null, STDOUT_FILENO) < 0)
			_exit(99);
		memset(&ab_tap, 0, sizeof(ab_tap));
		ab_tap_header();
		if (plan)
			ab_tap_plan(plan);
		for (unsigned int i = 0; i < run; i++)
			ab_tap_ok(true, "passes");
		fflush(stdout);
		_exit(ab_tap_finish());
	}
	if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st))
		return -1;
	return WEXITSTATUS(st);
}

int main(void)
{
	ab_tap_header();
	ab_tap_plan(4);
	ab_tap_ok(child_status(3, 2) == 1, "2 of 3 planned tests ran, all passed: exit 1");
	ab_tap_ok(child_status(2, 3) == 1, "3 tests ran against a plan of 2: exit 1");
	ab_tap_ok(child_status(3, 3) == 0, "3 of 3 planned tests passed: exit 0");
	ab_tap_ok(child_status(0, 2) == 0, "no plan up front, 2 passed: exit 0");
	return ab_tap_finish();
}
