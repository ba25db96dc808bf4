// SPDX-License-Identifier: GPL-2.0
/*
 * afalg: the kernel crypto API through AF_ALG. Ciphers and aeads go through
 * libkcapi with its three access modes (sendmsg copies the data into the
 * socket, vmsplice hands the pages over, aio submits through io_submit).
 * Hashes are driven on the raw sockets: libkcapi's digest calls choose
 * sendmsg or vmsplice by size themselves, so a mode could not be forced.
 */
#include <errno.h>
#include <fcntl.h>
#include <kcapi.h>
#include <linux/if_alg.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

#include "backends/backend.h"
#include "sys/afalg.h"
#include "sys/proc_crypto.h"

#ifndef SOL_ALG
#define SOL_ALG 279
#endif

enum afalg_mode { MODE_SENDMSG, MODE_VMSPLICE, MODE_AIO };

static const struct ab_mode afalg_modes[] = {
	{ .name = "sendmsg" },
	{ .name = "vmsplice", .flags = AB_MODE_ZEROCOPY, .baseline = "sendmsg" },
	{ .name = "aio",
	  .flags = AB_MODE_ASYNC,
	  .baseline = "sendmsg",
	  .no_types = 1u << AB_HASH,
	  .no_types_why = "AF_ALG hashes have no aio (algif_hash reads synchronously)" },
	{ 0 },
};

struct afalg_ctx {
	const struct ab_job *job;
	const struct ab_vector *v;
	enum afalg_mode mode;
	struct kcapi_handle *h; /* aead, skcipher */
	int tfm, opfd, pipe[2]; /* hash */
	uint8_t *in, *out;
	size_t inlen, outlen;
};

static enum afalg_mode mode_of(const struct ab_job *job)
{
	unsigned int flags = ab_job_mode(job)->flags;

	return flags & AB_MODE_ASYNC	  ? MODE_AIO
	       : flags & AB_MODE_ZEROCOPY ? MODE_VMSPLICE
					  : MODE_SENDMSG;
}

static const char *algif_of(enum ab_type type)
{
	return type == AB_AEAD	     ? "algif_aead"
	       : type == AB_SKCIPHER ? "algif_skcipher"
				     : "algif_hash";
}

/* ENOENT from bind means the algorithm or the algif_<type> module is absent. */
static int explain_errno(const struct ab_job *job, int err, const char *what, char why[AB_WHY_LEN])
{
	const char *algif = algif_of(job->alg->type);
	char sys[64];
	struct stat st;

	err = err < 0 ? -err : err;
	snprintf(sys, sizeof(sys), "/sys/module/%s", algif);
	if (err == EAFNOSUPPORT || err == EOPNOTSUPP)
		ab_whyf(why,
			"%s: AF_ALG not available in this kernel (CONFIG_CRYPTO_USER_API "
			"off or af_alg not loaded); afalg jobs skipped",
			job->alg->name);
	else if (err == ENOENT && stat(sys, &st))
		ab_whyf(why,
			"%s: %s not available in this kernel (module missing or "
			"blacklisted; try 'modprobe %s'); %s jobs skipped",
			job->alg->name, algif, algif, ab_type_name(job->alg->type));
	else if (err == ENOENT)
		ab_whyf(why,
			"%s: the kernel has no such algorithm (not built, or its "
			"module cannot be loaded)",
			job->alg->name);
	else if (err == EINVAL && !strcmp(what, "setkey"))
		ab_whyf(why, "%s: the driver refused a %u-byte key (EINVAL)", job->alg->name,
			job->key->keylen);
	else
		ab_whyf(why, "%s: AF_ALG %s failed: %s", job->alg->name, what, strerror(err));
	return -err;
}

/*
 * The highest-priority self-tested implementation in /proc/crypto right
 * after the KAT's bind: what a bind gets now. Read per job, not cached, as
 * modules loading during a run (aesni_intel on demand) change the answer.
 */
static void afalg_driver(const struct ab_job *job, char *buf, size_t len)
{
	struct ab_proc_alg *algs = NULL;
	const struct ab_proc_alg *best;
	size_t n = 0;

	buf[0] = '\0';
	if (ab_proc_crypto_read(NULL, &algs, &n))
		return;
	best = ab_proc_crypto_best(algs, n, job->alg->name, job->alg->type);
	if (best)
		snprintf(buf, len, "%s", best->driver);
	free(algs);
}

