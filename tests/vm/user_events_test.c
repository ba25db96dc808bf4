// SPDX-License-Identifier: GPL-2.0
/*
 * user_events multi-format, against the running kernel (tests/vm/user_events.sh).
 *
 *   user-events-test             TAP: algbench's marker format and a second
 *                                format of the same name (what a newer algbench
 *                                would register: one more field) side by side
 *   user-events-test hold INSTANCE -- CMD...
 *                                registers algbench's marker format, enables it
 *                                in the trace instance INSTANCE (a folder under
 *                                tracefs/instances), runs CMD, disables and
 *                                unregisters: the tracer's part, so that an
 *                                algbench inside CMD reuses that tracepoint
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

#include "sys/spawn.h"
#include "sys/tap.h"
#include "trace/markers.h"
#include "trace/tracefs.h"

#define NEWER_FIELDS TRACE_MARKER_FIELDS ";u64 bytes"
#define INSTANCE     "instances/algbench_uetest"

static struct tracefs fs;
static uint32_t word_a __attribute__((aligned(8))), word_b __attribute__((aligned(8))),
	word_single __attribute__((aligned(8)));

static int write_file(const char *rel, const char *text)
{
	char path[512];
	int fd, ret = 0;

	tracefs_path(&fs, rel, path, sizeof(path));
	fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	if (write(fd, text, strlen(text)) < 0)
		ret = -errno;
	close(fd);
	return ret;
}

static int enable(const char *instance, const char *tp, int on)
{
	char rel[512];

	snprintf(rel, sizeof(rel), "%s/events/user_events_multi/%s/enable", instance, tp);
	return write_file(rel, on ? "1" : "0");
}

static bool exists(const char *rel)
{
	char path[512];

	tracefs_path(&fs, rel, path, sizeof(path));
	return !access(path, F_OK);
}

/* The kernel updates the bit from its own context; wait for it rather than assume. */
static bool bit_becomes(const uint32_t *word, int want)
{
	for (int i = 0; i < 200; i++) {
		if ((__atomic_load_n(word, __ATOMIC_RELAXED) & 1) == (uint32_t)want)
			return true;
		usleep(10000);
	}
	return false;
}

/* The kernel frees an unused event from a work item: wait for its folder to go. */
static bool gone_soon(const char *rel)
{
	for (int i = 0; i < 1000 && exists(rel); i++)
		usleep(10000);
	return !exists(rel);
}

static int emit(int fd, uint32_t index, const char *alg, uint32_t job, uint64_t bytes, bool newer)
{
	struct {
		struct trace_marker m;
		uint64_t bytes;
	} __attribute__((packed)) rec;
	struct iovec iov[2] = { { &index, sizeof(index) },
				{ &rec, newer ? sizeof(rec) : sizeof(rec.m) } };

	memset(&rec, 0, sizeof(rec));
	rec.m.job = job;
	rec.m.size = 4096;
	snprintf(rec.m.backend, sizeof(rec.m.backend), "uetest");
	snprintf(rec.m.alg, sizeof(rec.m.alg), "%s", alg);
	rec.bytes = bytes;
	if (writev(fd, iov, 2) < 0) {
		if (errno != EBADF)
			ab_tap_diag("writev of %s: %s", alg, strerror(errno));
		return -errno;
	}
	return 0;
}

static bool trace_has(const char *needle)
{
	char *text = tracefs_read(&fs, INSTANCE "/trace", 1 << 20, NULL);
	bool found = text && strstr(text, needle);

	free(text);
	return found;
}

static void diag_file(const char *rel)
{
	char *text = tracefs_read(&fs, rel, 16384, NULL);

	for (char *l = text ? strtok(text, "\n") : NULL; l; l = strtok(NULL, "\n"))
		ab_tap_diag("  %s", l);
	free(text);
}

