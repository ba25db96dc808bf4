/* SPDX-License-Identifier: GPL-2.0 */
#ifndef ALGBENCH_KMOD_CLIENT_H
#define ALGBENCH_KMOD_CLIENT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/error.h"
#include "kmod/algbench_abi.h"

/*
 * Client of algbench.ko's control device (docs/kmod.md): one job line in,
 * key=value lines out, on one open file of /dev/algbench. Standalone: no
 * harness types, so scripts' helpers and the kmod backend share it.
 */

#define ABK_DEV	      "/dev/algbench"
#define ABK_DEV_SYSFS "/sys/class/misc/algbench/dev" /* MAJOR:MINOR once loaded */
#define ABK_MAX_CPUS  1024

struct abk_cpu {
	unsigned int cpu;
	uint64_t ops, bytes, ns, cycles;
};

struct abk_result {
	int status;		 /* 0 or -errno, as the module reported it */
	char error[16];		 /* "EINVAL"... */
	char reason[AB_WHY_LEN]; /* the module's own are under its ABK_REASON_LEN (192) */
	char driver[128];
	char check[32];	   /* roundtrip, vector, expect, repeat... */
	char out_head[72]; /* hex of the checked output's first bytes */
	uint32_t input_crc32;
	unsigned int size, threads, csize;
	uint64_t ops, bytes, ns, cycles; /* ns, cycles: the slowest thread's */
	unsigned int n_cpus;
	struct abk_cpu cpus[ABK_MAX_CPUS];
	char *text; /* the raw reply, malloc'd; abk_result_free() */
};

/*
 * One job line, built key by key with the names and bounds of
 * kmod/algbench_abi.h, the table the module parses with: the only place
 * user space spells a job line. The first bad key (a number out of its
 * bounds, too many hex bytes, a line over ABK_LINE_MAX) sets err and why;
 * later keys are ignored and abk_run_line() returns err.
 */
struct abk_line {
	char text[ABK_LINE_MAX];
	size_t len;
	int err; /* 0, -EINVAL or -E2BIG */
	char why[AB_WHY_LEN];
};

void abk_line_init(struct abk_line *l);
/* KEY=the VALUEth of its names (type=, op=, mode=, corpus=) */
void abk_line_name(struct abk_line *l, enum abk_key key, unsigned int value);
void abk_line_uint(struct abk_line *l, enum abk_key key, unsigned long long value);
/* KEY=hex of N bytes; N == 0 writes nothing (the module refuses an empty value) */
void abk_line_hex(struct abk_line *l, enum abk_key key, const uint8_t *p, size_t n);
/* KEY=TEXT (alg=, cpus=): no blanks */
void abk_line_text(struct abk_line *l, enum abk_key key, const char *text);

/*
 * The bytes of RES's out_head (the module's hex) into OUT of MAX: how many,
 * or -EINVAL when the reply's hex is malformed (untrusted text).
 */
int abk_out_head(const struct abk_result *res, uint8_t *out, size_t max);

/*
 * Whether ABK_DEV can be opened for reading and writing: 0, or -errno with
 * WHY saying which of "not loaded", "no device node" (and the mknod that
 * makes it) or "not root" it is.
 */
int abk_dev_ready(char why[AB_WHY_LEN]);

/*
 * Make sure the control device can be used: abk_load() algbench if it is
 * not loaded. 0, 1 with abk_load()'s note in WHY for the caller to say, or
 * -errno with WHY (AB_WHY_LEN); -ENOSYS on a kernel that cannot load modules,
 * WHY then ending "so the kmod backend cannot run on this kernel".
 */
int abk_ensure_loaded(char why[AB_WHY_LEN]);

/*
 * Unload algbench.ko if abk_ensure_loaded() loaded it in this process (a
 * run leaves the kernel as it found it; one loaded before stays): 0, or
 * -errno with WHY (AB_WHY_LEN).
 */
int abk_unload_if_loaded_here(char why[AB_WHY_LEN]);

/* Mounts debugfs at /sys/kernel/debug unless it is mounted there (never a
 * second time on top); whether that helped is for the caller's access() to see. */
void abk_mount_debugfs(void);

/*
 * Run one job LINE ("type=aead alg=gcm(aes) size=4096 ..."), blocking until
 * it is done, and parse the reply into RES. Returns 0 when the job ran (RES
 * status 0), the module's -errno when it refused or failed the job (RES
 * holds the reason), or another -errno (with WHY) when the control file
 * could not be used or its reply not read (-EPROTO: abk_parse_reply()). RES must be freed with
 * abk_result_free() either way.
 */
int abk_run(const char *line, struct abk_result *res, char why[AB_WHY_LEN]);

/* abk_run() of L's text, or L's error (with WHY) if building it failed. */
int abk_run_line(const struct abk_line *l, struct abk_result *res, char why[AB_WHY_LEN]);

/*
 * RES's reply text into RES's fields. A key the reply lacks leaves its
 * field 0 (status: -EIO); a number that is not one (status not 0 or a
 * -errno, input_crc32 not hex, a count not a u64) is -EPROTO with WHY.
 */
int abk_parse_reply(struct abk_result *res, char why[AB_WHY_LEN]);

/* The value of KEY in a reply TEXT, copied into OUT; 0 or -ENOENT. */
int abk_get(const char *text, const char *key, char *out, size_t len);

void abk_result_free(struct abk_result *res);

#endif
