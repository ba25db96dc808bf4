// SPDX-License-Identifier: GPL-2.0
/*
 * crypto_user reply parser: bytes in, structs out, nothing read outside the
 * datagram. Attributes are collected by libmnl callbacks into a table
 * indexed by attribute type, each checked against the size the 6.1 ABI
 * gives it; unknown types are skipped, as libmnl's examples do.
 */
#include <errno.h>
#include <libmnl/libmnl.h>
#include <limits.h>
#include <string.h>

#include "crypto_user.h"

/* Pin the ABI: these are the sizes of Linux 6.1's uapi structs. */
_Static_assert(sizeof(struct crypto_user_alg) == 208, "crypto_user_alg");
_Static_assert(sizeof(struct crypto_report_blkcipher) == 144, "report_blkcipher");
_Static_assert(sizeof(struct crypto_report_aead) == 140, "report_aead");
_Static_assert(sizeof(struct crypto_stat_hash) == 88, "stat_hash");
_Static_assert(sizeof(struct crypto_stat_akcipher) == 120, "stat_akcipher");
_Static_assert(CRYPTO_MSG_GETSTAT == 0x15 && CRYPTOCFGA_STAT_ACOMP == 21, "msg/attr numbers");

/* clang-format off */
#define U32F(st, proc, key, m) { proc, key, offsetof(struct st, m), false }
#define U64F(st, key, m) { key, key, offsetof(struct st, m), false }
#define STRF(st, proc, key, m) { proc, key, offsetof(struct st, m), true }
/* clang-format on */

static const struct cu_field hash_fields[] = {
	U32F(crypto_report_hash, "blocksize", "blocksize", blocksize),
	U32F(crypto_report_hash, "digestsize", "digestsize", digestsize),
};
static const struct cu_field blkcipher_fields[] = {
	STRF(crypto_report_blkcipher, "geniv", "geniv", geniv),
	U32F(crypto_report_blkcipher, "blocksize", "blocksize", blocksize),
	U32F(crypto_report_blkcipher, "min keysize", "min_keysize", min_keysize),
	U32F(crypto_report_blkcipher, "max keysize", "max_keysize", max_keysize),
	U32F(crypto_report_blkcipher, "ivsize", "ivsize", ivsize),
};
static const struct cu_field aead_fields[] = {
	STRF(crypto_report_aead, "geniv", "geniv", geniv),
	U32F(crypto_report_aead, "blocksize", "blocksize", blocksize),
	U32F(crypto_report_aead, "maxauthsize", "maxauthsize", maxauthsize),
	U32F(crypto_report_aead, "ivsize", "ivsize", ivsize),
};
static const struct cu_field rng_fields[] = {
	U32F(crypto_report_rng, "seedsize", "seedsize", seedsize),
};
static const struct cu_field cipher_fields[] = {
	U32F(crypto_report_cipher, "blocksize", "blocksize", blocksize),
	U32F(crypto_report_cipher, "min keysize", "min_keysize", min_keysize),
	U32F(crypto_report_cipher, "max keysize", "max_keysize", max_keysize),
};

