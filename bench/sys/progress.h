/* SPDX-License-Identifier: GPL-2.0 */
/* sys: a progress line on stderr for long commands (suite, compare). */
#ifndef ALGBENCH_PROGRESS_H
#define ALGBENCH_PROGRESS_H

#include <stdbool.h>
#include <stdint.h>

/*
 * A terminal that can redraw a line. The VM's serial consoles are ttys too,
 * but its init sets TERM=dumb and their output is read as a log.
 */
bool ab_progress_terminal(void);

/*
 * A line redrawn at most four times a second, and only once the command has
 * run for a second: short runs print nothing. ab_progress_clear() erases it
 * (before other output to the terminal); the next step redraws it.
 */
struct ab_progress {
	bool on, drawn;
	uint64_t start_ns, last_ns;
};

void ab_progress_begin(struct ab_progress *p);
void ab_progress_step(struct ab_progress *p, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void ab_progress_clear(struct ab_progress *p);

#endif
