// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "core/error.h"
#include "core/number.h"
#include "sys/host.h"
#include "sys/perf.h"

#define PARANOID "/proc/sys/kernel/perf_event_paranoid"

/* The sysctl's level; 99 (strictest) when it cannot be read or is not a level in -1..99. */
static int paranoid_level(void)
{
	char line[16];
	long long level;

	if (ab_read_line(PARANOID, line, sizeof(line)) || ab_parse_int(line, -1, 99, &level))
		return 99;
	return (int)level;
}

/* Why perf_event_open refused, in terms of what to change. */
static void explain(int err, int pid, const char *event, char why[AB_WHY_LEN])
{
	switch (err) {
	case ENOENT:
	case EOPNOTSUPP:
	case ENODEV:
		ab_whyf(why,
			"no hardware PMU (perf_event_open %s: %s): a VM without a virtual PMU or "
			"QEMU TCG has none; `perf stat -e instructions true` says the same",
			event, strerror(err));
		break;
	case EACCES:
	case EPERM:
		ab_whyf(why,
			"perf_event_paranoid is %d: counting %s needs root (CAP_PERFMON) or "
			"perf_event_paranoid <= %d (" PARANOID ")",
			paranoid_level(),
			pid == -1 ? "every task on a CPU (kmod's kthreads)" : "kernel work",
			pid == -1 ? 0 : 1);
		break;
	case ENOSYS:
		ab_whyf(why, "the kernel has no perf events (CONFIG_PERF_EVENTS)");
		break;
	default:
		ab_whyf(why, "perf_event_open %s: %s", event, strerror(err));
	}
}

int ab_perf_open(struct ab_perf *p, int pid, int cpu, char why[AB_WHY_LEN])
{
	static const struct {
		uint64_t config;
		const char *name;
	} events[2] = { { PERF_COUNT_HW_CPU_CYCLES, "cycles" },
			{ PERF_COUNT_HW_INSTRUCTIONS, "instructions" } };

	p->fd[0] = p->fd[1] = -1;
	for (int i = 0; i < 2; i++) {
		struct perf_event_attr a;
		long fd;

		memset(&a, 0, sizeof(a));
		a.size = sizeof(a);
		a.type = PERF_TYPE_HARDWARE;
		a.config = events[i].config;
		a.disabled = i == 0; /* the leader gates the group */
		a.exclude_hv = 1;    /* kernel work counts: AF_ALG's and kmod's is all there */
		a.read_format = PERF_FORMAT_GROUP | PERF_FORMAT_TOTAL_TIME_ENABLED |
				PERF_FORMAT_TOTAL_TIME_RUNNING;
		fd = syscall(SYS_perf_event_open, &a, pid, cpu, i ? p->fd[0] : -1,
			     PERF_FLAG_FD_CLOEXEC);
		if (fd < 0) {
			int err = errno;

			explain(err, pid, events[i].name, why);
			ab_perf_close(p);
			return -err;
		}
		p->fd[i] = (int)fd;
	}
	return 0;
}

int ab_perf_start(struct ab_perf *p)
{
	if (ioctl(p->fd[0], PERF_EVENT_IOC_RESET, PERF_IOC_FLAG_GROUP) ||
	    ioctl(p->fd[0], PERF_EVENT_IOC_ENABLE, PERF_IOC_FLAG_GROUP))
		return -errno;
	return 0;
}

int ab_perf_stop(struct ab_perf *p, struct ab_perf_count *c, char why[AB_WHY_LEN])
{
	/* PERF_FORMAT_GROUP with both times: nr, enabled, running, value per event. */
	uint64_t v[5];
	double scale;
	ssize_t n;

	if (ioctl(p->fd[0], PERF_EVENT_IOC_DISABLE, PERF_IOC_FLAG_GROUP)) {
		int err = errno;

		ab_whyf(why, "cannot stop the counters: %s", strerror(err));
		return -err;
	}
	n = read(p->fd[0], v, sizeof(v));
	if (n != (ssize_t)sizeof(v) || v[0] != 2) {
		ab_whyf(why, "the counters read back %zd bytes, %llu events, not 2", n,
			n >= 8 ? (unsigned long long)v[0] : 0ULL);
		return -EIO;
	}
	if (!v[2]) {
		ab_whyf(why, "the counters were never scheduled (another user holds the PMU?)");
		return -EBUSY;
	}
	scale = v[2] < v[1] ? (double)v[1] / (double)v[2] : 1.0;
	c->cycles += (uint64_t)((double)v[3] * scale);
	c->instructions += (uint64_t)((double)v[4] * scale);
	return 0;
}

void ab_perf_close(struct ab_perf *p)
{
	for (int i = 1; i >= 0; i--)
		if (p->fd[i] >= 0) {
			close(p->fd[i]);
			p->fd[i] = -1;
		}
}
