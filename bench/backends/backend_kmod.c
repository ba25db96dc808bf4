// SPDX-License-Identifier: GPL-2.0
/*
 * kmod: jobs run inside the kernel by algbench.ko (kmod/), through its
 * control device /dev/algbench (bench/sys/kmod_client.c). The module times each window
 * itself, with one bound kthread per CPU, so this backend is a whole-job
 * backend: kat() checks the known answer in the kernel, run_job() asks for
 * one window per repeat.
 *
 * Modes: sync (one request at a time, as tcrypt), async (8 requests
 * outstanding per thread, tcrypt's multibuffer scheme). Both apply to every
 * type, so a suite over every mode skips nothing; hashes go through ahash
 * (the interface tcrypt's hash speed tests and AF_ALG use). The shash
 * interface is reachable through `algbench kmod 'type=shash ...'`.
 *
 * Key, IV and AAD are the harness's vector (bench/backends/vector.c), passed as hex,
 * and the input is corpus=pattern, the same bytes as the vector's input, so
 * the in-kernel KAT compares against the harness's OpenSSL reference. acomp
 * jobs use the text corpus (kmod/algbench_corpus.h); the KAT is the kernel's
 * round trip, and the user-space reference (zlib, liblz4, libzstd) with its
 * compression ratio is reported beside it in kat_detail.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backends/acomp_ref.h"
#include "backends/backend.h"
#include "backends/vector.h"
#include "kmod/algbench_abi.h"
#include "kmod/algbench_corpus.h"
#include "sys/cpu.h"
#include "sys/kmod_client.h"
#include "sys/perf.h"

/* async: the module's mode=async with tcrypt's 8 requests in flight per thread */
static const struct ab_mode kmod_modes[] = {
	{ .name = "sync" },
	{ .name = "async", .flags = AB_MODE_ASYNC },
	{ 0 },
};

/* The module's type for a catalogue type (hashes through ahash). */
static enum abk_type kmod_type(const struct ab_job *job)
{
	switch (job->alg->type) {
	case AB_AEAD:
		return ABK_AEAD;
	case AB_SKCIPHER:
		return ABK_SKCIPHER;
	case AB_HASH:
		return ABK_AHASH;
	default:
		return ABK_ACOMP;
	}
}

/*
 * cpus=: the first N CPUs of this process's affinity mask, as the afalg
 * harness pins its threads (taskset -c 2,3 algbench ... runs on 2 and 3),
 * written as ranges so 1024 CPUs fit the line. -EINVAL if fewer are usable.
 */
static int kmod_cpus(unsigned int threads, char *out, size_t len, char why[AB_WHY_LEN])
{
	int cpus[1024];
	int n = ab_cpu_list(cpus, 1024);
	size_t pos = 0;

	if (n < (int)threads) {
		ab_whyf(why,
			"threads=%u but this process may run on %d CPUs (its affinity "
			"mask): use fewer --threads or widen the mask",
			threads, n);
		return -EINVAL;
	}
	out[0] = '\0';
	for (unsigned int i = 0; i < threads;) {
		unsigned int j = i;

		while (j + 1 < threads && cpus[j + 1] == cpus[j] + 1)
			j++;
		pos += (size_t)snprintf(out + pos, len - pos, j > i ? "%s%d-%d" : "%s%d",
					pos ? "," : "", cpus[i], cpus[j]);
		if (pos >= len) {
			ab_whyf(why, "the CPU list of %u threads is too long", threads);
			return -EINVAL;
		}
		i = j + 1;
	}
	return 0;
}

static int kmod_supports(const struct ab_job *job, char why[AB_WHY_LEN])
{
	if (job->alg->type == AB_ACOMP && job->size > ABK_MAX_ACOMP_SIZE) {
		ab_whyf(why,
			"%s: %zu bytes is over the kernel's 64 KiB acomp limit (scomp "
			"scratch buffers); use --sizes up to 65536",
			job->alg->name, job->size);
		return -EINVAL;
	}
	/* the module's limits (kmod/algbench_abi.h), said here rather than as its EINVAL */
	if (job->seconds * 1000 > ABK_MAX_MS || job->warmup * 1000 > ABK_MAX_WARMUP_MS) {
		ab_whyf(why,
			"--seconds %g / --warmup %g: algbench.ko takes at most %u s "
			"and %u s; use --seconds up to %u, --warmup up to %u",
			job->seconds, job->warmup, ABK_MAX_MS / 1000, ABK_MAX_WARMUP_MS / 1000,
			ABK_MAX_MS / 1000, ABK_MAX_WARMUP_MS / 1000);
		return -EINVAL;
	}
	return 0;
}

