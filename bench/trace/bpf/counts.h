/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The map values the BPF engine's program (crypto_counts.bpf.c) writes and
 * its loader (bench/trace/bpf_engine.c) reads: shared by both sides, so
 * plain fixed-width types only.
 */
#ifndef ALGBENCH_TRACE_BPF_COUNTS_H
#define ALGBENCH_TRACE_BPF_COUNTS_H

#include "probe_table.h" /* enum abt_op */

#define ABT_MAX_ALGS	1024 /* algorithms counted at once (per-CPU hash entries) */
#define ABT_MAX_RETIRED 256  /* algorithms unregistered while tracing */
#define ABT_DRV_LEN	128  /* CRYPTO_MAX_ALG_NAME */

/*
 * One algorithm's counters, one copy per CPU (values of a per-CPU hash keyed
 * by the struct crypto_alg pointer). The error path of the exact mode takes
 * a failed call back out of cnt/tlen (on whichever CPU it returns), so one
 * CPU's copy may wrap below zero: only the sum over CPUs (mod 2^64) means
 * anything.
 */
struct abt_counts {
	__u64 cnt[ABT_N_OPS];
	__u64 tlen[ABT_N_OPS];
	__u64 err;
};

/* The driver name, copied once per algorithm at its first traced call. */
struct abt_name {
	char drv[ABT_DRV_LEN];
};

/* An algorithm's counters summed over CPUs when it was unregistered or freed. */
struct abt_retired {
	struct abt_counts sum;
	struct abt_name name;
	__u64 alg;
};

#endif
