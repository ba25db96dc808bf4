// SPDX-License-Identifier: GPL-2.0
/*
 * Runs inside the VM: one crypto_user CRYPTO_MSG_GETSTAT request for an
 * algorithm, printed as one line the A/B kernel smoke test can match:
 *   reply type=21 [hash_cnt=N hash_tlen=N err_cnt=N]
 *   error=-524 (ENOTSUPP: kernel without CONFIG_CRYPTO_STATS)
 * Kept standalone (not `algbench nl stat`) so the kernel test does not depend
 * on the netlink client it is meant to give a kernel to.
 *
 * usage: algbench-getstat-probe NAME [DRIVER]
 * exit: 0 a reply or a netlink error came back, 1 no answer, 2 bad usage.
 */
#include <errno.h>
#include <inttypes.h>
#include <libmnl/libmnl.h>
#include <linux/cryptouser.h>
#include <linux/netlink.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifndef NETLINK_CRYPTO
#define NETLINK_CRYPTO 21
#endif
/* Kernel-internal errno (include/linux/errno.h), not in user-space headers. */
#define ENOTSUPP_KERNEL 524

static void print_hash_stats(const struct nlattr *attr)
{
	struct crypto_stat_hash st;

	if (mnl_attr_get_payload_len(attr) < sizeof(st))
		return;
	memcpy(&st, mnl_attr_get_payload(attr), sizeof(st));
	printf(" hash_cnt=%" PRIu64 " hash_tlen=%" PRIu64 " err_cnt=%" PRIu64,
	       (uint64_t)st.stat_hash_cnt, (uint64_t)st.stat_hash_tlen, (uint64_t)st.stat_err_cnt);
}

static int attr_cb(const struct nlattr *attr, void *data)
{
	(void)data;
	if (mnl_attr_get_type(attr) == CRYPTOCFGA_STAT_HASH)
		print_hash_stats(attr);
	return MNL_CB_OK;
}

static int reply_cb(const struct nlmsghdr *nlh, void *data)
{
	*(int *)data = 1;
	printf("reply type=%u", nlh->nlmsg_type);
	if (nlh->nlmsg_type == CRYPTO_MSG_GETSTAT)
		mnl_attr_parse(nlh, sizeof(struct crypto_user_alg), attr_cb, NULL);
	printf("\n");
	return MNL_CB_OK;
}

static int error_cb(const struct nlmsghdr *nlh, void *data)
{
	const struct nlmsgerr *err = mnl_nlmsg_get_payload(nlh);

	*(int *)data = 1;
	if (err->error == 0)
		return MNL_CB_STOP;
	printf("error=%d%s\n", err->error,
	       -err->error == ENOTSUPP_KERNEL ? " (ENOTSUPP: kernel without CONFIG_CRYPTO_STATS)"
					      : "");
	return MNL_CB_STOP;
}

static int request(struct mnl_socket *nl, const char *name, const char *driver)
{
	char buf[MNL_SOCKET_BUFFER_SIZE];
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(buf);
	struct crypto_user_alg *alg;
	mnl_cb_t ctl[NLMSG_MIN_TYPE] = { [NLMSG_ERROR] = error_cb };
	unsigned int seq = (unsigned int)time(NULL);
	int answered = 0, ret;

	nlh->nlmsg_type = CRYPTO_MSG_GETSTAT;
	nlh->nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK;
	nlh->nlmsg_seq = seq;
	alg = mnl_nlmsg_put_extra_header(nlh, sizeof(*alg));
	snprintf(alg->cru_name, sizeof(alg->cru_name), "%s", name);
	snprintf(alg->cru_driver_name, sizeof(alg->cru_driver_name), "%s", driver);
	if (mnl_socket_sendto(nl, nlh, nlh->nlmsg_len) < 0) {
		perror("getstat-probe: sendto NETLINK_CRYPTO");
		return 1;
	}
	do {
		ret = mnl_socket_recvfrom(nl, buf, sizeof(buf));
		if (ret <= 0)
			break;
		ret = mnl_cb_run2(buf, (size_t)ret, seq, mnl_socket_get_portid(nl), reply_cb,
				  &answered, ctl, NLMSG_MIN_TYPE);
	} while (ret > 0);
	if (!answered) {
		fprintf(stderr, "getstat-probe: no answer to GETSTAT %s: %s\n", name,
			strerror(errno));
		return 1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	struct mnl_socket *nl;
	int rc;

	if (argc < 2 || argc > 3) {
		fprintf(stderr, "usage: algbench-getstat-probe NAME [DRIVER]\n");
		return 2;
	}
	nl = mnl_socket_open(NETLINK_CRYPTO);
	if (!nl || mnl_socket_bind(nl, 0, MNL_SOCKET_AUTOPID) < 0) {
		fprintf(stderr,
			"getstat-probe: cannot open NETLINK_CRYPTO: %s (crypto_user not loaded?)\n",
			strerror(errno));
		return 1;
	}
	rc = request(nl, argv[1], argc == 3 ? argv[2] : "");
	mnl_socket_close(nl);
	return rc;
}