static int kmod_probe(const struct ab_job *job, char why[AB_WHY_LEN])
{
	int err = kmod_supports(job, why);

	if (err)
		return err;
	/*
	 * Whatever kept algbench.ko out (not root, none built, another kernel's,
	 * a refused signature), its jobs are skipped, not failed, and the run
	 * goes on: WHY holds the kernel's error and the fix.
	 */
	err = abk_ensure_loaded(why);
	return err < 0 ? -ENOPKG : err; /* 1: loaded from the build, WHY the note */
}

/* JOB as a line for the module: the harness's ops are in the module's order. */
static void job_line(const struct ab_job *job, const struct ab_vector *v, unsigned int ms,
		     unsigned int warmup_ms, const char *cpus, struct abk_line *l)
{
	const struct ab_alg *alg = job->alg;
	int async = ab_job_mode(job)->flags & AB_MODE_ASYNC;

	abk_line_init(l);
	abk_line_name(l, ABK_KEY_TYPE, kmod_type(job));
	abk_line_text(l, ABK_KEY_ALG, alg->name);
	abk_line_name(l, ABK_KEY_OP, (unsigned int)job->op);
	abk_line_uint(l, ABK_KEY_SIZE, job->size);
	abk_line_uint(l, ABK_KEY_MS, ms);
	abk_line_uint(l, ABK_KEY_WARMUP_MS, warmup_ms);
	abk_line_text(l, ABK_KEY_CPUS, cpus);
	abk_line_name(l, ABK_KEY_MODE, async ? ABK_ASYNC : ABK_SYNC);
	if (async)
		abk_line_uint(l, ABK_KEY_INFLIGHT, ABK_DEFAULT_INFLIGHT);
	if (alg->type == AB_ACOMP) {
		abk_line_name(l, ABK_KEY_CORPUS, AB_CORPUS_TEXT);
		return;
	}
	abk_line_name(l, ABK_KEY_CORPUS, AB_CORPUS_PATTERN);
	if (job->key->keylen)
		abk_line_hex(l, ABK_KEY_KEY, v->key, v->keylen);
	else if (alg->type != AB_HASH)
		abk_line_uint(l, ABK_KEY_KEYLEN, 0);
	if (alg->type != AB_HASH)
		abk_line_hex(l, ABK_KEY_IV, v->iv, v->ivlen);
	if (alg->type == AB_AEAD) {
		abk_line_hex(l, ABK_KEY_ADATA, v->aad, v->aadlen);
		abk_line_uint(l, ABK_KEY_AUTHSIZE, alg->taglen);
	}
}

static void set_failed(struct ab_result *res, int err, const char *why)
{
	res->status = ab_status_from_errno(err);
	snprintf(res->reason, sizeof(res->reason), "%s", why);
}

static void acomp_detail(const struct ab_job *job, const struct abk_result *kr,
			 struct ab_result *res)
{
	unsigned char *in = malloc(job->size);
	struct acomp_ref ref;
	int n;

	n = snprintf(res->kat_detail, sizeof(res->kat_detail),
		     "kernel round trip ok; %s ratio %.3f (%u of %zu bytes, text corpus)",
		     kr->driver, kr->csize ? (double)job->size / kr->csize : 0, kr->csize,
		     job->size);
	if (!in)
		return;
	ab_corpus_fill(AB_CORPUS_TEXT, in, job->size);
	if (acomp_ref_run(job->alg->name, in, job->size, 0.2, &ref) == 0)
		snprintf(res->kat_detail + n, sizeof(res->kat_detail) - (size_t)n,
			 "; user space %s: ratio %.3f, %.1f MB/s compress, round trip %s", ref.lib,
			 ref.csize ? (double)job->size / (double)ref.csize : 0, ref.mbps,
			 ref.roundtrip_ok ? "ok" : "FAILED");
	else
		snprintf(res->kat_detail + n, sizeof(res->kat_detail) - (size_t)n,
			 "; no user-space reference for %s", job->alg->name);
	free(in);
}

/*
 * AB_REF_KERNEL: KJ's line bound to the generic driver instead, its output's
 * first bytes (out_head) as the answer: the same input through the same
 * backend (testmgr's test_*_vs_generic_impl). Bytes in EXPECT, or -errno.
 */
static int generic_expect(const struct ab_job *kj, const struct ab_vector *v, const char *cpus,
			  uint8_t *expect, size_t max, char why[AB_WHY_LEN])
{
	struct ab_alg generic = *kj->alg;
	struct ab_job gj = *kj;
	struct abk_result *kr = calloc(1, sizeof(*kr));
	struct abk_line line;
	char sub[AB_WHY_LEN] = "";
	int ret;

	if (!kr)
		return -ENOMEM;
	generic.name = kj->alg->ref_driver;
	gj.alg = &generic;
	job_line(&gj, v, 1, 0, cpus, &line);
	ret = abk_run_line(&line, kr, sub);
	if (!ret && (ret = abk_out_head(kr, expect, max)) <= 0)
		snprintf(sub, sizeof(sub), "no output bytes in the reply (out_head=%s)",
			 kr->out_head);
	if (ret <= 0) {
		ab_whyf(why, "%s: its reference, the kernel's %s, failed: %.400s", kj->alg->name,
			generic.name, sub);
		ret = ret ? ret : -EIO;
	}
	abk_result_free(kr);
	free(kr);
	return ret;
}

