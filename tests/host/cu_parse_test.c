// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of the crypto_user reply parser over byte buffers built the
 * way Linux 6.1 lays out its replies, and of the /proc/crypto and kernel
 * config readers. TAP output. With --write-corpus DIR it writes the same
 * buffers as seed inputs for the fuzz target instead.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cu_replies.h"
#include "sys/kconfig.h"
#include "sys/kstats.h"
#include "sys/proc_crypto.h"
#include "sys/tap.h"

struct seen {
	int n;
	struct cu_alg last;
	int parse_ret;
};

static int on_alg(const struct nlmsghdr *nlh, void *data)
{
	struct seen *s = data;

	s->parse_ret = cu_parse_alg(nlh, &s->last);
	if (s->parse_ret)
		return s->parse_ret;
	s->n++;
	return 0;
}

static int walk(const struct wbuf *w, bool multi, struct seen *s, struct cu_ack *ack)
{
	memset(s, 0, sizeof(*s));
	return cu_reply_walk(w->b, w->len, T_SEQ, T_PORT, multi, on_alg, s, ack);
}

static void test_getalg_reply(void)
{
	struct wbuf w = { .len = 0 };
	struct cu_ack ack;
	struct seen s;
	size_t n;
	const struct cu_field *f;

	w_sha256(&w, 0);
	ab_tap_ok(walk(&w, false, &s, &ack) == CU_REPLY_DONE && s.n == 1,
		  "single GETALG reply is walked");
	ab_tap_ok(!strcmp(s.last.name, "sha256") && !strcmp(s.last.driver, "sha256-generic") &&
			  !strcmp(s.last.module, "kernel"),
		  "names come out of struct crypto_user_alg");
	ab_tap_ok(s.last.has_priority && s.last.priority == 100 && s.last.refcnt == 2 &&
			  s.last.flags == 0x40e,
		  "priority, refcnt and flags are read");
	ab_tap_ok(s.last.report_attr == CRYPTOCFGA_REPORT_HASH &&
			  !strcmp(s.last.report.type, "shash") &&
			  s.last.report.hash.blocksize == 64 && s.last.report.hash.digestsize == 32,
		  "the hash report is read");
	f = cu_report_fields(CRYPTOCFGA_REPORT_HASH, &n);
	ab_tap_ok(n == 2 && !strcmp(f[1].name, "digestsize") &&
			  cu_field_u64(&s.last.report, &f[1], false) == 32,
		  "report fields are named as /proc/crypto names them");
}

static void test_dump(void)
{
	struct wbuf w = { .len = 0 }, done = { .len = 0 };
	struct cu_ack ack;
	struct seen s;

	w_sha256(&w, NLM_F_MULTI);
	w_cbc(&w, NLM_F_MULTI);
	w_sha256(&w, NLM_F_MULTI);
	ab_tap_ok(walk(&w, true, &s, &ack) == CU_REPLY_MORE && s.n == 3,
		  "a dump datagram of 3 messages asks for more");
	ab_tap_ok(s.last.report_attr == CRYPTOCFGA_REPORT_HASH,
		  "the last message of the datagram is parsed");
	w_cbc(&done, NLM_F_MULTI);
	w_done(&done, 0);
	ab_tap_ok(walk(&done, true, &s, &ack) == CU_REPLY_DONE && s.n == 1 &&
			  s.last.report.blkcipher.ivsize == 16 &&
			  !strcmp(s.last.report.blkcipher.geniv, "<none>"),
		  "NLMSG_DONE ends the dump after the messages before it");
	done.len = 0;
	w_done(&done, -EINTR);
	ab_tap_ok(walk(&done, true, &s, &ack) == -EINTR, "NLMSG_DONE carrying an error returns it");
}

static void test_sender_checks(void)
{
	struct wbuf w = { .len = 0 };
	struct nlmsghdr *nlh = (struct nlmsghdr *)w.b;
	struct cu_ack ack;
	struct seen s;

	w_sha256(&w, 0);
	nlh->nlmsg_seq = T_SEQ + 1;
	ab_tap_ok(walk(&w, false, &s, &ack) == -EPROTO && s.n == 0,
		  "a reply with another seq is refused");
	nlh->nlmsg_seq = T_SEQ;
	nlh->nlmsg_pid = T_PORT + 1;
	ab_tap_ok(walk(&w, false, &s, &ack) == -EPROTO && s.n == 0,
		  "a reply for another port is refused");
}

