/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Builders of crypto_user replies shaped as Linux 6.1 sends them (header,
 * struct crypto_user_alg, PRIORITY_VAL, one REPORT/STAT attribute, NLMSG_DONE
 * and NLMSG_ERROR with extended-ack TLVs), for the parser's unit tests and
 * the fuzz target's seed corpus.
 */
#ifndef ALGBENCH_CU_REPLIES_H
#define ALGBENCH_CU_REPLIES_H

#include <stdint.h>
#include <string.h>

#include "crypto_user.h"

#define T_SEQ  4242
#define T_PORT 777

struct wbuf {
	uint8_t b[65536];
	size_t len;
};

static inline struct nlmsghdr *w_msg(struct wbuf *w, uint16_t type, uint16_t flags)
{
	struct nlmsghdr *nlh = (struct nlmsghdr *)(w->b + w->len);

	memset(nlh, 0, NLMSG_HDRLEN);
	nlh->nlmsg_len = NLMSG_HDRLEN;
	nlh->nlmsg_type = type;
	nlh->nlmsg_flags = flags;
	nlh->nlmsg_seq = T_SEQ;
	nlh->nlmsg_pid = T_PORT;
	w->len += NLMSG_HDRLEN;
	return nlh;
}

/* Appends bytes to the message nlh (which must be the last one in w). */
static inline void w_put(struct wbuf *w, struct nlmsghdr *nlh, const void *p, size_t n)
{
	size_t pad = NLMSG_ALIGN(n) - n;

	memcpy(w->b + w->len, p, n);
	memset(w->b + w->len + n, 0, pad);
	w->len += n + pad;
	nlh->nlmsg_len += (uint32_t)(n + pad);
}

static inline void w_attr(struct wbuf *w, struct nlmsghdr *nlh, uint16_t type, const void *p,
			  size_t n)
{
	struct nlattr nla = { (uint16_t)(NLA_HDRLEN + n), type };
	size_t pad = NLA_ALIGN(n) - n;

	memcpy(w->b + w->len, &nla, sizeof(nla));
	memcpy(w->b + w->len + NLA_HDRLEN, p, n);
	memset(w->b + w->len + NLA_HDRLEN + n, 0, pad);
	w->len += NLA_HDRLEN + n + pad;
	nlh->nlmsg_len += (uint32_t)(NLA_HDRLEN + n + pad);
}

static inline struct nlmsghdr *w_alg(struct wbuf *w, uint16_t type, uint16_t flags,
				     const char *name, const char *driver, uint32_t prio)
{
	struct nlmsghdr *nlh = w_msg(w, type, flags);
	struct crypto_user_alg u;

	memset(&u, 0, sizeof(u));
	strcpy(u.cru_name, name);
	strcpy(u.cru_driver_name, driver);
	strcpy(u.cru_module_name, "kernel");
	u.cru_refcnt = 2;
	u.cru_flags = 0x40e;
	w_put(w, nlh, &u, sizeof(u));
	w_attr(w, nlh, CRYPTOCFGA_PRIORITY_VAL, &prio, sizeof(prio));
	return nlh;
}

/* A GETALG reply for sha256 with its hash report, as 6.1 sends it. */
static inline void w_sha256(struct wbuf *w, uint16_t flags)
{
	struct nlmsghdr *nlh = w_alg(w, CRYPTO_MSG_GETALG, flags, "sha256", "sha256-generic", 100);
	struct crypto_report_hash r;

	memset(&r, 0, sizeof(r));
	strcpy(r.type, "shash");
	r.blocksize = 64;
	r.digestsize = 32;
	w_attr(w, nlh, CRYPTOCFGA_REPORT_HASH, &r, sizeof(r));
}

static inline void w_cbc(struct wbuf *w, uint16_t flags)
{
	struct nlmsghdr *nlh = w_alg(w, CRYPTO_MSG_GETALG, flags, "cbc(aes)", "cbc-aes-aesni", 400);
	struct crypto_report_blkcipher r;

	memset(&r, 0, sizeof(r));
	strcpy(r.type, "skcipher");
	strcpy(r.geniv, "<none>");
	r.blocksize = 16;
	r.min_keysize = 16;
	r.max_keysize = 32;
	r.ivsize = 16;
	w_attr(w, nlh, CRYPTOCFGA_REPORT_BLKCIPHER, &r, sizeof(r));
}

/* A GETSTAT reply for sha256 with counters (a CONFIG_CRYPTO_STATS=y kernel). */
static inline void w_stat_sha256(struct wbuf *w)
{
	struct nlmsghdr *nlh = w_alg(w, CRYPTO_MSG_GETSTAT, 0, "sha256", "sha256-generic", 100);
	struct crypto_stat_hash s;

	memset(&s, 0, sizeof(s));
	strcpy(s.type, "shash");
	s.stat_hash_cnt = 16;
	s.stat_hash_tlen = 65536;
	s.stat_err_cnt = 1;
	w_attr(w, nlh, CRYPTOCFGA_STAT_HASH, &s, sizeof(s));
}

static inline void w_done(struct wbuf *w, int err)
{
	struct nlmsghdr *nlh = w_msg(w, NLMSG_DONE, NLM_F_MULTI);

	w_put(w, nlh, &err, sizeof(err));
}

/* NLMSG_ERROR as a NETLINK_CAP_ACK + NETLINK_EXT_ACK socket gets it. */
static inline void w_error(struct wbuf *w, int err, const char *msg, int with_offs)
{
	struct nlmsghdr *nlh = w_msg(w, NLMSG_ERROR, NLM_F_CAPPED | (msg ? NLM_F_ACK_TLVS : 0));
	struct nlmsgerr e;
	uint32_t offs = 224;

	memset(&e, 0, sizeof(e));
	e.error = err;
	e.msg.nlmsg_len = NLMSG_HDRLEN + 208;
	e.msg.nlmsg_type = CRYPTO_MSG_GETALG;
	e.msg.nlmsg_seq = T_SEQ;
	w_put(w, nlh, &e, sizeof(e));
	if (msg)
		w_attr(w, nlh, NLMSGERR_ATTR_MSG, msg, strlen(msg) + 1);
	if (with_offs)
		w_attr(w, nlh, NLMSGERR_ATTR_OFFS, &offs, sizeof(offs));
}

#endif
