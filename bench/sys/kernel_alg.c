// SPDX-License-Identifier: GPL-2.0
/* Rows for what the running kernel lists in /proc/crypto (see kernel_alg.h). */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "sys/kernel_alg.h"

/*
 * Kernel digest names and OpenSSL's: the one map between them. Only names
 * OpenSSL 3.0's default provider fetches. Its BLAKE2b is BLAKE2B-512 only:
 * 3.0 has no settable "size" (EVP_DigestInit_ex2 with size=32 still gives 64
 * bytes), so blake2b-160/256/384 have no OpenSSL reference.
 */
static const struct {
	const char *kernel, *evp;
} evp_digests[] = {
	{ "md5", "MD5" },
	{ "sha1", "SHA1" },
	{ "sha224", "SHA224" },
	{ "sha256", "SHA256" },
	{ "sha384", "SHA384" },
	{ "sha512", "SHA512" },
	{ "sha3-224", "SHA3-224" },
	{ "sha3-256", "SHA3-256" },
	{ "sha3-384", "SHA3-384" },
	{ "sha3-512", "SHA3-512" },
	{ "sm3", "SM3" },
	{ "rmd160", "RIPEMD160" },
	{ "blake2b-512", "BLAKE2B-512" },
	{ "blake2s-256", "BLAKE2S-256" },
};

const char *ab_kernel_evp_digest(const char *kernel_name)
{
	for (size_t i = 0; i < sizeof(evp_digests) / sizeof(evp_digests[0]); i++)
		if (!strcmp(evp_digests[i].kernel, kernel_name))
			return evp_digests[i].evp;
	return NULL;
}

/* The innermost algorithm of a template name: "gcm(aes)" -> "aes", "cmac(sm4)" -> "sm4". */
static void inner_name(const char *name, char *out, size_t len)
{
	const char *start = strrchr(name, '(');

	start = start ? start + 1 : name;
	snprintf(out, len, "%.*s", (int)strcspn(start, ",)"), start);
}

static int prefixed(const char *name, const char *prefix)
{
	return !strncmp(name, prefix, strlen(prefix));
}

/* One key size, or two (the listing's min and max); bits as people name them. */
static void set_keys(struct ab_kernel_alg *k, unsigned int min, unsigned int max)
{
	k->alg.n_keys = 1;
	k->alg.keys[0] = (struct ab_keysize){ min, min * 8, NULL };
	if (max > min) {
		k->alg.keys[1] = (struct ab_keysize){ max, max * 8, NULL };
		k->alg.n_keys = 2;
	}
}

/* The key sizes of the cipher inside template NAME, from its own /proc/crypto block. */
static int inner_keys(struct ab_kernel_alg *k, const char *name, const struct ab_proc_alg *algs,
		      size_t n, char why[AB_WHY_LEN])
{
	char inner[AB_NAME_LEN];
	const struct ab_proc_alg *c;

	inner_name(name, inner, sizeof(inner));
	c = ab_proc_crypto_lookup(algs, n, inner);
	if (!c || !c->min_keysize) {
		ab_whyf(why, "%s: its key is %s's, whose key sizes /proc/crypto does not list",
			k->name, inner);
		return -EOPNOTSUPP;
	}
	set_keys(k, c->min_keysize, c->max_keysize);
	return 0;
}