static const struct cu_field stat_hash_fields[] = {
	U64F(crypto_stat_hash, "hash_cnt", stat_hash_cnt),
	U64F(crypto_stat_hash, "hash_tlen", stat_hash_tlen),
	U64F(crypto_stat_hash, "err_cnt", stat_err_cnt),
};
static const struct cu_field stat_cipher_fields[] = {
	/* aead has the same layout */
	U64F(crypto_stat_cipher, "encrypt_cnt", stat_encrypt_cnt),
	U64F(crypto_stat_cipher, "encrypt_tlen", stat_encrypt_tlen),
	U64F(crypto_stat_cipher, "decrypt_cnt", stat_decrypt_cnt),
	U64F(crypto_stat_cipher, "decrypt_tlen", stat_decrypt_tlen),
	U64F(crypto_stat_cipher, "err_cnt", stat_err_cnt),
};
static const struct cu_field stat_compress_fields[] = {
	U64F(crypto_stat_compress, "compress_cnt", stat_compress_cnt),
	U64F(crypto_stat_compress, "compress_tlen", stat_compress_tlen),
	U64F(crypto_stat_compress, "decompress_cnt", stat_decompress_cnt),
	U64F(crypto_stat_compress, "decompress_tlen", stat_decompress_tlen),
	U64F(crypto_stat_compress, "err_cnt", stat_err_cnt),
};
static const struct cu_field stat_rng_fields[] = {
	U64F(crypto_stat_rng, "generate_cnt", stat_generate_cnt),
	U64F(crypto_stat_rng, "generate_tlen", stat_generate_tlen),
	U64F(crypto_stat_rng, "seed_cnt", stat_seed_cnt),
	U64F(crypto_stat_rng, "err_cnt", stat_err_cnt),
};
static const struct cu_field stat_akcipher_fields[] = {
	U64F(crypto_stat_akcipher, "encrypt_cnt", stat_encrypt_cnt),
	U64F(crypto_stat_akcipher, "encrypt_tlen", stat_encrypt_tlen),
	U64F(crypto_stat_akcipher, "decrypt_cnt", stat_decrypt_cnt),
	U64F(crypto_stat_akcipher, "decrypt_tlen", stat_decrypt_tlen),
	U64F(crypto_stat_akcipher, "verify_cnt", stat_verify_cnt),
	U64F(crypto_stat_akcipher, "sign_cnt", stat_sign_cnt),
	U64F(crypto_stat_akcipher, "err_cnt", stat_err_cnt),
};
static const struct cu_field stat_kpp_fields[] = {
	U64F(crypto_stat_kpp, "setsecret_cnt", stat_setsecret_cnt),
	U64F(crypto_stat_kpp, "generate_public_key_cnt", stat_generate_public_key_cnt),
	U64F(crypto_stat_kpp, "compute_shared_secret_cnt", stat_compute_shared_secret_cnt),
	U64F(crypto_stat_kpp, "err_cnt", stat_err_cnt),
};

/* Every attribute of the ABI: its kind, its payload size and its fields. */
struct attr_desc {
	const char *kind;
	size_t size;
	const struct cu_field *fields;
	size_t n_fields;
};

/* clang-format off */
#define DESC(kind, st, f) { kind, sizeof(struct st), f, sizeof(f) / sizeof(f[0]) }
#define DESC0(kind, st) { kind, sizeof(struct st), NULL, 0 }
/* clang-format on */

static const struct attr_desc attr_descs[CRYPTOCFGA_MAX + 1] = {
	[CRYPTOCFGA_PRIORITY_VAL] = { "priority", sizeof(uint32_t), NULL, 0 },
	[CRYPTOCFGA_REPORT_LARVAL] = DESC0("larval", crypto_report_larval),
	[CRYPTOCFGA_REPORT_HASH] = DESC("hash", crypto_report_hash, hash_fields),
	[CRYPTOCFGA_REPORT_BLKCIPHER] = DESC("skcipher", crypto_report_blkcipher, blkcipher_fields),
	[CRYPTOCFGA_REPORT_AEAD] = DESC("aead", crypto_report_aead, aead_fields),
	[CRYPTOCFGA_REPORT_COMPRESS] = DESC0("compress", crypto_report_comp),
	[CRYPTOCFGA_REPORT_RNG] = DESC("rng", crypto_report_rng, rng_fields),
	[CRYPTOCFGA_REPORT_CIPHER] = DESC("cipher", crypto_report_cipher, cipher_fields),
	[CRYPTOCFGA_REPORT_AKCIPHER] = DESC0("akcipher", crypto_report_akcipher),
	[CRYPTOCFGA_REPORT_KPP] = DESC0("kpp", crypto_report_kpp),
	[CRYPTOCFGA_REPORT_ACOMP] = DESC0("acomp", crypto_report_acomp),
	[CRYPTOCFGA_STAT_LARVAL] = DESC0("larval", crypto_stat_larval),
	[CRYPTOCFGA_STAT_HASH] = DESC("hash", crypto_stat_hash, stat_hash_fields),
	[CRYPTOCFGA_STAT_BLKCIPHER] = DESC("skcipher", crypto_stat_cipher, stat_cipher_fields),
	[CRYPTOCFGA_STAT_AEAD] = DESC("aead", crypto_stat_aead, stat_cipher_fields),
	[CRYPTOCFGA_STAT_COMPRESS] = DESC("compress", crypto_stat_compress, stat_compress_fields),
	[CRYPTOCFGA_STAT_RNG] = DESC("rng", crypto_stat_rng, stat_rng_fields),
	[CRYPTOCFGA_STAT_CIPHER] = DESC("cipher", crypto_stat_cipher, stat_cipher_fields),
	[CRYPTOCFGA_STAT_AKCIPHER] = DESC("akcipher", crypto_stat_akcipher, stat_akcipher_fields),
	[CRYPTOCFGA_STAT_KPP] = DESC("kpp", crypto_stat_kpp, stat_kpp_fields),
	[CRYPTOCFGA_STAT_ACOMP] = DESC("acomp", crypto_stat_compress, stat_compress_fields),
};

