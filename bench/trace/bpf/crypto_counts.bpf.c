// SPDX-License-Identifier: GPL-2.0
/*
 * algbench trace's BPF engine: GETSTAT's counters (6.1's crypto_stats_*
 * rules) per struct crypto_alg, from fentry/fexit programs on the crypto
 * API's entry points. The loader (bench/trace/bpf_engine.c) sets each
 * program's target (the API function, or what it calls where that is
 * inline) and, in the fast mode, loads no fexit program. docs/trace.md.
 *
 * Per call: one lookup in a per-CPU hash keyed by the alg pointer and
 * atomic adds on this CPU's copy of the value (atomic because a
 * preemptible kernel may run the same program for another task on this
 * CPU between a load and a store); no cache line shared between CPUs is
 * written. The driver name is copied once per algorithm, at its first call.
 */
/* the types first: the libbpf headers use them */
#include <linux/types.h>

#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
#include <linux/bpf.h>

#include "counts.h"
#include "crypto_core.h"
#include "probe_table.h"

#define EINPROGRESS 115
#define EBUSY	    16
#define NO_CNT	    (-1) /* ahash update: bytes only */

char LICENSE[] SEC("license") = "GPL";

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_HASH);
	__uint(max_entries, ABT_MAX_ALGS);
	__type(key, __u64);
	__type(value, struct abt_counts);
} counts SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, ABT_MAX_ALGS);
	__type(key, __u64);
	__type(value, struct abt_name);
} names SEC(".maps");

/* Keyed by retire_next: one entry per algorithm unregistered while tracing. */
struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, ABT_MAX_RETIRED);
	__type(key, __u64);
	__type(value, struct abt_retired);
} retired SEC(".maps");

/* Room for one struct abt_retired (too big for the 512-byte BPF stack). */
struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct abt_retired);
} scratch SEC(".maps");

/*
 * The kernel's possible CPUs (nr_cpu_ids), set by the loader before load
 * from libbpf_num_possible_cpus(): a retirement sums every one of them.
 */
const volatile __u32 nr_cpus = 1;

/*
 * Retirements may run on several CPUs at once, so a seqcount (one writer)
 * will not do: retire_busy counts those in flight and retire_gen those
 * finished (bumped before busy drops). The reader retries while busy is
 * not 0 or gen moved between its two looks.
 */
__u64 retire_busy;
__u64 retire_gen;
__u64 retire_next;
/* Calls not counted: an algorithm beyond ABT_MAX_ALGS or ABT_MAX_RETIRED. */
__u64 lost;

static const struct abt_counts zero;

/*
 * The alg pointer as the key: a direct load (a faulting one gives 0),
 * stored to the stack as the map key. No arithmetic on it (the verifier
 * refuses that on a BTF pointer), and a pointer as a map key passes only
 * for programs allowed to leak pointers (CAP_PERFMON, which fentry needs
 * anyway). Reading it with bpf_probe_read_kernel instead cost ~86 more
 * instructions a call on Debian 6.12 (docs/trace.md).
 */
static __always_inline __u64 alg_key(struct crypto_tfm *tfm)
{
	struct crypto_alg *alg = tfm->__crt_alg;
	__u64 key;

	__builtin_memcpy(&key, &alg, sizeof(key));
	return key;
}

/* An algorithm's first call on this CPU: its row, and its name once. */
static __noinline struct abt_counts *first_sight(struct crypto_tfm *tfm, __u64 key)
{
	struct crypto_alg *alg = tfm->__crt_alg;
	struct abt_counts *c;
	struct abt_name n;

	if (!bpf_map_lookup_elem(&names, &key)) {
		__builtin_memset(&n, 0, sizeof(n));
		bpf_probe_read_kernel_str(n.drv, sizeof(n.drv), alg->cra_driver_name);
		bpf_map_update_elem(&names, &key, &n, BPF_NOEXIST);
	}
	bpf_map_update_elem(&counts, &key, &zero, BPF_NOEXIST);
	c = bpf_map_lookup_elem(&counts, &key);
	if (!c || !bpf_map_lookup_elem(&names, &key)) {
		__sync_fetch_and_add(&lost, 1);
		return 0;
	}
	return c;
}

static __always_inline int count(struct crypto_tfm *tfm, __u32 len, int op, int cnt)
{
	__u64 key = alg_key(tfm);
	struct abt_counts *c;

	if (!key)
		return 0;
	c = bpf_map_lookup_elem(&counts, &key);
	if (!c && !(c = first_sight(tfm, key)))
		return 0;
	if (cnt)
		__sync_fetch_and_add(&c->cnt[op], 1);
	__sync_fetch_and_add(&c->tlen[op], len);
	return 0;
}

