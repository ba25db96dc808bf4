// SPDX-License-Identifier: GPL-2.0
/*
 * Which changelog entries touch the path a job runs through, by the tags
 * kernel commit subjects carry ("crypto: af_alg - ...", "x86/fpu: ...").
 * A changelog has subjects, not diffs, so the subsystem tag stands for the
 * files: crypto/af_alg.c is "crypto: af_alg", arch/x86/crypto's GCM is
 * "crypto: x86/aes-gcm". One table of rules (docs/series.md lists it);
 * the first rule that matches names the reason.
 */
#include <ctype.h>
#include <errno.h>
#include <fnmatch.h>
#include <stdio.h>
#include <string.h>

#include "core/catalogue.h"
#include "core/error.h"
#include "series/attribution.h"

#define K AB_ATTR_KERNEL

static const char why_api[] = "the crypto API core every request goes through";
static const char why_alg[] = "the algorithm's own code: its template, generic or arch driver";
static const char why_mitig[] =
	"speculation mitigations: the cost of the indirect calls and returns each request makes";

const struct ab_attr_rule ab_attr_rules[] = {
	{ .contains = "CRYPTO_",
	  .scope = K,
	  .why = "names a crypto config symbol (Debian's config items do)" },
	{ "crypto", "af_alg", .scope = AB_ATTR_AFALG,
	  .why = "AF_ALG's socket layer (crypto/af_alg.c)" },
	{ "crypto", "algif*", .scope = AB_ATTR_AFALG,
	  .why = "AF_ALG's per-type sockets (crypto/algif_*.c)" },
	{ "crypto", "skcipher", .scope = K | AB_ATTR_SKCIPHER, .why = "the skcipher API" },
	{ "crypto", "aead", .scope = K | AB_ATTR_AEAD, .why = "the AEAD API" },
	{ "crypto", "ahash", .scope = K | AB_ATTR_HASH, .why = "the hash API" },
	{ "crypto", "shash", .scope = K | AB_ATTR_HASH, .why = "the hash API" },
	{ "crypto", "hash", .scope = K | AB_ATTR_HASH, .why = "the hash API" },
	{ "crypto", "acomp*", .scope = K | AB_ATTR_ACOMP, .why = "the compression API" },
	{ "crypto", "scomp*", .scope = K | AB_ATTR_ACOMP, .why = "the compression API" },
	{ "crypto", "compress", .scope = K | AB_ATTR_ACOMP, .why = "the compression API" },
	{ "crypto", "api", .scope = K, .why = why_api },
	{ "crypto", "algapi", .scope = K, .why = why_api },
	{ "crypto", "internal", .scope = K, .why = why_api },
	{ "crypto", "scatterwalk", .scope = K, .why = "scatterlist walking, every request's data" },
	{ "crypto", "cryptd", .scope = K,
	  .why = "cryptd: where SIMD drivers defer when the FPU is not usable" },
	{ "crypto", "simd", .scope = K, .why = "the SIMD wrappers of the arch drivers" },
	{ "crypto", "", .scope = K, .why = "the crypto subsystem, no component named" },
	{ "crypto", NULL, .scope = K | AB_ATTR_ALG, .why = why_alg },
	{ "crypto", NULL, .scope = K | AB_ATTR_ARCH,
	  .why = "the architecture's crypto drivers as a whole" },
	{ "lib/crypto*", NULL, .scope = K | AB_ATTR_ALG, .why = why_alg },
	{ "lib/*", NULL, .scope = K | AB_ATTR_ALG,
	  .why = "the library the algorithm runs on (lib/zstd, lib/lz4, zlib, crc)" },
	{ "x86/fpu*", NULL, .scope = K, .arch = "x86",
	  .why = "kernel_fpu_begin/end, around every SIMD crypto call" },
	{ "x86", "fpu*", .scope = K, .arch = "x86",
	  .why = "kernel_fpu_begin/end, around every SIMD crypto call" },
	{ "arm64/fpsimd*", NULL, .scope = K, .arch = "arm64",
	  .why = "kernel_neon_begin/end, around every NEON crypto call" },
	{ "arm64", "fpsimd*", .scope = K, .arch = "arm64",
	  .why = "kernel_neon_begin/end, around every NEON crypto call" },
	{ "x86/bugs*", NULL, .scope = K, .arch = "x86", .why = why_mitig },
	{ "x86/speculation*", NULL, .scope = K, .arch = "x86", .why = why_mitig },
	{ "x86/srso*", NULL, .scope = K, .arch = "x86", .why = why_mitig },
	{ "x86/its*", NULL, .scope = K, .arch = "x86", .why = why_mitig },
	{ "x86/bhi*", NULL, .scope = K, .arch = "x86", .why = why_mitig },
	{ "x86/retpoline*", NULL, .scope = K, .arch = "x86", .why = why_mitig },
	{ "x86/retbleed*", NULL, .scope = K, .arch = "x86", .why = why_mitig },
	{ "x86/entry*", NULL, .scope = AB_ATTR_AFALG, .arch = "x86",
	  .why = "system call entry and exit: each AF_ALG operation is system calls" },
	{ "x86/syscall*", NULL, .scope = AB_ATTR_AFALG, .arch = "x86",
	  .why = "system call entry and exit: each AF_ALG operation is system calls" },
	{ "entry", NULL, .scope = AB_ATTR_AFALG,
	  .why = "system call entry and exit: each AF_ALG operation is system calls" },
	{ "iov_iter*", NULL, .scope = AB_ATTR_AFALG,
	  .why = "iov_iter: how AF_ALG takes the user's buffers" },
	{ "lib/iov_iter*", NULL, .scope = AB_ATTR_AFALG,
	  .why = "iov_iter: how AF_ALG takes the user's buffers" },
	{ "splice*", NULL, .scope = AB_ATTR_SPLICE,
	  .why = "splice: vmsplice mode moves user pages into the socket" },
	{ "fs/splice*", NULL, .scope = AB_ATTR_SPLICE,
	  .why = "splice: vmsplice mode moves user pages into the socket" },
	{ "mm/gup*", NULL, .scope = AB_ATTR_SPLICE,
	  .why = "get_user_pages: vmsplice pins the user's pages" },
	{ "aio*", NULL, .scope = AB_ATTR_AIO, .why = "fs/aio: the aio mode's io_submit" },
	{ "fs/aio*", NULL, .scope = AB_ATTR_AIO, .why = "fs/aio: the aio mode's io_submit" },
};

