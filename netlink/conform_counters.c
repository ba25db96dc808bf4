// SPDX-License-Identifier: GPL-2.0
/*
 * Conformance, exact counters (issue 6): N operations through AF_ALG, or
 * through algbench.ko, must move one driver's GETSTAT counters by exactly
 * what the kernel version's crypto_stats_* code adds. Only a
 * CONFIG_CRYPTO_STATS=y kernel before 6.10 has counters; elsewhere every row
 * is a SKIP with the reason. A mismatch is a finding: the row fails and
 * names every counter with what it moved by and what was expected.
 *
 * What 6.1 counts (crypto/algapi.c): a successful request bumps its _cnt by
 * one and its _tlen by the request's length (cryptlen for aead: plaintext
 * on encrypt, ciphertext plus tag on decrypt); a failed one bumps err_cnt
 * only. algif_hash hashes with update (tlen += len) and final (cnt += 1),
 * or digest: either way +1 and +L per digest. Direct crypto_shash_* calls
 * are not counted on 6.1. acomp counts the source length: the plaintext on
 * compress, the compressed size on decompress. Known differences of later
 * versions are in expected().
 */
#include <errno.h>
#include <inttypes.h>
#include <kcapi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "conform.h"
#include "core/error.h"
#include "kmod/algbench_abi.h"
#include "sys/kmod_client.h"
#include "trace/probes.h"

#define N_OPS			 16
#define LEN			 4096
#define AAD			 16
#define TAG			 16
#define CRYPTO_ALG_INTERNAL_FLAG 0x2000
#define N_COUNTERS		 3

/* K_HASH is the ahash front end (AF_ALG's algif_hash, the module's ahash). */
enum kind { K_HASH, K_SHASH, K_SKCIPHER, K_AEAD, K_ACOMP };
enum op { OP_HASH, OP_ENC, OP_DEC, OP_BADTAG, OP_COMP, OP_DECOMP };
enum via { VIA_AFALG, VIA_KMOD };

struct counter_case {
	const char *alg; /* bound through its best driver */
	enum kind kind;
	enum op op;
	enum via via;
};

/* Deltas the measured operations are expected to add, by counter name. */
struct expect {
	const char *counter[N_COUNTERS];
	uint64_t delta[N_COUNTERS];
	const char *note; /* a version's known way of counting, or NULL */
};

/* What the operations did: n operations of len bytes, csize the compressed size. */
struct work {
	uint64_t n, len, csize;
	bool shash_backed; /* the hash driver is an shash under the ahash front end */
};

/* The expectation per kernel version (docs/netlink.md; crypto/algapi.c of each). */
static void expected(const struct counter_case *k, unsigned ver, const struct work *w,
		     struct expect *e)
{
	/* 6.3-6.6 counted ahash-over-shash twice (42808e5dc602, fixed by 2f1f34c1bf7b). */
	bool twice = k->kind == K_HASH && w->shash_backed && ver >= 603 && ver < 607;
	/* From 6.3 crypto_aead_decrypt bumps the encrypt counters. */
	bool dec_as_enc = k->kind == K_AEAD && ver >= 603;
	/* Before 6.3 only the ahash front end counted; direct shash calls did not. */
	bool uncounted = k->kind == K_SHASH && ver < 603;
	uint64_t n = w->n, len = w->len;

	memset(e, 0, sizeof(*e));
	switch (k->op) {
	case OP_HASH: {
		uint64_t m = uncounted ? 0 : twice ? 2 : 1;

		*e = (struct expect){ .counter = { "hash_cnt", "hash_tlen", "err_cnt" },
				      .delta = { m * n, m * n * len, 0 } };
		if (uncounted)
			e->note = "before 6.3 direct crypto_shash_* calls are not counted";
		if (twice)
			e->note = "6.3-6.6 count ahash-over-shash twice";
		break;
	}
	case OP_ENC:
		*e = (struct expect){ .counter = { "encrypt_cnt", "encrypt_tlen", "err_cnt" },
				      .delta = { n, n * len, 0 } };
		break;
	case OP_DEC: {
		uint64_t tlen = n * (k->kind == K_AEAD ? len + TAG : len);

		*e = (struct expect){ .counter = { dec_as_enc ? "encrypt_cnt" : "decrypt_cnt",
						   dec_as_enc ? "encrypt_tlen" : "decrypt_tlen",
						   "err_cnt" },
				      .delta = { n, tlen, 0 } };
		if (dec_as_enc)
			e->note = "from 6.3 aead decryptions bump the encrypt counters";
		break;
	}
	case OP_BADTAG:
		/*
		 * 6.1 counts a request after it returns, an error in err_cnt only;
		 * from 6.3 the count comes first, so the failed decryption is also
		 * one more encrypt_cnt (see above).
		 */
		*e = (struct expect){ .counter = { "err_cnt", "decrypt_cnt", "encrypt_cnt" },
				      .delta = { n, 0, dec_as_enc ? n : 0 } };
		if (dec_as_enc)
			e->note = "from 6.3 a failed aead decryption counts as an encryption too";
		break;
	case OP_COMP:
		*e = (struct expect){ .counter = { "compress_cnt", "compress_tlen", "err_cnt" },
				      .delta = { n, n * len, 0 } };
		break;
	case OP_DECOMP:
		*e = (struct expect){ .counter = { "decompress_cnt", "decompress_tlen", "err_cnt" },
				      .delta = { n, n * w->csize, 0 } };
		break;
	}
}