static int hash_row(struct ab_kernel_alg *k, const struct ab_proc_alg *p,
		    const struct ab_proc_alg *algs, size_t n, char why[AB_WHY_LEN])
{
	char inner[AB_NAME_LEN];
	const char *evp;

	if (!p->digestsize || p->digestsize > 64) {
		ab_whyf(why, "%s: /proc/crypto gives no digest size of 1..64 bytes for it",
			k->name);
		return -EOPNOTSUPP;
	}
	k->alg.digestlen = p->digestsize;
	if (prefixed(p->name, "hmac(")) {
		/* RFC 2104: a key of the digest's block size is used as is, neither hashed nor
		 * padded */
		set_keys(k, p->blocksize, p->blocksize);
		inner_name(p->name, inner, sizeof(inner));
		k->alg.flags |= AB_F_HMAC; /* the EVP name is the digest under HMAC */
		evp = ab_kernel_evp_digest(inner);
	} else if (prefixed(p->name, "cmac(") || prefixed(p->name, "xcbc(") ||
		   prefixed(p->name, "cbcmac(")) {
		/* crypto/cmac.c, xcbc.c, ccm.c's cbcmac: the key is the block cipher's */
		evp = NULL;
		if (inner_keys(k, p->name, algs, n, why))
			return -EOPNOTSUPP;
	} else if (!strcmp(p->name, "ghash") || !strcmp(p->name, "polyval")) {
		/* crypto/ghash-generic.c, polyval-generic.c: a 16-byte hash key, required */
		set_keys(k, 16, 16);
		evp = NULL;
	} else {
		/* unkeyed, or an optional key (blake2b, xxhash64's seed, crc32c's) left unset */
		set_keys(k, 0, 0);
		evp = ab_kernel_evp_digest(p->name);
	}
	if (evp)
		snprintf(k->evp[0], sizeof(k->evp[0]), "%s", evp);
	return 0;
}

static int skcipher_row(struct ab_kernel_alg *k, const struct ab_proc_alg *p)
{
	k->alg.ivlen = p->ivsize;
	k->alg.block = p->blocksize ? p->blocksize : 1;
	k->alg.min_size = k->alg.block;
	set_keys(k, p->min_keysize, p->max_keysize);
	/* OpenSSL names ECB by key size; cbc, ctr and xts are catalogue rows */
	if (!strcmp(p->name, "ecb(aes)"))
		for (unsigned int i = 0; i < k->alg.n_keys; i++)
			snprintf(k->evp[i], sizeof(k->evp[i]), "aes-%u-ecb", k->alg.keys[i].bits);
	return 0;
}

static int aead_row(struct ab_kernel_alg *k, const struct ab_proc_alg *p,
		    const struct ab_proc_alg *algs, size_t n, char why[AB_WHY_LEN])
{
	/*
	 * Only gcm(X) is derived: its key is X's and its IV the listed ivsize.
	 * authenc's key is an rtattr-packed pair (crypto/authenc.c), rfc4106's
	 * and rfc4309's end in a salt, ccm's IV carries L: none of that is in
	 * /proc/crypto (the catalogue's rows say it for gcm(aes) and the rest).
	 */
	if (!prefixed(p->name, "gcm(") || !p->maxauthsize) {
		ab_whyf(why,
			"%s: an aead whose key or IV layout /proc/crypto does not give (derived: "
			"gcm(...); the catalogue's aeads run under their own names)",
			k->name);
		return -EOPNOTSUPP;
	}
	k->alg.ivlen = p->ivsize;
	k->alg.taglen = p->maxauthsize < 16 ? p->maxauthsize : 16;
	k->alg.aadlen = 16; /* as the catalogue's aeads: IPsec ESP's */
	return inner_keys(k, p->name, algs, n, why);
}

/* The usable drivers of algorithm NAME of TYPE. */
static size_t drivers_of(const struct ab_proc_alg *algs, size_t n, const char *name,
			 enum ab_type type)
{
	size_t count = 0;

	for (size_t i = 0; i < n; i++)
		count += !strcmp(algs[i].name, name) && algs[i].selftest_ok && !algs[i].internal &&
			 ab_proc_type_matches(algs[i].type, type);
	return count;
}

/*
 * The known answer: OpenSSL where it has the algorithm; else the kernel's
 * generic driver when it is not the one measured (testmgr's vs_generic_impl
 * idea); else none, and why.
 */
