// SPDX-License-Identifier: GPL-2.0
/* AF_ALG bind (sys/afalg.h). */
#include <errno.h>
#include <linux/if_alg.h>
#include <stdio.h>
#include <sys/socket.h>
#include <unistd.h>

#include "sys/afalg.h"

#ifndef AF_ALG
#define AF_ALG 38
#endif

int ab_afalg_bind(enum ab_type type, const char *name)
{
	struct sockaddr_alg sa = { .salg_family = AF_ALG };
	int fd, err;

	if (type == AB_ACOMP)
		return -EOPNOTSUPP;
	/* the catalogue's type names are the algif names: aead, skcipher, hash */
	snprintf((char *)sa.salg_type, sizeof(sa.salg_type), "%s", ab_type_name(type));
	snprintf((char *)sa.salg_name, sizeof(sa.salg_name), "%s", name);
	fd = socket(AF_ALG, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return -errno;
	if (bind(fd, (struct sockaddr *)&sa, sizeof(sa))) {
		err = -errno;
		close(fd);
		return err;
	}
	return fd;
}