/* The highest-priority non-internal driver of name, as AF_ALG would pick. */
static int best_driver(struct conform_ctx *c, const char *name, char *driver, bool *shash)
{
	struct cu_alg *algs;
	size_t n;
	int best = -1, ret = conform_dump(c->s, &algs, &n);

	if (ret)
		return ret;
	for (size_t i = 0; i < n; i++) {
		if (strcmp(algs[i].name, name) || (algs[i].flags & CRYPTO_ALG_INTERNAL_FLAG))
			continue;
		if (best < 0 || algs[i].priority > algs[best].priority)
			best = (int)i;
	}
	if (best >= 0) {
		snprintf(driver, CRYPTO_MAX_NAME, "%s", algs[best].driver);
		*shash = !strcmp(algs[best].report.type, "shash");
	}
	free(algs);
	return best < 0 ? -ENOENT : 0;
}

/* Whether the GETALG dump reports driver as an shash. */
static bool driver_is_shash(struct conform_ctx *c, const char *driver)
{
	struct cu_alg *algs;
	size_t n;
	bool shash = false;

	if (conform_dump(c->s, &algs, &n))
		return false;
	for (size_t i = 0; i < n; i++)
		if (!strcmp(algs[i].driver, driver) && !strcmp(algs[i].report.type, "shash"))
			shash = true;
	free(algs);
	return shash;
}

/*
 * The counters at one instant: GETSTAT of the driver and of its __ inner
 * layer (a SIMD wrapper's, when the kernel has one), and with --trace what
 * the probes counted so far (all drivers).
 */
struct reading {
	struct cu_stat st, inner;
	bool has_inner;
	struct trace_counts tr[TRACE_MAX_DRIVERS];
	int n_tr;
	uint64_t errors; /* entry mode: failed calls, all functions and drivers together */
};

static int read_counters(struct conform_ctx *c, const char *driver, struct reading *r)
{
	char inner[CRYPTO_MAX_NAME], why[AB_WHY_LEN];
	int ret = cu_get_stat(c->s, "", driver, &r->st);

	if (ret)
		return ret;
	snprintf(inner, sizeof(inner), "__%s", driver);
	r->has_inner = !cu_get_stat(c->s, "", inner, &r->inner);
	r->n_tr = 0;
	if (c->trace) {
		r->n_tr = trace_probes_read(c->trace, r->tr, TRACE_MAX_DRIVERS, why);
		if (r->n_tr < 0) {
			conform_diag(c, "reading the traced counters: %s", why);
			return -EIO;
		}
		r->errors = 0;
		for (unsigned int i = 0; i < c->trace->n_probes; i++)
			r->errors += c->trace->probes[i].errors;
	}
	return 0;
}

static int stat_deltas(const struct cu_stat *a, const struct cu_stat *b, const struct expect *e,
		       int64_t *d, char why[AB_WHY_LEN])
{
	for (int i = 0; i < N_COUNTERS; i++) {
		uint64_t x, y;

		if (cu_stat_counter(a, e->counter[i], &x) ||
		    cu_stat_counter(b, e->counter[i], &y)) {
			ab_whyf(why, "%s: no counter %s in CRYPTOCFGA_STAT_%s", a->alg.driver,
				e->counter[i], cu_attr_kind(a->stat_attr));
			return -ENOENT;
		}
		d[i] = (int64_t)(y - x);
	}
	return 0;
}

/*
 * Actual against expected, one diagnostic per counter; a mismatch is a
 * finding that names every counter that is off.
 */