/*
 * The known answer, in the kernel: the reference's output (ciphertext||tag,
 * digest) as expect=, first 64 bytes. For decrypt jobs the encryption is
 * checked (same key and IV); the module's round trip then covers decrypt.
 */
static int kmod_kat(const struct ab_job *job, struct ab_result *res)
{
	struct ab_job kj = *job;
	struct abk_result *kr = calloc(1, sizeof(*kr));
	char why[AB_WHY_LEN] = "", cpus[ABK_LINE_MAX / 2];
	struct abk_line line;
	struct ab_vecbuf vb;
	int ret;

	if (!kr)
		return -ENOMEM;
	if (kj.op == AB_OP_DECRYPT)
		kj.op = AB_OP_ENCRYPT;
	kj.threads = 1;
	kj.mode = kmod_modes[0].name; /* sync: one request, one thread */
	if ((ret = kmod_cpus(1, cpus, sizeof(cpus), why)) ||
	    (job->alg->type != AB_ACOMP && (ret = ab_vector_build(&kj, 0, &vb, why)))) {
		set_failed(res, ret, why);
		free(kr);
		return ret;
	}
	if (job->alg->type == AB_ACOMP)
		memset(&vb, 0, sizeof(vb));
	if (job->alg->ref == AB_REF_KERNEL) {
		int n = generic_expect(&kj, &vb.v, cpus, vb.expect, ABK_MAX_DIGEST, why);

		if (n < 0) {
			set_failed(res, n, why);
			ab_vector_free(&vb);
			free(kr);
			return n;
		}
		vb.v.expect = vb.expect;
		vb.v.expectlen = (size_t)n;
	}
	job_line(&kj, &vb.v, 1, 0, cpus, &line);
	if (vb.v.expect)
		abk_line_hex(&line, ABK_KEY_EXPECT, vb.v.expect,
			     vb.v.expectlen < ABK_MAX_DIGEST ? vb.v.expectlen : ABK_MAX_DIGEST);
	ret = abk_run_line(&line, kr, why);
	snprintf(res->driver, sizeof(res->driver), "%s", kr->driver);
	if (ret == -EBADMSG) {
		res->kat = AB_KAT_FAIL;
		res->status = AB_STATUS_FAILED;
		/* the module's reason, cut to fit (its reasons are under ABK_REASON_LEN) */
		snprintf(res->kat_detail, sizeof(res->kat_detail), "%.*s",
			 (int)sizeof(res->kat_detail) - 1, kr->reason);
		snprintf(res->reason, sizeof(res->reason),
			 "%s: known-answer check failed in the kernel", job->alg->name);
	} else if (ret) {
		set_failed(res, ret, why);
	} else if (vb.v.expect || !strcmp(kr->check, "vector")) {
		res->kat = AB_KAT_PASS;
		if (vb.v.expect)
			snprintf(res->kat_detail, sizeof(res->kat_detail),
				 "in-kernel check %s against the %s reference", kr->check,
				 ab_alg_ref_name(job->alg));
		else
			snprintf(res->kat_detail, sizeof(res->kat_detail),
				 "in-kernel check %s (built-in vector)", kr->check);
	} else if (job->alg->type == AB_ACOMP) {
		res->kat = AB_KAT_PASS;
		acomp_detail(job, kr, res);
	} else {
		res->kat = AB_KAT_NONE;
		snprintf(res->kat_detail, sizeof(res->kat_detail), "%s; in-kernel check %s",
			 ab_alg_ref_name(job->alg), kr->check);
	}
	abk_result_free(kr);
	free(kr);
	if (job->alg->type != AB_ACOMP)
		ab_vector_free(&vb);
	return ret;
}

/*
 * --perf for algbench.ko: its kthreads are not ours to follow, so count
 * everything on the job's CPUs (the first THREADS of kmod_cpus()'s list) from
 * before the job line is written to after its reply: the module's tfm setup
 * and warm-up (--warmup) are in the counts too, which the JSON says (scope).
 * Returns how many CPUs are counted; 0 with RES's perf_unavailable set.
 */
static unsigned int kmod_perf_open(const struct ab_job *job, struct ab_perf *perf,
				   struct ab_result *res)
{
	int cpus[ABK_MAX_CPUS];
	int n = ab_cpu_list(cpus, ABK_MAX_CPUS);

