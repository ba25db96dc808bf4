// SPDX-License-Identifier: GPL-2.0
/* Strings from files, escaped for a terminal or for markdown (sys/text.h). */
#include <stdbool.h>
#include <string.h>

#include "sys/text.h"

static void put(FILE *f, const char *s, bool markdown)
{
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		unsigned char c = *p;

		if (c < 0x20 || c == 0x7f || (c >= 0x80 && c <= 0x9f)) {
			fprintf(f, "\\x%02x", c);
		} else if (c == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f) {
			fprintf(f, "\\xc2\\x%02x", p[1]); /* a C1 control in UTF-8 */
			p++;
		} else if (c == '\\') {
			fputs("\\\\", f);
		} else if (markdown && strchr("&<>|`", c)) {
			fputs(c == '&'	 ? "&amp;"
			      : c == '<' ? "&lt;"
			      : c == '>' ? "&gt;"
			      : c == '|' ? "\\|"
					 : "\\`",
			      f);
		} else {
			fputc(c, f);
		}
	}
}

void ab_fput_term(FILE *f, const char *s)
{
	put(f, s, false);
}

void ab_fput_md(FILE *f, const char *s)
{
	put(f, s, true);
}
