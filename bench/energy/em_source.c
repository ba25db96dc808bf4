// SPDX-License-Identifier: GPL-2.0
/* The energy model of `run --energy-model`: a JSON table or energy_model debugfs. */
#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/number.h"
#include "core/stats.h"
#include "energy/em_source.h"
#include "sys/cpu.h"
#include "sys/host.h"
#include "sys/json_in.h"

#define MAX_JSON_BYTES (1 << 20) /* a table is a few hundred bytes; refuse anything huge */
#define CPUFREQ	       "/sys/devices/system/cpu/cpu%u/cpufreq/scaling_cur_freq"

static int fail(char why[AB_WHY_LEN], const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int fail(char why[AB_WHY_LEN], const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, AB_WHY_LEN, fmt, ap);
	va_end(ap);
	return -EINVAL;
}

static void cpu_set(struct ab_em_pd *pd, unsigned int cpu)
{
	pd->cpus[cpu / 8] |= (unsigned char)(1u << (cpu % 8));
}

static int cpu_isset(const struct ab_em_pd *pd, unsigned int cpu)
{
	return cpu < AB_EM_SRC_MAX_CPUS && (pd->cpus[cpu / 8] >> (cpu % 8) & 1);
}

/* The kernel's rules for a table (em_create_perf_table): frequencies strictly increasing. */
static int check_increasing(const struct ab_em_pd *pd, const char *where, char why[AB_WHY_LEN])
{
	for (unsigned int i = 1; i < pd->nr; i++)
		if (pd->st[i].khz <= pd->st[i - 1].khz)
			return fail(why,
				    "%s: frequencies must increase strictly (the kernel's rule): "
				    "state %u is %llu kHz after %llu kHz",
				    where, i, (unsigned long long)pd->st[i].khz,
				    (unsigned long long)pd->st[i - 1].khz);
	return 0;
}

/* JSON: an integer in MIN..MAX at KEY of OBJ, or -1 with the field named in WHY. */
static int json_uint(json_t *obj, const char *key, const char *path, const char *field,
		     uint64_t min, uint64_t max, uint64_t *out, char why[AB_WHY_LEN])
{
	json_t *v = json_object_get(obj, key);
	json_int_t x;

	if (!v)
		return fail(why, "%s: %s: missing", path, field);
	if (!json_is_integer(v))
		return fail(why, "%s: %s: not an integer", path, field);
	x = json_integer_value(v);
	if (x < 0 || (uint64_t)x < min || (uint64_t)x > max)
		return fail(why, "%s: %s: %lld is not in %llu..%llu", path, field, (long long)x,
			    (unsigned long long)min, (unsigned long long)max);
	*out = (uint64_t)x;
	return 0;
}

/* Every key of OBJ must be one of KEYS (NULL-terminated): a typo is an error, not a default. */
static int known_keys(json_t *obj, const char *const *keys, const char *path, const char *where,
		      char why[AB_WHY_LEN])
{
	const char *k;
	json_t *v;

	json_object_foreach (obj, k, v) {
		size_t i;

		for (i = 0; keys[i] && strcmp(keys[i], k); i++)
			;
		if (!keys[i])
			return fail(why, "%s: %s: unknown field \"%.40s\"", path, where, k);
	}
	return 0;
}

static int json_cpus(json_t *cpus, struct ab_em_pd *pd, const char *path, char why[AB_WHY_LEN])
{
	size_t i, used = 0;
	json_t *c;

	if (!json_is_array(cpus) || !json_array_size(cpus))
		return fail(why, "%s: cpus: want a non-empty array of CPU numbers", path);
	json_array_foreach (cpus, i, c) {
		json_int_t x = json_integer_value(c);
		char field[32];

		snprintf(field, sizeof(field), "cpus[%zu]", i);
		if (!json_is_integer(c) || x < 0 || x >= AB_EM_SRC_MAX_CPUS)
			return fail(why, "%s: %s: want an integer 0..%d", path, field,
				    AB_EM_SRC_MAX_CPUS - 1);
		if (cpu_isset(pd, (unsigned int)x))
			return fail(why, "%s: %s: CPU %lld listed twice", path, field,
				    (long long)x);
		cpu_set(pd, (unsigned int)x);
		if (used < sizeof(pd->cpus_text))
			used += (size_t)snprintf(pd->cpus_text + used, sizeof(pd->cpus_text) - used,
						 "%s%lld", i ? "," : "", (long long)x);
	}
	if (used >= sizeof(pd->cpus_text)) /* say it was cut, never show a shorter list as whole */
		memcpy(pd->cpus_text + sizeof(pd->cpus_text) - 4, "...", 4);
	return 0;
}