_Static_assert(offsetof(struct crypto_stat_aead, stat_err_cnt) ==
		       offsetof(struct crypto_stat_cipher, stat_err_cnt),
	       "aead and cipher stats share one field table");

static bool is_report_attr(uint16_t a)
{
	return a >= CRYPTOCFGA_REPORT_LARVAL && a <= CRYPTOCFGA_REPORT_ACOMP;
}

static bool is_stat_attr(uint16_t a)
{
	return a >= CRYPTOCFGA_STAT_LARVAL && a <= CRYPTOCFGA_STAT_ACOMP;
}

const struct cu_field *cu_report_fields(uint16_t attr, size_t *n)
{
	*n = is_report_attr(attr) ? attr_descs[attr].n_fields : 0;
	return *n ? attr_descs[attr].fields : NULL;
}

const struct cu_field *cu_stat_fields(uint16_t attr, size_t *n)
{
	*n = is_stat_attr(attr) ? attr_descs[attr].n_fields : 0;
	return *n ? attr_descs[attr].fields : NULL;
}

const char *cu_attr_kind(uint16_t attr)
{
	return attr && attr <= CRYPTOCFGA_MAX ? attr_descs[attr].kind : "?";
}

uint64_t cu_field_u64(const void *base, const struct cu_field *f, bool stat)
{
	const char *p = (const char *)base + f->offset;
	uint64_t v64;
	uint32_t v32;

	if (stat) {
		memcpy(&v64, p, sizeof(v64));
		return v64;
	}
	memcpy(&v32, p, sizeof(v32));
	return v32;
}

int cu_stat_counter(const struct cu_stat *st, const char *name, uint64_t *value)
{
	size_t n;
	const struct cu_field *f = cu_stat_fields(st->stat_attr, &n);

	for (size_t i = 0; i < n; i++) {
		if (!strcmp(f[i].key, name)) {
			*value = cu_field_u64(&st->u, &f[i], true);
			return 0;
		}
	}
	return -ENOENT;
}

/* --- attributes -------------------------------------------------------- */

struct attr_table {
	const struct nlattr *tb[CRYPTOCFGA_MAX + 1];
	const char *end; /* where the last attribute seen ends */
};

static int collect_attr(const struct nlattr *attr, void *data)
{
	struct attr_table *t = data;
	uint16_t type = mnl_attr_get_type(attr);
	uint16_t len = mnl_attr_get_payload_len(attr);

	t->end = (const char *)attr + MNL_ALIGN(attr->nla_len);
	if (mnl_attr_type_valid(attr, CRYPTOCFGA_MAX) < 0 || type == CRYPTOCFGA_UNSPEC)
		return MNL_CB_OK; /* newer kernel's attribute: not ours to judge */
	if (type == CRYPTOCFGA_PRIORITY_VAL) {
		if (mnl_attr_validate(attr, MNL_TYPE_U32) < 0)
			goto bad;
	} else if (len < attr_descs[type].size) {
		goto bad; /* a larger struct is a newer kernel's: keep our prefix */
	}
	if (!t->tb[type])
		t->tb[type] = attr;
	return MNL_CB_OK;
bad:
	errno = EBADMSG;
	return MNL_CB_ERROR;
}

static void copy_name(char *dst, const char *src)
{
	memcpy(dst, src, CRYPTO_MAX_NAME);
	dst[CRYPTO_MAX_NAME - 1] = '\0';
}

