/* SPDX-License-Identifier: GPL-2.0 */
/*
 * crypto_user (NETLINK_CRYPTO) client on libmnl.
 *
 * Two layers:
 *  - the reply parser (cu_parse.c): pure functions over bytes, no socket,
 *    so unit tests and the fuzz target feed it buffers directly;
 *  - the client (crypto_user.c): a socket, request building, the receive
 *    loop with sender/sequence checks and extended-ack error reporting.
 *
 * ABI: include/uapi/linux/cryptouser.h of Linux 6.1 (the layouts have not
 * changed since; 6.10 only made GETSTAT answer -ENOTSUPP always). Every
 * call returns 0 or a negative errno; the kernel's errno comes back as is.
 */
#ifndef ALGBENCH_CRYPTO_USER_H
#define ALGBENCH_CRYPTO_USER_H

#include <linux/cryptouser.h>
#include <linux/netlink.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/error.h"

#ifndef NETLINK_CRYPTO
#define NETLINK_CRYPTO 21
#endif
/* Kernel-internal errno, not in user-space headers: "operation not supported". */
#define CU_ENOTSUPP 524

/* One algorithm as GETALG reports it: struct crypto_user_alg plus attributes. */
struct cu_alg {
	char name[CRYPTO_MAX_NAME];
	char driver[CRYPTO_MAX_NAME];
	char module[CRYPTO_MAX_NAME];
	uint32_t refcnt;
	uint32_t flags; /* cra_flags: CRYPTO_ALG_TYPE_* and more */
	bool has_priority;
	int32_t priority;
	uint16_t report_attr; /* CRYPTOCFGA_REPORT_*, 0 if none came */
	union {		      /* the raw report, NUL-terminated strings */
		char type[CRYPTO_MAX_NAME];
		struct crypto_report_larval larval;
		struct crypto_report_hash hash;
		struct crypto_report_blkcipher blkcipher;
		struct crypto_report_aead aead;
		struct crypto_report_comp comp;
		struct crypto_report_rng rng;
		struct crypto_report_cipher cipher;
		struct crypto_report_akcipher akcipher;
		struct crypto_report_kpp kpp;
		struct crypto_report_acomp acomp;
	} report;
};

/*
 * One algorithm's counters as GETSTAT reports them (CONFIG_CRYPTO_STATS=y
 * kernels before 6.10). stat_attr says which member of the union is valid.
 */
struct cu_stat {
	struct cu_alg alg;  /* names, flags, priority; no report */
	uint16_t stat_attr; /* CRYPTOCFGA_STAT_*, 0 if none came */
	union {
		char type[CRYPTO_MAX_NAME];
		struct crypto_stat_larval larval;
		struct crypto_stat_hash hash;
		struct crypto_stat_cipher cipher; /* skcipher and cipher */
		struct crypto_stat_aead aead;
		struct crypto_stat_compress compress; /* compress and acomp */
		struct crypto_stat_rng rng;
		struct crypto_stat_akcipher akcipher;
		struct crypto_stat_kpp kpp;
	} u;
};

/* A named field of a report or stat struct, for printing and comparing. */
struct cu_field {
	const char *name; /* as /proc/crypto spells it, or the counter name */
	const char *key;  /* identifier-style name for JSON and key=value */
	size_t offset;
	bool is_string; /* char[CRYPTO_MAX_NAME], else u32 (report) / u64 (stat) */
};

/* The fields of CRYPTOCFGA_REPORT_* / CRYPTOCFGA_STAT_* attr; n set to their count. */
const struct cu_field *cu_report_fields(uint16_t attr, size_t *n);
const struct cu_field *cu_stat_fields(uint16_t attr, size_t *n);
uint64_t cu_field_u64(const void *base, const struct cu_field *f, bool stat);
/* "hash", "aead", ... for a CRYPTOCFGA_{REPORT,STAT}_* attribute; "?" if unknown. */
const char *cu_attr_kind(uint16_t attr);

/*
 * One counter of a GETSTAT answer by its name ("hash_cnt", "err_cnt", ...:
 * the uapi field without "stat_"). 0, or -ENOENT if this type has none.
 */
int cu_stat_counter(const struct cu_stat *st, const char *name, uint64_t *value);

/* --- reply parser (cu_parse.c) ------------------------------------------- */