static int open_hash(struct afalg_ctx *c, char why[AB_WHY_LEN])
{
	const struct ab_job *job = c->job;

	c->tfm = ab_afalg_bind(AB_HASH, job->alg->name);
	if (c->tfm < 0)
		return explain_errno(job, c->tfm, "bind", why);
	if (c->v->keylen && setsockopt(c->tfm, SOL_ALG, ALG_SET_KEY, c->v->key, c->v->keylen))
		return explain_errno(job, errno, "setkey", why);
	c->opfd = accept4(c->tfm, NULL, NULL, SOCK_CLOEXEC);
	if (c->opfd < 0)
		return explain_errno(job, errno, "accept", why);
	c->out = calloc(1, 64);
	if (!c->out)
		return -ENOMEM;
	c->outlen = job->alg->digestlen;
	if (c->mode == MODE_VMSPLICE) {
		if (pipe2(c->pipe, O_CLOEXEC))
			return explain_errno(job, errno, "pipe", why);
		/* Room for the largest chunk we splice at once. */
		fcntl(c->pipe[1], F_SETPIPE_SZ, 1 << 20);
	}
	return 0;
}

static int alloc_io(struct afalg_ctx *c, size_t inlen, size_t outlen)
{
	void *in = NULL, *out = NULL;

	if (posix_memalign(&in, 4096, inlen ? inlen : 1) ||
	    posix_memalign(&out, 4096, outlen ? outlen : 1)) {
		free(in);
		return -ENOMEM;
	}
	c->in = in;
	c->out = out;
	c->inlen = inlen;
	c->outlen = outlen;
	memset(c->out, 0, outlen);
	return 0;
}

static int open_aead(struct afalg_ctx *c, char why[AB_WHY_LEN])
{
	const struct ab_job *job = c->job;
	const struct ab_alg *alg = job->alg;
	size_t payload = job->size, outlen;
	int ret;

	ret = kcapi_aead_init(&c->h, alg->name, c->mode == MODE_AIO ? KCAPI_INIT_AIO : 0);
	if (ret)
		return explain_errno(job, ret, "bind", why);
	ret = kcapi_aead_setkey(c->h, c->v->key, c->v->keylen);
	if (ret)
		return explain_errno(job, ret, "setkey", why);
	ret = kcapi_aead_settaglen(c->h, alg->taglen);
	if (ret)
		return explain_errno(job, ret, "settaglen", why);
	kcapi_aead_setassoclen(c->h, alg->aadlen);
	/* The kernel's layout: AAD || payload (|| tag) on both sides. */
	outlen = alg->aadlen + payload + (job->op == AB_OP_ENCRYPT ? alg->taglen : 0);
	if (alloc_io(c, alg->aadlen + c->v->inlen, outlen))
		return -ENOMEM;
	memcpy(c->in, c->v->aad, alg->aadlen);
	memcpy(c->in + alg->aadlen, c->v->in, c->v->inlen);
	return 0;
}

static int open_skcipher(struct afalg_ctx *c, char why[AB_WHY_LEN])
{
	const struct ab_job *job = c->job;
	int ret;

	ret = kcapi_cipher_init(&c->h, job->alg->name, c->mode == MODE_AIO ? KCAPI_INIT_AIO : 0);
	if (ret)
		return explain_errno(job, ret, "bind", why);
	ret = kcapi_cipher_setkey(c->h, c->v->key, c->v->keylen);
	if (ret)
		return explain_errno(job, ret, "setkey", why);
	if (alloc_io(c, c->v->inlen, c->v->inlen))
		return -ENOMEM;
	memcpy(c->in, c->v->in, c->v->inlen);
	return 0;
}

static void afalg_close(void *ctx);

/*
 * libkcapi writes its own "libkcapi - Error: AF_ALG: bind failed" lines to
 * stderr, in the middle of the results table; every failure it reports comes
 * back as an error code too, which explain_errno turns into the job's reason.
 */
static void quiet_libkcapi(void)
{
	kcapi_set_verbosity(KCAPI_LOG_NONE);
}

static int afalg_open(const struct ab_job *job, const struct ab_vector *v, void **ctxp,
		      char why[AB_WHY_LEN])
{
	static pthread_once_t quiet = PTHREAD_ONCE_INIT;
	struct afalg_ctx *c;
	int ret;

	pthread_once(&quiet, quiet_libkcapi);
	c = calloc(1, sizeof(*c));

	if (!c)
		return -ENOMEM;
	c->job = job;
	c->v = v;
	c->mode = mode_of(job);
	c->tfm = c->opfd = c->pipe[0] = c->pipe[1] = -1;
	if (job->alg->type == AB_HASH)
		ret = open_hash(c, why);
	else if (job->alg->type == AB_AEAD)
		ret = open_aead(c, why);
	else
		ret = open_skcipher(c, why);
	if (ret == -ENOMEM)
		ab_whyf(why, "%s: out of memory for %zu-byte buffers", job->alg->name, job->size);
	if (ret) {
		afalg_close(c);
		return ret;
	}
	*ctxp = c;
	return 0;
}

