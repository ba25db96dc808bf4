/* SPDX-License-Identifier: GPL-2.0 */
/* sys: the clock, the CPUs this process may use, and /proc/cpuinfo. */
#ifndef ALGBENCH_CPU_H
#define ALGBENCH_CPU_H

#include <sched.h>
#include <stddef.h>
#include <stdint.h>

#include "core/error.h"
#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#endif

/* CLOCK_MONOTONIC in ns. */
uint64_t ab_now_ns(void);

/*
 * The constant-rate counter behind a sample's "cycles", or 0 where there is
 * none: x86's time stamp counter (rdtsc), which an invariant TSC ticks at its
 * nominal rate; arm64's generic timer, virtual count CNTVCT_EL0, which ticks
 * at CNTFRQ_EL0 (tens of MHz to 1 GHz: the system counter's rate, not the
 * CPU's clock). ab_cycle_counter_probe() says which and at what rate.
 */
static inline uint64_t ab_cycles(void)
{
#if defined(__x86_64__) || defined(__i386__)
	return __rdtsc();
#elif defined(__aarch64__)
	/*
	 * No library call reads it (glibc's clock_gettime reads it inside the
	 * vDSO and converts); the isb keeps the read after the instructions
	 * before it, as the vDSO does. Linux lets EL0 read it (CNTKCTL_EL1) or
	 * emulates the read where a timer erratum made it trap.
	 */
	uint64_t v;

	__asm__ __volatile__("isb\n\tmrs %0, cntvct_el0" : "=r"(v)::"memory");
	return v;
#else
	return 0;
#endif
}

/* What ab_cycles() counts: the result file's host.cycle_counter (docs/result-json.md). */
struct ab_cycle_counter {
	char name[16]; /* "tsc", "cntvct_el0" or "none" */
	uint64_t hz;   /* ticks per second where the hardware states it (CNTFRQ_EL0), else 0 */
	int usable;    /* samples carry its ticks as "cycles" */
	char why[AB_WHY_LEN]; /* when not usable: the reason */
};

/*
 * Probes the counter once per process (cached): the TSC is usable when
 * /proc/cpuinfo says it is constant and non-stop; CNTVCT_EL0 when CNTFRQ_EL0
 * is set and the counter, read against CLOCK_MONOTONIC over about 50 ms
 * (ab_counter_rate_check()), does not clearly run at another rate, so a
 * frequency misprogrammed by firmware is never reported as the rate.
 */
const struct ab_cycle_counter *ab_cycle_counter_probe(void);

/*
 * One read of a counter between two reads of CLOCK_MONOTONIC: the counter
 * was read at some instant of [ns_before, ns_after]. A reader preempted
 * between the reads widens the bracket; it never moves the counter outside.
 */
struct ab_tick_read {
	uint64_t ns_before, ticks, ns_after;
};

/* What ab_counter_rate_check() saw in its best window. */
struct ab_rate_check {
	int windows;	     /* pairs of reads with time between them (0: nothing measured) */
	double hz_lo, hz_hi; /* the rates the best window allows: its ticks over its
				longest and its shortest possible span */
	double spread;	     /* that window's (longest - shortest) / shortest span */
};

/*
 * Does a counter stated to tick at HZ run at that rate within TOL (0.02:
 * 2%)? READS (N, in time order) are bracketed reads taken with pauses
 * between them; each pair is a window whose elapsed time lies between its
 * shortest span (later ns_before - earlier ns_after) and its longest, so the
 * true rate lies in [ticks / longest, ticks / shortest] however the reader
 * was preempted. The window with the smallest spread (the tightest brackets
 * over the longest time) decides: 1 when its range meets HZ +- TOL, 0 when
 * the whole range is outside (or the counter went backwards). With no window
 * (N < 2, no time between reads) nothing disagrees: 1. A pure function,
 * unit-tested with synthetic reads (tests/host/bench_unit.c); OUT (may be
 * NULL) says what it saw.
 */
