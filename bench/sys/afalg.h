/* SPDX-License-Identifier: GPL-2.0 */
/* sys/afalg.h: whether AF_ALG reaches an algorithm, by binding a socket to it. */
#ifndef ALGBENCH_AFALG_H
#define ALGBENCH_AFALG_H

#include "core/catalogue.h"

/*
 * An AF_ALG socket bound to NAME as TYPE (algif_aead, algif_skcipher,
 * algif_hash): the fd (close-on-exec), or -errno: -EAFNOSUPPORT no
 * AF_ALG in this kernel, -ENOENT no such algorithm or algif module,
 * -EOPNOTSUPP for acomp, which AF_ALG does not offer. Binding instantiates
 * a template (gcm(aes)), so /proc/crypto lists it afterwards.
 */
int ab_afalg_bind(enum ab_type type, const char *name);

#endif