static int checks(void)
{
	char root[64], why[AB_WHY_LEN], tp_a[128] = "", tp_b[128] = "", rel[512], rel_b[512],
					data[128];
	char *fmt_a = NULL, *fmt_b = NULL;
	uint32_t idx_a = 0, idx_b = 0, idx_s = 0;
	int fd_a, fd_b, fd_s, ret;

	ab_tap_header();
	fd_a = trace_ue_open(root, sizeof(root), why);
	if (fd_a < 0)
		ab_tap_skip_all("%s", why);
	snprintf(fs.root, sizeof(fs.root), "%s", root);
	tracefs_path(&fs, "user_events_data", data, sizeof(data));
	fd_b = open(data, O_RDWR | O_CLOEXEC);
	ab_tap_plan(19);

	ret = trace_ue_register(fd_a, TRACE_MARKER_NAME, TRACE_MARKER_FIELDS, true, &word_a, 0,
				&idx_a);
	if (ret == -EINVAL)
		ab_tap_diag("USER_EVENT_REG_MULTI_FORMAT refused: a kernel before 6.9");
	ab_tap_ok(!ret, "register algbench's marker format with USER_EVENT_REG_MULTI_FORMAT");
	ret = fd_b < 0 ? -errno
		       : trace_ue_register(fd_b, TRACE_MARKER_NAME, NEWER_FIELDS, true, &word_b, 0,
					   &idx_b);
	ab_tap_ok(!ret,
		  "register a second format of the same name (one more field), no EADDRINUSE");

	ab_tap_ok(!trace_ue_find_multi(root, TRACE_MARKER_NAME, TRACE_MARKER_FIELDS, tp_a,
				       sizeof(tp_a)),
		  "the first format's tracepoint is under events/user_events_multi/");
	ab_tap_ok(!trace_ue_find_multi(root, TRACE_MARKER_NAME, NEWER_FIELDS, tp_b, sizeof(tp_b)),
		  "the second format's tracepoint is under events/user_events_multi/");
	ab_tap_diag("formats: %s and %s", tp_a, tp_b);
	ab_tap_ok(tp_a[0] && tp_b[0] && strcmp(tp_a, tp_b),
		  "they are two tracepoints, NAME.<id> each");
	snprintf(rel, sizeof(rel), "events/user_events_multi/%s/format", tp_a);
	snprintf(rel_b, sizeof(rel_b), "events/user_events_multi/%s/format", tp_b);
	fmt_a = tracefs_read(&fs, rel, 16384, NULL);
	fmt_b = tracefs_read(&fs, rel_b, 16384, NULL);
	ab_tap_ok(fmt_a && fmt_b && strcmp(fmt_a, fmt_b) && strstr(fmt_b, " bytes;") &&
			  !strstr(fmt_a, " bytes;"),
		  "both format files exist and differ: only the second has 'bytes'");
	ab_tap_diag("%s:", rel);
	diag_file(rel);
	ab_tap_diag("%s:", rel_b);
	diag_file(rel_b);
	free(fmt_a);
	free(fmt_b);

	/* Single-format: the same name, a namespace of its own. */
	fd_s = open(data, O_RDWR | O_CLOEXEC);
	ret = fd_s < 0 ? -errno
		       : trace_ue_register(fd_s, TRACE_MARKER_NAME, TRACE_MARKER_FIELDS, false,
					   &word_single, 0, &idx_s);
	ab_tap_ok(!ret && exists("events/user_events/" TRACE_MARKER_NAME),
		  "flags 0: the single-format event is events/user_events/" TRACE_MARKER_NAME);
	if (fd_s >= 0) {
		trace_ue_unregister(fd_s, &word_single, 0);
		close(fd_s);
	}

	tracefs_path(&fs, INSTANCE, rel, sizeof(rel));
	mkdir(rel, 0755);
	ab_tap_ok(!enable(INSTANCE, tp_a, 1), "enable the first format in a trace instance");
	ab_tap_ok(bit_becomes(&word_a, 1), "its enable bit is set");
	ab_tap_ok(!(__atomic_load_n(&word_b, __ATOMIC_RELAXED) & 1),
		  "the second format's bit stays clear");
	/* The kernel refuses a write to an event nobody enables: EBADF. */
	ab_tap_ok(!emit(fd_a, idx_a, "uetest-first", 4242, 0, false) &&
			  emit(fd_b, idx_b, "uetest-second-off", 4243, 1, true) == -EBADF,
		  "write to both: the enabled first takes it, the disabled second says EBADF");
	/* Numbers print as "job=0x1092 (4242)": the event has no output function of its own. */
	ab_tap_ok(trace_has("job=0x1092 (4242)") && trace_has("alg=uetest-first") &&
			  !trace_has("uetest-second-off"),
		  "the trace has the first's record, not the disabled second's");
	ab_tap_ok(!enable(INSTANCE, tp_a, 0) && bit_becomes(&word_a, 0),
		  "disable the first: its bit clears");

	ret = trace_ue_unregister(fd_a, &word_a, 0);
	close(fd_a);
	snprintf(rel, sizeof(rel), "events/user_events_multi/%s", tp_a);
	ab_tap_ok(!ret && gone_soon(rel), "unregister and close the first: its tracepoint goes");
	snprintf(rel, sizeof(rel), "events/user_events_multi/%s/format", tp_b);
	ab_tap_ok(exists(rel), "the second format's tracepoint stays");
	ab_tap_ok(!enable(INSTANCE, tp_b, 1) && bit_becomes(&word_b, 1),
		  "enable the second: its bit is set");
	ab_tap_ok(!emit(fd_b, idx_b, "uetest-second", 4244, 777, true),
		  "write to the second after the first is gone");
	ab_tap_ok(trace_has("job=0x1094 (4244)") && trace_has("bytes=0x309 (777)"),
		  "the trace has the second's record with its extra field");
	enable(INSTANCE, tp_b, 0);
	ret = trace_ue_unregister(fd_b, &word_b, 0);
	close(fd_b);
	snprintf(rel, sizeof(rel), "events/user_events_multi/%s", tp_b);
	ab_tap_ok(!ret && gone_soon(rel), "unregister and close the second: its tracepoint goes");
	tracefs_path(&fs, INSTANCE, rel, sizeof(rel));
	rmdir(rel);
	return ab_tap_finish();
}

