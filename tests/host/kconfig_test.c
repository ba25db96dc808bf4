// SPDX-License-Identifier: GPL-2.0
/*
 * Kconfig semantics of bench/sys/kconfig.c on a synthetic config, as TAP:
 * y, m, "is not set", =n, absent, strings with escapes, int and hex, the
 * last assignment winning, CRLF lines, the header's version, the arch from
 * the config's own symbols, and what makes a file "not a kernel config".
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sys/kconfig.h"
#include "sys/tap.h"

static int parse(struct kconfig *kc, const char *text, char err[AB_WHY_LEN])
{
	memset(kc, 0, sizeof(*kc));
	return kconfig_parse(kc, strdup(text), strlen(text), err);
}

static void semantics(void)
{
	static const char cfg[] = "#\n# Linux/x86 6.1.192 Kernel Configuration\n#\n"
				  "CONFIG_A=y\nCONFIG_B=m\n# CONFIG_C is not set\nCONFIG_D=n\n"
				  "CONFIG_S=\"a \\\"q\\\" \\\\ b\"\nCONFIG_I=-42\nCONFIG_H=0x1f\n"
				  "CONFIG_L=m\nCONFIG_L=y\nCONFIG_CR=y\r\n\n# a comment\n"
				  "CONFIG_X86_64=y\nCONFIG_64BIT=y\n"
				  "CONFIG_TS=y \nCONFIG_YES=yes\nCONFIG_MS=m\t\nCONFIG_NO=no\n";
	struct kconfig kc;
	char err[AB_WHY_LEN] = "";
	const struct ksym *s;

	ab_tap_ok(!parse(&kc, cfg, err), "synthetic config parses");
	ab_tap_ok(kconfig_kind(&kc, "A") == KV_Y && kconfig_enabled(&kc, "A"), "=y is y");
	ab_tap_ok(kconfig_kind(&kc, "B") == KV_M && kconfig_enabled(&kc, "B"), "=m is m, enabled");
	ab_tap_ok(kconfig_kind(&kc, "C") == KV_NOTSET && !strcmp(kconfig_show(&kc, "C"), "n"),
		  "\"is not set\" is n");
	ab_tap_ok(kconfig_kind(&kc, "D") == KV_NOTSET, "=n is n");
	ab_tap_ok(kconfig_kind(&kc, "NOPE") == KV_ABSENT &&
			  !strcmp(kconfig_show(&kc, "NOPE"), "absent"),
		  "no line is absent");
	s = kconfig_get(&kc, "S");
	ab_tap_ok(s && s->kind == KV_STRING && !strcmp(s->value, "a \"q\" \\ b"),
		  "string unescaped");
	ab_tap_ok(kconfig_kind(&kc, "I") == KV_NUMBER && !strcmp(kconfig_show(&kc, "I"), "-42"),
		  "int");
	ab_tap_ok(kconfig_kind(&kc, "H") == KV_NUMBER && !strcmp(kconfig_show(&kc, "H"), "0x1f"),
		  "hex");
	ab_tap_ok(kconfig_kind(&kc, "L") == KV_Y, "last assignment wins");
	ab_tap_ok(kconfig_kind(&kc, "CR") == KV_Y, "CRLF line");
	ab_tap_ok(kconfig_kind(&kc, "TS") == KV_Y,
		  "=y with a trailing space is y (first char, as Kconfig)");
	ab_tap_ok(kconfig_kind(&kc, "YES") == KV_Y, "=yes is y (first char, as Kconfig)");
	ab_tap_ok(kconfig_kind(&kc, "MS") == KV_M, "=m with a trailing tab is m");
	ab_tap_ok(kconfig_kind(&kc, "NO") == KV_NOTSET, "=no is n");
	ab_tap_ok(!strcmp(kc.version, "6.1.192"), "version from the header");
	ab_tap_ok(!strcmp(kc.arch, "x86_64"), "arch from CONFIG_X86_64");
	kconfig_free(&kc);
}

static void arch_and_rejects(void)
{
	struct kconfig kc;
	char err[AB_WHY_LEN] = "";

	ab_tap_ok(!parse(&kc, "CONFIG_ARM64=y\n", err) && !strcmp(kc.arch, "arm64"), "arch arm64");
	kconfig_free(&kc);
	ab_tap_ok(!parse(&kc, "# Linux/riscv 6.6.0 Kernel Configuration\nCONFIG_A=y\n", err) &&
			  !strcmp(kc.arch, "riscv"),
		  "arch from the header when no arch symbol is set");
	kconfig_free(&kc);
	ab_tap_ok(parse(&kc, "", err) == -EINVAL && strstr(err, "empty"),
		  "empty input rejected (-EINVAL)");
	kconfig_free(&kc);
	ab_tap_ok(parse(&kc, "# only\n# comments\n", err) == -EINVAL && strstr(err, "no CONFIG_"),
		  "comments only: not a config");
	kconfig_free(&kc);
	ab_tap_ok(parse(&kc, "CONFIG_A=y\nfoo bar\n", err) == -EINVAL && strstr(err, "line 2"),
		  "a stray line is named");
	kconfig_free(&kc);
	ab_tap_ok(parse(&kc, "CONFIG_S=\"unterminated\n", err) && strstr(err, "line 1"),
		  "unterminated string rejected");
	kconfig_free(&kc);
	ab_tap_ok(parse(&kc, "CONFIG_A=y\n\001\002", err) && strstr(err, "binary"),
		  "control bytes: binary");
	kconfig_free(&kc);
}

int main(void)
{
	ab_tap_header();
	semantics();
	arch_and_rejects();
	return ab_tap_finish();
}