static void choose_ref(struct ab_kernel_alg *k, const struct ab_proc_alg *p,
		       const struct ab_proc_alg *algs, size_t n)
{
	enum ab_type type = k->alg.type;
	const struct ab_proc_alg *g = ab_proc_crypto_generic(algs, n, p->name, type);

	if (k->alg.keys[0].evp) {
		k->alg.ref = AB_REF_EVP;
	} else if (type == AB_ACOMP) {
		k->alg.ref = AB_REF_NONE;
		snprintf(k->ref_why, sizeof(k->ref_why),
			 "no user-space library for %s in the build; kmod checks the kernel's "
			 "round trip",
			 p->name);
	} else if (g && strcmp(g->driver, p->driver)) {
		k->alg.ref = AB_REF_KERNEL;
		snprintf(k->ref_driver, sizeof(k->ref_driver), "%s", g->driver);
	} else {
		k->alg.ref = AB_REF_NONE;
		if (drivers_of(algs, n, p->name, type) <= 1)
			snprintf(k->ref_why, sizeof(k->ref_why),
				 "no second implementation: OpenSSL has no %s and the kernel's "
				 "only driver is %s",
				 p->name, p->driver);
		else if (g)
			snprintf(k->ref_why, sizeof(k->ref_why),
				 "no second implementation: OpenSSL has no %s and %s, the one "
				 "measured, is the kernel's generic driver",
				 p->name, p->driver);
		else
			snprintf(k->ref_why, sizeof(k->ref_why),
				 "no second implementation: OpenSSL has no %s and the kernel lists "
				 "no generic driver of it",
				 p->name);
	}
	k->alg.ref_driver = k->ref_driver;
	k->alg.ref_why = k->ref_why;
}

static int entry_usable(const char *name, const struct ab_proc_alg *p, char why[AB_WHY_LEN])
{
	if (p->internal) {
		ab_whyf(why,
			"%s: the kernel marks driver %s internal (a helper another driver "
			"wraps); AF_ALG and crypto_alloc_*() do not reach it",
			name, p->driver);
		return -EOPNOTSUPP;
	}
	if (!p->selftest_ok) {
		ab_whyf(why,
			"%s: driver %s has not passed the kernel's self-test (/proc/crypto "
			"selftest); the kernel does not bind it",
			name, p->driver);
		return -EOPNOTSUPP;
	}
	return 0;
}

int ab_kernel_alg_build(const char *name, const struct ab_proc_alg *algs, size_t n,
			struct ab_kernel_alg *k, char why[AB_WHY_LEN])
{
	const struct ab_proc_alg *p = ab_proc_crypto_lookup(algs, n, name);
	const struct ab_alg *cat;
	int type = -1, ret = 0;

	memset(k, 0, sizeof(*k));
	if (!p) {
		ab_whyf(why,
			"unknown algorithm '%s': not in the catalogue, and /proc/crypto lists no "
			"algorithm or driver of that name (see 'algbench list --all'; a module "
			"may need loading)",
			name);
		return -ENOENT;
	}
	if ((ret = entry_usable(name, p, why)))
		return ret;
	for (int t = 0; t < AB_N_TYPES && type < 0; t++)
		if (ab_proc_type_matches(p->type, t))
			type = t;
	if (type < 0) {
		ab_whyf(why,
			"%s: the kernel lists it as %s, a type algbench does not run (it runs "
			"aead, skcipher, hash: shash and ahash, and acomp)",
			name, p->type);
		return -EOPNOTSUPP;
	}
	snprintf(k->name, sizeof(k->name), "%s", name);
	snprintf(k->driver, sizeof(k->driver), "%s", p->driver);
	snprintf(k->proc_type, sizeof(k->proc_type), "%s", p->type);
	cat = ab_alg_find(p->name);
	if (cat && cat->type == (enum ab_type)type) {
		/* a driver of a catalogue algorithm: that row, pinned to the driver */
		k->alg = *cat;
		k->alg.name = k->name;
		return 0;
	}
	k->alg.name = k->name;
	k->alg.type = type;
	k->alg.min_size = type == AB_HASH ? 0 : 1;
	k->alg.block = 1;
	if (type == AB_HASH)
		ret = hash_row(k, p, algs, n, why);
	else if (type == AB_SKCIPHER)
		ret = skcipher_row(k, p);
	else if (type == AB_AEAD)
		ret = aead_row(k, p, algs, n, why);
	else
		set_keys(k, 0, 0);
	if (ret)
		return ret;
	for (unsigned int i = 0; i < k->alg.n_keys; i++)
		k->alg.keys[i].evp = k->evp[i][0] ? k->evp[i] : NULL;
	choose_ref(k, p, algs, n);
	return 0;
}
