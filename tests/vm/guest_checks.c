// SPDX-License-Identifier: GPL-2.0
/*
 * Runs inside the VM: the basic facts every other VM test relies on, as TAP.
 * The sha256 vector is FIPS 180-2's "abc".
 */
#include <errno.h>
#include <kcapi.h>
#include <linux/if_alg.h>
#include <linux/netlink.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "sys/tap.h"

#ifndef AF_ALG
#define AF_ALG 38
#endif
#ifndef NETLINK_CRYPTO
#define NETLINK_CRYPTO 21
#endif

/* A pass with DETAIL says it as a diagnostic; a failure's DETAIL is its reason. */
static void report(int ok, const char *name, const char *detail)
{
	ab_tap_result(ok ? AB_TAP_PASS : AB_TAP_FAIL, name, detail);
	if (ok && detail[0])
		ab_tap_diag("%s", detail);
}

static void check_socket(const char *name, int family, int type, int proto)
{
	char detail[128] = "";
	int fd = socket(family, type, proto);

	if (fd < 0)
		snprintf(detail, sizeof(detail), "%s", strerror(errno));
	else
		close(fd);
	report(fd >= 0, name, detail);
}

static void check_sha256(void)
{
	static const unsigned char want[32] = {
		0xba, 0x78, 0x16, 0xbf, 0x8f, 0x01, 0xcf, 0xea, 0x41, 0x41, 0x40,
		0xde, 0x5d, 0xae, 0x22, 0x23, 0xb0, 0x03, 0x61, 0xa3, 0x96, 0x17,
		0x7a, 0x9c, 0xb4, 0x10, 0xff, 0x61, 0xf2, 0x00, 0x15, 0xad,
	};
	unsigned char got[32] = { 0 };
	char detail[128] = "";
	ssize_t n = kcapi_md_sha256((const uint8_t *)"abc", 3, got, sizeof(got));

	if (n != (ssize_t)sizeof(got))
		snprintf(detail, sizeof(detail), "kcapi_md_sha256: %zd (%s)", n, strerror((int)-n));
	report(n == (ssize_t)sizeof(got) && !memcmp(got, want, sizeof(want)),
	       "libkcapi sha256(\"abc\") is the FIPS 180-2 digest", detail);
}

int main(void)
{
	struct utsname u;
	char detail[128] = "";

	ab_tap_header();
	uname(&u);
	snprintf(detail, sizeof(detail), "%s", u.release);
	report(!strncmp(u.release, "6.1.", 4), "guest runs Linux 6.1", detail);
	check_socket("socket(AF_ALG) opens", AF_ALG, SOCK_SEQPACKET, 0);
	check_socket("socket(NETLINK_CRYPTO) opens", AF_NETLINK, SOCK_RAW, NETLINK_CRYPTO);
	check_sha256();
	return ab_tap_finish();
}