static enum ab_tap_verdict judge(const struct conform_ctx *c, const char *driver,
				 const struct expect *e, const int64_t *got, char why[AB_WHY_LEN])
{
	size_t off = 0;

	if (e->note)
		conform_diag(c, "%s: expected by version: %s", driver, e->note);
	for (int i = 0; i < N_COUNTERS; i++) {
		conform_diag(c, "%s %s: %+" PRId64 " (expected +%" PRIu64 ")", driver,
			     e->counter[i], got[i], e->delta[i]);
		if (got[i] == (int64_t)e->delta[i])
			continue;
		if (!off)
			off = (size_t)ab_whyf(why, "finding: %s", driver);
		if (off < AB_WHY_LEN)
			off += (size_t)snprintf(why + off, AB_WHY_LEN - off,
						" %s moved by %+" PRId64 ", expected +%" PRIu64 ";",
						e->counter[i], got[i], e->delta[i]);
	}
	return off ? AB_TAP_FAIL : AB_TAP_PASS;
}

/* ---- traced counters against GETSTAT (conform --trace) -------------------------- */

/* GETSTAT's counter names, as trace's JSON names them too. */
static const char *const stat_names[] = {
	"encrypt_cnt",	  "encrypt_tlen",    "decrypt_cnt",  "decrypt_tlen",
	"hash_cnt",	  "hash_tlen",	     "compress_cnt", "compress_tlen",
	"decompress_cnt", "decompress_tlen", "err_cnt",
};

static uint64_t traced_counter(const struct reading *r, const char *driver, size_t k)
{
	for (int i = 0; i < r->n_tr; i++) {
		const struct trace_counts *t = &r->tr[i];
		const uint64_t v[] = { t->enc_cnt,    t->enc_len,    t->dec_cnt,  t->dec_len,
				       t->hash_cnt,   t->hash_len,   t->comp_cnt, t->comp_len,
				       t->decomp_cnt, t->decomp_len, t->err_cnt };

		if (!strcmp(t->driver, driver))
			return v[k];
	}
	return 0;
}

/* The counters an operation of op moves (the failed decryption's are decrypt's). */
static const char *op_counter(enum op op, bool tlen)
{
	static const char *const names[][2] = {
		[OP_HASH] = { "hash_cnt", "hash_tlen" },
		[OP_ENC] = { "encrypt_cnt", "encrypt_tlen" },
		[OP_DEC] = { "decrypt_cnt", "decrypt_tlen" },
		[OP_BADTAG] = { "decrypt_cnt", "decrypt_tlen" },
		[OP_COMP] = { "compress_cnt", "compress_tlen" },
		[OP_DECOMP] = { "decompress_cnt", "decompress_tlen" },
	};

	return names[op][tlen];
}

/*
 * One driver's traced deltas against its GETSTAT deltas, every counter its
 * GETSTAT reply has. Without return probes (entry probes, 6.1) a failed
 * request is counted as an operation: the op's count is then GETSTAT's
 * count + err_cnt, its bytes GETSTAT's + err_cnt x failed_len (the
 * workload's known request length), and err_cnt itself is not compared.
 */
static bool cross_check_driver(const struct conform_ctx *c, const struct counter_case *k,
			       const char *driver, const struct cu_stat *s0,
			       const struct cu_stat *s1, const struct reading *r0,
			       const struct reading *r1, uint64_t failed_len, uint64_t *errs_sum,
			       char why[AB_WHY_LEN], size_t *off)
{
	bool entry = !c->trace->exit_probes, ok = true;
	uint64_t err0 = 0, err1 = 0, errs;

	cu_stat_counter(s0, "err_cnt", &err0);
	cu_stat_counter(s1, "err_cnt", &err1);
	errs = err1 - err0;
	*errs_sum += errs;
	for (size_t i = 0; i < sizeof(stat_names) / sizeof(stat_names[0]); i++) {
		const char *name = stat_names[i];
		uint64_t a, b, want, got;
		const char *how = "";

		if (cu_stat_counter(s0, name, &a) || cu_stat_counter(s1, name, &b))
			continue; /* not a counter of this type */
		want = b - a;
		got = traced_counter(r1, driver, i) - traced_counter(r0, driver, i);
		if (entry && !strcmp(name, "err_cnt")) {
			conform_diag(c,
				     "%-28s %-15s GETSTAT %+8" PRId64
				     " traced n/a (entry probes see no return value; the sum "
				     "is below)",
				     driver, name, (int64_t)want);
			continue;
		}
		if (entry && errs && !strcmp(name, op_counter(k->op, false))) {
			want += errs;
			how = " (GETSTAT + err_cnt: entry probes count a failure)";
		} else if (entry && errs && !strcmp(name, op_counter(k->op, true))) {
			want += errs * failed_len;
			how = " (GETSTAT + err_cnt x request length)";
		}
		conform_diag(c, "%-28s %-15s GETSTAT %+8" PRId64 " traced %+8" PRId64 "%s%s",
			     driver, name, (int64_t)(b - a), (int64_t)got,
			     got == want ? " equal" : " DIFFERENT", how);
		if (got == want)
			continue;
		ok = false;
		if (*off < AB_WHY_LEN)
			*off += (size_t)snprintf(
				why + *off, AB_WHY_LEN - *off,
				" %s %s traced %+" PRId64 ", GETSTAT %+" PRId64 "%s;", driver, name,
				(int64_t)got, (int64_t)want, how[0] ? " (adjusted)" : "");
	}
	return ok;
}

