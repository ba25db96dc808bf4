// SPDX-License-Identifier: GPL-2.0
/*
 * The oracle tests/host/perf.sh asks instead of algbench: can this thread
 * count its hardware cycles and instructions here? A raw perf_event_open
 * of both (user and kernel, as `run --perf` counts), a loop, a read.
 * Exit 0 and "counts" when both counted more than zero, 1 and why not.
 * Deliberately none of bench/sys/perf.c: the test must not take algbench's
 * word for what the PMU can do.
 */
#include <errno.h>
#include <linux/perf_event.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

static int open_counter(uint64_t config)
{
	struct perf_event_attr a;

	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.type = PERF_TYPE_HARDWARE;
	a.config = config;
	a.disabled = 1;
	a.exclude_hv = 1;
	return (int)syscall(SYS_perf_event_open, &a, 0, -1, -1, 0);
}

/* the counted work's stores go here: volatile, so no compiler drops the loop */
static volatile uint64_t sink;

int main(void)
{
	static const uint64_t configs[2] = { PERF_COUNT_HW_CPU_CYCLES, PERF_COUNT_HW_INSTRUCTIONS };
	static const char *const names[2] = { "cycles", "instructions" };
	uint64_t count[2] = { 0, 0 };
	int fd[2];

	for (int i = 0; i < 2; i++) {
		fd[i] = open_counter(configs[i]);
		if (fd[i] < 0) {
			printf("perf_event_open %s: %s\n", names[i], strerror(errno));
			return 1;
		}
		ioctl(fd[i], PERF_EVENT_IOC_RESET, 0);
		ioctl(fd[i], PERF_EVENT_IOC_ENABLE, 0);
	}
	for (uint64_t i = 0; i < 1000000; i++)
		sink += i * i;
	for (int i = 0; i < 2; i++) {
		ioctl(fd[i], PERF_EVENT_IOC_DISABLE, 0);
		if (read(fd[i], &count[i], sizeof(count[i])) != sizeof(count[i]) || !count[i]) {
			printf("%s: opened but counted nothing\n", names[i]);
			return 1;
		}
	}
	printf("counts: %llu cycles, %llu instructions\n", (unsigned long long)count[0],
	       (unsigned long long)count[1]);
	return 0;
}
