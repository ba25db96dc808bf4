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

/*
 * A key length in bytes (from a file: any integer) as the bits charts and
 * reports show, the form run's table and --keys use (k128); -1 when it is
 * no length at all, so a hostile value cannot overflow.
 */
static inline long long ab_plot_key_bits(long long keylen)
{
	return keylen >= 0 && keylen <= (1LL << 40) ? keylen * 8 : -1;
}

#endif
