// SPDX-License-Identifier: GPL-2.0
/*
 * Conformance, group 5: malformed requests get a clean answer, and the
 * kernel log shows no WARN/BUG/oops afterwards.
 *
 * The expected answers follow Linux 6.1's crypto/crypto_user_base.c and
 * net/netlink/af_netlink.c: netlink_rcv_skb() drops a message whose length
 * runs past the datagram without a word, acks control-range types and
 * messages without NLM_F_REQUEST; crypto_user_rcv_msg() rejects types above
 * GETSTAT, then nlmsg_parse_deprecated() checks the fixed header length and
 * the policy (PRIORITY_VAL: NLA_U32, so shorter is -ERANGE) but, being the
 * liberal parser, accepts oversized, unknown and trailing attributes with
 * at most a rate-limited "netlink:" warning; each doit checks its names are
 * NUL-terminated. The requests sent as root here are ones that fail their
 * validation, so none of them changes anything.
 */
#include <errno.h>
#include <linux/capability.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "conform.h"
#include "sys/caps.h"

enum payload {
	P_NONE,
	P_SHORT,       /* 100 bytes: less than struct crypto_user_alg */
	P_EXISTING,    /* an algorithm that exists, by driver */
	P_UNTERM_NAME, /* cru_name with no NUL in its 64 bytes */
	P_UNTERM_DRIVER,
	P_PRIO_NO_DRIVER, /* PRIORITY_VAL with only cru_name set */
	P_PRIO_SHORT,	  /* PRIORITY_VAL with a 2-byte payload */
	P_PRIO_LONG,	  /* PRIORITY_VAL with an 8-byte payload */
	P_ATTR_PAST_END,  /* nla_len runs 56 bytes past the message */
	P_ATTR_UNKNOWN,	  /* attribute type 100 (> CRYPTOCFGA_MAX) */
};

enum expect {
	E_ERRNO,       /* this errno */
	E_REPLY,       /* an answer with data: accepted */
	E_ACK,	       /* a bare ack (error 0): ignored */
	E_SILENT,      /* no answer at all; the socket still works after */
	E_STATS_ERRNO, /* GETSTAT: -ENOTSUPP without stats, else this errno */
};

struct bad_req {
	uint16_t type, flags;
	enum payload payload;
	enum expect expect;
	int err;
	bool root; /* reaches a handler that checks CAP_NET_ADMIN before the request */
};

static size_t put_attr(uint8_t *at, uint16_t nla_len, uint16_t type, size_t data_len)
{
	struct nlattr nla = { nla_len, type };

	memcpy(at, &nla, sizeof(nla));
	memset(at + NLA_HDRLEN, 0x11, data_len);
	return NLA_HDRLEN + NLA_ALIGN(data_len);
}

static size_t build(const struct conform_ctx *c, enum payload p, uint8_t *buf)
{
	struct crypto_user_alg req;
	size_t len = sizeof(req);

	if (p == P_NONE)
		return 0;
	if (p == P_SHORT) {
		memset(buf, 0, 100);
		return 100;
	}
	cu_fill_request(&req, "", c->n_algs ? c->algs[0].driver : "sha256-generic");
	if (p == P_UNTERM_NAME)
		memset(req.cru_name, 'A', sizeof(req.cru_name));
	if (p == P_UNTERM_DRIVER)
		memset(req.cru_driver_name, 'A', sizeof(req.cru_driver_name));
	if (p == P_PRIO_NO_DRIVER)
		cu_fill_request(&req, "algbench-no-such-alg", "");
	memcpy(buf, &req, sizeof(req));
	switch (p) {
	case P_PRIO_NO_DRIVER:
		return len + put_attr(buf + len, NLA_HDRLEN + 4, CRYPTOCFGA_PRIORITY_VAL, 4);
	case P_PRIO_SHORT:
		return len + put_attr(buf + len, NLA_HDRLEN + 2, CRYPTOCFGA_PRIORITY_VAL, 2);
	case P_PRIO_LONG:
		return len + put_attr(buf + len, NLA_HDRLEN + 8, CRYPTOCFGA_PRIORITY_VAL, 8);
	case P_ATTR_PAST_END:
		return len + put_attr(buf + len, NLA_HDRLEN + 60, CRYPTOCFGA_PRIORITY_VAL, 4);
	case P_ATTR_UNKNOWN:
		return len + put_attr(buf + len, NLA_HDRLEN + 4, 100, 4);
	default:
		return len;
	}
}