/* A failed call: out of cnt and tlen, into err_cnt. */
static __always_inline int uncount(struct crypto_tfm *tfm, __u32 len, int op, int cnt)
{
	__u64 key = alg_key(tfm);
	struct abt_counts *c = key ? bpf_map_lookup_elem(&counts, &key) : 0;

	if (!c)
		return 0;
	__sync_fetch_and_add(&c->err, 1);
	if (cnt)
		__sync_fetch_and_add(&c->cnt[op], -1);
	__sync_fetch_and_add(&c->tlen[op], -(__u64)len);
	return 0;
}

/*
 * One row of the probe table (probe_table.h): EVENT (fentry: every call)
 * and EVENT_x (fexit: errors only). GETSTAT's rule: a return other than 0,
 * -EINPROGRESS and -EBUSY is an error, counted as err_cnt only. Only then
 * is the request read again: it is still the caller's (an asynchronous one,
 * -EINPROGRESS, may be completed and freed already).
 */
#define PROBE(event, func, alt, req, lenf, op, cnt)                                                \
	SEC("fentry")                                                                              \
	int BPF_PROG(event, struct req *r)                                                         \
	{                                                                                          \
		return count(r->base.tfm, r->lenf, ABT_##op, cnt);                                 \
	}                                                                                          \
	SEC("fexit")                                                                               \
	int BPF_PROG(event##_x, struct req *r, int ret)                                            \
	{                                                                                          \
		if (!ret || ret == -EINPROGRESS || ret == -EBUSY)                                  \
			return 0;                                                                  \
		return uncount(r->base.tfm, r->lenf, ABT_##op, cnt);                               \
	}

ABT_PROBES(PROBE)

/*
 * An algorithm going away (crypto_unregister_alg: no tfm may use it any
 * more; crypto_destroy_instance: a template instance's last reference is
 * gone): its counters, summed over CPUs, move to `retired` with the name
 * they were counted under, and its keys are deleted, so another algorithm
 * later allocated at the same address starts a row of its own.
 */
struct sum_ctx {
	__u64 key;
	struct abt_retired *r;
};

/* bpf_loop's body: CPU's copy of the row into the sum. */
static long add_cpu(__u32 cpu, void *arg)
{
	struct sum_ctx *x = arg;
	struct abt_counts *c = bpf_map_lookup_percpu_elem(&counts, &x->key, cpu);

	if (!c)
		return 0;
	for (int i = 0; i < ABT_N_OPS; i++) {
		x->r->sum.cnt[i] += c->cnt[i];
		x->r->sum.tlen[i] += c->tlen[i];
	}
	x->r->sum.err += c->err;
	return 0;
}

static __always_inline int retire(__u64 key)
{
	struct abt_name *n = bpf_map_lookup_elem(&names, &key);
	__u32 zero_idx = 0;
	struct abt_retired *r = bpf_map_lookup_elem(&scratch, &zero_idx);
	struct sum_ctx x = { .key = key, .r = r };
	__u64 id;

	if (!n || !r)
		return 0; /* never traced */
	__sync_fetch_and_add(&retire_busy, 1);
	__builtin_memset(&r->sum, 0, sizeof(r->sum));
	__builtin_memcpy(&r->name, n, sizeof(r->name));
	r->alg = key;
	/* bpf_loop: a count known only at load, at no verifier cost per CPU */
	bpf_loop(nr_cpus, add_cpu, &x, 0);
	id = __sync_fetch_and_add(&retire_next, 1);
	if (bpf_map_update_elem(&retired, &id, r, BPF_NOEXIST))
		__sync_fetch_and_add(&lost, 1);
	bpf_map_delete_elem(&counts, &key);
	bpf_map_delete_elem(&names, &key);
	__sync_fetch_and_add(&retire_gen, 1);
	__sync_fetch_and_add(&retire_busy, -1);
	return 0;
}

SEC("fentry")
int BPF_PROG(alg_unregister, struct crypto_alg *alg)
{
	__u64 key = 0;

	bpf_probe_read_kernel(&key, sizeof(key), &alg);
	return retire(key);
}

SEC("fentry")
int BPF_PROG(alg_destroy, struct crypto_alg *alg)
{
	__u64 key = 0;

	bpf_probe_read_kernel(&key, sizeof(key), &alg);
	return retire(key);
}
