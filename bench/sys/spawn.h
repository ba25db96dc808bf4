/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sys/spawn.h: run a program and wait for it, the way algbench starts the
 * programs it uses (modprobe, modinfo, gnuplot). ARGV goes to execvp() as it
 * is: no shell, so no word of it is ever interpreted, whatever a result file
 * put there. (algbench trace starts its CMD with posix_spawnp itself: it needs
 * the pid while it waits, to pass signals on.)
 */
#ifndef ALGBENCH_SPAWN_H
#define ALGBENCH_SPAWN_H

#include <stddef.h>

/* FLAGS for ab_spawn. */
#define AB_SPAWN_QUIET 1u /* the child's stderr goes to /dev/null */

/*
 * Run ARGV[0] (looked up in PATH) with ARGV, NULL-terminated, and wait.
 * Returns 0 when it exited 0; its exit status (1..255) when it exited
 * otherwise; 128 + N when signal N killed it (as a shell says it); -errno
 * when it could not be started (-ENOENT: no such program) or waited for.
 * On anything but 0, WHY (LEN bytes) says which, naming ARGV[0].
 */
int ab_spawn(const char *const argv[], unsigned int flags, char *why, size_t len);

/*
 * ab_spawn() with the child's stdout and stderr together in OUT (OUT_LEN
 * bytes, NUL-terminated; the rest is read and dropped, so the child never
 * blocks on a full pipe): for a tool whose words say why it failed
 * (modprobe, modinfo). Returns and WHY as ab_spawn().
 */
/* OUT_LEN >= 1 */
int ab_spawn_capture(const char *const argv[], char *out, size_t out_len, char *why, size_t len);

#endif