const size_t ab_attr_rules_len = sizeof(ab_attr_rules) / sizeof(ab_attr_rules[0]);

/*
 * Other names of an algorithm's parts in subjects: the x86 driver of aes is
 * aesni, GCM's hash is ghash, deflate runs on zlib.
 */
static const struct {
	const char *part, *also[3];
} aliases[] = {
	{ "aes", { "aesni", "aesbs" } },
	{ "gcm", { "ghash", "gf128mul" } },
	{ "sha256", { "sha2" } },
	{ "sha512", { "sha2" } },
	{ "deflate", { "zlib" } },
	{ "crc32c", { "crc32", "crc" } },
	{ "rfc4106", { "gcm" } },
	{ "chacha20poly1305", { "chacha", "chacha20", "poly1305" } },
};

/* Architectures and flavours as Debian marks entries: "[x86]", "[arm64,armhf]", "[rt]". */
static const struct {
	const char *mark, *arch;
} marks[] = {
	{ "x86", "x86" },     { "amd64", "x86" },  { "i386", "x86" },  { "x86_64", "x86" },
	{ "arm64", "arm64" }, { "armhf", NULL },   { "armel", NULL },  { "arm", NULL },
	{ "mips*", NULL },    { "powerpc", NULL }, { "ppc64*", NULL }, { "s390*", NULL },
	{ "riscv64", NULL },  { "loong64", NULL }, { "sparc*", NULL }, { "alpha", NULL },
	{ "hppa", NULL },     { "m68k", NULL },	   { "sh4", NULL },    { "rt", NULL },
};

static const char *const backends[] = { "afalg", "kmod", "openssl", NULL };
static const char *const modes[][4] = {
	{ "sendmsg", "vmsplice", "aio", NULL },
	{ "sync", "async", NULL },
	{ "evp", NULL },
};

static int word_in(const char *w, const char *const *list)
{
	for (int i = 0; list[i]; i++)
		if (!strcmp(w, list[i]))
			return i;
	return -1;
}

int ab_attr_job_check(const struct ab_attr_job *job, char why[AB_WHY_LEN])
{
	int b = job->backend ? word_in(job->backend, backends) : -1;

	if (b < 0) {
		ab_whyf(why, "unknown backend '%s' (afalg, kmod, openssl)",
			job->backend ? job->backend : "");
		return -EINVAL;
	}
	if (job->mode && word_in(job->mode, modes[b]) < 0) {
		ab_whyf(why, "backend %s has no mode '%s'", job->backend, job->mode);
		return -EINVAL;
	}
	if (!job->alg || !ab_alg_find(job->alg)) {
		ab_whyf(why, "'%s' is not in the catalogue (algbench list --catalogue)",
			job->alg ? job->alg : "");
		return -EINVAL;
	}
	if (!job->arch || (strcmp(job->arch, "x86") && strcmp(job->arch, "arm64"))) {
		ab_whyf(why, "unknown architecture '%s' (x86, arm64)", job->arch ? job->arch : "");
		return -EINVAL;
	}
	return 0;
}