/* Copies the first attribute of [lo, hi] present into out (sized by its desc). */
static uint16_t take_struct(const struct attr_table *t, uint16_t lo, uint16_t hi, void *out,
			    size_t out_size)
{
	for (uint16_t a = lo; a <= hi; a++) {
		if (!t->tb[a])
			continue;
		memset(out, 0, out_size);
		memcpy(out, mnl_attr_get_payload(t->tb[a]), attr_descs[a].size);
		return a;
	}
	return 0;
}

/* Every string in a report or stat struct: type[] first, geniv[] after it. */
static void terminate_strings(char *base, uint16_t attr)
{
	base[CRYPTO_MAX_NAME - 1] = '\0';
	if (attr == CRYPTOCFGA_REPORT_BLKCIPHER || attr == CRYPTOCFGA_REPORT_AEAD)
		base[2 * CRYPTO_MAX_NAME - 1] = '\0';
}

static int parse_common(const struct nlmsghdr *nlh, uint16_t want_type, struct cu_alg *alg,
			struct attr_table *t)
{
	const struct crypto_user_alg *u;
	const char *tail;

	if (nlh->nlmsg_type != want_type)
		return -EPROTO;
	if (nlh->nlmsg_len < MNL_NLMSG_HDRLEN + sizeof(*u))
		return -EBADMSG;
	u = mnl_nlmsg_get_payload(nlh);
	memset(alg, 0, sizeof(*alg));
	copy_name(alg->name, u->cru_name);
	copy_name(alg->driver, u->cru_driver_name);
	copy_name(alg->module, u->cru_module_name);
	alg->refcnt = u->cru_refcnt;
	alg->flags = u->cru_flags;

	memset(t, 0, sizeof(*t));
	t->end = (const char *)mnl_nlmsg_get_payload_offset(nlh, sizeof(*u));
	if (mnl_attr_parse(nlh, sizeof(*u), collect_attr, t) < 0)
		return -EBADMSG;
	/* libmnl stops quietly at a broken attribute: a reply must end where its last one does. */
	tail = (const char *)nlh + MNL_ALIGN(nlh->nlmsg_len);
	if (t->end != tail)
		return -EBADMSG;
	if (t->tb[CRYPTOCFGA_PRIORITY_VAL]) {
		alg->has_priority = true;
		alg->priority = (int32_t)mnl_attr_get_u32(t->tb[CRYPTOCFGA_PRIORITY_VAL]);
	}
	return 0;
}

int cu_parse_alg(const struct nlmsghdr *nlh, struct cu_alg *alg)
{
	struct attr_table t;
	int ret = parse_common(nlh, CRYPTO_MSG_GETALG, alg, &t);

	if (ret)
		return ret;
	alg->report_attr = take_struct(&t, CRYPTOCFGA_REPORT_LARVAL, CRYPTOCFGA_REPORT_ACOMP,
				       &alg->report, sizeof(alg->report));
	terminate_strings(alg->report.type, alg->report_attr);
	return 0;
}

int cu_parse_stat(const struct nlmsghdr *nlh, struct cu_stat *st)
{
	struct attr_table t;
	int ret;

	memset(st, 0, sizeof(*st));
	ret = parse_common(nlh, CRYPTO_MSG_GETSTAT, &st->alg, &t);
	if (ret)
		return ret;
	st->stat_attr = take_struct(&t, CRYPTOCFGA_STAT_LARVAL, CRYPTOCFGA_STAT_ACOMP, &st->u,
				    sizeof(st->u));
	terminate_strings(st->u.type, st->stat_attr);
	return 0;
}

/* --- messages ---------------------------------------------------------- */

static int collect_ack_attr(const struct nlattr *attr, void *data)
{
	const struct nlattr **tb = data;
	uint16_t type = mnl_attr_get_type(attr);

	if (mnl_attr_type_valid(attr, NLMSGERR_ATTR_OFFS) < 0)
		return MNL_CB_OK;
	if (type == NLMSGERR_ATTR_MSG && mnl_attr_validate(attr, MNL_TYPE_NUL_STRING) < 0)
		return MNL_CB_OK; /* a broken message text is dropped, not fatal */
	if (type == NLMSGERR_ATTR_OFFS && mnl_attr_validate(attr, MNL_TYPE_U32) < 0)
		return MNL_CB_OK;
	tb[type] = attr;
	return MNL_CB_OK;
}

