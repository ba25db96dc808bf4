// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "core/number.h"
#include "sys/cpu.h"
#include "sys/host.h"
#include "sys/kstats.h"

#define CPU_SYS	 "/sys/devices/system/cpu"
#define MAX_CPUS 4096

int ab_read_line(const char *path, char *buf, size_t cap)
{
	FILE *f;
	int ok;

	buf[0] = '\0'; /* empty on every failure: a caller that reads it anyway reads no garbage */
	f = fopen(path, "r");
	if (!f)
		return -errno;
	ok = fgets(buf, (int)cap, f) != NULL;
	fclose(f);
	if (!ok)
		return -ENODATA; /* empty, or a read error */
	buf[strcspn(buf, "\n")] = 0;
	return 0;
}

static void on_off(char *out, size_t cap, const char *path, int inverted)
{
	char v[16];

	if (ab_read_line(path, v, sizeof(v)) || (strcmp(v, "0") && strcmp(v, "1")))
		snprintf(out, cap, "unknown");
	else
		snprintf(out, cap, "%s", (v[0] == '1') != inverted ? "on" : "off");
}

/* A topology id: the kernel prints it %d, -1 where it has none. *OK 0 when unreadable or malformed.
 */
static int read_id(const char *path, int *ok)
{
	char v[32];
	long long x;

	*ok = !ab_read_line(path, v, sizeof(v)) && !ab_parse_int(v, -1, INT_MAX, &x);
	return *ok ? (int)x : 0;
}

void ab_host_tuning_read(struct ab_host_tuning *t)
{
	/* (package, core) pairs seen; a flat list is enough for MAX_CPUS. */
	int seen_pkg[MAX_CPUS], seen_core[MAX_CPUS];
	unsigned int n_pairs = 0, n_pkgs = 0;
	int pkgs[MAX_CPUS];
	char path[128];

	memset(t, 0, sizeof(*t));
	if (ab_read_line(CPU_SYS "/cpu0/cpufreq/scaling_governor", t->governor,
			 sizeof(t->governor)) ||
	    !t->governor[0] ||
	    strspn(t->governor, "abcdefghijklmnopqrstuvwxyz_-0123456789") != strlen(t->governor))
		snprintf(t->governor, sizeof(t->governor), "unknown");
	/* intel_pstate says no_turbo (1 = off); acpi-cpufreq and amd say boost. */
	on_off(t->turbo, sizeof(t->turbo), CPU_SYS "/intel_pstate/no_turbo", 1);
	if (!strcmp(t->turbo, "unknown"))
		on_off(t->turbo, sizeof(t->turbo), CPU_SYS "/cpufreq/boost", 0);
	on_off(t->smt, sizeof(t->smt), CPU_SYS "/smt/active", 0);
	for (unsigned int cpu = 0; cpu < MAX_CPUS; cpu++) {
		unsigned int i;
		int pkg, core, ok1, ok2;

		snprintf(path, sizeof(path), CPU_SYS "/cpu%u/topology/physical_package_id", cpu);
		pkg = read_id(path, &ok1);
		snprintf(path, sizeof(path), CPU_SYS "/cpu%u/topology/core_id", cpu);
		core = read_id(path, &ok2);
		if (!ok1 || !ok2)
			continue;
		for (i = 0; i < n_pairs && (seen_pkg[i] != pkg || seen_core[i] != core); i++)
			;
		if (i == n_pairs) {
			seen_pkg[n_pairs] = pkg;
			seen_core[n_pairs++] = core;
		}
		for (i = 0; i < n_pkgs && pkgs[i] != pkg; i++)
			;
		if (i == n_pkgs)
			pkgs[n_pkgs++] = pkg;
	}
	t->packages = n_pkgs;
	t->cores = n_pairs;
}

static void crypto_stats_of(struct ab_run_info *run)
{
	enum kstats k = kstats_from_config(run->config_source, sizeof(run->config_source));

	snprintf(run->crypto_stats, sizeof(run->crypto_stats), "%s", kstats_name(k));
}

/*
 * How busy the machine was when the run started: other load is the first
 * suspect of a noisy run. In a VM it is the guest's load, not its host's.
 */
static void loadavg_of(struct ab_run_info *run)
{
	char buf[128];

	/* NAN on any failure, also after a partial sscanf */
	if (ab_read_line("/proc/loadavg", buf, sizeof(buf)) ||
	    sscanf(buf, "%lf %lf %lf", &run->loadavg[0], &run->loadavg[1], &run->loadavg[2]) != 3)
		run->loadavg[0] = run->loadavg[1] = run->loadavg[2] = NAN;
}

/*
 * The clocksource behind CLOCK_MONOTONIC decides what a sample's ns mean
 * (under -icount a guest's tsc counts instructions). Kernel text is
 * untrusted: anything but [a-z0-9_-] becomes "unknown".
 */
static void clocksource_of(struct ab_run_info *run)
{
	char buf[sizeof(run->clocksource)] = "";
	size_t n;

	snprintf(run->clocksource, sizeof(run->clocksource), "unknown");
	if (ab_read_line("/sys/devices/system/clocksource/clocksource0/current_clocksource", buf,
			 sizeof(buf)))
		return;
	n = strspn(buf, "abcdefghijklmnopqrstuvwxyz0123456789_-");
	if (n && !buf[n])
		snprintf(run->clocksource, sizeof(run->clocksource), "%s", buf);
}

void ab_run_info_collect(struct ab_run_info *run)
{
	struct timespec ts;
	struct utsname u;
	struct tm tm;
	time_t now;

	/*
	 * Not time(): glibc answers it from the coarse clock, up to a tick
	 * behind CLOCK_REALTIME, so a run woken by --start-at T could stamp
	 * the second before T.
	 */
	clock_gettime(CLOCK_REALTIME, &ts);
	now = ts.tv_sec;
	memset(run, 0, sizeof(*run));
	gmtime_r(&now, &tm);
	strftime(run->started, sizeof(run->started), "%Y-%m-%dT%H:%M:%SZ", &tm);
	strftime(run->id, sizeof(run->id), "%Y%m%dT%H%M%SZ", &tm);
	snprintf(run->id + strlen(run->id), sizeof(run->id) - strlen(run->id), "-%d",
		 (int)getpid());
	if (!uname(&u))
		snprintf(run->kernel, sizeof(run->kernel), "%s", u.release);
	ab_cpu_model(run->cpu_model, sizeof(run->cpu_model));
	run->nproc = (unsigned int)sysconf(_SC_NPROCESSORS_ONLN);
	run->smp_threads = ab_cpus_usable();
	crypto_stats_of(run);
	ab_hypervisor_name(run->cpu_model, run->virtualized, sizeof(run->virtualized));
	clocksource_of(run);
	loadavg_of(run);
	run->cycle_counter = *ab_cycle_counter_probe();
	ab_host_tuning_read(&run->tuning);
}
