/* SPDX-License-Identifier: GPL-2.0 */
#ifndef ALGBENCH_CONFIG_RULES_H
#define ALGBENCH_CONFIG_RULES_H

#include <stddef.h>

#include "sys/kconfig.h"

enum severity { SEV_INFO, SEV_WARNING, SEV_ERROR };

/* When a rule fires, over its symbols (the first is the one it is about). */
enum rule_when {
	WHEN_Y,		    /* any symbol is =y */
	WHEN_ENABLED,	    /* any symbol is =y or =m */
	WHEN_MISSING,	    /* none is y or m: not set, or absent */
	WHEN_ANY_MISSING,   /* some symbol is not y/m: each is needed */
	WHEN_ARCH_UNLISTED, /* the config's arch has no accelerated-driver list */
};

#define RULE_MAX_SYMS 3

/* One row of the findings table (config_rules.c). */
struct rule {
	const char *id;
	const char *arch;		 /* only for this architecture; NULL: any */
	const char *syms[RULE_MAX_SYMS]; /* alternatives: newer names, library variants */
	enum rule_when when;
	enum severity severity;
	unsigned int removed_in; /* 100 * major + minor where the symbol is gone; 0: none */
	const char *condition;	 /* the condition, in words */
	const char *cost;	 /* what it costs or blocks */
	const char *evidence;
	const char *fix;
};

struct finding {
	const struct rule *rule;
	const char *option; /* the symbol that matched (or the rule's first) */
	char observed[256]; /* the config's lines for the rule's symbols */
};

extern const struct rule config_rules[];
extern const size_t n_config_rules;

const char *severity_name(enum severity s);

/*
 * config_findings - evaluate every rule on @kc; fills up to @max findings
 * in table order and returns how many fired.
 */
size_t config_findings(const struct kconfig *kc, struct finding *out, size_t max);

/*
 * CONFIG_CRYPTO_STATS as this config's kernel has it: "y", "n", "absent", or
 * "removed in Linux 6.10" (29ce50e078b8) for a 6.10+ config, where its
 * absence is the expected state and GETSTAT answers -ENOTSUPP by design.
 */
const char *config_stats_state(const struct kconfig *kc);

/* Symbols outside CRYPTO_* that some rule reads (for compare mode). */
int config_rule_symbol(const char *name);

#endif