/* Reads the extended-ack TLVs that start at payload offset off, if any. */
static void parse_ack_tlvs(const struct nlmsghdr *nlh, size_t off, struct cu_ack *ack)
{
	const struct nlattr *tb[NLMSGERR_ATTR_OFFS + 1] = { NULL };

	if (!(nlh->nlmsg_flags & NLM_F_ACK_TLVS) || off > mnl_nlmsg_get_payload_len(nlh))
		return;
	mnl_attr_parse(nlh, off, collect_ack_attr, tb);
	if (tb[NLMSGERR_ATTR_MSG])
		snprintf(ack->msg, sizeof(ack->msg), "%s", mnl_attr_get_str(tb[NLMSGERR_ATTR_MSG]));
	if (tb[NLMSGERR_ATTR_OFFS]) {
		ack->has_offset = true;
		ack->offset = mnl_attr_get_u32(tb[NLMSGERR_ATTR_OFFS]);
	}
}

/* An errno as the kernel sends it: 0 or -1..-4095. */
static bool plausible_errno(int e)
{
	return e <= 0 && e >= -4095;
}

static int parse_error_msg(const struct nlmsghdr *nlh, struct cu_ack *ack)
{
	const struct nlmsgerr *e;
	size_t off = sizeof(*e);

	if (mnl_nlmsg_get_payload_len(nlh) < sizeof(*e))
		return -EBADMSG;
	e = mnl_nlmsg_get_payload(nlh);
	if (!plausible_errno(e->error))
		return -EBADMSG;
	ack->error = e->error;
	/* Without NLM_F_CAPPED the whole request is echoed before the TLVs. */
	if (!(nlh->nlmsg_flags & NLM_F_CAPPED)) {
		if (e->msg.nlmsg_len < MNL_NLMSG_HDRLEN)
			return -EBADMSG;
		off = sizeof(e->error) + MNL_ALIGN((size_t)e->msg.nlmsg_len);
	}
	parse_ack_tlvs(nlh, off, ack);
	return e->error;
}

/* NLMSG_DONE carries the dump's own return value (an int) and maybe TLVs. */
static int parse_done_msg(const struct nlmsghdr *nlh, struct cu_ack *ack)
{
	int err;

	if (mnl_nlmsg_get_payload_len(nlh) < sizeof(int))
		return CU_REPLY_DONE; /* old kernels sent an empty DONE */
	memcpy(&err, mnl_nlmsg_get_payload(nlh), sizeof(err));
	if (err > 0)
		return CU_REPLY_DONE; /* some families put skb->len here */
	if (!plausible_errno(err))
		return -EBADMSG;
	ack->error = err;
	parse_ack_tlvs(nlh, sizeof(int), ack);
	return err;
}

int cu_reply_walk(const void *buf, size_t len, uint32_t seq, uint32_t portid, bool multi,
		  cu_msg_cb cb, void *data, struct cu_ack *ack)
{
	const struct nlmsghdr *nlh = buf;
	int rem, ret;

	memset(ack, 0, sizeof(*ack));
	if (len == 0 || len > INT_MAX)
		return -EBADMSG;
	rem = (int)len;
	while (mnl_nlmsg_ok(nlh, rem)) {
		/*
		 * libmnl 1.0.4 compares (int)nlmsg_len <= len, so a length of
		 * 2^31 or more passes mnl_nlmsg_ok (found by the fuzz target);
		 * and it reads attributes up to the aligned end. Both must lie
		 * inside the datagram.
		 */
		if (nlh->nlmsg_len > (unsigned)rem ||
		    MNL_ALIGN((size_t)nlh->nlmsg_len) > (size_t)rem)
			return -EBADMSG;
		if (nlh->nlmsg_seq != seq || nlh->nlmsg_pid != portid)
			return -EPROTO;
		switch (nlh->nlmsg_type) {
		case NLMSG_ERROR:
			return parse_error_msg(nlh, ack);
		case NLMSG_DONE:
			return parse_done_msg(nlh, ack);
		case NLMSG_NOOP:
			break;
		case NLMSG_OVERRUN:
			return -ENOBUFS;
		default:
			ret = cb(nlh, data);
			if (ret < 0)
				return ret;
			if (!multi)
				return CU_REPLY_DONE;
		}
		nlh = mnl_nlmsg_next(nlh, &rem);
	}
	return rem == 0 ? CU_REPLY_MORE : -EBADMSG;
}
