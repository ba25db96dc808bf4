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

int ab_counter_rate_check(uint64_t hz, double tol, const struct ab_tick_read *reads, size_t n,
			  struct ab_rate_check *out)
{
	struct ab_rate_check best = { 0 };

	for (size_t i = 0; i < n; i++) {
		for (size_t j = i + 1; j < n; j++) {
			const struct ab_tick_read *a = &reads[i], *b = &reads[j];
			double shortest, longest, ticks, spread;

			if (b->ns_before <= a->ns_after || a->ns_after < a->ns_before ||
			    b->ns_after < b->ns_before)
				continue; /* no time surely between the reads */
			shortest = (double)(b->ns_before - a->ns_after);
			longest = (double)(b->ns_after - a->ns_before);
			spread = (longest - shortest) / shortest;
			if (++best.windows > 1 && spread >= best.spread)
				continue;
			/* a counter that went back is no rate: a negative range */
			ticks = b->ticks >= a->ticks ? (double)(b->ticks - a->ticks)
						     : -(double)(a->ticks - b->ticks);
			best.hz_lo = ticks * 1e9 / longest;
			best.hz_hi = ticks * 1e9 / shortest;
			best.spread = spread;
		}
	}
	if (out)
		*out = best;
	if (!best.windows)
		return 1;
	return best.hz_lo <= (double)hz * (1 + tol) && best.hz_hi >= (double)hz * (1 - tol);
}

#if defined(__aarch64__)
static uint64_t cntfrq(void)
{
	uint64_t v;

	__asm__ __volatile__("mrs %0, cntfrq_el0" : "=r"(v));
	return v;
}

/* Reads taken and the pause between them: 7 x 7 ms, about 50 ms in all. */
#define CNTVCT_READS	8
#define CNTVCT_PAUSE_NS 7000000

/*
 * CNTVCT_EL0 against CNTFRQ_EL0: usable when the stated rate is set and the
 * counter does not clearly run at another (2%) against CLOCK_MONOTONIC.
 * Firmware programs CNTFRQ_EL0 and has been known to get it wrong (the
 * kernel then takes the device tree's clock-frequency), so the rate is
 * checked rather than believed. Each counter read sits between two
 * CLOCK_MONOTONIC reads and the tightest window of several decides
 * (ab_counter_rate_check()): a reader preempted between two reads, on a busy
 * host or a starved vCPU, widens its bracket instead of skewing the rate.
 */
static void probe_cntvct(struct ab_cycle_counter *c)
{
	const struct timespec pause = { 0, CNTVCT_PAUSE_NS };
	struct ab_tick_read reads[CNTVCT_READS];
	struct ab_rate_check seen;
	uint64_t hz = cntfrq();

	snprintf(c->name, sizeof(c->name), "cntvct_el0");
	if (!hz) {
		snprintf(c->why, sizeof(c->why),
			 "CNTFRQ_EL0 is 0: the firmware did not set the generic timer's frequency, "
			 "so its ticks have no stated rate");
		return;
	}
	for (int i = 0; i < CNTVCT_READS; i++) {
		if (i)
			nanosleep(&pause, NULL);
		reads[i].ns_before = ab_now_ns();
		reads[i].ticks = ab_cycles();
		reads[i].ns_after = ab_now_ns();
	}
	if (!ab_counter_rate_check(hz, 0.02, reads, CNTVCT_READS, &seen)) {
		snprintf(c->why, sizeof(c->why),
			 "CNTFRQ_EL0 says %llu Hz but CNTVCT_EL0 ran at %.0f to %.0f Hz against "
			 "CLOCK_MONOTONIC: the stated frequency is wrong (firmware), so its ticks "
			 "are not reported",
			 (unsigned long long)hz, seen.hz_lo, seen.hz_hi);
		return;
	}
	c->hz = hz;
	c->usable = 1;
}
#endif

static struct ab_cycle_counter counter;

static void probe_counter(void)
{
	struct ab_cycle_counter *c = &counter;

#if defined(__x86_64__) || defined(__i386__)
	char flags[4096];

	snprintf(c->name, sizeof(c->name), "tsc");
	ab_cpuinfo_field("flags", flags, sizeof(flags));
	/* the field's value starts after ": "; every flag is preceded by a space */
	c->usable = (strstr(flags, " constant_tsc") || !strncmp(flags, "constant_tsc", 12)) &&
		    strstr(flags, " nonstop_tsc");
	if (!c->usable)
		snprintf(c->why, sizeof(c->why),
			 "the TSC is not invariant (/proc/cpuinfo's flags lack constant_tsc or "
			 "nonstop_tsc): its ticks are not at a fixed rate");
#elif defined(__aarch64__)
	probe_cntvct(c);
#else
	snprintf(c->name, sizeof(c->name), "none");
	snprintf(c->why, sizeof(c->why),
		 "algbench reads a cycle counter on x86 (TSC) and arm64 (CNTVCT_EL0) only");
#endif
}

const struct ab_cycle_counter *ab_cycle_counter_probe(void)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;

	pthread_once(&once, probe_counter);
	return &counter;
}