/* The driver and its __ inner layer, each against its own GETSTAT counters. */
static enum ab_tap_verdict cross_check(const struct conform_ctx *c, const struct counter_case *k,
				       const char *driver, const struct reading *r0,
				       const struct reading *r1, uint64_t failed_len,
				       char why[AB_WHY_LEN])
{
	size_t off = (size_t)ab_whyf(why, "traced != GETSTAT:");
	uint64_t errs = 0, traced_errs = r1->errors - r0->errors;
	bool ok = cross_check_driver(c, k, driver, &r0->st, &r1->st, r0, r1, failed_len, &errs, why,
				     &off);

	if (r0->has_inner && r1->has_inner)
		ok &= cross_check_driver(c, k, r1->inner.alg.driver, &r0->inner, &r1->inner, r0, r1,
					 failed_len, &errs, why, &off);
	else
		conform_diag(c, "%s: no __%s inner layer on this kernel", driver, driver);
	/*
	 * Entry mode: the $retval-only return probes count failed calls of all
	 * drivers together; this workload's are those of driver and its inner layer.
	 */
	if (!c->trace->exit_probes && c->trace->err_probes) {
		conform_diag(c, "%-28s %-15s GETSTAT %+8" PRId64 " traced %+8" PRId64 "%s",
			     "(both layers, $retval)", "err_cnt", (int64_t)errs,
			     (int64_t)traced_errs, errs == traced_errs ? " equal" : " DIFFERENT");
		if (errs != traced_errs) {
			ok = false;
			if (off < AB_WHY_LEN)
				snprintf(why + off, AB_WHY_LEN - off,
					 " failed calls traced %+" PRId64
					 ", GETSTAT err_cnt %+" PRId64 ";",
					 (int64_t)traced_errs, (int64_t)errs);
		}
	} else if (!c->trace->exit_probes) {
		conform_diag(c, "err_cnt not compared: %s", c->trace->no_err_probes_why);
	}
	if (ok)
		why[0] = '\0';
	return ok ? AB_TAP_PASS : AB_TAP_FAIL;
}

/* ---- through AF_ALG ---------------------------------------------------------------- */

static int run_hash(struct kcapi_handle *h, const uint8_t *buf)
{
	uint8_t md[64];

	for (int i = 0; i < N_OPS; i++)
		if (kcapi_md_digest(h, buf, LEN, md, sizeof(md)) < 0)
			return -EIO;
	return 0;
}

static int run_skcipher(struct kcapi_handle *h, enum op op, uint8_t *buf, uint8_t *out)
{
	static const uint8_t key[16], iv[16];

	if (kcapi_cipher_setkey(h, key, sizeof(key)))
		return -EIO;
	for (int i = 0; i < N_OPS; i++) {
		ssize_t r = op == OP_ENC ? kcapi_cipher_encrypt(h, buf, LEN, iv, out, LEN,
								KCAPI_ACCESS_SENDMSG)
					 : kcapi_cipher_decrypt(h, buf, LEN, iv, out, LEN,
								KCAPI_ACCESS_SENDMSG);
		if (r != LEN)
			return -EIO;
	}
	return 0;
}

