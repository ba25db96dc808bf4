/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sys: strings from files (untrusted) printed for a medium that would act
 * on some of their bytes. A result file's job names reach a terminal (an
 * escape sequence moves the cursor, retitles the window or worse) and
 * markdown that is rendered as HTML (a <script> or an <img> runs there, a
 * '|' breaks the table). Each writer escapes for its medium, never refuses:
 * the reader still sees what the file says.
 */
#ifndef ALGBENCH_TEXT_H
#define ALGBENCH_TEXT_H

#include <stdio.h>

/*
 * S for a terminal: C0 controls, DEL and C1 controls (U+0080..U+009F, as
 * UTF-8 or as lone bytes) as \xNN, a backslash as \\; the rest as it is.
 */
void ab_fput_term(FILE *f, const char *s);

/*
 * S for a markdown table cell that is also shown on a terminal: as
 * ab_fput_term, and & < > | ` as &amp; &lt; &gt; \| and \`.
 */
void ab_fput_md(FILE *f, const char *s);

#endif