static void test_truncation(void)
{
	struct wbuf w = { .len = 0 };
	struct cu_ack ack;
	struct seen s;
	size_t full;

	w_sha256(&w, NLM_F_MULTI);
	w_sha256(&w, NLM_F_MULTI);
	full = w.len;
	w.len = full - 10;
	ab_tap_ok(walk(&w, true, &s, &ack) == -EBADMSG && s.n == 1,
		  "a datagram cut inside its second message: first parsed, then EBADMSG");
	w.len = 3;
	ab_tap_ok(walk(&w, true, &s, &ack) == -EBADMSG, "3 bytes are not a message");
	w.len = 0;
	ab_tap_ok(walk(&w, true, &s, &ack) == -EBADMSG, "an empty datagram is malformed");
	w.len = full;
	((struct nlmsghdr *)w.b)->nlmsg_len = 230; /* unaligned, inside the struct's attrs */
	ab_tap_ok(walk(&w, true, &s, &ack) < 0, "a message length cutting an attribute is refused");
	w.len = 0;
	w_sha256(&w, 0);
	((struct nlmsghdr *)w.b)->nlmsg_len = 0xffffffff; /* libmnl's (int) cast lets it through */
	ab_tap_ok(walk(&w, false, &s, &ack) == -EBADMSG && s.n == 0,
		  "nlmsg_len 0xffffffff is refused (the fuzz target's find)");
	w.len = 0;
	w_sha256(&w, 0);
	((struct nlmsghdr *)w.b)->nlmsg_len = NLMSG_HDRLEN + 100;
	w.len = NLMSG_HDRLEN + 100;
	ab_tap_ok(walk(&w, false, &s, &ack) == -EBADMSG && s.parse_ret == -EBADMSG,
		  "a reply shorter than struct crypto_user_alg is EBADMSG");
}

static void test_attrs(void)
{
	struct wbuf w = { .len = 0 };
	struct nlmsghdr *nlh;
	struct cu_alg a;
	uint64_t big = 7;
	uint32_t junk = 0xdeadbeef;
	struct nlattr *nla;

	nlh = w_alg(&w, CRYPTO_MSG_GETALG, 0, "x", "x-generic", 5);
	w_attr(&w, nlh, 50, &junk, sizeof(junk));
	ab_tap_ok(cu_parse_alg(nlh, &a) == 0 && a.priority == 5 && a.report_attr == 0,
		  "an unknown attribute type is skipped");

	w.len = 0;
	nlh = w_alg(&w, CRYPTO_MSG_GETALG, 0, "x", "x-generic", 5);
	w_attr(&w, nlh, CRYPTOCFGA_REPORT_HASH, &junk, sizeof(junk));
	ab_tap_ok(cu_parse_alg(nlh, &a) == -EBADMSG,
		  "a report attribute shorter than its struct is EBADMSG");

	w.len = 0;
	nlh = w_msg(&w, CRYPTO_MSG_GETALG, 0);
	{
		struct crypto_user_alg u;

		memset(&u, 0, sizeof(u));
		w_put(&w, nlh, &u, sizeof(u));
	}
	w_attr(&w, nlh, CRYPTOCFGA_PRIORITY_VAL, &big, sizeof(big));
	ab_tap_ok(cu_parse_alg(nlh, &a) == -EBADMSG, "an 8-byte PRIORITY_VAL is EBADMSG");

	w.len = 0;
	nlh = w_alg(&w, CRYPTO_MSG_GETALG, 0, "x", "x-generic", 5);
	nla = (struct nlattr *)((uint8_t *)nlh + NLMSG_HDRLEN + 208);
	nla->nla_len = 200; /* the priority attribute claims more than the message holds */
	ab_tap_ok(cu_parse_alg(nlh, &a) == -EBADMSG,
		  "an attribute running past the message is EBADMSG");

	w.len = 0;
	nlh = w_alg(&w, CRYPTO_MSG_GETALG, 0, "x", "x-generic", 5);
	memset(w.b + NLMSG_HDRLEN, 'A', 3 * CRYPTO_MAX_NAME); /* no NUL in any name */
	ab_tap_ok(cu_parse_alg(nlh, &a) == 0 && strlen(a.name) == CRYPTO_MAX_NAME - 1 &&
			  strlen(a.module) == CRYPTO_MAX_NAME - 1,
		  "unterminated names are cut at 63 bytes, not read past");

	w.len = 0;
	w_sha256(&w, 0);
	ab_tap_ok(cu_parse_stat((struct nlmsghdr *)w.b, &(struct cu_stat){ 0 }) == -EPROTO,
		  "a GETALG message is not parsed as a GETSTAT reply");
}

