// SPDX-License-Identifier: GPL-2.0
/*
 * crypto_user client: one NETLINK_CRYPTO socket, requests built with
 * libmnl, answers read by cu_reply_walk().
 *
 * Receiving is done with recvmsg() here rather than mnl_socket_recvfrom():
 * libmnl does not hand back the sender's address, and every reply must be
 * checked to come from the kernel (port id 0).
 */
#include <errno.h>
#include <libmnl/libmnl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>

#include "core/error.h"
#include "crypto_user.h"
#include "sys/modules.h"

/*
 * A GETALG dump skb holds up to min(n_algs * CRYPTO_REPORT_MAXSIZE, 65535)
 * bytes, or more when an earlier recv used a bigger buffer (capped at 32 KiB
 * by the kernel): 128 KiB always holds one datagram whole.
 */
#define CU_RECV_BUF   (128 * 1024)
#define CU_TIMEOUT_MS 5000

struct cu_sock {
	struct mnl_socket *nl;
	uint32_t portid;
	uint32_t seq;
	struct cu_ack ack;
	unsigned dump_datagrams, dump_messages;
	char *buf;
};

struct cu_sock *cu_open(void)
{
	struct cu_sock *s = calloc(1, sizeof(*s));
	int one = 1, err;

	if (!s)
		return NULL;
	s->buf = malloc(CU_RECV_BUF);
	s->nl = mnl_socket_open(NETLINK_CRYPTO);
	if (!s->buf || !s->nl || mnl_socket_bind(s->nl, 0, MNL_SOCKET_AUTOPID) < 0)
		goto fail;
	/* Extended acks give the kernel's reason; capped acks keep errors short. */
	mnl_socket_setsockopt(s->nl, NETLINK_EXT_ACK, &one, sizeof(one));
	mnl_socket_setsockopt(s->nl, NETLINK_CAP_ACK, &one, sizeof(one));
	s->portid = mnl_socket_get_portid(s->nl);
	s->seq = (uint32_t)time(NULL) | 1; /* any nonzero start */
	return s;
fail:
	err = errno;
	cu_close(s);
	errno = err;
	return NULL;
}

void cu_open_why(int err, char why[AB_WHY_LEN])
{
	char kernel[AB_WHY_LEN];
	int modules;

	if (err != EPROTONOSUPPORT) {
		ab_whyf(why, "cannot open a NETLINK_CRYPTO socket: %s", strerror(err));
		return;
	}
	modules = ab_modules_loadable(kernel);
	if (modules == -ENOSYS)
		ab_whyf(why,
			"cannot open a NETLINK_CRYPTO socket: %s: crypto_user is not built in, "
			"and %s, or one with crypto_user built in (CONFIG_CRYPTO_USER=y)",
			strerror(err), kernel);
	else if (modules)
		ab_whyf(why,
			"cannot open a NETLINK_CRYPTO socket: %s: crypto_user is not loaded, and "
			"%s (modprobe crypto_user)",
			strerror(err), kernel);
	else
		ab_whyf(why,
			"cannot open a NETLINK_CRYPTO socket: %s (is crypto_user loaded? try "
			"'modprobe crypto_user')",
			strerror(err));
}

void cu_close(struct cu_sock *s)
{
	if (!s)
		return;
	if (s->nl)
		mnl_socket_close(s->nl);
	free(s->buf);
	free(s);
}

const struct cu_ack *cu_last_ack(const struct cu_sock *s)
{
	return &s->ack;
}

void cu_last_dump_shape(const struct cu_sock *s, unsigned *datagrams, unsigned *messages)
{
	*datagrams = s->dump_datagrams;
	*messages = s->dump_messages;
}

void cu_fill_request(struct crypto_user_alg *req, const char *name, const char *driver)
{
	memset(req, 0, sizeof(*req));
	snprintf(req->cru_name, sizeof(req->cru_name), "%s", name ? name : "");
	snprintf(req->cru_driver_name, sizeof(req->cru_driver_name), "%s", driver ? driver : "");
}

/* Builds and sends one request; returns its sequence number in *seq. */
static int send_request(struct cu_sock *s, uint16_t type, uint16_t flags, const void *payload,
			size_t len, uint32_t len_override, uint32_t *seq)
{
	char buf[MNL_SOCKET_BUFFER_SIZE];
	struct nlmsghdr *nlh;
	size_t total;

	if (MNL_NLMSG_HDRLEN + MNL_ALIGN(len) > sizeof(buf))
		return -EMSGSIZE;
	nlh = mnl_nlmsg_put_header(buf);
	nlh->nlmsg_type = type;
	nlh->nlmsg_flags = flags;
	nlh->nlmsg_seq = *seq = ++s->seq;
	if (len)
		memcpy(mnl_nlmsg_put_extra_header(nlh, len), payload, len);
	/* put_extra_header aligns; a raw request may want an exact odd length. */
	total = MNL_NLMSG_HDRLEN + len;
	nlh->nlmsg_len = len_override ? len_override : (uint32_t)total;
	if (mnl_socket_sendto(s->nl, buf, total) < 0)
		return -errno;
	return 0;
}