/* Encrypts once to get a valid ciphertext+tag, then runs the measured ops. */
static int run_aead(struct conform_ctx *c, struct kcapi_handle *h, enum op op, uint8_t *buf,
		    uint8_t *out, const char *driver, struct reading *before)
{
	static const uint8_t key[16], iv[12];
	size_t ct = AAD + LEN + TAG;
	int n = op == OP_BADTAG ? 1 : N_OPS;

	if (kcapi_aead_setkey(h, key, sizeof(key)) || kcapi_aead_settaglen(h, TAG))
		return -EIO;
	kcapi_aead_setassoclen(h, AAD);
	if (op != OP_ENC) {
		if (kcapi_aead_encrypt(h, buf, AAD + LEN, iv, out, ct, KCAPI_ACCESS_SENDMSG) !=
		    (ssize_t)ct)
			return -EIO;
		memcpy(buf, out, ct);
		if (op == OP_BADTAG)
			buf[ct - 1] ^= 1;
		if (read_counters(c, driver, before)) /* after the set-up encrypt */
			return -EIO;
	}
	for (int i = 0; i < n; i++) {
		ssize_t r = op == OP_ENC ? kcapi_aead_encrypt(h, buf, AAD + LEN, iv, out, ct,
							      KCAPI_ACCESS_SENDMSG)
					 : kcapi_aead_decrypt(h, buf, ct, iv, out, AAD + LEN,
							      KCAPI_ACCESS_SENDMSG);
		if (op == OP_BADTAG ? r != -EBADMSG : r < 0)
			return -EIO;
	}
	return 0;
}

static int open_handle(enum kind kind, struct kcapi_handle **h, const char *name)
{
	return kind == K_HASH	    ? kcapi_md_init(h, name, 0)
	       : kind == K_SKCIPHER ? kcapi_cipher_init(h, name, 0)
				    : kcapi_aead_init(h, name, 0);
}

static void close_handle(enum kind kind, struct kcapi_handle *h)
{
	if (kind == K_HASH)
		kcapi_md_destroy(h);
	else if (kind == K_SKCIPHER)
		kcapi_cipher_destroy(h);
	else
		kcapi_aead_destroy(h);
}

static int run_case(struct conform_ctx *c, const struct counter_case *k, const char *driver,
		    struct reading *before)
{
	static uint8_t buf[AAD + LEN + TAG], out[AAD + LEN + TAG];
	struct kcapi_handle *h = NULL;
	int ret;

	ret = open_handle(k->kind, &h, driver);
	if (ret)
		return ret;
	if (k->kind == K_HASH)
		ret = run_hash(h, buf);
	else if (k->kind == K_SKCIPHER)
		ret = run_skcipher(h, k->op, buf, out);
	else
		ret = run_aead(c, h, k->op, buf, out, driver, before);
	close_handle(k->kind, h);
	return ret;
}

/* cross: judge traced against GETSTAT (the trace_ rows), else GETSTAT against expected. */
static enum ab_tap_verdict check_afalg(struct conform_ctx *c, const struct counter_case *k,
				       bool cross, char why[AB_WHY_LEN])
{
	struct kcapi_handle *h = NULL;
	struct reading *r = calloc(2, sizeof(*r));
	char driver[CRYPTO_MAX_NAME];
	struct work w = { k->op == OP_BADTAG ? 1 : N_OPS, LEN, 0, false };
	struct expect e;
	int64_t got[N_COUNTERS];
	enum ab_tap_verdict v;
	int ret = r ? 0 : -ENOMEM;

	/* Binding by name loads and instantiates what is missing; then bind the driver. */
	if (!ret && !open_handle(k->kind, &h, k->alg))
		close_handle(k->kind, h);
	if (!ret)
		ret = best_driver(c, k->alg, driver, &w.shash_backed);
	if (!ret)
		ret = read_counters(c, driver, &r[0]);
	if (!ret)
		ret = run_case(c, k, driver, &r[0]);
	if (!ret)
		ret = read_counters(c, driver, &r[1]);
	if (ret) {
		ab_whyf(why, "%s: cannot run: %s", k->alg, strerror(ret < 0 ? -ret : ret));
		v = AB_TAP_FAIL;
	} else if (cross) {
		v = cross_check(c, k, driver, &r[0], &r[1], k->kind == K_AEAD ? LEN + TAG : LEN,
				why);
	} else {
		expected(k, c->counting_version, &w, &e);
		v = stat_deltas(&r[0].st, &r[1].st, &e, got, why) ? AB_TAP_FAIL
								  : judge(c, driver, &e, got, why);
	}
	free(r);
	return v;
}

/* ---- through algbench.ko ------------------------------------------------------------ */

/* this file's kinds and ops as the module's (kmod/algbench_abi.h) */
static const enum abk_type kmod_type[] = {
	[K_HASH] = ABK_AHASH, [K_SHASH] = ABK_SHASH, [K_SKCIPHER] = ABK_SKCIPHER,
	[K_AEAD] = ABK_AEAD,  [K_ACOMP] = ABK_ACOMP,
};
static const enum abk_op kmod_op[] = {
	[OP_HASH] = ABK_DIGEST,	  [OP_ENC] = ABK_ENCRYPT,	[OP_DEC] = ABK_DECRYPT,
	[OP_COMP] = ABK_COMPRESS, [OP_DECOMP] = ABK_DECOMPRESS,
};