static void test_stat(void)
{
	struct wbuf w = { .len = 0 };
	struct cu_stat st;
	size_t n;
	const struct cu_field *f;

	w_stat_sha256(&w);
	ab_tap_ok(cu_parse_stat((struct nlmsghdr *)w.b, &st) == 0 &&
			  st.stat_attr == CRYPTOCFGA_STAT_HASH && st.u.hash.stat_hash_cnt == 16 &&
			  st.u.hash.stat_hash_tlen == 65536 && st.u.hash.stat_err_cnt == 1 &&
			  !strcmp(st.alg.driver, "sha256-generic"),
		  "a GETSTAT reply gives the hash counters");
	f = cu_stat_fields(CRYPTOCFGA_STAT_HASH, &n);
	ab_tap_ok(n == 3 && !strcmp(f[1].key, "hash_tlen") &&
			  cu_field_u64(&st.u, &f[1], true) == 65536,
		  "stat fields are named and read as u64");
	{
		uint64_t v = 0;

		ab_tap_ok(cu_stat_counter(&st, "hash_cnt", &v) == 0 && v == 16 &&
				  cu_stat_counter(&st, "encrypt_cnt", &v) == -ENOENT,
			  "cu_stat_counter finds counters by name, and only the type's");
	}
	f = cu_stat_fields(CRYPTOCFGA_STAT_AKCIPHER, &n);
	ab_tap_ok(n == 7 && !strcmp(f[6].key, "err_cnt"), "akcipher stats have their 7 counters");
}

static void test_errors(void)
{
	struct wbuf w = { .len = 0 };
	struct cu_ack ack;
	struct seen s;

	w_error(&w, -EINVAL, "Invalid header length", 0);
	ab_tap_ok(walk(&w, false, &s, &ack) == -EINVAL &&
			  !strcmp(ack.msg, "Invalid header length") && !ack.has_offset,
		  "NLMSG_ERROR with an extack message");
	w.len = 0;
	w_error(&w, -ERANGE, "Attribute failed policy validation", 1);
	ab_tap_ok(walk(&w, false, &s, &ack) == -ERANGE && ack.has_offset && ack.offset == 224,
		  "NLMSG_ERROR with an extack message and offset");
	w.len = 0;
	w_error(&w, 0, NULL, 0);
	ab_tap_ok(walk(&w, true, &s, &ack) == CU_REPLY_DONE && ack.error == 0,
		  "an ack (error 0) ends the answer");
	w.len = 0;
	w_error(&w, -524, NULL, 0);
	ab_tap_ok(walk(&w, false, &s, &ack) == -524, "GETSTAT's -ENOTSUPP comes back as -524");
	w.len = 0;
	w_error(&w, 5, NULL, 0);
	ab_tap_ok(walk(&w, false, &s, &ack) == -EBADMSG, "a positive error number is malformed");
	w.len = 0;
	w_error(&w, -EPERM, "x", 0);
	((struct nlmsghdr *)w.b)->nlmsg_flags &=
		(uint16_t)~NLM_F_CAPPED; /* claims the request is echoed */
	ab_tap_ok(walk(&w, false, &s, &ack) == -EPERM && ack.msg[0] == '\0',
		  "uncapped error whose echo is missing: errno kept, no TLVs invented");
}