	if (n < (int)job->threads) {
		snprintf(res->perf_unavailable, sizeof(res->perf_unavailable),
			 "cannot list the job's %u CPUs", job->threads);
		return 0;
	}
	for (unsigned int i = 0; i < job->threads; i++)
		if (ab_perf_open(&perf[i], -1, cpus[i], res->perf_unavailable)) {
			while (i--)
				ab_perf_close(&perf[i]);
			return 0;
		}
	res->perf_scope = AB_PERF_SCOPE_CPUS;
	return job->threads;
}

static void kmod_perf_close(struct ab_perf *perf, unsigned int n)
{
	for (unsigned int i = 0; i < n; i++)
		ab_perf_close(&perf[i]);
}

/* Zero and start every CPU's counters; 0 (RES says why) drops them. */
static int kmod_perf_start(struct ab_perf *perf, unsigned int n, struct ab_result *res)
{
	for (unsigned int i = 0; i < n; i++)
		if (ab_perf_start(&perf[i])) {
			snprintf(res->perf_unavailable, sizeof(res->perf_unavailable),
				 "cannot start the counters of the job's CPU #%u", i);
			res->perf_scope = NULL;
			return 0;
		}
	return 1;
}

/* Stop every CPU's counters and put their sum in S; 0 (RES says why) drops them. */
static int kmod_perf_stop(struct ab_perf *perf, unsigned int n, struct ab_sample *s,
			  struct ab_result *res)
{
	struct ab_perf_count c = { 0 };

	for (unsigned int i = 0; i < n; i++)
		if (ab_perf_stop(&perf[i], &c, res->perf_unavailable)) {
			res->perf_scope = NULL;
			return 0;
		}
	s->pmu_cycles = c.cycles;
	s->pmu_instructions = c.instructions;
	return 1;
}

static int kmod_run_job(const struct ab_job *job, struct ab_result *res)
{
	struct abk_result *kr = calloc(1, sizeof(*kr));
	char why[AB_WHY_LEN] = "", cpus[ABK_LINE_MAX / 2];
	struct abk_line line;
	unsigned int ms = (unsigned int)(job->seconds * 1000 + 0.5);
	struct ab_vecbuf vb = { 0 };
	struct ab_perf perf[ABK_MAX_CPUS]; /* --perf: one group per CPU of the job */
	unsigned int n_perf = 0;
	int ret = 0;

	if (!kr)
		return -ENOMEM;
	if ((ret = kmod_cpus(job->threads, cpus, sizeof(cpus), why)) ||
	    (job->alg->type != AB_ACOMP && (ret = ab_vector_build(job, 0, &vb, why)))) {
		set_failed(res, ret, why);
		free(kr);
		return ret;
	}
	if (job->perf)
		n_perf = kmod_perf_open(job, perf, res);
	for (unsigned int r = 0; r < job->repeats && !ret; r++) {
		/*
		 * Each repeat is its own job line, so its own tfm, requests and
		 * buffers, and gets its own warm-up: repeats are alike (issue 13).
		 */
		unsigned int warm = (unsigned int)(job->warmup * 1000 + 0.5);

		job_line(job, &vb.v, ms ? ms : 1, warm, cpus, &line);
		if (n_perf && !kmod_perf_start(perf, n_perf, res))
			kmod_perf_close(perf, n_perf), n_perf = 0;
		ret = abk_run_line(&line, kr, why);
		if (ret) {
			set_failed(res, ret, why);
		} else {
			struct ab_sample *s = &res->samples[res->n_samples++];

			s->ops = kr->ops;
			s->bytes = kr->bytes;
			s->ns = kr->ns;
			s->cycles = 0;
			if (n_perf && !kmod_perf_stop(perf, n_perf, s, res))
				kmod_perf_close(perf, n_perf), n_perf = 0;
			if (ab_sample_alloc_cpus(s, kr->n_cpus)) {
				set_failed(res, -ENOMEM, "out of memory for the per-CPU samples");
				ret = -ENOMEM;
			}
			for (unsigned int i = 0; i < s->n_cpus; i++) {
				const struct abk_cpu *c = &kr->cpus[i];

				s->cycles += c->cycles;
				s->per_cpu[i] =
					(struct ab_cpu_sample){ c->cpu, c->ops, c->bytes, c->ns };
			}
			snprintf(res->driver, sizeof(res->driver), "%s", kr->driver);
		}
		abk_result_free(kr);
	}
	free(kr);
	ab_vector_free(&vb);
	kmod_perf_close(perf, n_perf);
	return ret;
}

const struct ab_backend ab_backend_kmod = {
	.name = "kmod",
	.types = (1u << AB_AEAD) | (1u << AB_SKCIPHER) | (1u << AB_HASH) | (1u << AB_ACOMP),
	.modes = kmod_modes,
	.supports = kmod_supports,
	.probe = kmod_probe,
	.kat = kmod_kat,
	.run_job = kmod_run_job,
};