/* One counted job (docs/kmod.md: count=) on every CPU; the module's result in res. */
static int kmod_job(const struct counter_case *k, const char *alg, unsigned count,
		    struct abk_result *res, char why[AB_WHY_LEN])
{
	char kwhy[AB_WHY_LEN] = "";
	struct abk_line line;
	int ret;

	abk_line_init(&line);
	abk_line_name(&line, ABK_KEY_TYPE, kmod_type[k->kind]);
	abk_line_text(&line, ABK_KEY_ALG, alg);
	abk_line_name(&line, ABK_KEY_OP, kmod_op[k->op]);
	abk_line_uint(&line, ABK_KEY_SIZE, LEN);
	abk_line_text(&line, ABK_KEY_CPUS, "all");
	abk_line_uint(&line, ABK_KEY_COUNT, count);
	ret = abk_run_line(&line, res, kwhy);
	if (ret)
		ab_whyf(why, "algbench.ko '%s': %s", line.text,
			res->reason[0] ? res->reason : kwhy);
	return ret;
}

/*
 * The module's set-up (correctness check, the ciphertext or compressed
 * input a reverse op needs) makes calls of its own, so a job of count=0 is
 * run next to the count=N one: the difference of their deltas is exactly
 * the N counted operations per CPU; the set-up's own deltas are reported.
 */
static enum ab_tap_verdict check_kmod(struct conform_ctx *c, const struct counter_case *k,
				      bool cross, char why[AB_WHY_LEN])
{
	struct abk_result res = { 0 };
	struct reading *r;
	char driver[sizeof(((struct abk_result *)0)->driver)], kwhy[AB_WHY_LEN] = "";
	int64_t setup[N_COUNTERS], total[N_COUNTERS], got[N_COUNTERS];
	struct work w = { N_OPS, LEN, 0, false };
	enum ab_tap_verdict v;
	struct expect e;
	int ret;

	ret = abk_ensure_loaded(kwhy);
	if (ret < 0) {
		ab_whyf(why, "%s", kwhy);
		return AB_TAP_SKIP;
	}
	if (ret > 0)
		conform_diag(c, "note: %s", kwhy);
	/* Bind by name once to learn the driver, then pin it for the counted jobs. */
	ret = kmod_job(k, k->alg, 0, &res, why);
	snprintf(driver, sizeof(driver), "%s", res.driver);
	abk_result_free(&res);
	if (ret)
		return AB_TAP_FAIL;
	r = calloc(3, sizeof(*r));
	if (!r) {
		ab_whyf(why, "out of memory");
		return AB_TAP_FAIL;
	}
	w.shash_backed = driver_is_shash(c, driver);
	ret = read_counters(c, driver, &r[0]);
	if (!ret && !(ret = kmod_job(k, driver, 0, &res, why)))
		ret = read_counters(c, driver, &r[1]);
	abk_result_free(&res);
	if (!ret && !(ret = kmod_job(k, driver, N_OPS, &res, why))) {
		w.n = (uint64_t)N_OPS * res.threads;
		w.csize = res.csize;
		ret = read_counters(c, driver, &r[2]);
	}
	abk_result_free(&res);
	expected(k, c->counting_version, &w, &e);
	if (ret) {
		if (!why[0])
			ab_whyf(why, "%s: GETSTAT failed: %s", driver, strerror(-ret));
		v = AB_TAP_FAIL;
	} else if (cross) {
		/* everything the three jobs did, set-up included: no request fails here */
		conform_diag(c,
			     "%s: the count=0 and count=%d jobs (%" PRIu64 " ops on %" PRIu64
			     " CPUs) and their set-up",
			     driver, N_OPS, w.n, w.n / N_OPS);
		v = cross_check(c, k, driver, &r[0], &r[2], 0, why);
	} else if (stat_deltas(&r[0].st, &r[1].st, &e, setup, why) ||
		   stat_deltas(&r[1].st, &r[2].st, &e, total, why)) {
		v = AB_TAP_FAIL;
	} else {
		for (int i = 0; i < N_COUNTERS; i++)
			got[i] = total[i] - setup[i];
		conform_diag(c,
			     "%s: %" PRIu64 " ops of %d B on %" PRIu64 " CPUs; the set-up alone "
			     "moved %s %+" PRId64 ", %s %+" PRId64 ", %s %+" PRId64,
			     driver, w.n, LEN, w.n / N_OPS, e.counter[0], setup[0], e.counter[1],
			     setup[1], e.counter[2], setup[2]);
		v = judge(c, driver, &e, got, why);
	}
	free(r);
	return v;
}