/* CONFIG_CRYPTO_STATS of a config TEXT, through the parser config-check uses. */
static enum kstats stats_of(const char *text)
{
	struct kconfig kc = { 0 };
	char err[AB_WHY_LEN];
	enum kstats k = KSTATS_UNKNOWN;

	if (!kconfig_parse(&kc, strdup(text), strlen(text), err))
		k = kstats_of(&kc);
	kconfig_free(&kc);
	return k;
}

static void test_proc_and_config(void)
{
	char path[] = "/tmp/algbench-proc-XXXXXX";
	int fd = mkstemp(path);
	FILE *f = fd < 0 ? NULL : fdopen(fd, "w");
	struct pc_alg *algs;
	size_t n;

	if (!f) {
		ab_tap_ok(false, "a temporary /proc/crypto file");
		ab_tap_diag("%s: %s", path, strerror(errno));
		if (fd >= 0)
			close(fd);
		return;
	}
	fputs("name         : sha256\ndriver       : sha256-generic\nmodule       : kernel\n"
	      "priority     : 100\ntype         : shash\nblocksize    : 64\ndigestsize   : 32\n\n"
	      "name         : cbc(aes)\ndriver       : cbc-aes-aesni\ngeniv        : <none>\n\n",
	      f);
	fclose(f);
	ab_tap_ok(pc_read(path, &algs, &n) == 0 && n == 2 &&
			  !strcmp(pc_get(&algs[0], "digestsize"), "32") &&
			  !strcmp(pc_get(&algs[1], "geniv"), "<none>") && !pc_get(&algs[1], "type"),
		  "/proc/crypto blocks and their key : value lines");
	free(algs);
	unlink(path);
	ab_tap_ok(stats_of("CONFIG_CRYPTO_STATS=y\n") == KSTATS_Y &&
			  stats_of("CONFIG_CRYPTO_STATS=y \n") == KSTATS_Y,
		  "config: =y (and =y with a trailing space, as Kconfig reads it)");
	ab_tap_ok(stats_of("# CONFIG_CRYPTO_STATS is not set\n") == KSTATS_N &&
			  stats_of("CONFIG_CRYPTO_STATS=n\n") == KSTATS_N,
		  "config: is not set, =n");
	ab_tap_ok(stats_of("CONFIG_CRYPTO_STATS_FOO=y\nCONFIG_CRYPTO_USER=m\n") == KSTATS_ABSENT,
		  "config: other symbols leave it absent");
	ab_tap_ok(stats_of("CONFIG_CRYPTO_STATS=y\n# CONFIG_CRYPTO_STATS is not set\n") == KSTATS_N,
		  "config: the last assignment wins");
}

/* Seed inputs for the fuzz target: the same shapes, one file each. */
static int write_corpus(const char *dir)
{
	static struct wbuf w;
	char path[512];

	for (int k = 0; k < 6; k++) {
		FILE *f;

		w.len = 0;
		switch (k) {
		case 0:
			w_sha256(&w, 0);
			break;
		case 1:
			w_sha256(&w, NLM_F_MULTI);
			w_cbc(&w, NLM_F_MULTI);
			w_done(&w, 0);
			break;
		case 2:
			w_stat_sha256(&w);
			break;
		case 3:
			w_error(&w, -ERANGE, "Attribute failed policy validation", 1);
			break;
		case 4:
			w_error(&w, 0, NULL, 0);
			break;
		case 5:
			w_done(&w, -EINTR);
			break;
		}
		snprintf(path, sizeof(path), "%s/seed-%d", dir, k);
		f = fopen(path, "wb");
		if (!f)
			return 1;
		if (fwrite(w.b, 1, w.len, f) != w.len) {
			fclose(f);
			return 1;
		}
		if (fclose(f))
			return 1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 3 && !strcmp(argv[1], "--write-corpus"))
		return write_corpus(argv[2]);
	ab_tap_header();
	test_getalg_reply();
	test_dump();
	test_sender_checks();
	test_truncation();
	test_attrs();
	test_stat();
	test_errors();
	test_proc_and_config();
	return ab_tap_finish();
}