int ab_em_load_json(const char *path, struct ab_em_source *src, char why[AB_WHY_LEN])
{
	static const char *const top_keys[] = { "name", "states", "cpus", "opp_khz", NULL };
	static const char *const state_keys[] = { "khz", "uw", NULL };
	struct ab_em_pd *pd = &src->pd[0];
	json_error_t jerr;
	struct stat st;
	json_t *root, *states, *s, *name;
	size_t i;
	int ret = -1;

	char open_why[AB_WHY_LEN];
	FILE *f = ab_fopen_regular(path, open_why); /* the one opener of input files */

	if (!f)
		return fail(why, "%s: %s", path, open_why);
	if (fstat(fileno(f), &st) || st.st_size > MAX_JSON_BYTES) {
		fclose(f);
		return fail(why, "%s: an energy table is at most %d bytes", path, MAX_JSON_BYTES);
	}
	root = json_loadf(f, JSON_REJECT_DUPLICATES, &jerr);
	fclose(f);
	if (!root)
		return fail(why, "%s: line %d: %s (want a JSON table: docs/energy-model.md)", path,
			    jerr.line, jerr.text);
	memset(pd, 0, sizeof(*pd));
	if (!json_is_object(root)) {
		fail(why, "%s: want an object {\"name\", \"states\": [...]}", path);
		goto out;
	}
	if (known_keys(root, top_keys, path, "top level", why))
		goto out;
	name = json_object_get(root, "name");
	if (name && (!json_is_string(name) || !json_string_length(name) ||
		     json_string_length(name) >= sizeof(pd->name) ||
		     strspn(json_string_value(name),
			    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstu"
			    "vwxyz0123456789_.:+- ") != json_string_length(name))) {
		fail(why, "%s: name: want 1..%zu letters, digits or _.:+- and spaces", path,
		     sizeof(pd->name) - 1);
		goto out;
	}
	snprintf(pd->name, sizeof(pd->name), "%s", name ? json_string_value(name) : "table");
	states = json_object_get(root, "states");
	if (!json_is_array(states) || !json_array_size(states) ||
	    json_array_size(states) > AB_EM_SRC_MAX_STATES) {
		fail(why, "%s: states: want an array of 1..%d {\"khz\", \"uw\"} objects", path,
		     AB_EM_SRC_MAX_STATES);
		goto out;
	}
	json_array_foreach (states, i, s) {
		char field[48];

		snprintf(field, sizeof(field), "states[%zu]", i);
		if (!json_is_object(s)) {
			fail(why, "%s: %s: want an object {\"khz\", \"uw\"}", path, field);
			goto out;
		}
		if (known_keys(s, state_keys, path, field, why))
			goto out;
		snprintf(field, sizeof(field), "states[%zu].khz", i);
		if (json_uint(s, "khz", path, field, 1, AB_EM_MAX_KHZ, &pd->st[i].khz, why))
			goto out;
		/* the kernel's bounds for an EM's power (em_create_perf_table) */
		snprintf(field, sizeof(field), "states[%zu].uw", i);
		if (json_uint(s, "uw", path, field, 1, AB_EM_MAX_POWER_UW, &pd->st[i].uw, why))
			goto out;
		pd->nr = (unsigned int)i + 1;
	}
	if (check_increasing(pd, path, why))
		goto out;
	if (json_object_get(root, "cpus")) {
		if (json_cpus(json_object_get(root, "cpus"), pd, path, why))
			goto out;
	} else {
		pd->all_cpus = 1;
		snprintf(pd->cpus_text, sizeof(pd->cpus_text), "all");
	}
	src->opp_khz = 0;
	if (json_object_get(root, "opp_khz")) {
		if (json_uint(root, "opp_khz", path, "opp_khz", 1, AB_EM_MAX_KHZ, &src->opp_khz,
			      why))
			goto out;
		for (i = 0; i < pd->nr && pd->st[i].khz != src->opp_khz; i++)
			;
		if (i == pd->nr) {
			fail(why, "%s: opp_khz: %llu kHz is not a frequency of the table", path,
			     (unsigned long long)src->opp_khz);
			goto out;
		}
	}
	src->n_pd = 1;
	src->from_device = 0;
	snprintf(src->origin, sizeof(src->origin), "%s", path);
	ret = 0;
out:
	json_decref(root);
	return ret;
}

