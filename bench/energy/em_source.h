/* SPDX-License-Identifier: GPL-2.0 */
/*
 * energy: the energy model `algbench run --energy-model SRC` estimates energy
 * per byte with (docs/energy-model.md): a JSON table, or the kernel's own
 * EM from energy_model debugfs, and the OPP each CPU ran at.
 */
#ifndef ALGBENCH_EM_SOURCE_H
#define ALGBENCH_EM_SOURCE_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

#include "core/error.h"
#include "core/job.h"

#define AB_EM_SRC_MAX_STATES  64 /* more OPPs than any real CPU has */
#define AB_EM_SRC_MAX_DOMAINS 16
#define AB_EM_SRC_MAX_CPUS    1024	   /* CPU numbers a domain may name */
#define AB_EM_MAX_POWER_UW    64000000ULL  /* the kernel's EM_MAX_POWER (64 W) */
#define AB_EM_MAX_KHZ	      100000000ULL /* 100 GHz: anything above is garbage */

/* Energy-model debugfs; named here once for the messages and the JSON. */
#define AB_EM_DEBUGFS "/sys/kernel/debug/energy_model"

struct ab_em_pstate {
	uint64_t khz, uw;
};

/* One perf domain: its states, ascending, and the CPUs it covers. */
struct ab_em_pd {
	char name[64];
	int all_cpus; /* 1: stands in for every CPU (a JSON table without "cpus", a named device) */
	unsigned char cpus[AB_EM_SRC_MAX_CPUS / 8];
	char cpus_text[128]; /* as the source gave it ("0-3"), "all" */
	unsigned int nr;
	struct ab_em_pstate st[AB_EM_SRC_MAX_STATES];
};

struct ab_em_source {
	char spec[256];	  /* SRC as given */
	char origin[320]; /* the file, or the debugfs directory read */
	int from_device;  /* 1: energy_model debugfs, 0: a JSON file */
	uint64_t opp_khz; /* the table's "opp_khz": every CPU's OPP; 0: cpufreq, else highest */
	unsigned int n_pd;
	struct ab_em_pd pd[AB_EM_SRC_MAX_DOMAINS];
};

enum ab_em_open {
	AB_EM_OPEN_OK,
	AB_EM_OPEN_NONE,  /* no energy model on this machine: WHY says why; run without one */
	AB_EM_OPEN_USAGE, /* SRC itself is wrong (bad file, bad name): WHY says what */
};

/* SRC: "device", "device:NAME" or a JSON file (docs/energy-model.md). */
enum ab_em_open ab_em_source_open(const char *spec, struct ab_em_source *src, char why[AB_WHY_LEN]);
/* A JSON table from PATH; 0, or -1 with WHY naming the file and the field. */
int ab_em_load_json(const char *path, struct ab_em_source *src, char why[AB_WHY_LEN]);

/* The domain that covers CPU, or NULL. */
const struct ab_em_pd *ab_em_pd_of_cpu(const struct ab_em_source *src, unsigned int cpu);
/* The state a CPU at KHZ runs in: the first whose frequency is >= KHZ, else the highest. */
unsigned int ab_em_state_at(const struct ab_em_pd *pd, uint64_t khz);
/* nJ per byte of POWER_UW (summed over the busy CPUs) for NS over BYTES: uW x ns = 1e-6 nJ. */
double ab_em_nj_per_byte(uint64_t power_uw, uint64_t ns, uint64_t bytes);

/* The run-level "energy_model" object: source, domains, OPP rule, assumptions. */
json_t *ab_em_source_json(const struct ab_em_source *src);
/* The same in one text line for the table's header (no newline). */
void ab_em_source_text(const struct ab_em_source *src, char *buf, size_t len);

/*
 * A result's "energy" (NULL for a job that did not finish), and the line
 * the table prints under its row (no newline). The OPP of each CPU the job
 * ran on: the table's opp_khz, else cpufreq's scaling_cur_freq read now,
 * else the domain's highest state.
 */
json_t *ab_em_result_energy(const struct ab_em_source *src, const struct ab_result *res, char *line,
			    size_t len);

#endif
