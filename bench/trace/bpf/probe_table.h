/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The crypto API entry points algbench trace probes: the one table both
 * engines are generated from. The BPF program (crypto_counts.bpf.c) expands
 * each row into an fentry program EVENT and an fexit program EVENT_x; the
 * tracefs engine (bench/trace/probes.c) into a trace_probe_desc with the
 * event algbench/EVENT; the BPF loader (bench/trace/bpf_engine.c) binds row
 * i to the skeleton's programs EVENT and EVENT_x by member, so a program
 * the object lacks is a build error, not a run-time -ENOENT. Read by
 * clang -target bpf too: macros and an enum only, no libc.
 *
 * ABT_PROBES(P) calls P(event, func, alt, req, len, op, counts) per row,
 * names as bare words (stringified where C needs text):
 *   event   the program's and the tracefs event's name
 *   func    the API entry point
 *   alt     what is probed instead where func is inline, or empty:
 *           crypto_ahash_update is inline on 6.1 (shash_async_update is
 *           what it calls for shash-backed hashes); crypto_acomp_* are
 *           inline on 6.1 and 6.12 (the scomp wrappers behind
 *           tfm->compress are functions)
 *   req     the request struct (argument 1; declared in crypto_core.h)
 *   len     its length member
 *   op      the GETSTAT counter it adds to: ENC, DEC, HASH, COMP or DECOMP
 *           (enum abt_op's ABT_op)
 *   counts  1: a call counts as an operation; 0: it adds bytes only
 *           (ahash update)
 */
#ifndef ALGBENCH_TRACE_BPF_PROBE_TABLE_H
#define ALGBENCH_TRACE_BPF_PROBE_TABLE_H

/* GETSTAT's operations: the counters a probe adds to. */
enum abt_op { ABT_ENC, ABT_DEC, ABT_HASH, ABT_COMP, ABT_DECOMP, ABT_N_OPS };

#define ABT_PROBES(P)                                                                              \
	P(aead_enc, crypto_aead_encrypt, , aead_request, cryptlen, ENC, 1)                         \
	P(aead_dec, crypto_aead_decrypt, , aead_request, cryptlen, DEC, 1)                         \
	P(skc_enc, crypto_skcipher_encrypt, , skcipher_request, cryptlen, ENC, 1)                  \
	P(skc_dec, crypto_skcipher_decrypt, , skcipher_request, cryptlen, DEC, 1)                  \
	P(hash_digest, crypto_ahash_digest, , ahash_request, nbytes, HASH, 1)                      \
	P(hash_update, crypto_ahash_update, shash_async_update, ahash_request, nbytes, HASH, 0)    \
	P(hash_final, crypto_ahash_final, shash_async_final, ahash_request, nbytes, HASH, 1)       \
	P(hash_finup, crypto_ahash_finup, shash_async_finup, ahash_request, nbytes, HASH, 1)       \
	P(comp, crypto_acomp_compress, scomp_acomp_compress, acomp_req, slen, COMP, 1)             \
	P(decomp, crypto_acomp_decompress, scomp_acomp_decompress, acomp_req, slen, DECOMP, 1)

#define ABT_ONE_ROW(...) +1
/* The rows: the tracefs engine's descriptors and the loader's program pairs. */
enum { ABT_N_PROBES = 0 ABT_PROBES(ABT_ONE_ROW) };

#endif