static void describe(char *out, size_t n, int err)
{
	if (err == -ETIMEDOUT)
		snprintf(out, n, "no answer");
	else if (err == -CU_ENOTSUPP)
		snprintf(out, n, "-ENOTSUPP (524)");
	else
		snprintf(out, n, "%d (%s)", err, err ? strerror(-err) : "success");
}

/* The message claims 64 bytes more than the datagram holds. */
static uint32_t len_override(const struct bad_req *b, size_t payload_len)
{
	return b->expect == E_SILENT ? (uint32_t)(NLMSG_HDRLEN + payload_len + 64) : 0;
}

static enum ab_tap_verdict judge(const struct conform_ctx *c, const struct bad_req *b, int got,
				 uint16_t reply_type, char why[AB_WHY_LEN])
{
	int want = b->expect == E_STATS_ERRNO && !c->stats ? -CU_ENOTSUPP : b->err;
	char gots[64];
	struct cu_alg a;

	describe(gots, sizeof(gots), got);
	switch (b->expect) {
	case E_ERRNO:
	case E_STATS_ERRNO:
		if (got == want)
			return AB_TAP_PASS;
		ab_whyf(why, "answered %s, want %d (%s)", gots, want, strerror(-want));
		return AB_TAP_FAIL;
	case E_REPLY:
		if (got == 0 && reply_type == b->type)
			return AB_TAP_PASS;
		ab_whyf(why, "answered %s, reply type %u, want a type %u reply", gots, reply_type,
			b->type);
		return AB_TAP_FAIL;
	case E_ACK:
		if (got == 0 && reply_type == 0)
			return AB_TAP_PASS;
		ab_whyf(why, "answered %s (reply type %u), want a bare ack", gots, reply_type);
		return AB_TAP_FAIL;
	case E_SILENT:
		if (got != -ETIMEDOUT) {
			ab_whyf(why, "answered %s, want no answer (dropped)", gots);
			return AB_TAP_FAIL;
		}
		if (c->n_algs && cu_get(c->s, "", c->algs[0].driver, &a)) {
			ab_whyf(why, "dropped, but the socket does not answer GETALG after it");
			return AB_TAP_FAIL;
		}
		return AB_TAP_PASS;
	}
	return AB_TAP_FAIL;
}

static enum ab_tap_verdict check_bad(struct conform_ctx *c, const void *arg, char why[AB_WHY_LEN])
{
	const struct bad_req *b = arg;
	uint8_t buf[512];
	size_t len = build(c, b->payload, buf);
	uint16_t reply_type = 0;
	const struct cu_ack *ack;
	int got;

	if (b->root && !ab_cap_effective(CAP_NET_ADMIN, true)) {
		ab_whyf(why,
			"needs CAP_NET_ADMIN (run conform as root): without it the handler answers "
			"EPERM before it reads the request");
		return AB_TAP_SKIP;
	}
	got = cu_raw_request(c->s, b->type, b->flags, buf, len, len_override(b, len),
			     b->expect == E_SILENT ? 1000 : 3000, &reply_type);
	ack = cu_last_ack(c->s);

	if (ack->msg[0] && ack->has_offset)
		conform_diag(c, "extack: \"%s\" at byte %u of the request", ack->msg, ack->offset);
	else if (ack->msg[0])
		conform_diag(c, "extack: \"%s\"", ack->msg);
	return judge(c, b, got, reply_type, why);
}