static enum ab_tap_verdict check_counters(struct conform_ctx *c, const void *arg,
					  char why[AB_WHY_LEN])
{
	const struct counter_case *k = arg;

	if (c->stats != 1) {
		ab_whyf(why, "no crypto statistics: %s", c->stats_why);
		return AB_TAP_SKIP;
	}
	return k->via == VIA_AFALG ? check_afalg(c, k, false, why) : check_kmod(c, k, false, why);
}

/* An entry point the workload goes through that trace could not probe here, or NULL. */
static const char *unprobed(const struct trace_session *s, enum op op)
{
	static const enum abt_op counter[] = {
		[OP_HASH] = ABT_HASH,  [OP_ENC] = ABT_ENC,   [OP_DEC] = ABT_DEC,
		[OP_BADTAG] = ABT_DEC, [OP_COMP] = ABT_COMP, [OP_DECOMP] = ABT_DECOMP,
	};

	for (unsigned int i = 0; i < s->n_probes; i++)
		if (!s->probes[i].probed && s->probes[i].d->op == counter[op])
			return s->probes[i].d->func;
	return NULL;
}

/* The same workload with the probes of algbench trace on: traced == GETSTAT. */
static enum ab_tap_verdict check_traced(struct conform_ctx *c, const void *arg,
					char why[AB_WHY_LEN])
{
	const struct counter_case *k = arg;
	const char *func;

	if (c->stats != 1) {
		ab_whyf(why, "no crypto statistics to compare with: %s", c->stats_why);
		return AB_TAP_SKIP;
	}
	if ((func = unprobed(c->trace, k->op))) {
		ab_whyf(why, "%s (nor what it calls) is not a function on this kernel: not traced",
			func);
		return AB_TAP_SKIP;
	}
	conform_diag(c, "probes: %s", c->trace->mode);
	return k->via == VIA_AFALG ? check_afalg(c, k, true, why) : check_kmod(c, k, true, why);
}

/* The workloads, each run by a counters_ row and (with --trace) by a trace_ row. */
static const struct counter_case afalg_sha256 = { "sha256", K_HASH, OP_HASH, VIA_AFALG },
				 afalg_cbc_enc = { "cbc(aes)", K_SKCIPHER, OP_ENC, VIA_AFALG },
				 afalg_cbc_dec = { "cbc(aes)", K_SKCIPHER, OP_DEC, VIA_AFALG },
				 afalg_gcm_enc = { "gcm(aes)", K_AEAD, OP_ENC, VIA_AFALG },
				 afalg_gcm_dec = { "gcm(aes)", K_AEAD, OP_DEC, VIA_AFALG },
				 afalg_gcm_badtag = { "gcm(aes)", K_AEAD, OP_BADTAG, VIA_AFALG },
				 kmod_ahash = { "sha256", K_HASH, OP_HASH, VIA_KMOD },
				 kmod_shash = { "sha256", K_SHASH, OP_HASH, VIA_KMOD },
				 kmod_cbc_enc = { "cbc(aes)", K_SKCIPHER, OP_ENC, VIA_KMOD },
				 kmod_cbc_dec = { "cbc(aes)", K_SKCIPHER, OP_DEC, VIA_KMOD },
				 kmod_gcm_enc = { "gcm(aes)", K_AEAD, OP_ENC, VIA_KMOD },
				 kmod_gcm_dec = { "gcm(aes)", K_AEAD, OP_DEC, VIA_KMOD },
				 kmod_deflate_comp = { "deflate", K_ACOMP, OP_COMP, VIA_KMOD },
				 kmod_deflate_decomp = { "deflate", K_ACOMP, OP_DECOMP, VIA_KMOD };

