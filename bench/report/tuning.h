/*
 * A verdict across boots needs the same host in every boot: the frequency
 * governor, turbo, SMT and topology each boot recorded in run.host
 * (sys/host.c). compare lists them per boot and says loudly when they are
 * not the same everywhere, since a verdict may then measure the tuning, not
 * the kernels.
 */
#ifndef AB_REPORT_TUNING_H
#define AB_REPORT_TUNING_H

#include <jansson.h>
#include <stdio.h>

/*
 * Every boot's tuning in BASE and NEW (a merged file's run.boots[], else the
 * file's own run.host as one boot): {"same": bool, "boots": [{"side",
 * "round", "governor", "turbo", "smt", "packages", "cores"}...]}, or NULL
 * when out of memory. When they differ, a warning and a table of the boots
 * go to MD (before compare's table) and the warning to stderr.
 */
json_t *ab_host_tuning_check(const json_t *base, const json_t *new, FILE *md);

#endif