int ab_cycles_usable(void)
{
	return ab_cycle_counter_probe()->usable;
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

int ab_cpu_midr(uint64_t *midr)
{
	static const struct {
		const char *key;
		int base, shift;
		uint64_t max;
	} fields[] = {
		{ "CPU implementer", 16, 24, 0xff },
		{ "CPU variant", 16, 20, 0xf },
		{ "CPU part", 16, 4, 0xfff },
		{ "CPU revision", 10, 0, 0xf },
	};
	char line[64];
	unsigned long long v;

	if (!ab_read_line("/sys/devices/system/cpu/cpu0/regs/identification/midr_el1", line,
			  sizeof(line)) &&
	    !ab_parse_uint_n(line, strlen(line), 0, 0xffffffffu, AB_NUM_HEX, &v)) {
		*midr = v;
		return 0;
	}
	*midr = 0xfull << 16; /* architecture: "see the ID registers", as every ARMv8 CPU says */
	for (size_t i = 0; i < sizeof(fields) / sizeof(fields[0]); i++) {
		ab_cpuinfo_field(fields[i].key, line, sizeof(line));
		if (ab_parse_uint_n(line, strlen(line), 0, fields[i].max,
				    fields[i].base == 16 ? AB_NUM_HEX : 0, &v))
			return -ENOENT;
		*midr |= v << fields[i].shift;
	}
	return 0;
}

/*
 * MIDR implementers and parts by name, as Linux's arch/arm64 cputype.h and
 * util-linux's lscpu name them (hand-rolled: lscpu has the table, but as a
 * program, not a library); the many-CPU server parts and the common cores.
 */
static const struct {
	unsigned int implementer;
	const char *name;
} midr_implementers[] = {
	{ 0x41, "ARM" },       { 0x42, "Broadcom" },  { 0x43, "Cavium" }, { 0x46, "Fujitsu" },
	{ 0x48, "HiSilicon" }, { 0x4e, "NVIDIA" },    { 0x50, "APM" },	  { 0x51, "Qualcomm" },
	{ 0x61, "Apple" },     { 0x6d, "Microsoft" }, { 0xc0, "Ampere" }, { 0x00, "QEMU" },
};

static const struct {
	unsigned int implementer, part;
	const char *name;
} midr_parts[] = {
	{ 0x41, 0xd03, "Cortex-A53" },	  { 0x41, 0xd04, "Cortex-A35" },
	{ 0x41, 0xd05, "Cortex-A55" },	  { 0x41, 0xd07, "Cortex-A57" },
	{ 0x41, 0xd08, "Cortex-A72" },	  { 0x41, 0xd09, "Cortex-A73" },
	{ 0x41, 0xd0a, "Cortex-A75" },	  { 0x41, 0xd0b, "Cortex-A76" },
	{ 0x41, 0xd0c, "Neoverse-N1" },	  { 0x41, 0xd0d, "Cortex-A77" },
	{ 0x41, 0xd40, "Neoverse-V1" },	  { 0x41, 0xd41, "Cortex-A78" },
	{ 0x41, 0xd44, "Cortex-X1" },	  { 0x41, 0xd46, "Cortex-A510" },
	{ 0x41, 0xd47, "Cortex-A710" },	  { 0x41, 0xd48, "Cortex-X2" },
	{ 0x41, 0xd49, "Neoverse-N2" },	  { 0x41, 0xd4a, "Neoverse-E1" },
	{ 0x41, 0xd4f, "Neoverse-V2" },	  { 0x41, 0xd84, "Neoverse-V3" },
	{ 0x41, 0xd8e, "Neoverse-N3" },	  { 0x43, 0x0af, "ThunderX2" },
	{ 0x46, 0x001, "A64FX" },	  { 0x48, 0xd01, "Kunpeng-920" },
	{ 0x50, 0x000, "X-Gene" },	  { 0xc0, 0xac3, "AmpereOne" },
	{ 0x00, 0x051, "max CPU (TCG)" },
};

void ab_cpu_model(char *out, size_t len)
{
	unsigned int impl, part, variant, rev;
	const char *iname = NULL, *pname = NULL;
	uint64_t midr;

	ab_cpuinfo_field("model name", out, len);
	if (out[0] || ab_cpu_midr(&midr))
		return;
	impl = (unsigned int)(midr >> 24) & 0xff;
	variant = (unsigned int)(midr >> 20) & 0xf;
	part = (unsigned int)(midr >> 4) & 0xfff;
	rev = (unsigned int)midr & 0xf;
	for (size_t i = 0; i < sizeof(midr_implementers) / sizeof(midr_implementers[0]); i++)
		if (midr_implementers[i].implementer == impl)
			iname = midr_implementers[i].name;
	for (size_t i = 0; i < sizeof(midr_parts) / sizeof(midr_parts[0]); i++)
		if (midr_parts[i].implementer == impl && midr_parts[i].part == part)
			pname = midr_parts[i].name;
	if (iname && pname)
		snprintf(out, len, "%s %s r%up%u (MIDR 0x%08llx)", iname, pname, variant, rev,
			 (unsigned long long)midr);
	else
		snprintf(out, len, "implementer 0x%02x part 0x%03x r%up%u (MIDR 0x%08llx)", impl,
			 part, variant, rev, (unsigned long long)midr);
}

#if defined(__aarch64__)
/* arm64 has no CPUID leaf for hypervisors: what MIDR and sysfs say (sys/cpu.h). */
static void hypervisor_arm64(char *out, size_t len)
{
	char type[32];
	uint64_t midr;

	if (!ab_cpu_midr(&midr) && ((midr >> 24) & 0xff) == 0 && ((midr >> 4) & 0xfff) == 0x051) {
		snprintf(out, len, "tcg");
		return;
	}
	if (!ab_read_line("/sys/hypervisor/type", type, sizeof(type)) && type[0] &&
	    strspn(type, "abcdefghijklmnopqrstuvwxyz") == strlen(type)) {
		snprintf(out, len, "%s", type);
		return;
	}
	snprintf(out, len, "unknown");
}
#endif

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
#if defined(__aarch64__)
	(void)cpu_model;
	(void)flags;
	(void)n;
	hypervisor_arm64(out, len);
	return;
#endif
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
