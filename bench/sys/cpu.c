// SPDX-License-Identifier: GPL-2.0
/* sys: the clock, the CPUs this process may use, and /proc/cpuinfo. */
#include "sys/cpu.h"
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

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

int ab_cpu_list(int *cpus, int max)
{
	cpu_set_t set;
	int n = 0;

	if (sched_getaffinity(0, sizeof(set), &set))
		return 0;
	for (int i = 0; i < CPU_SETSIZE && n < max; i++)
		if (CPU_ISSET(i, &set))
			cpus[n++] = i;
	return n;
}

unsigned int ab_cpus_usable(void)
{
	cpu_set_t set;

	if (sched_getaffinity(0, sizeof(set), &set))
		return 1;
	return (unsigned int)CPU_COUNT(&set);
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
	char flags[4096], sig[13] = "";
	size_t n = 0;

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
