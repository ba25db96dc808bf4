// SPDX-License-Identifier: GPL-2.0
/*
 * algbench-jobfuzz: mutated job lines for /dev/algbench (tests/vm/debug_guest.sh).
 *
 *   algbench-jobfuzz [--count N] [--seed S] [--device PATH] [--print] < SEEDS
 *
 * SEEDS: job lines, one a line (blank lines and lines starting with # are
 * skipped): the guest test's own jobs. To them are added lines built from the
 * job keys of kmod/algbench_abi.h (every key's name, its names or bounds), the
 * one table the module parses with, so a new key is fuzzed without a change
 * here. Each of N lines is a seed (or two spliced) with one mutation (half
 * of the lines) or up to four:
 * byte flips, token swaps and deletions, keys and values of other keys,
 * truncations, numbers at and past the bounds (2^32, 2^64, -1, hex, octal),
 * odd and long hex, long and nested alg= names, CPU lists out of range,
 * repeated tokens past the line limit, NUL, tab and newline bytes.
 *
 * Every line ends with " ms=1" and, unless it holds "count=", " warmup_ms=0"
 * (a later key wins in the module's parser), so a mutated line that happens
 * to be valid runs for one jiffy at most (a count= job gives up with
 * ETIMEDOUT after ms=1); what a line still may cost is its setup, bounded by
 * the module (ABK_MAX_THREAD_MEM, ABK_MAX_TOTAL_MEM).
 *
 * Each line is one write(2) on the device; a fresh open every few lines, a
 * read of the reply after some. Prints the counts of written lines, of
 * accepted ones and of each errno; exits 1 if a write failed with an errno
 * the module never returns for a job (EFAULT, EIO, EBADF: a sign the kernel
 * misread the buffer), 2 on bad usage or a device that cannot be opened.
 * --print writes the lines to stdout instead (no device).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "kmod/algbench_abi.h"

#define MAX_SEEDS 4096
#define LINE_CAP  (4 * ABK_LINE_MAX)
#define MAX_TOK	  512

static char *seeds[MAX_SEEDS];
static unsigned int n_seeds;
static uint64_t rng_state;

static uint64_t rnd(void) /* splitmix64: repeatable from --seed */
{
	uint64_t z = (rng_state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static unsigned int pick(unsigned int n)
{
	return n ? (unsigned int)(rnd() % n) : 0;
}

static void add_seed(const char *s)
{
	if (n_seeds < MAX_SEEDS)
		seeds[n_seeds++] = strdup(s);
}

/* Values that sit on or past a bound, or are numbers in another dress. */
static const char *const odd_numbers[] = {
	"0",
	"1",
	"-1",
	"4294967295",
	"4294967296",
	"18446744073709551615",
	"18446744073709551616",
	"99999999999999999999999999",
	"0x",
	"0x10",
	"0xffffffff",
	"010",
	"09",
	"+1",
	"1e3",
	" ",
	"1 ",
	"00000000000000000000000000000000000001",
	"2147483648",
	"-0",
};

static const char *const odd_algs[] = {
	"gcm(aes)",
	"cbc(aes)",
	"sha256",
	"hmac(sha256)",
	"deflate",
	"lz4",
	"zstd",
	"lzo",
	"ctr(aes)",
	"xts(aes)",
	"ccm(aes)",
	"rfc4106(gcm(aes))",
	"cbc(cbc(cbc(aes)))",
	"gcm(",
	"()",
	"(",
	")",
	"aes)",
	"hmac(gcm(aes))",
	"authenc(hmac(sha256),cbc(aes))",
	"rfc4309(ccm(aes))",
	"cryptd(sha256)",
	"pcbc(aes)",
	"ecb(cipher_null)",
	"sha256-generic",
	"gcm_base(ctr(aes-generic),ghash-generic)",
	"",
};

static const char *const odd_cpus[] = {
	"all", "0", "1",     "0-1", "0-3", "3", "0-4095",  "4096",  "1,1,1",
	"0-",  "-", "all,0", "1-0", "0,",  ",", "0-1:1/2", "65535", "0-63",
};

/* A value for key K: one of its names, a bound or a number past it, or junk. */
static void key_value(unsigned int k, char *out, size_t cap)
{
	/* never NULL: K is below ABK_N_KEYS (pick's bound), whatever gcc -fanalyzer says */
	const struct abk_key_desc *d = abk_key(k);
	unsigned int i, n;

	switch (d->kind) {
	case ABK_NAME:
		if (pick(4))
			snprintf(out, cap, "%s", d->values[pick(d->n_values)]);
		else
			snprintf(out, cap, "%s%c", d->values[pick(d->n_values)], 'a' + pick(26));
		return;
	case ABK_UINT:
		switch (pick(5)) {
		case 0:
			snprintf(out, cap, "%u", d->lo);
			return;
		case 1:
			snprintf(out, cap, "%u", d->hi);
			return;
		case 2:
			snprintf(out, cap, "%u", d->hi + 1);
			return;
		case 3:
			snprintf(out, cap, "%u", d->lo + pick(d->hi - d->lo + 1));
			return;
		default:
			snprintf(out, cap, "%s",
				 odd_numbers[pick(sizeof(odd_numbers) / sizeof(*odd_numbers))]);
			return;
		}
	case ABK_HEX:
		/* up to the bound, one byte past it, or an odd or non-hex string */
		n = pick(4) ? pick(d->hi + 2) * 2 : pick(2 * d->hi + 8);
		for (i = 0; i < n && i + 1 < cap; i++)
			out[i] = pick(16) ? "0123456789abcdefABCDEF"[pick(22)] : "gx -"[pick(4)];
		out[i < cap ? i : cap - 1] = '\0';
		return;
	default:
		if (k == ABK_KEY_CPUS)
			snprintf(out, cap, "%s",
				 odd_cpus[pick(sizeof(odd_cpus) / sizeof(*odd_cpus))]);
		else
			snprintf(out, cap, "%s",
				 odd_algs[pick(sizeof(odd_algs) / sizeof(*odd_algs))]);
		return;
	}
}

/* A whole line from the ABI table: type= first, then a few random keys. */
static void abi_line(char *out, size_t cap)
{
	char v[2 * ABK_MAX_KEY + 16];
	size_t pos;
	unsigned int i, n = 1 + pick(6);

	key_value(ABK_KEY_TYPE, v, sizeof(v));
	pos = (size_t)snprintf(out, cap, "type=%s", v);
	for (i = 0; i < n && pos < cap; i++) {
		unsigned int k = pick(ABK_N_KEYS);

		key_value(k, v, sizeof(v));
		pos += (size_t)snprintf(out + pos, cap - pos, " %s=%s", abk_key(k)->name, v);
	}
}

/* Splits LINE (modified) into at most MAX_TOK space-separated tokens. */
static unsigned int split(char *line, char **tok)
{
	unsigned int n = 0;
	char *s = strtok(line, " ");

	while (s && n < MAX_TOK) {
		tok[n++] = s;
		s = strtok(NULL, " ");
	}
	return n;
}

static void join(char **tok, unsigned int n, char *out, size_t cap)
{
	size_t pos = 0;
	unsigned int i;

	out[0] = '\0';
	for (i = 0; i < n && pos + 1 < cap; i++)
		pos += (size_t)snprintf(out + pos, cap - pos, "%s%s", i ? " " : "", tok[i]);
}

/* Token operation OP (0 swap, 1 new value, 2 new key, 3 delete, 4 repeat) on LINE; its new length.
 */
static size_t token_op(char *line, size_t l, unsigned int op)
{
	static char work[LINE_CAP], out[LINE_CAP], tv[LINE_CAP];
	char v[2 * ABK_MAX_KEY + 16], *tok[MAX_TOK], *eq, *t;
	unsigned int n, i, j, k, times;
	size_t pos;

	memcpy(work, line, l + 1);
	n = split(work, tok);
	if (!n)
		return l;
	i = pick(n);
	j = pick(n);
	eq = strchr(tok[i], '=');
	switch (op) {
	case 0:
		t = tok[i];
		tok[i] = tok[j];
		tok[j] = t;
		join(tok, n, out, sizeof(out));
		break;
	case 1:
		key_value(pick(ABK_N_KEYS), v, sizeof(v));
		snprintf(tv, sizeof(tv), "%.*s=%s", eq ? (int)(eq - tok[i]) : (int)strlen(tok[i]),
			 tok[i], v);
		tok[i] = tv;
		join(tok, n, out, sizeof(out));
		break;
	case 2:
		snprintf(tv, sizeof(tv), "%s%s", abk_key(pick(ABK_N_KEYS))->name, eq ? eq : "");
		tok[i] = tv;
		join(tok, n, out, sizeof(out));
		break;
	case 3:
		memmove(&tok[i], &tok[i + 1], (n - i - 1) * sizeof(*tok));
		join(tok, n - 1, out, sizeof(out));
		break;
	default:
		times = 1 + pick(pick(4) ? 4 : 200);
		join(tok, n, out, sizeof(out));
		pos = strlen(out);
		for (k = 0; k < times && pos + strlen(tok[i]) + 2 < sizeof(out); k++)
			pos += (size_t)snprintf(out + pos, sizeof(out) - pos, " %s", tok[i]);
		break;
	}
	pos = strlen(out);
	memcpy(line, out, pos + 1);
	return pos;
}

/* One mutation of LINE (NUL-terminated, but may hold bytes of any value). */
static void mutate(char *line, size_t *len)
{
	static char extra[LINE_CAP];
	unsigned int i, k;
	size_t l = *len;

	unsigned int what = pick(12);

	switch (what) {
	case 0: /* flip one bit */
		if (l)
			line[pick((unsigned int)l)] ^= (char)(1u << pick(8));
		break;
	case 1: /* one byte set to something the parser splits on, or any byte */
		if (l)
			line[pick((unsigned int)l)] = "= \t\n\0,-()x\xff"[pick(12)];
		break;
	case 2: /* truncate */
		l = pick((unsigned int)l + 1);
		line[l] = '\0';
		break;
	case 3: /* swap two tokens */
	case 4: /* a token's value replaced by another key's value or a number past a bound */
	case 5: /* a key renamed to another key */
	case 6: /* a token deleted */
	case 7: /* a token repeated, maybe past the line limit */
		l = token_op(line, l, what - 3);
		break;
	case 8: /* splice another seed's tail or an ABI line onto this one */
		if (pick(2))
			snprintf(extra, sizeof(extra), "%s", seeds[pick(n_seeds)]);
		else
			abi_line(extra, sizeof(extra));
		{
			size_t cut = pick((unsigned int)l + 1), el = strlen(extra);
			size_t from = pick((unsigned int)el + 1);

			if (cut + (el - from) + 1 < LINE_CAP) {
				memcpy(line + cut, extra + from, el - from + 1);
				l = cut + (el - from);
			}
		}
		break;
	case 9: /* a number somewhere replaced by a big one */
		for (i = 0; i < l; i++)
			if (line[i] >= '0' && line[i] <= '9')
				break;
		if (i < l) {
			const char *big =
				odd_numbers[pick(sizeof(odd_numbers) / sizeof(*odd_numbers))];
			size_t e = i, bl = strlen(big);

			while (e < l && line[e] >= '0' && line[e] <= '9')
				e++;
			if (l - (e - i) + bl + 1 < LINE_CAP) {
				memmove(line + i + bl, line + e, l - e + 1);
				memcpy(line + i, big, bl);
				l = l - (e - i) + bl;
			}
		}
		break;
	case 10: { /* a long alg= or hex value */
		size_t add = 1 + pick(pick(2) ? 150 : 1100);

		if (l + add + 8 < LINE_CAP) {
			l += (size_t)snprintf(line + l, LINE_CAP - l, " %s=",
					      pick(2) ? "alg" : abk_key(pick(ABK_N_KEYS))->name);
			for (i = 0; i < add; i++)
				line[l++] = pick(3) ? "0123456789abcdef"[pick(16)] : "(a)"[pick(3)];
			line[l] = '\0';
		}
		break;
	}
	default: /* insert a key=value of the ABI */
	{
		char v[2 * ABK_MAX_KEY + 16];

		k = pick(ABK_N_KEYS);
		key_value(k, v, sizeof(v));
		if (l + strlen(v) + 24 < LINE_CAP)
			l += (size_t)snprintf(line + l, LINE_CAP - l, " %s=%s", abk_key(k)->name,
					      v);
	} break;
	}
	*len = l;
}

/* Bounds what a valid line may cost: ms=1 wins over the line's own ms=. */
static void bound(char *line, size_t *len)
{
	const char *tail = memmem(line, *len, "count=", 6) ? " ms=1" : " ms=1 warmup_ms=0";
	size_t tl = strlen(tail);

	if (*len + tl + 1 > LINE_CAP)
		*len = LINE_CAP - tl - 1;
	memcpy(line + *len, tail, tl + 1);
	*len += tl;
}

static void usage(FILE *f)
{
	fputs("usage: algbench-jobfuzz [--count N] [--seed S] [--device PATH] [--print] < SEEDS\n",
	      f);
}

int main(int argc, char **argv)
{
	static char line[LINE_CAP], reply[8192];
	const char *dev = "/dev/algbench";
	unsigned long count = 100000, i, accepted = 0, reads = 0, opens = 0, bad = 0;
	unsigned long err_count[256] = { 0 };
	unsigned long long seed = 1;
	int print = 0, fd = -1, a;
	struct timespec t0, t1;

	for (a = 1; a < argc; a++) {
		if (!strcmp(argv[a], "--count") && a + 1 < argc)
			count = strtoul(argv[++a], NULL, 0);
		else if (!strcmp(argv[a], "--seed") && a + 1 < argc)
			seed = strtoull(argv[++a], NULL, 0);
		else if (!strcmp(argv[a], "--device") && a + 1 < argc)
			dev = argv[++a];
		else if (!strcmp(argv[a], "--print"))
			print = 1;
		else if (!strcmp(argv[a], "-h") || !strcmp(argv[a], "--help")) {
			usage(stdout);
			return 0;
		} else {
			usage(stderr);
			return 2;
		}
	}
	rng_state = seed;
	while (fgets(line, sizeof(line), stdin)) {
		line[strcspn(line, "\n")] = '\0';
		if (line[0] && line[0] != '#')
			add_seed(line);
	}
	for (a = 0; a < 64; a++) {
		abi_line(line, sizeof(line));
		add_seed(line);
	}
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (i = 0; i < count; i++) {
		size_t len;
		unsigned int m, n_mut = 1 + (pick(2) ? 0 : pick(4)); /* half: one mutation */
		ssize_t w;

		snprintf(line, sizeof(line), "%s", seeds[pick(n_seeds)]);
		len = strlen(line);
		for (m = 0; m < n_mut; m++)
			mutate(line, &len);
		bound(line, &len);
		if (print) {
			fwrite(line, 1, len, stdout);
			putchar('\n');
			continue;
		}
		if (fd < 0 || !pick(8)) {
			if (fd >= 0)
				close(fd);
			fd = open(dev, O_RDWR);
			if (fd < 0) {
				fprintf(stderr, "algbench-jobfuzz: %s: %s\n", dev, strerror(errno));
				return 2;
			}
			opens++;
		}
		w = write(fd, line, len);
		if (w == (ssize_t)len)
			accepted++;
		else if (w < 0 && errno < 256)
			err_count[errno]++;
		if (w < 0 && (errno == EFAULT || errno == EIO || errno == EBADF)) {
			bad++;
			fprintf(stderr, "algbench-jobfuzz: line %lu: %s: %.*s\n", i,
				strerror(errno), (int)len, line);
		}
		if (!pick(4) && read(fd, reply, sizeof(reply)) >= 0)
			reads++;
	}
	if (fd >= 0)
		close(fd);
	if (print)
		return 0;
	clock_gettime(CLOCK_MONOTONIC, &t1);
	printf("lines=%lu\naccepted=%lu\nopens=%lu\nreads=%lu\nseeds=%u\nseed=%llu\nseconds=%.1f\n",
	       count, accepted, opens, reads, n_seeds, seed,
	       (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9);
	for (a = 1; a < 256; a++)
		if (err_count[a])
			printf("errno.%d=%lu\n", a, err_count[a]);
	printf("unexpected=%lu\n", bad);
	return bad ? 1 : 0;
}
