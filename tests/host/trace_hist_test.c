// SPDX-License-Identifier: GPL-2.0
/*
 * The hist parser of algbench trace over canned hist text in the kernel's
 * format (kernel/trace/trace_events_hist.c): well-formed tables, the
 * counters rebuilt from them, and hostile input that must be refused; and
 * the parser of algbench_trace.ko's crypto_layout (member offsets); tables
 * keyed by the alg pointer (as Debian 6.12 prints an x64 key), the parser of
 * crypto_algs and the names it gives those pointers.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "sys/tap.h"
#include "trace/algs.h"
#include "trace/hist.h"
#include "trace/layout.h"
#include "trace/probes.h"

static const char two_tables[] =
	"# event histogram\n#\n"
	"# trigger info: hist:keys=drv:vals=hitcount,len:sort=hitcount:size=2048 if ret != 0 && "
	"ret != -115 && ret != -16 [active]\n#\n\n"
	"{ drv: generic-gcm-aesni-avx                              } hitcount:          7  len:    "
	"  28784\n"
	"\nTotals:\n    Hits: 7\n    Entries: 1\n    Dropped: 0\n\n"
	"# event histogram\n#\n"
	"# trigger info: hist:keys=drv:vals=hitcount,len:sort=hitcount:size=2048 [active]\n#\n\n"
	"{ drv: __generic-gcm-aesni-avx                            } hitcount:       1009  len:    "
	"4132976\n"
	"{ drv: generic-gcm-aesni-avx                              } hitcount:       1009  len:    "
	"4132976\n"
	"\nTotals:\n    Hits: 2018\n    Entries: 2\n    Dropped: 3\n";

static const char ret_table[] = "# trigger info: hist:keys=ret:vals=hitcount if ret != 0 [active]\n"
				"{ ret:        -74 } hitcount:          7\n";

/* Captured from events/algbench/skc_enc/hist on Debian 6.12.118 (fprobe %return). */
static const char alg_table[] =
	"# event histogram\n#\n"
	"# trigger info: hist:keys=alg:vals=hitcount,len:sort=hitcount:size=2048 [active]\n#\n\n"
	"{ alg: 18446744072638102384 } hitcount:      11294  len:     180704\n"
	"{ alg: 18379471556417359456 } hitcount:      11294  len:     180704\n"
	"{ alg:        4096 } hitcount:          1  len:         16\n"
	"\nTotals:\n    Hits: 22589\n    Entries: 3\n    Dropped: 0\n";

static const char algs_text[] = "0xffffffffc0233070 cbc-aes-aesni cbc(aes)\n"
				"0xff11000004ae5c60 __cbc-aes-aesni __cbc(aes)\n"
				"0x1000 sha256-generic sha256\n";

static struct trace_hist h[4];