/* debugfs text is untrusted: one decimal number in MIN..MAX, nothing else. */
static int read_number(const char *dir, const char *file, uint64_t min, uint64_t max, uint64_t *out,
		       char why[AB_WHY_LEN])
{
	char path[600], line[32];
	unsigned long long x;

	snprintf(path, sizeof(path), "%s/%s", dir, file);
	if (ab_read_line(path, line, sizeof(line)))
		return fail(why, "cannot read %s: %s", path, strerror(errno));
	if (ab_parse_uint(line, min, max, &x))
		return fail(why, "%s: \"%.31s\" is not a number in %llu..%llu", path, line,
			    (unsigned long long)min, (unsigned long long)max);
	*out = x;
	return 0;
}

/* A cpulist as the kernel prints it ("0-3,6"; sys/cpu's parser): 0, or -1. */
static int parse_cpulist(const char *text, struct ab_em_pd *pd)
{
	struct ab_cpuset s;
	int bad = ab_cpulist_parse(text, &s) || s.ncpus > AB_EM_SRC_MAX_CPUS;

	for (int c = 0; !bad && c < s.ncpus; c++)
		if (CPU_ISSET_S((size_t)c, s.size, s.set))
			cpu_set(pd, (unsigned int)c);
	ab_cpuset_free(&s);
	return bad ? -EINVAL : 0;
}

static int by_khz(const void *a, const void *b)
{
	const struct ab_em_pstate *x = a, *y = b;

	return (x->khz > y->khz) - (x->khz < y->khz);
}

/* ps:<kHz>/{frequency,power} of one energy_model directory, and its cpus file if any. */
static int read_domain(const char *name, struct ab_em_pd *pd, char why[AB_WHY_LEN])
{
	char dir[400], sub[700], line[sizeof(pd->cpus_text)];
	struct dirent *e;
	DIR *d;
	int ret = 0;

	memset(pd, 0, sizeof(*pd));
	/* the caller refused longer names; the precision says so to the compiler */
	snprintf(pd->name, sizeof(pd->name), "%.*s", (int)sizeof(pd->name) - 1, name);
	snprintf(dir, sizeof(dir), AB_EM_DEBUGFS "/%s", name);
	d = opendir(dir);
	if (!d)
		return fail(why, "cannot read %s: %s", dir, strerror(errno));
	while (!ret && (e = readdir(d))) {
		struct ab_em_pstate *ps = &pd->st[pd->nr];

		if (strncmp(e->d_name, "ps:", 3))
			continue;
		if (pd->nr == AB_EM_SRC_MAX_STATES) {
			ret = fail(why, "%s: more than %d performance states", dir,
				   AB_EM_SRC_MAX_STATES);
			break;
		}
		snprintf(sub, sizeof(sub), "%s/%.100s", dir, e->d_name);
		ret = read_number(sub, "frequency", 1, AB_EM_MAX_KHZ, &ps->khz, why) ||
		      read_number(sub, "power", 1, AB_EM_MAX_POWER_UW, &ps->uw, why);
		pd->nr++;
	}
	closedir(d);
	if (ret)
		return -EINVAL;
	if (!pd->nr)
		return fail(why, "%s: no ps:* performance states", dir);
	qsort(pd->st, pd->nr, sizeof(pd->st[0]), by_khz);
	if (check_increasing(pd, dir, why))
		return -EINVAL;
	snprintf(sub, sizeof(sub), "%s/cpus", dir);
	if (ab_read_line(sub, line, sizeof(line))) {
		pd->all_cpus = 1; /* not a CPU: a named device stands in for every CPU */
		snprintf(pd->cpus_text, sizeof(pd->cpus_text), "all (stand-in)");
	} else if (parse_cpulist(line, pd)) {
		return fail(why, "%s: \"%.60s\" is not a CPU list", sub, line);
	} else {
		snprintf(pd->cpus_text, sizeof(pd->cpus_text), "%s", line);
	}
	return 0;
}

