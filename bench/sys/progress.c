// SPDX-License-Identifier: GPL-2.0
/* A redrawn progress line on stderr, for terminals only. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sys/cpu.h"
#include "sys/progress.h"

#define PROGRESS_AFTER_NS 1000000000ULL
#define PROGRESS_EVERY_NS 250000000ULL

bool ab_progress_terminal(void)
{
	const char *term = getenv("TERM");

	return isatty(STDERR_FILENO) && term && *term && strcmp(term, "dumb");
}

void ab_progress_begin(struct ab_progress *p)
{
	p->on = ab_progress_terminal();
	p->drawn = false;
	p->start_ns = ab_now_ns();
	p->last_ns = 0;
}

void ab_progress_step(struct ab_progress *p, const char *fmt, ...)
{
	uint64_t now;
	va_list ap;

	if (!p->on)
		return;
	now = ab_now_ns();
	if (now - p->start_ns < PROGRESS_AFTER_NS || now - p->last_ns < PROGRESS_EVERY_NS)
		return;
	p->last_ns = now;
	fputs("\r\033[K", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	p->drawn = true;
}

void ab_progress_clear(struct ab_progress *p)
{
	if (p->drawn)
		fputs("\r\033[K", stderr);
	p->drawn = false;
}
