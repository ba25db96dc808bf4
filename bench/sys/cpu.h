/* SPDX-License-Identifier: GPL-2.0 */
/* sys: the clock, the CPUs this process may use, and /proc/cpuinfo. */
#ifndef ALGBENCH_CPU_H
#define ALGBENCH_CPU_H

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

/* CPUs this process may run on (its affinity mask): count, and their numbers. */
unsigned int ab_cpus_usable(void);
int ab_cpu_list(int *cpus, int max);

#endif