/* What the kernel said in an NLMSG_ERROR or NLMSG_DONE with extended ack. */
struct cu_ack {
	int error;     /* 0 or negative errno */
	char msg[128]; /* NLMSGERR_ATTR_MSG, "" if none */
	bool has_offset;
	uint32_t offset; /* NLMSGERR_ATTR_OFFS: byte offset in our request */
};

/* Called for each data message of a reply; return 0 to go on, <0 to stop with it. */
typedef int (*cu_msg_cb)(const struct nlmsghdr *nlh, void *data);

enum { CU_REPLY_DONE = 0, CU_REPLY_MORE = 1 };
/*
 * Walks one received datagram. Every message must be whole, carry seq and
 * be addressed to portid. Returns CU_REPLY_MORE when a multi-part reply
 * goes on, CU_REPLY_DONE at NLMSG_DONE / an ack / the single reply of a
 * non-dump request (multi=false), or a negative errno: the kernel's (ack
 * filled), -EBADMSG for a malformed or truncated datagram, -EPROTO for a
 * message not ours, or the callback's.
 */
int cu_reply_walk(const void *buf, size_t len, uint32_t seq, uint32_t portid, bool multi,
		  cu_msg_cb cb, void *data, struct cu_ack *ack);

/*
 * Parses a GETALG reply message (type CRYPTO_MSG_GETALG) into alg. nlh must
 * be one cu_reply_walk() handed over: its length is trusted. Unknown
 * attribute types are skipped; a known attribute of the wrong size, a short
 * message or a bad attribute stream is -EBADMSG.
 */
int cu_parse_alg(const struct nlmsghdr *nlh, struct cu_alg *alg);
/* Same for a GETSTAT reply (type CRYPTO_MSG_GETSTAT). */
int cu_parse_stat(const struct nlmsghdr *nlh, struct cu_stat *st);

/* --- client (crypto_user.c) ---------------------------------------------- */

struct cu_sock;

/* Opens a NETLINK_CRYPTO socket with extended acks. NULL with errno set. */
struct cu_sock *cu_open(void);
/*
 * Why cu_open() failed with ERR (an errno), for the user: "cannot open a
 * NETLINK_CRYPTO socket: STRERROR", and where the kernel has no crypto_user
 * (EPROTONOSUPPORT) how to get it on this kernel: modprobe crypto_user, or,
 * where modules cannot be loaded (sys/modules.h), the evidence and the fix:
 * a kernel with CONFIG_MODULES=y, or one with CONFIG_CRYPTO_USER=y.
 */
void cu_open_why(int err, char why[AB_WHY_LEN]);
void cu_close(struct cu_sock *s);
/* The extended ack of the last request that failed (error 0 if none). */
const struct cu_ack *cu_last_ack(const struct cu_sock *s);

/* GETALG dump until NLMSG_DONE; cb sees each algorithm. */
typedef int (*cu_alg_cb)(const struct cu_alg *alg, void *data);
int cu_dump(struct cu_sock *s, cu_alg_cb cb, void *data);
/* Counts how the last dump came: datagrams and messages. */
void cu_last_dump_shape(const struct cu_sock *s, unsigned *datagrams, unsigned *messages);

/* GETALG for one algorithm: by driver if driver is non-empty, else by name. */
int cu_get(struct cu_sock *s, const char *name, const char *driver, struct cu_alg *alg);
/* GETSTAT for one algorithm; -ENOTSUPP (-524) where the kernel has no stats. */
int cu_get_stat(struct cu_sock *s, const char *name, const char *driver, struct cu_stat *st);

/*
 * Sends one raw request (header filled in here: len from payload_len unless
 * nlmsg_len_override, our seq and port) and reads its answer. Used by the
 * conformance suite to send requests the typed calls never would. Returns
 * the kernel's errno (ack in cu_last_ack), 0 after an ack or a reply (the
 * reply's type in *reply_type if not NULL), -ETIMEDOUT if nothing came
 * within timeout_ms.
 */
int cu_raw_request(struct cu_sock *s, uint16_t type, uint16_t flags, const void *payload,
		   size_t payload_len, uint32_t nlmsg_len_override, int timeout_ms,
		   uint16_t *reply_type);

/* Fills a struct crypto_user_alg request payload from name and driver. */
void cu_fill_request(struct crypto_user_alg *req, const char *name, const char *driver);

#endif
