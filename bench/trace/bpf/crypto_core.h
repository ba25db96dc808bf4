/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The few kernel structs and members the BPF engine reads, declared by hand
 * for CO-RE: preserve_access_index makes every member access a relocation
 * that libbpf resolves against the running kernel's BTF at load time, so
 * neither the layout nor the member order here needs to match any kernel
 * (and no generated vmlinux.h is needed).
 */
#ifndef ALGBENCH_TRACE_BPF_CRYPTO_CORE_H
#define ALGBENCH_TRACE_BPF_CRYPTO_CORE_H

#define CORE __attribute__((preserve_access_index))

struct crypto_alg {
	char cra_driver_name[128];
} CORE;

struct crypto_tfm {
	struct crypto_alg *__crt_alg;
} CORE;

struct crypto_async_request {
	struct crypto_tfm *tfm;
} CORE;

struct aead_request {
	struct crypto_async_request base;
	unsigned int cryptlen;
} CORE;

struct skcipher_request {
	unsigned int cryptlen;
	struct crypto_async_request base;
} CORE;

struct ahash_request {
	struct crypto_async_request base;
	unsigned int nbytes;
} CORE;

struct acomp_req {
	struct crypto_async_request base;
	unsigned int slen;
} CORE;

#undef CORE
#endif
