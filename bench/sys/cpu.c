// SPDX-License-Identifier: GPL-2.0
/* sys: the clock, the CPUs this process may use, and /proc/cpuinfo. */
#include "sys/cpu.h"
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/number.h"
#include "sys/host.h"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

void ab_cpuinfo_field(const char *key, char *out, size_t len)
{
	FILE *f = fopen("/proc/cpuinfo", "r");
	char line[4096];
	size_t klen = strlen(key);

	out[0] = '\0';
	while (f && fgets(line, sizeof(line), f)) {
		char *colon = strchr(line, ':');

		if (colon && !strncmp(line, key, klen) &&
		    (line[klen] == ' ' || line[klen] == '\t')) {
			snprintf(out, len, "%s", colon + 2);
			out[strcspn(out, "\n")] = '\0';
			break;
		}
	}
	if (f)
		fclose(f);
}

uint64_t ab_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

int ab_tsc_invariant(void)
{
	static int cached = -1;
	char line[4096];

	if (cached >= 0)
		return cached;
	cached = 0;
	if (HAVE_TSC) {
		ab_cpuinfo_field("flags", line, sizeof(line));
		/* the field's value starts after ": "; every flag is preceded by a space */
		cached = (strstr(line, " constant_tsc") || !strncmp(line, "constant_tsc", 12)) &&
			 strstr(line, " nonstop_tsc");
	}
	return cached;
}

int ab_cpuset_alloc(struct ab_cpuset *s, int ncpus)
{
	memset(s, 0, sizeof(*s));
	if (ncpus < 1 || ncpus > AB_CPU_MAX)
		return -EINVAL;
	s->set = CPU_ALLOC((size_t)ncpus);
	if (!s->set)
		return -ENOMEM;
	s->size = CPU_ALLOC_SIZE((size_t)ncpus);
	s->ncpus = ncpus;
	CPU_ZERO_S(s->size, s->set);
	return 0;
}

void ab_cpuset_free(struct ab_cpuset *s)
{
	if (s->set)
		CPU_FREE(s->set);
	memset(s, 0, sizeof(*s));
}

/*
 * A CPU number in the kernel's cpulist: decimal digits only (core/number.h's
 * strict parser), below AB_CPU_MAX; *end is past it.
 */
static int cpu_number(const char *p, const char **end, int *cpu)
{
	size_t n = strspn(p, "0123456789");
	unsigned long long v;

	if (ab_parse_uint_n(p, n, 0, AB_CPU_MAX - 1, 0, &v))
		return -EINVAL;
	*end = p + n;
	*cpu = (int)v;
	return 0;
}

/* Walks the cpulist: the highest CPU (set NULL), or each CPU into set. */
static int cpulist_walk(const char *text, struct ab_cpuset *set, int *highest)
{
	const char *p = text;

	*highest = -1;
	for (;;) {
		int a, b;

		if (cpu_number(p, &p, &a))
			return -EINVAL;
		b = a;
		if (*p == '-' && (cpu_number(p + 1, &p, &b) || b < a))
			return -EINVAL;
		if (b > *highest)
			*highest = b;
		for (; set && a <= b; a++)
			CPU_SET_S((size_t)a, set->size, set->set);
		if (*p != ',')
			break;
		p++;
	}
	return !*p || (*p == '\n' && !p[1]) ? 0 : -EINVAL;
}

int ab_cpulist_parse(const char *text, struct ab_cpuset *s)
{
	int highest, err;

	memset(s, 0, sizeof(*s));
	if ((err = cpulist_walk(text, NULL, &highest)) || (err = ab_cpuset_alloc(s, highest + 1)))
		return err;
	return cpulist_walk(text, s, &highest);
}

int ab_cpus_possible(void)
{
	char line[4096];
	struct ab_cpuset s;
	long conf;

	if (!ab_read_line("/sys/devices/system/cpu/possible", line, sizeof(line)) &&
	    !ab_cpulist_parse(line, &s)) {
		int n = s.ncpus;

		ab_cpuset_free(&s);
		return n;
	}
	conf = sysconf(_SC_NPROCESSORS_CONF);
	return conf < 1 ? 1 : conf > AB_CPU_MAX ? AB_CPU_MAX : (int)conf;
}