/* One datagram from the kernel into s->buf, or -ETIMEDOUT / -errno. */
static ssize_t recv_from_kernel(struct cu_sock *s, int timeout_ms)
{
	struct sockaddr_nl addr;
	struct iovec iov = { s->buf, CU_RECV_BUF };
	struct msghdr msg = {
		.msg_name = &addr, .msg_namelen = sizeof(addr), .msg_iov = &iov, .msg_iovlen = 1
	};
	struct pollfd pfd = { mnl_socket_get_fd(s->nl), POLLIN, 0 };
	ssize_t n;

	for (;;) {
		int r = poll(&pfd, 1, timeout_ms);

		if (r == 0)
			return -ETIMEDOUT;
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return -errno;
		n = recvmsg(pfd.fd, &msg, 0);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -errno;
		if (msg.msg_flags & MSG_TRUNC)
			return -EMSGSIZE;
		if (msg.msg_namelen != sizeof(addr) || addr.nl_family != AF_NETLINK)
			return -EPROTO;
		if (addr.nl_pid != 0)
			continue; /* not the kernel: a spoofing peer, ignore it */
		return n;
	}
}

/* Reads datagrams until the answer to seq is complete. */
static int read_answer(struct cu_sock *s, uint32_t seq, bool multi, cu_msg_cb cb, void *data,
		       int timeout_ms)
{
	int ret;

	s->dump_datagrams = 0;
	do {
		ssize_t n = recv_from_kernel(s, timeout_ms);

		if (n < 0)
			return (int)n;
		s->dump_datagrams++;
		ret = cu_reply_walk(s->buf, (size_t)n, seq, s->portid, multi, cb, data, &s->ack);
	} while (ret == CU_REPLY_MORE);
	return ret;
}

struct dump_ctx {
	struct cu_sock *s;
	cu_alg_cb cb;
	void *data;
};

static int dump_one(const struct nlmsghdr *nlh, void *data)
{
	struct dump_ctx *d = data;
	struct cu_alg alg;
	int ret = cu_parse_alg(nlh, &alg);

	if (ret)
		return ret;
	d->s->dump_messages++;
	return d->cb(&alg, d->data);
}

int cu_dump(struct cu_sock *s, cu_alg_cb cb, void *data)
{
	struct crypto_user_alg req;
	struct dump_ctx d = { s, cb, data };
	uint32_t seq;
	int ret;

	/* The kernel's dump path reads no payload; send the full struct anyway. */
	cu_fill_request(&req, "", "");
	s->dump_messages = 0;
	ret = send_request(s, CRYPTO_MSG_GETALG, NLM_F_REQUEST | NLM_F_DUMP, &req, sizeof(req), 0,
			   &seq);
	return ret ? ret : read_answer(s, seq, true, dump_one, &d, CU_TIMEOUT_MS);
}

static int get_one(const struct nlmsghdr *nlh, void *data)
{
	return cu_parse_alg(nlh, data);
}

static int get_one_stat(const struct nlmsghdr *nlh, void *data)
{
	return cu_parse_stat(nlh, data);
}

static int doit(struct cu_sock *s, uint16_t type, const char *name, const char *driver,
		cu_msg_cb cb, void *out)
{
	struct crypto_user_alg req;
	uint32_t seq;
	int ret;

	if (strlen(name) >= CRYPTO_MAX_NAME || strlen(driver) >= CRYPTO_MAX_NAME)
		return -ENAMETOOLONG;
	cu_fill_request(&req, name, driver);
	ret = send_request(s, type, NLM_F_REQUEST, &req, sizeof(req), 0, &seq);
	return ret ? ret : read_answer(s, seq, false, cb, out, CU_TIMEOUT_MS);
}

int cu_get(struct cu_sock *s, const char *name, const char *driver, struct cu_alg *alg)
{
	return doit(s, CRYPTO_MSG_GETALG, name, driver, get_one, alg);
}

int cu_get_stat(struct cu_sock *s, const char *name, const char *driver, struct cu_stat *st)
{
	return doit(s, CRYPTO_MSG_GETSTAT, name, driver, get_one_stat, st);
}

static int note_type(const struct nlmsghdr *nlh, void *data)
{
	*(uint16_t *)data = nlh->nlmsg_type;
	return 0;
}

int cu_raw_request(struct cu_sock *s, uint16_t type, uint16_t flags, const void *payload,
		   size_t payload_len, uint32_t nlmsg_len_override, int timeout_ms,
		   uint16_t *reply_type)
{
	uint16_t got = 0;
	uint32_t seq;
	int ret;

	memset(&s->ack, 0, sizeof(s->ack));
	ret = send_request(s, type, flags, payload, payload_len, nlmsg_len_override, &seq);
	if (!ret)
		ret = read_answer(s, seq, flags & (NLM_F_ACK | NLM_F_DUMP), note_type, &got,
				  timeout_ms);
	if (reply_type)
		*reply_type = got;
	return ret;
}