#define RQ  NLM_F_REQUEST
#define RQA (NLM_F_REQUEST | NLM_F_ACK)
/* clang-format off */
#define BAD(t, f, p, e, err) &(const struct bad_req){ t, f, p, e, err, false }
/* a request only root (CAP_NET_ADMIN) gets past the permission check with */
#define BAD_ROOT(t, f, p, e, err) &(const struct bad_req){ t, f, p, e, err, true }
/* clang-format on */

const struct conform_check conform_bad_checks[] = {
	{ "bad_short_getalg: GETALG with a 100-byte payload answers EINVAL", check_bad,
	  BAD(CRYPTO_MSG_GETALG, RQ, P_SHORT, E_ERRNO, -EINVAL) },
	{ "bad_short_getstat: GETSTAT with a 100-byte payload answers EINVAL", check_bad,
	  BAD(CRYPTO_MSG_GETSTAT, RQ, P_SHORT, E_ERRNO, -EINVAL) },
	{ "bad_empty_newalg: NEWALG with no payload answers EINVAL", check_bad,
	  BAD(CRYPTO_MSG_NEWALG, RQA, P_NONE, E_ERRNO, -EINVAL) },
	{ "bad_type_0x16: message type one past GETSTAT answers EINVAL", check_bad,
	  BAD(CRYPTO_MSG_GETSTAT + 1, RQA, P_EXISTING, E_ERRNO, -EINVAL) },
	{ "bad_type_0xffff: message type 0xffff answers EINVAL", check_bad,
	  BAD(0xffff, RQA, P_EXISTING, E_ERRNO, -EINVAL) },
	{ "bad_type_0x0f: a control-range type is acked and ignored", check_bad,
	  BAD(0x0f, RQA, P_EXISTING, E_ACK, 0) },
	{ "bad_no_request_flag: GETALG without NLM_F_REQUEST is acked and ignored", check_bad,
	  BAD(CRYPTO_MSG_GETALG, NLM_F_ACK, P_EXISTING, E_ACK, 0) },
	{ "bad_unterminated_name: GETALG with an unterminated cru_name answers EINVAL", check_bad,
	  BAD(CRYPTO_MSG_GETALG, RQ, P_UNTERM_NAME, E_ERRNO, -EINVAL) },
	{ "bad_unterminated_driver: GETALG with an unterminated cru_driver_name answers EINVAL",
	  check_bad, BAD(CRYPTO_MSG_GETALG, RQ, P_UNTERM_DRIVER, E_ERRNO, -EINVAL) },
	{ "bad_unterminated_getstat: GETSTAT with an unterminated cru_name: ENOTSUPP (stats off) "
	  "or EINVAL",
	  check_bad, BAD(CRYPTO_MSG_GETSTAT, RQ, P_UNTERM_NAME, E_STATS_ERRNO, -EINVAL) },
	{ "bad_unterminated_newalg: NEWALG (root) with an unterminated cru_name answers EINVAL",
	  check_bad, BAD_ROOT(CRYPTO_MSG_NEWALG, RQA, P_UNTERM_NAME, E_ERRNO, -EINVAL) },
	{ "bad_unterminated_delalg: DELALG (root) with an unterminated cru_driver_name answers "
	  "EINVAL",
	  check_bad, BAD_ROOT(CRYPTO_MSG_DELALG, RQA, P_UNTERM_DRIVER, E_ERRNO, -EINVAL) },
	{ "bad_unterminated_updatealg: UPDATEALG (root) with an unterminated cru_driver_name "
	  "answers EINVAL",
	  check_bad, BAD_ROOT(CRYPTO_MSG_UPDATEALG, RQA, P_UNTERM_DRIVER, E_ERRNO, -EINVAL) },
	{ "bad_newalg_prio_no_driver: NEWALG (root) with a priority but no driver answers EINVAL",
	  check_bad, BAD_ROOT(CRYPTO_MSG_NEWALG, RQA, P_PRIO_NO_DRIVER, E_ERRNO, -EINVAL) },
	{ "bad_updatealg_prio_no_driver: UPDATEALG (root) with a priority but no driver answers "
	  "EINVAL",
	  check_bad, BAD_ROOT(CRYPTO_MSG_UPDATEALG, RQA, P_PRIO_NO_DRIVER, E_ERRNO, -EINVAL) },
	{ "bad_attr_short: GETALG with a 2-byte PRIORITY_VAL answers ERANGE", check_bad,
	  BAD(CRYPTO_MSG_GETALG, RQ, P_PRIO_SHORT, E_ERRNO, -ERANGE) },
	{ "bad_attr_oversized: GETALG with an 8-byte PRIORITY_VAL is accepted (liberal parser)",
	  check_bad, BAD(CRYPTO_MSG_GETALG, RQ, P_PRIO_LONG, E_REPLY, 0) },
	{ "bad_attr_past_end: GETALG with an attribute running past the message is accepted",
	  check_bad, BAD(CRYPTO_MSG_GETALG, RQ, P_ATTR_PAST_END, E_REPLY, 0) },
	{ "bad_attr_unknown: GETALG with attribute type 100 is accepted, the attribute ignored",
	  check_bad, BAD(CRYPTO_MSG_GETALG, RQ, P_ATTR_UNKNOWN, E_REPLY, 0) },
	{ "bad_len_past_datagram: a message longer than its datagram is dropped unanswered",
	  check_bad, BAD(CRYPTO_MSG_GETALG, RQ, P_EXISTING, E_SILENT, 0) },
	{ "bad_dump_no_payload: a GETALG dump with no payload is answered in full", check_bad,
	  BAD(CRYPTO_MSG_GETALG, NLM_F_REQUEST | NLM_F_DUMP, P_NONE, E_REPLY, 0) },
};
const size_t conform_n_bad_checks = CONFORM_ROWS(conform_bad_checks);