/* crypto_algs' parser and the names it gives hist keys. */
static void test_algs(void)
{
	static char big[TRACE_ALGS_TEXT_MAX];
	static const char *const bad[] = {
		"ffffffffc0233070 cbc-aes-aesni cbc(aes)\n", /* no 0x */
		"0x0 cbc-aes-aesni cbc(aes)\n",		     /* NULL */
		"0xfffffffffffffffff a b\n",		     /* 17 digits: over u64 */
		"0x12g4 a b\n",
		"0x1234 a\n",
		"0x1234 a b c\n",
		"0x1234  a b\n",
		"0x1234 a b \n",
		"0x1234 a\tx b\n",
		"0x1234 a b\n\n", /* an empty line */
		"0x1234 a b\n0x1234 c d\n",
	};
	struct trace_algs now = { 0 }, cache = { 0 };
	char why[AB_WHY_LEN], name[TRACE_DRV_LEN];
	int ok;

	ab_tap_ok(!trace_algs_parse(&now, algs_text, strlen(algs_text), why) && now.n == 3 &&
			  now.a[0].ptr == 0xffffffffc0233070ull &&
			  !strcmp(now.a[1].drv, "__cbc-aes-aesni") && now.a[2].ptr == 0x1000,
		  "algs: pointers and driver names");
	ok = 1;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		why[0] = '\0';
		ok &= trace_algs_parse(&now, bad[i], strlen(bad[i]), why) == -EINVAL &&
		      strstr(why, "crypto_algs line ") && now.n == 0;
	}
	ab_tap_ok(ok, "algs: each malformed line refused, naming the line");
	ab_tap_ok(trace_algs_parse(&now, "0x1 a b\n0x1 c d\n", 16, why) == -EINVAL &&
			  strstr(why, "line 2: pointer 0x1 given twice"),
		  "algs: a pointer twice, named with its line");
	memset(big, 'x', TRACE_DRV_LEN + 8);
	memcpy(big, "0x1 ", 4);
	memcpy(big + TRACE_DRV_LEN + 4, " a\n", 4);
	ab_tap_ok(trace_algs_parse(&now, big, strlen(big), why) == -EINVAL,
		  "algs: a driver name of TRACE_DRV_LEN characters refused");
	big[0] = '\0';
	for (int i = 1; i <= TRACE_ALGS_MAX + 1; i++)
		snprintf(big + strlen(big), sizeof(big) - strlen(big), "0x%x d%d n\n", i, i);
	ab_tap_ok(trace_algs_parse(&now, big, strlen(big), why) == -EINVAL &&
			  strstr(why, "more than"),
		  "algs: more than TRACE_ALGS_MAX lines refused");
	ab_tap_ok(!trace_algs_parse(&now, "", 0, why) && now.n == 0, "algs: an empty list");
	ab_tap_ok(!trace_algs_parse(&now, "0x1 a b", 7, why) && now.n == 1,
		  "algs: no final newline");

	/* names: first sight from the list, then the cache; gone; reused */
	trace_algs_parse(&now, algs_text, strlen(algs_text), why);
	ab_tap_ok(!trace_algs_name(&cache, &now, 0x1000, name, sizeof(name)) &&
			  !strcmp(name, "sha256-generic") && cache.n == 1,
		  "names: a listed pointer is named and cached");
	ab_tap_ok(!trace_algs_name(&cache, &now, 0x2000, name, sizeof(name)) &&
			  !strcmp(name, "(unregistered alg 0x2000)") && cache.n == 1,
		  "names: a pointer never listed is (unregistered alg 0x...)");
	trace_algs_parse(&now, "0x3000 other other\n", 19, why);
	ab_tap_ok(!trace_algs_name(&cache, &now, 0x1000, name, sizeof(name)) &&
			  !strcmp(name, "sha256-generic"),
		  "names: unregistered since it was named: its counts keep its name");
	trace_algs_parse(&now, "0x1000 sha256-avx2 sha256\n", 26, why);
	ab_tap_ok(!trace_algs_name(&cache, &now, 0x1000, name, sizeof(name)) &&
			  !strcmp(name, "(reused alg 0x1000)"),
		  "names: another alg at a named pointer is (reused alg 0x...)");
	trace_algs_parse(&now, "0x1000 sha256-generic sha256\n", 29, why);
	ab_tap_ok(!trace_algs_name(&cache, &now, 0x1000, name, sizeof(name)) &&
			  !strcmp(name, "(reused alg 0x1000)"),
		  "names: reused stays reused");
	trace_algs_free(&now);
	trace_algs_free(&cache);
}

/* The probe table's row for EVENT (probes.c's descriptors). */
static const struct trace_probe_desc *probe(const char *event)
{
	for (size_t i = 0; i < ABT_N_PROBES; i++)
		if (!strcmp(trace_probe_descs[i].event, event))
			return &trace_probe_descs[i];
	return NULL;
}

static int parse(const char *text, char why[AB_WHY_LEN])
{
	return trace_hist_parse(text, strlen(text), "drv", "len", h, 4, why);
}

