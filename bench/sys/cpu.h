/* SPDX-License-Identifier: GPL-2.0 */
/* sys: the clock, the CPUs this process may use, and /proc/cpuinfo. */
#ifndef ALGBENCH_CPU_H
#define ALGBENCH_CPU_H

#include <sched.h>
#include <stddef.h>
#include <stdint.h>
#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#define HAVE_TSC 1
#else
#define HAVE_TSC 0
#endif

/* CLOCK_MONOTONIC in ns. */
uint64_t ab_now_ns(void);

/* The time stamp counter, or 0 where there is none. */
static inline uint64_t ab_tsc(void)
{
#if HAVE_TSC
	return __rdtsc();
#else
	return 0;
#endif
}

/* Whether /proc/cpuinfo says the TSC is constant and non-stop (x86 only). */
int ab_tsc_invariant(void);

/* The value of the first /proc/cpuinfo line named KEY ("" if none). */
void ab_cpuinfo_field(const char *key, char *out, size_t len);

/*
 * What the CPU says runs it: "none" without the CPUID hypervisor flag; the
 * hypervisor's CPUID 0x40000000 signature by name (kvm, hyperv, vmware, xen,
 * bhyve, acrn, tcg...) or "other:SIG"; "tcg" for QEMU's TCG, which sets the
 * flag without a signature and names its CPU model "QEMU TCG CPU"; else
 * "unknown". CPU_MODEL is /proc/cpuinfo's model name.
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
/* The CPU numbers the kernel may use: /sys/devices/system/cpu/possible's highest + 1, else sysconf. */
int ab_cpus_possible(void);
/* This process's affinity mask into s (allocated here): 0 or -errno. */
int ab_cpu_affinity(struct ab_cpuset *s);
/* Pins the calling thread to cpu: 0 or -errno (pthread_setaffinity_np). */
int ab_cpu_pin_self(int cpu);

/* CPUs this process may run on (its affinity mask): count, and their numbers. */
unsigned int ab_cpus_usable(void);
int ab_cpu_list(int *cpus, int max);

#endif