/* Whether energy_model/NAME is a CPU perf domain (has a cpus file). */
static int is_cpu_domain(const char *name)
{
	char path[400];
	struct stat st;

	snprintf(path, sizeof(path), AB_EM_DEBUGFS "/%s/cpus", name);
	return !stat(path, &st);
}

/* The device names in energy_model debugfs, for a message. */
static void list_devices(char *buf, size_t len)
{
	DIR *d = opendir(AB_EM_DEBUGFS);
	struct dirent *e;
	size_t used = 0;

	buf[0] = 0;
	while (d && (e = readdir(d)) && used < len)
		if (e->d_name[0] != '.')
			used += (size_t)snprintf(buf + used, len - used, "%s%.63s",
						 used ? ", " : "", e->d_name);
	if (d)
		closedir(d);
	if (!buf[0])
		snprintf(buf, len, "none");
}

static enum ab_em_open open_device(const char *name, struct ab_em_source *src, char why[AB_WHY_LEN])
{
	char devices[256];
	struct dirent *e;
	DIR *d = opendir(AB_EM_DEBUGFS);

	if (!d) {
		fail(why,
		     "cannot read " AB_EM_DEBUGFS " (%s): no energy model here (it needs "
		     "CONFIG_ENERGY_MODEL, debugfs mounted and root)",
		     strerror(errno));
		return AB_EM_OPEN_NONE;
	}
	src->from_device = 1;
	src->n_pd = 0;
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.' || (name && strcmp(e->d_name, name)) ||
		    (!name && !is_cpu_domain(e->d_name)))
			continue;
		if (strlen(e->d_name) >= sizeof(src->pd[0].name) ||
		    src->n_pd == AB_EM_SRC_MAX_DOMAINS) {
			fail(why,
			     AB_EM_DEBUGFS ": a device name over %zu bytes, or more than %d "
					   "CPU domains",
			     sizeof(src->pd[0].name) - 1, AB_EM_SRC_MAX_DOMAINS);
			closedir(d);
			return AB_EM_OPEN_NONE;
		}
		if (read_domain(e->d_name, &src->pd[src->n_pd], why)) {
			closedir(d);
			return AB_EM_OPEN_NONE;
		}
		src->n_pd++;
	}
	closedir(d);
	if (src->n_pd) {
		snprintf(src->origin, sizeof(src->origin), AB_EM_DEBUGFS "%s%s", name ? "/" : "",
			 name ? name : "");
		return AB_EM_OPEN_OK;
	}
	list_devices(devices, sizeof(devices));
	if (name)
		fail(why, "no device %s in " AB_EM_DEBUGFS " (devices there: %s)", name, devices);
	else
		fail(why,
		     "no CPU perf domain in " AB_EM_DEBUGFS " (devices there: %s); "
		     "device:NAME lets a device's table stand in for the CPUs",
		     devices);
	return AB_EM_OPEN_NONE;
}

enum ab_em_open ab_em_source_open(const char *spec, struct ab_em_source *src, char why[AB_WHY_LEN])
{
	json_t *text = json_string(spec);

	memset(src, 0, sizeof(*src));
	/* the result records SRC as a JSON string: whole, and UTF-8 (json_string() checks) */
	if (!text || strlen(spec) >= sizeof(src->spec)) {
		fail(why, "%s; give a path or name that is UTF-8 text of at most %zu bytes",
		     text ? "too long" : "not UTF-8 text", sizeof(src->spec) - 1);
		json_decref(text);
		return AB_EM_OPEN_USAGE;
	}
	json_decref(text);
	snprintf(src->spec, sizeof(src->spec), "%s", spec);
	if (!strcmp(spec, "device"))
		return open_device(NULL, src, why);
	if (!strncmp(spec, "device:", 7)) {
		const char *name = spec + 7;
		size_t n = strlen(name);

		if (!n || n >= sizeof(src->pd[0].name) ||
		    strspn(name,
			   "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.:-") !=
			    n ||
		    !strcmp(name, ".") || !strcmp(name, "..")) {
			fail(why,
			     "device:NAME wants the name of a directory in " AB_EM_DEBUGFS
			     " (1..%zu of [A-Za-z0-9_.:-]), not \"%.80s\"",
			     sizeof(src->pd[0].name) - 1, name);
			return AB_EM_OPEN_USAGE;
		}
		return open_device(name, src, why);
	}
	return ab_em_load_json(spec, src, why) ? AB_EM_OPEN_USAGE : AB_EM_OPEN_OK;
}