int main(void)
{
	static char big[64 * 1024];
	struct trace_counts c[8];
	char why[AB_WHY_LEN] = "";
	int n, k;

	ab_tap_header();
	n = parse(two_tables, why);
	ab_tap_ok(n == 2, "two trigger sections");
	ab_tap_ok(h[0].filtered && !h[1].filtered, "the `if` section is marked filtered");
	ab_tap_ok(h[0].n == 1 && h[0].rows[0].hits == 7 && h[0].rows[0].len == 28784, "error row");
	ab_tap_ok(h[1].n == 2 && !strcmp(h[1].rows[0].key, "__generic-gcm-aesni-avx") &&
			  h[1].rows[1].hits == 1009 && h[1].rows[1].len == 4132976,
		  "rows: key without padding, hitcount, len");
	ab_tap_ok(h[0].dropped == 0 && h[1].dropped == 3, "Dropped: under Totals:");

	if (!ab_tap_ok(probe("aead_dec") && probe("hash_update") && probe("skc_enc"),
		       "the probe table has aead_dec, hash_update and skc_enc"))
		return ab_tap_finish();
	/* All calls first, then errors taken out of them: GETSTAT's rule. */
	k = trace_counts_add(c, 0, 8, probe("aead_dec"), &h[1], 0);
	k = trace_counts_add(c, k, 8, probe("aead_dec"), &h[0], 1);
	ab_tap_ok(k == 2, "two drivers");
	ab_tap_ok(!strcmp(c[1].driver, "generic-gcm-aesni-avx") && c[1].dec_cnt == 1002 &&
			  c[1].dec_len == 4132976 - 28784 && c[1].err_cnt == 7,
		  "errors count only as err_cnt");
	ab_tap_ok(c[0].dec_cnt == 1009 && c[0].err_cnt == 0, "the inner driver is its own row");
	trace_counts_add(c, 0, 8, probe("hash_update"), &h[1], 0);
	ab_tap_ok(c[0].hash_cnt == 0 && c[0].hash_len == 4132976, "update adds bytes, not a count");
	k = trace_counts_add(c, 0, 1, probe("skc_enc"), &h[1], 0);
	ab_tap_ok(k == -ENOSPC, "more drivers than room: -ENOSPC");

	ab_tap_ok(parse("# trigger info: hist:keys=drv [active]\n{ drv: x } hitcount: 12a len: 1\n",
			why) == -EINVAL &&
			  strstr(why, "malformed"),
		  "hitcount not a number: refused, naming the row");
	ab_tap_ok(parse("# trigger info: hist:keys=drv\n{ drv: x } hitcount: "
			"99999999999999999999999 len: "
			"1\n",
			why) == -EINVAL,
		  "hitcount past u64: refused");
	ab_tap_ok(parse("# trigger info: hist:keys=drv\n{ drv: x } len: 1\n", why) == -EINVAL,
		  "no hitcount: refused");
	ab_tap_ok(parse("{ drv: x } hitcount: 1 len: 1\n", why) == -EINVAL && strstr(why, "before"),
		  "a row before any trigger info: refused");
	ab_tap_ok(parse("# trigger info: hist:keys=drv\n{ drv: a\001b } hitcount: 1 len: 1\n",
			why) == -EINVAL,
		  "a control character in the key: refused");
	ab_tap_ok(parse("# trigger info: hist:keys=drv\n{ drv: x hitcount: 1 len: 1\n", why) ==
			  -EINVAL,
		  "no closing brace: refused");
	memset(big, 'a', sizeof(big));
	memcpy(big, "# trigger info: hist:keys=drv\n{ drv: ", 37);
	strcpy(big + 37 + 200, " } hitcount: 1 len: 1\n");
	ab_tap_ok(parse(big, why) == -EINVAL, "a 200-byte key (max 127): refused");
	big[0] = '\0';
	strcat(big, "# trigger info: hist:keys=drv\n");
	for (int i = 0; i <= TRACE_HIST_MAX; i++)
		snprintf(big + strlen(big), sizeof(big) - strlen(big),
			 "{ drv: d%d } hitcount: 1 len: 1\n", i);
	ab_tap_ok(parse(big, why) == -ENOSPC && strstr(why, "rows"),
		  "more rows than TRACE_HIST_MAX: refused (-ENOSPC)");
	ab_tap_ok(parse("# trigger info: hist:keys=drv\n# trigger info: hist:keys=drv\n"
			"# trigger info: hist:keys=drv\n# trigger info: hist:keys=drv\n"
			"# trigger info: hist:keys=drv\n",
			why) == -ENOSPC,
		  "more sections than asked for: refused (-ENOSPC)");
	/* Someone else's hist triggers on the same event: skipped, ours counted. */
	{
		static const char foreign[] =
			"# trigger info: "
			"hist:keys=common_pid:vals=hitcount:sort=hitcount:size=2048 "
			"[active]\n{ common_pid: 42 } hitcount: 3\n"
			"# trigger info: hist:keys=drv:vals=hitcount,len:sort=hitcount:size=2048 "
			"[active]\n{ drv: x } hitcount: 5 len: 9\n"
			"# trigger info: hist:keys=drv:vals=hitcount:sort=hitcount:size=2048 "
			"[active]\n{ drv: x } hitcount: 5\n"
			"# trigger info: hist:mine:keys=drv:vals=hitcount,len:sort=hitcount "
			"[active]\n{ drv: y } hitcount: 1 len: 2\n    Dropped: 9\n"
			"# trigger info: hist:keys=drvx:vals=hitcount,len [active]\n"
			"{ drvx: z } hitcount: 1 len: 2\n";

		ab_tap_ok(trace_hist_parse(foreign, strlen(foreign), "drv", "len", h, 1, why) ==
					  1 &&
				  h[0].n == 1 && !strcmp(h[0].rows[0].key, "x") &&
				  h[0].rows[0].hits == 5 && h[0].dropped == 0,
			  "foreign triggers (other key, other vals, a named one): skipped, ours "
			  "read");
	}
	ab_tap_ok(parse("# trigger info: hist:keys=drv\n{ drv: x } hitcount: 5 len: 9", why) == 1 &&
			  h[0].rows[0].len == 9,
		  "text without a final newline");
	ab_tap_ok(parse("", why) == 0, "empty text: no sections");
	/* The $retval-only error probes' table: keyed by ret, no value field. */
	ab_tap_ok(trace_hist_parse(ret_table, strlen(ret_table), "ret", NULL, h, 1, why) == 1 &&
			  h[0].n == 1 && !strcmp(h[0].rows[0].key, "-74") && h[0].rows[0].hits == 7,
		  "a ret-keyed table without a value field");

	/* crypto_layout: struct.member=offset lines from the module, untrusted. */
	{
		static struct trace_layout l;

		ab_tap_ok(
			!trace_layout_parse(&l,
					    "aead_request.cryptlen=32\ncrypto_alg.cra_driver_name="
					    "128\n",
					    why) &&
				trace_layout_offset(&l, "aead_request", "cryptlen") == 32 &&
				trace_layout_offset(&l, "crypto_alg", "cra_driver_name") == 128 &&
				trace_layout_offset(&l, "aead_request", "assoclen") == -1,
			"layout: offsets by struct and member; an absent one is -1");
		ab_tap_ok(trace_layout_parse(&l, "a.b=1\nc.d=x\n", why) == -EINVAL &&
				  strstr(why, "line 2"),
			  "layout: a value that is not a number: refused, naming the line");
		ab_tap_ok(trace_layout_parse(&l, "a.b=-1\n", why) == -EINVAL,
			  "layout: a negative offset: refused");
		ab_tap_ok(trace_layout_parse(&l, "a.b=12x\n", why) == -EINVAL &&
				  strstr(why, "line 1: offset not a number"),
			  "layout: an offset with trailing text: refused");
		ab_tap_ok(trace_layout_parse(&l, "a.b=99999999999999999999\n", why) == -EINVAL,
			  "layout: an offset past 64 KiB: refused");
		ab_tap_ok(trace_layout_parse(&l, "a.b=1\na.b=2\n", why) == -EINVAL &&
				  strstr(why, "twice"),
			  "layout: a member given twice: refused");
		ab_tap_ok(trace_layout_parse(&l, "a b=1\n", why) == -EINVAL,
			  "layout: a blank in the name: refused");
		memset(big, 'a', 100);
		strcpy(big + 100, "=1\n");
		ab_tap_ok(trace_layout_parse(&l, big, why) == -EINVAL,
			  "layout: a 100-character name (max 63): refused");
		big[0] = '\0';
		for (int i = 0; i <= TRACE_LAYOUT_MAX; i++)
			snprintf(big + strlen(big), sizeof(big) - strlen(big), "s.m%d=%d\n", i, i);
		ab_tap_ok(trace_layout_parse(&l, big, why) == -EINVAL,
			  "layout: more lines than TRACE_LAYOUT_MAX: refused");
		ab_tap_ok(!trace_layout_parse(&l, "x.y=7", why) && l.n == 1,
			  "layout: no final newline");
	}
	why[0] = '\0';
	n = trace_hist_parse(alg_table, strlen(alg_table), "alg", "len", h, 4, why);
	ab_tap_ok(n == 1 && h[0].n == 3 && !strcmp(h[0].rows[0].key, "18446744072638102384") &&
			  !strcmp(h[0].rows[2].key, "4096") && h[0].rows[1].hits == 11294 &&
			  h[0].rows[1].len == 180704,
		  "alg-keyed table: decimal keys, padded or not");
	ab_tap_ok(parse(alg_table, why) == 0, "alg-keyed table: not a drv-keyed trigger");
	test_algs();
	return ab_tap_finish();
}