/* The traits of JOB the rules' scopes name (AB_ATTR_ALG and _ARCH are matched, not held). */
static unsigned int job_traits(const struct ab_attr_job *job)
{
	static const unsigned int type_bit[AB_N_TYPES] = {
		[AB_AEAD] = AB_ATTR_AEAD,
		[AB_SKCIPHER] = AB_ATTR_SKCIPHER,
		[AB_HASH] = AB_ATTR_HASH,
		[AB_ACOMP] = AB_ATTR_ACOMP,
	};
	const struct ab_alg *alg = ab_alg_find(job->alg);
	unsigned int t = 0;
	bool any = !job->mode;

	if (!strcmp(job->backend, "openssl"))
		return 0; /* user space: no kernel change is on its path */
	t |= K;
	if (alg)
		t |= type_bit[alg->type];
	if (!strcmp(job->backend, "afalg")) {
		t |= AB_ATTR_AFALG;
		if (any || !strcmp(job->mode, "vmsplice"))
			t |= AB_ATTR_SPLICE;
		if (any || !strcmp(job->mode, "aio"))
			t |= AB_ATTR_AIO;
	}
	return t;
}

struct subject {
	char tag[64];	    /* "crypto", "x86/fpu" */
	char component[64]; /* "af_alg", "x86/aes-gcm", or "" */
	bool elsewhere;	    /* marked for other architectures or a flavour */
};

/* "[x86,arm64] " marks: whether they leave ARCH out. */
static bool marked_elsewhere(const char *marks_text, size_t n, const char *arch)
{
	char word[32];
	bool any_arch = false, ours = false;

	while (n) {
		size_t w = strcspn(marks_text, ", ]");

		if (w > n)
			w = n;
		if (w && w < sizeof(word)) {
			memcpy(word, marks_text, w);
			word[w] = '\0';
			for (size_t i = 0; i < sizeof(marks) / sizeof(marks[0]); i++)
				if (!fnmatch(marks[i].mark, word, 0)) {
					any_arch = true;
					ours |= marks[i].arch && !strcmp(marks[i].arch, arch);
				}
		}
		w += strspn(marks_text + w, ", ");
		if (w > n)
			w = n;
		marks_text += w;
		n -= w;
	}
	return any_arch && !ours;
}

/* WORD (at most LEN bytes before ": " or " - ") if it has no space, else "". */
static size_t word_before(const char *s, const char *const *ends, char *out, size_t out_len)
{
	size_t best = strlen(s);

	for (int i = 0; ends[i]; i++) {
		const char *e = strstr(s, ends[i]);

		if (e && (size_t)(e - s) < best)
			best = e - s;
	}
	out[0] = '\0';
	if (!best || best >= out_len || memchr(s, ' ', best) || !s[best])
		return 0;
	for (size_t i = 0; i < best; i++)
		out[i] = (char)tolower((unsigned char)s[i]);
	out[best] = '\0';
	return best;
}

static void parse_subject(const char *text, const char *arch, struct subject *sj)
{
	static const char *const tag_end[] = { ": ", NULL };
	static const char *const comp_end[] = { " - ", ": ", NULL };
	const char *s = text;
	size_t n;

	memset(sj, 0, sizeof(*sj));
	if (!strncmp(s, "Revert \"", 8))
		s += 8;
	while (*s == '[') {
		const char *close = strchr(s, ']');

		if (!close)
			break;
		sj->elsewhere |= marked_elsewhere(s + 1, close - s - 1, arch);
		s = close + 1;
		s += strspn(s, " ");
	}
	n = word_before(s, tag_end, sj->tag, sizeof(sj->tag));
	if (!n)
		return;
	word_before(s + n + 2, comp_end, sj->component, sizeof(sj->component));
}

/* Where a subject's path starts, before the name that says what it is: crypto: lib/sha256,
 * x86/aes-gcm. */
static const char *const path_words[] = { "crypto", "lib",     "x86",	    "arm64",
					  "arm",    "powerpc", "s390",	    "mips",
					  "riscv",  "sparc",   "loongarch", NULL };