/* vmsplice the message into the pipe and splice it on to the op socket. */
static int hash_vmsplice(struct afalg_ctx *c)
{
	size_t done = 0, len = c->v->inlen;

	while (done < len) {
		struct iovec iov = { .iov_base = (void *)(c->v->in + done), .iov_len = len - done };
		ssize_t n = vmsplice(c->pipe[1], &iov, 1, SPLICE_F_GIFT);

		if (n <= 0)
			return n < 0 ? -errno : -EIO;
		done += (size_t)n;
		for (ssize_t left = n; left > 0;) {
			ssize_t m = splice(c->pipe[0], NULL, c->opfd, NULL, (size_t)left,
					   done < len ? SPLICE_F_MORE : 0);

			if (m <= 0)
				return m < 0 ? -errno : -EIO;
			left -= m;
		}
	}
	return 0;
}

static int hash_op(struct afalg_ctx *c)
{
	ssize_t n;

	if (c->mode == MODE_VMSPLICE) {
		int ret = hash_vmsplice(c);

		if (ret)
			return ret;
	} else {
		n = send(c->opfd, c->v->in, c->v->inlen, 0);
		if (n != (ssize_t)c->v->inlen)
			return n < 0 ? -errno : -EIO;
	}
	n = read(c->opfd, c->out, c->outlen);
	return n == (ssize_t)c->outlen ? 0 : n < 0 ? -errno : -EIO;
}

static int access_of(const struct afalg_ctx *c)
{
	return c->mode == MODE_VMSPLICE ? KCAPI_ACCESS_VMSPLICE : KCAPI_ACCESS_SENDMSG;
}

static ssize_t aead_op(struct afalg_ctx *c)
{
	int enc = c->job->op == AB_OP_ENCRYPT;
	struct iovec in = { c->in, c->inlen }, out = { c->out, c->outlen };

	if (c->mode == MODE_AIO)
		return enc ? kcapi_aead_encrypt_aio(c->h, &in, &out, 1, c->v->iv,
						    KCAPI_ACCESS_SENDMSG)
			   : kcapi_aead_decrypt_aio(c->h, &in, &out, 1, c->v->iv,
						    KCAPI_ACCESS_SENDMSG);
	return enc ? kcapi_aead_encrypt(c->h, c->in, c->inlen, c->v->iv, c->out, c->outlen,
					access_of(c))
		   : kcapi_aead_decrypt(c->h, c->in, c->inlen, c->v->iv, c->out, c->outlen,
					access_of(c));
}

static ssize_t skcipher_op(struct afalg_ctx *c)
{
	int enc = c->job->op == AB_OP_ENCRYPT;
	struct iovec in = { c->in, c->inlen }, out = { c->out, c->outlen };

	if (c->mode == MODE_AIO)
		return enc ? kcapi_cipher_encrypt_aio(c->h, &in, &out, 1, c->v->iv,
						      KCAPI_ACCESS_SENDMSG)
			   : kcapi_cipher_decrypt_aio(c->h, &in, &out, 1, c->v->iv,
						      KCAPI_ACCESS_SENDMSG);
	return enc ? kcapi_cipher_encrypt(c->h, c->in, c->inlen, c->v->iv, c->out, c->outlen,
					  access_of(c))
		   : kcapi_cipher_decrypt(c->h, c->in, c->inlen, c->v->iv, c->out, c->outlen,
					  access_of(c));
}

static int afalg_op(void *ctx)
{
	struct afalg_ctx *c = ctx;
	ssize_t n;

	if (c->job->alg->type == AB_HASH)
		return hash_op(c);
	n = c->job->alg->type == AB_AEAD ? aead_op(c) : skcipher_op(c);
	if (n < 0)
		return (int)n;
	return (size_t)n == c->outlen ? 0 : -EIO;
}

static int afalg_output(void *ctx, const uint8_t **out, size_t *len)
{
	struct afalg_ctx *c = ctx;
	size_t skip = c->job->alg->type == AB_AEAD ? c->job->alg->aadlen : 0;

	*out = c->out + skip;
	*len = c->outlen - skip;
	return 0;
}

static void close_fd(int fd)
{
	if (fd >= 0)
		close(fd);
}

static void afalg_close(void *ctx)
{
	struct afalg_ctx *c = ctx;

	if (!c)
		return;
	if (c->h && c->job->alg->type == AB_AEAD)
		kcapi_aead_destroy(c->h);
	else if (c->h)
		kcapi_cipher_destroy(c->h);
	close_fd(c->tfm);
	close_fd(c->opfd);
	close_fd(c->pipe[0]);
	close_fd(c->pipe[1]);
	free(c->in);
	free(c->out);
	free(c);
}

const struct ab_backend ab_backend_afalg = {
	.name = "afalg",
	.types = 1u << AB_AEAD | 1u << AB_SKCIPHER | 1u << AB_HASH,
	.type_why = { [AB_ACOMP] = "AF_ALG has no compression interface; acomp is measured "
				   "in-kernel by the kmod backend" },
	.modes = afalg_modes,
	.driver = afalg_driver,
	.open = afalg_open,
	.op = afalg_op,
	.output = afalg_output,
	.close = afalg_close,
};