const struct ab_em_pd *ab_em_pd_of_cpu(const struct ab_em_source *src, unsigned int cpu)
{
	for (unsigned int i = 0; i < src->n_pd; i++)
		if (src->pd[i].all_cpus || cpu_isset(&src->pd[i], cpu))
			return &src->pd[i];
	return NULL;
}

unsigned int ab_em_state_at(const struct ab_em_pd *pd, uint64_t khz)
{
	unsigned int i;

	for (i = 0; i + 1 < pd->nr && pd->st[i].khz < khz; i++)
		;
	return i;
}

double ab_em_nj_per_byte(uint64_t power_uw, uint64_t ns, uint64_t bytes)
{
	return bytes ? (double)power_uw * (double)ns * 1e-6 / (double)bytes : 0;
}

static const char *opp_rule(const struct ab_em_source *src)
{
	return src->opp_khz ? "the table's opp_khz for every CPU"
			    : "each CPU's cpufreq scaling_cur_freq read right after the job, "
			      "rounded up to a state; the highest state where cpufreq is absent";
}

json_t *ab_em_source_json(const struct ab_em_source *src)
{
	json_t *domains = json_array(), *assume;
	int stand_in = 0;

	for (unsigned int i = 0; i < src->n_pd; i++) {
		const struct ab_em_pd *pd = &src->pd[i];
		json_t *states = json_array();

		for (unsigned int k = 0; k < pd->nr; k++)
			json_array_append_new(states, json_pack("{s:I, s:I}", "khz",
								(json_int_t)pd->st[k].khz, "uw",
								(json_int_t)pd->st[k].uw));
		json_array_append_new(domains, json_pack("{s:s, s:s, s:o}", "name", pd->name,
							 "cpus", pd->cpus_text, "states", states));
		stand_in |= src->from_device && pd->all_cpus;
	}
	assume = json_pack("[s, s, s]",
			   "active power only: the model's power at the OPP; no idle, uncore, "
			   "DRAM or device power",
			   "each thread keeps its CPU busy for the whole sample window (the "
			   "slowest thread's wall time); kmod: each kthread",
			   src->from_device
				   ? "the table is the kernel's energy model of this machine"
				   : "the table is the file's, not measured on this machine");
	if (stand_in)
		json_array_append_new(assume,
				      json_string("a device that is not a CPU stands in for every "
						  "CPU (its table, not the CPUs')"));
	return json_pack("{s:s, s:s, s:s, s:o, s:o*, s:s, s:o}", "source", src->spec, "kind",
			 src->from_device ? "device" : "file", "origin", src->origin, "domains",
			 domains, "opp_khz",
			 src->opp_khz ? json_integer((json_int_t)src->opp_khz) : NULL, "opp",
			 opp_rule(src), "assumptions", assume);
}

void ab_em_source_text(const struct ab_em_source *src, char *buf, size_t len)
{
	size_t used = (size_t)snprintf(buf, len, "energy model %s:", src->spec);

	for (unsigned int i = 0; i < src->n_pd && used < len; i++) {
		const struct ab_em_pd *pd = &src->pd[i];

		used += (size_t)snprintf(buf + used, len - used,
					 " %s (CPUs %s) %u states %llu..%llu kHz %llu..%llu uW;",
					 pd->name, pd->cpus_text, pd->nr,
					 (unsigned long long)pd->st[0].khz,
					 (unsigned long long)pd->st[pd->nr - 1].khz,
					 (unsigned long long)pd->st[0].uw,
					 (unsigned long long)pd->st[pd->nr - 1].uw);
	}
	if (used < len)
		snprintf(buf + used, len - used,
			 " OPP: %s; active power only (no idle, uncore, DRAM), each thread busy "
			 "for the whole window",
			 opp_rule(src));
}

