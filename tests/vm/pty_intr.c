// SPDX-License-Identifier: GPL-2.0
/*
 * algbench-pty-intr READY -- CMD...: runs CMD on a new pseudo-terminal as its
 * controlling terminal and session leader, waits until the file READY exists
 * (at most 120 s), then types Ctrl-C on that terminal: the kernel sends
 * SIGINT (SI_KERNEL) to the terminal's foreground process group, as a
 * user's Ctrl-C would. Exits with CMD's status (128+signal when killed); 1
 * when READY never appeared, 2 on bad usage.
 */
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	const struct timespec tick = { 0, 100 * 1000 * 1000 };
	int master, st, i;
	pid_t pid;

	if (argc < 4 || strcmp(argv[2], "--")) {
		fprintf(stderr, "usage: algbench-pty-intr READY -- CMD...\n");
		return 2;
	}
	master = posix_openpt(O_RDWR | O_NOCTTY);
	if (master < 0 || grantpt(master) || unlockpt(master) || !ptsname(master)) {
		perror("algbench-pty-intr: posix_openpt");
		return 1;
	}
	pid = fork();
	if (pid < 0) {
		perror("algbench-pty-intr: fork");
		return 1;
	}
	if (!pid) {
		int slave;

		setsid(); /* the first terminal opened without O_NOCTTY becomes ours */
		slave = open(ptsname(master), O_RDWR);
		if (slave < 0) {
			perror("algbench-pty-intr: open the pty");
			_exit(127);
		}
		close(master);
		dup2(slave, 0);
		if (slave)
			close(slave);
		execvp(argv[3], argv + 3);
		perror("algbench-pty-intr: exec");
		_exit(127);
	}
	for (i = 0; i < 1200 && access(argv[1], F_OK); i++)
		nanosleep(&tick, NULL);
	if (access(argv[1], F_OK)) {
		fprintf(stderr, "algbench-pty-intr: %s never appeared; killing CMD\n", argv[1]);
		kill(pid, SIGKILL);
		waitpid(pid, &st, 0);
		return 1;
	}
	if (write(master, "\003", 1) != 1) {
		perror("algbench-pty-intr: write Ctrl-C");
		return 1;
	}
	while (waitpid(pid, &st, 0) < 0)
		;
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}
