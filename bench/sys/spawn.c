// SPDX-License-Identifier: GPL-2.0
/* Run a program and wait for it (sys/spawn.h). */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sys/spawn.h"

extern char **environ;

/* posix_spawnp, not fork+exec: glibc reports a failed exec as its return value. */
static int start(const char *const argv[], unsigned int flags, pid_t *pid)
{
	posix_spawn_file_actions_t fa;
	int err = posix_spawn_file_actions_init(&fa);

	if (err)
		return -err;
	if (flags & AB_SPAWN_QUIET)
		err = posix_spawn_file_actions_addopen(&fa, STDERR_FILENO, "/dev/null", O_WRONLY,
						       0);
	if (!err)
		err = posix_spawnp(pid, argv[0], &fa, NULL, (char *const *)argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	return -err;
}

int ab_spawn(const char *const argv[], unsigned int flags, char *why, size_t len)
{
	pid_t pid;
	int status, ret = start(argv, flags, &pid);

	if (ret) {
		snprintf(why, len, "cannot run %s: %s", argv[0], strerror(-ret));
		return ret;
	}
	while (waitpid(pid, &status, 0) < 0) {
		if (errno != EINTR) {
			ret = -errno;
			snprintf(why, len, "cannot wait for %s: %s", argv[0], strerror(errno));
			return ret;
		}
	}
	if (WIFEXITED(status) && WEXITSTATUS(status)) {
		snprintf(why, len, "%s exited with status %d", argv[0], WEXITSTATUS(status));
		return WEXITSTATUS(status);
	}
	if (WIFSIGNALED(status)) {
		snprintf(why, len, "%s was killed by signal %d (%s)", argv[0], WTERMSIG(status),
			 strsignal(WTERMSIG(status)));
		return 128 + WTERMSIG(status);
	}
	return 0;
}
