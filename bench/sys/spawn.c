// SPDX-License-Identifier: GPL-2.0
/* Run a program and wait for it (sys/spawn.h). */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sys/spawn.h"

extern char **environ;

/*
 * posix_spawnp, not fork+exec: glibc reports a failed exec as its return
 * value. OUT_FD >= 0: the child's stdout and stderr go there. DIR: the
 * child's working directory (NULL: ours).
 */
static int start(const char *dir, const char *const argv[], unsigned int flags, int out_fd,
		 pid_t *pid)
{
	posix_spawn_file_actions_t fa;
	int err;

	*pid = -1; /* no child until posix_spawnp says so: set on every return */
	err = posix_spawn_file_actions_init(&fa);
	if (err)
		return -err;
	if (dir)
		err = posix_spawn_file_actions_addchdir_np(&fa, dir);
	if (!err && out_fd >= 0) {
		err = posix_spawn_file_actions_adddup2(&fa, out_fd, STDOUT_FILENO);
		if (!err)
			err = posix_spawn_file_actions_adddup2(&fa, out_fd, STDERR_FILENO);
	} else if (!err && (flags & AB_SPAWN_QUIET)) {
		err = posix_spawn_file_actions_addopen(&fa, STDERR_FILENO, "/dev/null", O_WRONLY,
						       0);
	}
	if (!err)
		err = posix_spawnp(pid, argv[0], &fa, NULL, (char *const *)argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	return -err;
}

/*
 * Where glibc cannot report a failed exec (under qemu-user, which runs
 * posix_spawn's CLONE_VM|CLONE_VFORK child as a fork, so the parent never
 * sees its errno), the child exits 127, as a shell does for a missing
 * command. The tools algbench runs itself (gnuplot, modprobe, modinfo)
 * never exit 127 on their own, so for them it means "could not start";
 * a user's command (trace CMD) keeps its status as it is.
 */
#define SPAWN_EXEC_FAILED 127

static int wait_for(const char *name, pid_t pid, bool tool, char why[AB_WHY_LEN])
{
	int status, ret;

	while (waitpid(pid, &status, 0) < 0) {
		if (errno != EINTR) {
			ret = -errno;
			ab_whyf(why, "cannot wait for %s: %s", name, strerror(errno));
			return ret;
		}
	}
	if (tool && WIFEXITED(status) && WEXITSTATUS(status) == SPAWN_EXEC_FAILED) {
		ab_whyf(why, "cannot run %s: %s (it exited %d)", name, strerror(ENOENT),
			SPAWN_EXEC_FAILED);
		return -ENOENT;
	}
	if (WIFEXITED(status) && WEXITSTATUS(status)) {
		ab_whyf(why, "%s exited with status %d", name, WEXITSTATUS(status));
		return WEXITSTATUS(status);
	}
	if (WIFSIGNALED(status)) {
		ab_whyf(why, "%s was killed by signal %d (%s)", name, WTERMSIG(status),
			strsignal(WTERMSIG(status)));
		return 128 + WTERMSIG(status);
	}
	return 0;
}

/* start() saying why it could not: the pid, or -errno with WHY naming ARGV[0]. */
static pid_t launch(const char *dir, const char *const argv[], unsigned int flags,
		    char why[AB_WHY_LEN])
{
	pid_t pid;
	int ret = start(dir, argv, flags, -1, &pid);

	if (ret) {
		ab_whyf(why, "cannot run %s: %s", argv[0], strerror(-ret));
		return ret;
	}
	return pid;
}

pid_t ab_spawn_start(const char *const argv[], char why[AB_WHY_LEN])
{
	return launch(NULL, argv, 0, why);
}

int ab_spawn_wait(const char *name, pid_t pid, char why[AB_WHY_LEN])
{
	return wait_for(name, pid, false, why);
}

int ab_spawn_in(const char *dir, const char *const argv[], unsigned int flags, char why[AB_WHY_LEN])
{
	pid_t pid = launch(dir, argv, flags, why);

	return pid < 0 ? (int)pid : wait_for(argv[0], pid, true, why);
}

int ab_spawn(const char *const argv[], unsigned int flags, char why[AB_WHY_LEN])
{
	return ab_spawn_in(NULL, argv, flags, why);
}

/* Everything the child writes until it closes the pipe; what OUT cannot hold is read and dropped.
 */
static void drain(int fd, char *out, size_t out_len)
{
	size_t n = 0;
	char sink[512];
	ssize_t r;

	for (;;) {
		bool room = n + 1 < out_len;

		r = read(fd, room ? out + n : sink, room ? out_len - 1 - n : sizeof(sink));
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		if (room)
			n += (size_t)r;
	}
	out[n] = '\0';
}

int ab_spawn_capture(const char *const argv[], char *out, size_t out_len, char why[AB_WHY_LEN])
{
	int fds[2], ret;
	pid_t pid;

	out[0] = '\0';
	if (pipe2(fds, O_CLOEXEC)) {
		ret = -errno;
		ab_whyf(why, "cannot run %s: pipe: %s", argv[0], strerror(errno));
		return ret;
	}
	/* dup2 in the child clears O_CLOEXEC on its copy; ours stay close-on-exec */
	ret = start(NULL, argv, 0, fds[1], &pid);
	close(fds[1]);
	if (ret) {
		close(fds[0]);
		ab_whyf(why, "cannot run %s: %s", argv[0], strerror(-ret));
		return ret;
	}
	drain(fds[0], out, out_len);
	close(fds[0]);
	return wait_for(argv[0], pid, true, why);
}