/* hold INSTANCE -- CMD...: the tracer's part around CMD. */
static int hold(int argc, char **argv)
{
	char root[64], why[AB_WHY_LEN], tp[128];
	uint32_t idx;
	int fd, ret;

	if (argc < 5 || strcmp(argv[3], "--")) {
		fprintf(stderr, "usage: user-events-test hold INSTANCE -- CMD...\n");
		return 2;
	}
	fd = trace_ue_open(root, sizeof(root), why);
	if (fd < 0) {
		fprintf(stderr, "user-events-test: %s\n", why);
		return 1;
	}
	snprintf(fs.root, sizeof(fs.root), "%s", root);
	if ((ret = trace_ue_register(fd, TRACE_MARKER_NAME, TRACE_MARKER_FIELDS, true, &word_a, 0,
				     &idx)) ||
	    (ret = trace_ue_find_multi(root, TRACE_MARKER_NAME, TRACE_MARKER_FIELDS, tp,
				       sizeof(tp))) ||
	    (ret = enable(argv[2], tp, 1))) {
		fprintf(stderr, "user-events-test: %s: %s\n", TRACE_MARKER_NAME, strerror(-ret));
		return 1;
	}
	printf("tracepoint=user_events_multi/%s\n", tp);
	fflush(stdout);
	ret = ab_spawn((const char *const *)argv + 4, 0, why);
	if (ret)
		fprintf(stderr, "user-events-test: %s\n", why);
	enable(argv[2], tp, 0);
	trace_ue_unregister(fd, &word_a, 0);
	close(fd);
	return ret < 0 ? 1 : ret;
}

int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "hold"))
		return hold(argc, argv);
	return checks();
}