const struct conform_check conform_counter_checks[] = {
	{ "counters_sha256: 16 AF_ALG sha256 digests of 4096 B add hash_cnt 16, hash_tlen 65536",
	  check_counters, &afalg_sha256 },
	{ "counters_cbc_aes_encrypt: 16 cbc(aes) encryptions of 4096 B add encrypt_cnt/tlen",
	  check_counters, &afalg_cbc_enc },
	{ "counters_cbc_aes_decrypt: 16 cbc(aes) decryptions of 4096 B add decrypt_cnt/tlen",
	  check_counters, &afalg_cbc_dec },
	{ "counters_gcm_aes_encrypt: 16 gcm(aes) encryptions add encrypt_cnt/tlen (plaintext)",
	  check_counters, &afalg_gcm_enc },
	{ "counters_gcm_aes_decrypt: 16 gcm(aes) decryptions add decrypt_cnt/tlen (ct + tag)",
	  check_counters, &afalg_gcm_dec },
	{ "counters_gcm_aes_badtag: a failed tag check adds err_cnt 1 and nothing else",
	  check_counters, &afalg_gcm_badtag },
	{ "counters_kmod_ahash_sha256: 16 algbench.ko ahash digests per CPU add hash_cnt/tlen",
	  check_counters, &kmod_ahash },
	{ "counters_kmod_shash_sha256: 16 direct shash digests per CPU (6.1: not counted)",
	  check_counters, &kmod_shash },
	{ "counters_kmod_cbc_aes_encrypt: 16 algbench.ko cbc(aes) encryptions per CPU",
	  check_counters, &kmod_cbc_enc },
	{ "counters_kmod_cbc_aes_decrypt: 16 algbench.ko cbc(aes) decryptions per CPU",
	  check_counters, &kmod_cbc_dec },
	{ "counters_kmod_gcm_aes_encrypt: 16 algbench.ko gcm(aes) encryptions per CPU",
	  check_counters, &kmod_gcm_enc },
	{ "counters_kmod_gcm_aes_decrypt: 16 algbench.ko gcm(aes) decryptions per CPU",
	  check_counters, &kmod_gcm_dec },
	{ "counters_kmod_deflate_compress: 16 acomp deflate compressions per CPU add "
	  "compress_cnt/tlen",
	  check_counters, &kmod_deflate_comp },
	{ "counters_kmod_deflate_decompress: 16 decompressions per CPU add decompress_tlen = csize",
	  check_counters, &kmod_deflate_decomp },
};
const size_t conform_n_counter_checks = CONFORM_ROWS(conform_counter_checks);

/*
 * conform --trace: the same workloads under algbench trace's probes; every
 * counter of the driver and of its __ inner layer, traced against GETSTAT.
 */
const struct conform_check conform_trace_checks[] = {
	{ "trace_sha256: AF_ALG sha256 digests, traced = GETSTAT", check_traced, &afalg_sha256 },
	{ "trace_cbc_aes_encrypt: AF_ALG cbc(aes) encryptions, traced = GETSTAT", check_traced,
	  &afalg_cbc_enc },
	{ "trace_cbc_aes_decrypt: AF_ALG cbc(aes) decryptions, traced = GETSTAT", check_traced,
	  &afalg_cbc_dec },
	{ "trace_gcm_aes_encrypt: AF_ALG gcm(aes) encryptions, traced = GETSTAT", check_traced,
	  &afalg_gcm_enc },
	{ "trace_gcm_aes_decrypt: AF_ALG gcm(aes) decryptions, traced = GETSTAT", check_traced,
	  &afalg_gcm_dec },
	{ "trace_gcm_aes_badtag: a failed tag check, traced = GETSTAT (tracefs entry probes "
	  "count it as an operation, as documented)",
	  check_traced, &afalg_gcm_badtag },
	{ "trace_kmod_ahash_sha256: algbench.ko ahash digests, traced = GETSTAT", check_traced,
	  &kmod_ahash },
	{ "trace_kmod_shash_sha256: direct shash digests (seen by neither on 6.1)", check_traced,
	  &kmod_shash },
	{ "trace_kmod_cbc_aes_encrypt: algbench.ko cbc(aes) encryptions, traced = GETSTAT",
	  check_traced, &kmod_cbc_enc },
	{ "trace_kmod_cbc_aes_decrypt: algbench.ko cbc(aes) decryptions, traced = GETSTAT",
	  check_traced, &kmod_cbc_dec },
	{ "trace_kmod_gcm_aes_encrypt: algbench.ko gcm(aes) encryptions, traced = GETSTAT",
	  check_traced, &kmod_gcm_enc },
	{ "trace_kmod_gcm_aes_decrypt: algbench.ko gcm(aes) decryptions, traced = GETSTAT",
	  check_traced, &kmod_gcm_dec },
	{ "trace_kmod_deflate_compress: algbench.ko acomp deflate compressions, traced = GETSTAT",
	  check_traced, &kmod_deflate_comp },
	{ "trace_kmod_deflate_decompress: algbench.ko acomp deflate decompressions, traced = "
	  "GETSTAT",
	  check_traced, &kmod_deflate_decomp },
};
const size_t conform_n_trace_checks = CONFORM_ROWS(conform_trace_checks);