/* The OPP of CPU: its state in PD, how it was chosen, and the cpufreq reading (0: none). */
static unsigned int opp_of(const struct ab_em_source *src, const struct ab_em_pd *pd,
			   unsigned int cpu, const char **from, uint64_t *cur_khz)
{
	char path[96], line[32];
	unsigned long long khz;

	*cur_khz = 0;
	if (src->opp_khz) {
		*from = "opp_khz";
		return ab_em_state_at(pd, src->opp_khz);
	}
	snprintf(path, sizeof(path), CPUFREQ, cpu);
	if (!ab_read_line(path, line, sizeof(line)) &&
	    !ab_parse_uint(line, 1, AB_EM_MAX_KHZ, &khz)) {
		*from = "cpufreq";
		*cur_khz = khz;
		return ab_em_state_at(pd, khz);
	}
	*from = "highest (no cpufreq)";
	return pd->nr - 1;
}

/* A job the model cannot cover: "energy": {"nj_per_byte": null, "reason"}. */
static json_t *no_estimate(char *line, size_t len, const char *reason)
{
	snprintf(line, len, "#   energy: none: %s", reason);
	return json_pack("{s:n, s:s}", "nj_per_byte", "reason", reason);
}

json_t *ab_em_result_energy(const struct ab_em_source *src, const struct ab_result *res, char *line,
			    size_t len)
{
	const struct ab_sample *s0 = res->n_samples ? &res->samples[0] : NULL;
	double *nj, *uj_op, uj;
	struct ab_spread nj_b;
	char reason[AB_WHY_LEN];
	json_t *energy;
	uint64_t power = 0;
	const char *from = "";
	json_t *cpus;
	unsigned int n = 0;

	line[0] = 0;
	if (res->status != AB_STATUS_OK || !s0)
		return NULL;
	if (!s0->n_cpus)
		return no_estimate(line, len,
				   "no per-CPU samples: the CPUs the job ran on are unknown");
	cpus = json_array();
	for (unsigned int i = 0; i < s0->n_cpus; i++) {
		unsigned int cpu = s0->per_cpu[i].cpu, st;
		const struct ab_em_pd *pd = ab_em_pd_of_cpu(src, cpu);
		uint64_t cur;

		if (!pd) {
			json_decref(cpus);
			snprintf(reason, sizeof(reason), "CPU %u is in no domain of the model",
				 cpu);
			return no_estimate(line, len, reason);
		}
		st = opp_of(src, pd, cpu, &from, &cur);
		power += pd->st[st].uw;
		json_array_append_new(cpus,
				      json_pack("{s:I, s:s, s:o, s:I, s:I, s:s}", "cpu",
						(json_int_t)cpu, "domain", pd->name, "cpufreq_khz",
						cur ? json_integer((json_int_t)cur) : json_null(),
						"opp_khz", (json_int_t)pd->st[st].khz, "uw",
						(json_int_t)pd->st[st].uw, "opp_from", from));
	}
	nj = calloc(res->n_samples, sizeof(*nj));
	uj_op = calloc(res->n_samples, sizeof(*uj_op));
	for (unsigned int i = 0; nj && uj_op && i < res->n_samples; i++) {
		const struct ab_sample *s = &res->samples[i];

		if (!s->bytes || !s->ops)
			continue;
		nj[n] = ab_em_nj_per_byte(power, s->ns, s->bytes);
		uj_op[n++] = (double)power * (double)s->ns * 1e-9 / (double)s->ops;
	}
	if (!n) {
		free(nj);
		free(uj_op);
		json_decref(cpus);
		return no_estimate(line, len,
				   nj && uj_op ? "no sample moved a byte" : "out of memory");
	}
	ab_spread_of(nj, n, &nj_b);
	uj = ab_median(uj_op, n);
	snprintf(line, len,
		 "#   energy: %.4g nJ/B [%.4g..%.4g], %.4g uJ/op: %u CPU%s busy, %llu uW at "
		 "%llu kHz, OPP: %s%s",
		 nj_b.median, nj_b.min, nj_b.max, uj, s0->n_cpus, s0->n_cpus == 1 ? "" : "s",
		 (unsigned long long)power,
		 (unsigned long long)json_integer_value(
			 json_object_get(json_array_get(cpus, 0), "opp_khz")),
		 from, s0->n_cpus > 1 ? ", each CPU's OPP in the JSON" : "");
	energy = json_pack("{s:{s:f, s:f, s:f}, s:f, s:I, s:o}", "nj_per_byte", "median",
			   nj_b.median, "min", nj_b.min, "max", nj_b.max, "uj_per_op_median", uj,
			   "power_uw", (json_int_t)power, "cpus", cpus);
	free(nj);
	free(uj_op);
	return energy;
}