static bool is_part(const char *word, char (*parts)[32], int n_parts)
{
	for (int i = 0; i < n_parts; i++) {
		if (!strcmp(word, parts[i]))
			return true;
		for (size_t a = 0; a < sizeof(aliases) / sizeof(aliases[0]); a++)
			if (!strcmp(aliases[a].part, parts[i]))
				for (int k = 0; k < 3 && aliases[a].also[k]; k++)
					if (!strcmp(word, aliases[a].also[k]))
						return true;
	}
	return false;
}

/*
 * Whether TAGS (split at / - _ , . +) name a part of ALG or another name of
 * one: the first word after the path words must (x86/aes-gcm: aes;
 * lib/crypto: sha256: sha256), so that a hardware driver named for what it
 * accelerates (atmel-aes, hisilicon/sec2) is not the job's code.
 */
static bool names_alg_part(const char *tags, const char *alg)
{
	char parts[8][32], word[64];
	int n_parts = 0;

	/* "rfc4106(gcm(aes))" -> rfc4106, gcm, aes */
	for (const char *p = alg; *p && n_parts < 8;) {
		size_t w = strcspn(p, "(),");

		if (w && w < sizeof(parts[0])) {
			memcpy(parts[n_parts], p, w);
			parts[n_parts++][w] = '\0';
		}
		p += w;
		p += strspn(p, "(),");
	}
	for (const char *p = tags; *p;) {
		size_t w = strcspn(p, "/-_,.+ ");

		if (w && w < sizeof(word)) {
			memcpy(word, p, w);
			word[w] = '\0';
			if (word_in(word, path_words) < 0)
				return is_part(word, parts, n_parts);
		} else if (w) {
			return false;
		}
		p += w;
		p += strspn(p, "/-_,.+ ");
	}
	return false;
}

static bool is_arch_word(const char *w, const char *arch)
{
	return !strcmp(w, arch) || (!strcmp(arch, "x86") && !strcmp(w, "x86_64"));
}

/* "arm64/aes" on an x86 job: another architecture's driver, as arch/ARCH/crypto names it. */
static bool other_arch_driver(const char *component, const char *arch)
{
	char first[32];
	size_t n = strcspn(component, "/");

	if (!component[n] || n >= sizeof(first))
		return false;
	memcpy(first, component, n);
	first[n] = '\0';
	/* path_words past crypto and lib are the arch/ARCH/crypto folders */
	return word_in(first, path_words + 2) >= 0 && !is_arch_word(first, arch);
}

const struct ab_attr_rule *ab_attr_match(const struct ab_attr_job *job, const char *text)
{
	unsigned int traits = job_traits(job);
	struct subject sj;
	char tags[160];

	parse_subject(text, job->arch, &sj);
	if (sj.elsewhere)
		return NULL;
	snprintf(tags, sizeof(tags), "%s %s", sj.tag, sj.component);
	for (size_t i = 0; i < ab_attr_rules_len; i++) {
		const struct ab_attr_rule *r = &ab_attr_rules[i];
		unsigned int need = r->scope & ~(AB_ATTR_ALG | AB_ATTR_ARCH);

		if ((traits & need) != need || (r->arch && strcmp(r->arch, job->arch)))
			continue;
		if (r->contains) {
			if (strstr(text, r->contains))
				return r;
			continue;
		}
		if (!sj.tag[0] || fnmatch(r->subsystem, sj.tag, 0))
			continue;
		if (r->component && (*r->component ? fnmatch(r->component, sj.component, 0)
						   : sj.component[0] != '\0'))
			continue;
		if ((r->scope & AB_ATTR_ALG) &&
		    (!names_alg_part(tags, job->alg) || other_arch_driver(sj.component, job->arch)))
			continue;
		if ((r->scope & AB_ATTR_ARCH) && !is_arch_word(sj.component, job->arch))
			continue;
		return r;
	}
	return NULL;
}

void ab_attr_rule_name(const struct ab_attr_rule *r, char *buf, size_t len)
{
	if (r->contains)
		snprintf(buf, len, "the entry names %s*", r->contains);
	else if (r->scope & AB_ATTR_ALG)
		snprintf(buf, len, "%s: a part of the algorithm", r->subsystem);
	else if (r->scope & AB_ATTR_ARCH)
		snprintf(buf, len, "%s: the architecture", r->subsystem);
	else if (r->component && *r->component)
		snprintf(buf, len, "%s: %s", r->subsystem, r->component);
	else if (r->component)
		snprintf(buf, len, "%s: (no component)", r->subsystem);
	else
		snprintf(buf, len, "%s", r->subsystem);
}