int ab_counter_rate_check(uint64_t hz, double tol, const struct ab_tick_read *reads, size_t n,
			  struct ab_rate_check *out);

/* Whether samples carry the counter's ticks: ab_cycle_counter_probe()->usable. */
int ab_cycles_usable(void);

/* The value of the first /proc/cpuinfo line named KEY ("" if none). */
void ab_cpuinfo_field(const char *key, char *out, size_t len);

/*
 * The CPU's name for a result file: /proc/cpuinfo's "model name" where the
 * kernel prints one (x86). arm64 kernels print none: there it is the main ID
 * register MIDR_EL1 (sysfs's cpu0 midr_el1, else /proc/cpuinfo's CPU
 * implementer, variant, part and revision) decoded, "ARM Neoverse-N1 r3p1
 * (MIDR 0x413fd0c1)", or "implementer 0x41 part 0xd0c r3p1 (MIDR ...)" for a
 * part the table does not name; "" when neither is there.
 */
void ab_cpu_model(char *out, size_t len);

/* MIDR_EL1 of cpu0 as above: 0, or -ENOENT where neither source has it. */
int ab_cpu_midr(uint64_t *midr);

/*
 * What the CPU says runs it. x86: "none" without the CPUID hypervisor flag;
 * the hypervisor's CPUID 0x40000000 signature by name (kvm, hyperv, vmware,
 * xen, bhyve, acrn, tcg...) or "other:SIG"; "tcg" for QEMU's TCG, which sets
 * the flag without a signature and names its CPU model "QEMU TCG CPU"; else
 * "unknown". arm64 has no CPUID: "tcg" for QEMU's "max" CPU (MIDR
 * implementer 0, part 0x051, which only QEMU's TCG presents), the type in
 * /sys/hypervisor/type (xen), else "unknown" (not "none": nothing
 * architectural tells a guest with a real MIDR from bare metal). CPU_MODEL
 * is ab_cpu_model()'s.
 */
void ab_hypervisor_name(const char *cpu_model, char *out, size_t len);

/*
 * CPU sets sized at run time (CPU_ALLOC): cpu_set_t holds CPU_SETSIZE (1024)
 * CPUs, and on a host with more the kernel refuses a mask that small
 * (sched_getaffinity: EINVAL) while CPU_SET ignores a CPU past it. Many-CPU
 * hosts are this tool's users, so every set here is sized for the host.
 */
#define AB_CPU_MAX 65536 /* CPU numbers accepted: 0 to AB_CPU_MAX - 1 */

struct ab_cpuset {
	cpu_set_t *set; /* CPU_ALLOC'd, or NULL */
	size_t size;	/* CPU_ALLOC_SIZE(ncpus): the size the *_S macros and calls take */
	int ncpus;	/* CPUs 0 .. ncpus - 1 fit */
};

/* An empty set for CPUs 0 .. ncpus - 1: 0 or -ENOMEM (-EINVAL past AB_CPU_MAX). */
int ab_cpuset_alloc(struct ab_cpuset *s, int ncpus);
void ab_cpuset_free(struct ab_cpuset *s);
/*
 * A cpulist as the kernel prints it ("0-3,6", "0,1500-1501", a final newline
 * allowed) into s, allocated to fit its highest CPU: 0, or -EINVAL (empty,
 * not digits, a range backwards, a CPU at or past AB_CPU_MAX) or -ENOMEM.
 */
int ab_cpulist_parse(const char *text, struct ab_cpuset *s);
/* The CPU numbers the kernel may use: /sys/devices/system/cpu/possible's
 * highest + 1, else sysconf. */
int ab_cpus_possible(void);
/* This process's affinity mask into s (allocated here): 0 or -errno. */
int ab_cpu_affinity(struct ab_cpuset *s);
/* Pins the calling thread to cpu: 0 or -errno (pthread_setaffinity_np). */
int ab_cpu_pin_self(int cpu);

/* CPUs this process may run on (its affinity mask): count, and their numbers. */
unsigned int ab_cpus_usable(void);
int ab_cpu_list(int *cpus, int max);

#endif
