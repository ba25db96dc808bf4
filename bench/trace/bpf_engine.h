/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The BPF engine of algbench trace: fentry (and, exact mode, errors-only
 * fexit) programs on the crypto API entry points, counting into a per-CPU
 * hash keyed by the struct crypto_alg pointer (bpf/crypto_counts.bpf.c,
 * embedded as a bpftool skeleton; libbpf linked statically).
 */
#ifndef ALGBENCH_TRACE_BPF_ENGINE_H
#define ALGBENCH_TRACE_BPF_ENGINE_H

#include "core/error.h"
#include "trace/probes.h"

/*
 * Loads and attaches every program for a probed function that exists here:
 * 0 (s->bpf set, counting from now on), or -errno with why (the reason,
 * e.g. no BTF, bpf() EPERM, the verifier's refusal, an attach's EBUSY).
 */
int trace_bpf_open(struct trace_session *s, int fast, char why[AB_WHY_LEN]);
/* The counters so far, per driver: count, or -1 with why. */
int trace_bpf_read(struct trace_session *s, struct trace_counts *out, int max,
		   char why[AB_WHY_LEN]);
/* Detaches and frees everything (s->bpf becomes NULL). */
void trace_bpf_close(struct trace_session *s);

#endif