/* --- the kernel log -------------------------------------------------------- */

static const char *const bad_signs[] = {
	"WARNING:",
	"BUG:",
	"Oops",
	"general protection fault",
	"Call Trace:",
	"kernel BUG",
	"UBSAN:",
	"KASAN:",
	"refcount_t:",
	"list_add corruption",
	"list_del corruption",
};

static bool is_bad_line(const char *msg)
{
	for (size_t i = 0; i < sizeof(bad_signs) / sizeof(bad_signs[0]); i++)
		if (strstr(msg, bad_signs[i]))
			return true;
	return false;
}

static enum ab_tap_verdict check_dmesg(struct conform_ctx *c, const void *arg, char why[AB_WHY_LEN])
{
	char rec[2048];
	unsigned bad = 0, netlink_notes = 0;
	ssize_t r;

	(void)arg;
	if (c->kmsg_fd < 0) {
		ab_whyf(why, "cannot read /dev/kmsg (not root, or no devtmpfs)");
		return AB_TAP_SKIP;
	}
	/* One record per read; EPIPE means records were overwritten: go on. */
	while ((r = read(c->kmsg_fd, rec, sizeof(rec) - 1)) > 0 || (r < 0 && errno == EPIPE)) {
		const char *msg;

		if (r < 0)
			continue;
		rec[r] = '\0';
		msg = strchr(rec, ';');
		msg = msg ? msg + 1 : rec;
		rec[strcspn(rec, "\n")] = '\0';
		if (is_bad_line(msg) && bad++ < 8)
			conform_diag(c, "kernel: %s", msg);
		if (!strncmp(msg, "netlink: ", 9) && netlink_notes++ < 4)
			conform_diag(c, "kernel (expected, rate-limited note): %s", msg);
	}
	if (!bad)
		return AB_TAP_PASS;
	ab_whyf(why, "%u kernel log lines show a WARN/BUG/oops since the suite started", bad);
	return AB_TAP_FAIL;
}

const struct conform_check conform_dmesg_checks[] = {
	{ "dmesg_clean: no WARN/BUG/oops in the kernel log since the suite started", check_dmesg,
	  NULL },
};
const size_t conform_n_dmesg_checks = CONFORM_ROWS(conform_dmesg_checks);
