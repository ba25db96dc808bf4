/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sys/spawn.h: run a program and wait for it, the way algbench starts the
 * programs it uses (modprobe, modinfo, gnuplot). ARGV goes to execvp() as it
 * is: no shell, so no word of it is ever interpreted, whatever a result file
 * put there. A caller that needs the pid while it waits (algbench trace
 * passes signals on to its CMD) uses the two halves of ab_spawn():
 * ab_spawn_start() and ab_spawn_wait().
 */
#ifndef ALGBENCH_SPAWN_H
#define ALGBENCH_SPAWN_H

#include <stddef.h>
#include <sys/types.h>

#include "core/error.h"

/* FLAGS for ab_spawn. */
#define AB_SPAWN_QUIET 1u /* the child's stderr goes to /dev/null */

/*
 * Run ARGV[0] (looked up in PATH) with ARGV, NULL-terminated, and wait.
 * Returns 0 when it exited 0; its exit status (1..255) when it exited
 * otherwise; 128 + N when signal N killed it (as a shell says it); -errno
 * when it could not be started (-ENOENT: no such program, also when the
 * child exited 127, all a failed exec can say under qemu-user) or waited for.
 * On anything but 0, WHY says which, naming ARGV[0].
 */
int ab_spawn(const char *const argv[], unsigned int flags, char why[AB_WHY_LEN]);
/*
 * ab_spawn() in the working directory DIR: for a program that names its
 * files relative to where it runs (gnuplot's scripts, which live beside
 * their data). A DIR it cannot enter fails as a program that cannot start.
 */
int ab_spawn_in(const char *dir, const char *const argv[], unsigned int flags,
		char why[AB_WHY_LEN]);
/* ab_spawn()'s first half: ARGV started, its pid; or -errno with WHY. */
pid_t ab_spawn_start(const char *const argv[], char why[AB_WHY_LEN]);
/*
 * ab_spawn()'s second half: wait for PID (NAME for WHY; EINTR waits on), as
 * ab_spawn() returns, except that an exit 127 stays 127 (a user's command).
 */
int ab_spawn_wait(const char *name, pid_t pid, char why[AB_WHY_LEN]);

/*
 * ab_spawn() with the child's stdout and stderr together in OUT (OUT_LEN
 * bytes, NUL-terminated; the rest is read and dropped, so the child never
 * blocks on a full pipe): for a tool whose words say why it failed
 * (modprobe, modinfo). Returns and WHY as ab_spawn().
 */
/* OUT_LEN >= 1 */
int ab_spawn_capture(const char *const argv[], char *out, size_t out_len, char why[AB_WHY_LEN]);

#endif