int ab_cpu_affinity(struct ab_cpuset *s)
{
	/* The kernel wants room for all its CPU ids: grow if sysfs undersold them. */
	for (int n = ab_cpus_possible();; n *= 2) {
		int err = ab_cpuset_alloc(s, n < AB_CPU_MAX ? n : AB_CPU_MAX);

		if (err)
			return err;
		if (!sched_getaffinity(0, s->size, s->set))
			return 0;
		err = -errno;
		ab_cpuset_free(s);
		if (err != -EINVAL || n >= AB_CPU_MAX)
			return err;
	}
}

int ab_cpu_pin_self(int cpu)
{
	struct ab_cpuset s;
	int err = cpu < 0 ? -EINVAL : ab_cpuset_alloc(&s, cpu + 1);

	if (err)
		return err;
	CPU_SET_S((size_t)cpu, s.size, s.set);
	err = -pthread_setaffinity_np(pthread_self(), s.size, s.set);
	ab_cpuset_free(&s);
	return err;
}

int ab_cpu_list(int *cpus, int max)
{
	struct ab_cpuset s;
	int n = 0;

	if (ab_cpu_affinity(&s))
		return 0;
	for (int i = 0; i < s.ncpus && n < max; i++)
		if (CPU_ISSET_S((size_t)i, s.size, s.set))
			cpus[n++] = i;
	ab_cpuset_free(&s);
	return n;
}

unsigned int ab_cpus_usable(void)
{
	struct ab_cpuset s;
	int n;

	if (ab_cpu_affinity(&s))
		return 1;
	n = CPU_COUNT_S(s.size, s.set);
	ab_cpuset_free(&s);
	return (unsigned int)n;
}

void ab_hypervisor_name(const char *cpu_model, char *out, size_t len)
{
	static const struct {
		const char *sig, *name;
	} known[] = {
		{ "KVMKVMKVM", "kvm" },	      { "TCGTCGTCGTCG", "tcg" },
		{ "Microsoft Hv", "hyperv" }, { "VMwareVMware", "vmware" },
		{ "XenVMMXenVMM", "xen" },    { "bhyve bhyve ", "bhyve" },
		{ "ACRNACRNACRN", "acrn" },   { " lrpepyh  vr", "parallels" },
	};
	char flags[4096], vendor[64], sig[13] = "";
	size_t n = 0;

	/*
	 * User-Mode Linux first: its kernel is a host process, so CPUID (and
	 * the flags it copies from the host) describe the host, not UML.
	 */
	ab_cpuinfo_field("vendor_id", vendor, sizeof(vendor));
	if (!strcmp(vendor, "User Mode Linux")) {
		snprintf(out, len, "uml");
		return;
	}
	ab_cpuinfo_field("flags", flags, sizeof(flags));
	if (!strstr(flags, " hypervisor") && strncmp(flags, "hypervisor", 10)) {
		snprintf(out, len, "none");
		return;
	}
#if defined(__x86_64__) || defined(__i386__)
	{
		unsigned int a, s[3];

		__cpuid(0x40000000, a, s[0], s[1], s[2]);
		memcpy(sig, s, 12);
		sig[12] = '\0';
	}
#endif
	for (size_t i = 0; i < sizeof(known) / sizeof(known[0]); i++)
		if (!strncmp(sig, known[i].sig, strlen(known[i].sig))) {
			snprintf(out, len, "%s", known[i].name);
			return;
		}
	if (strstr(cpu_model, "QEMU TCG")) {
		snprintf(out, len, "tcg");
		return;
	}
	/* an unknown signature, printable characters only */
	while (n < 12 && sig[n] >= 0x20 && sig[n] < 0x7f)
		n++;
	sig[n] = '\0';
	if (n)
		snprintf(out, len, "other:%s", sig);
	else
		snprintf(out, len, "unknown");
}
