/* SPDX-License-Identifier: GPL-2.0 */
#ifndef ALGBENCH_PLOT_H
#define ALGBENCH_PLOT_H

#include <jansson.h>
#include <stddef.h>

/*
 * `algbench plot FILES... [--compare CMP] --out DIR` as a function: the
 * charts into DIR (data and scripts in DIR/data), "plot: N charts" on stdout.
 * Returns the exit status (0, or 2 with a message on stderr).
 */
int ab_plot_files(char **files, int n_files, const char *cmp, const char *dir);

/*
 * What ab_plot_files() checks of a result file ROOT (read from FILE) before
 * it writes anything: 0, or -EINVAL (a name gnuplot could interpret) or
 * -ENOMEM with a message on stderr. `algbench report` asks it before it
 * writes its own files.
 */
int ab_plot_check(json_t *root, const char *file);

/* The file name plot gives an algorithm's charts (ALG-size.png...): IN with
 * everything but letters, digits and '-' as '_'. */
void ab_plot_file_name(const char *in, char *out, size_t len);

#endif
