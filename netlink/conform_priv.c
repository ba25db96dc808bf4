// SPDX-License-Identifier: GPL-2.0
/*
 * Conformance, group 4: NEWALG, DELALG, UPDATEALG and DELRNG need
 * CAP_NET_ADMIN. A forked child drops to nobody (65534): a root process
 * that changes all its uids to non-zero loses every capability, as
 * capabilities(7) says, unless it asked to keep them, which we do not.
 * Each request is one that root could carry out, so -EPERM is the only
 * thing standing between it and a change; afterwards the dump must be the
 * same as before.
 */
#include <errno.h>
#include <grp.h>
#include <linux/capability.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "conform.h"
#include "sys/caps.h"

#define NOBODY 65534

enum { R_NEWALG, R_DELALG, R_UPDATEALG, R_DELRNG, R_N };

static const uint16_t req_type[R_N] = { CRYPTO_MSG_NEWALG, CRYPTO_MSG_DELALG, CRYPTO_MSG_UPDATEALG,
					CRYPTO_MSG_DELRNG };

/* struct crypto_user_alg, then PRIORITY_VAL when prio >= 0. Returns the length. */
static size_t build(uint8_t *buf, const char *name, const char *driver, int64_t prio)
{
	struct crypto_user_alg req;
	struct nlattr nla = { NLA_HDRLEN + 4, CRYPTOCFGA_PRIORITY_VAL };
	uint32_t v = (uint32_t)prio;

	cu_fill_request(&req, name, driver);
	memcpy(buf, &req, sizeof(req));
	if (prio < 0)
		return sizeof(req);
	memcpy(buf + sizeof(req), &nla, sizeof(nla));
	memcpy(buf + sizeof(req) + NLA_HDRLEN, &v, sizeof(v));
	return sizeof(req) + NLA_HDRLEN + 4;
}

/* In the child: lose CAP_NET_ADMIN, then send the four requests on a fresh socket. */
static void child(const struct conform_ctx *c, int fd)
{
	struct priv_result r = { .ran = true };
	uint8_t buf[256];
	struct cu_sock *s;

	if (getuid() == 0 && (setgroups(0, NULL) || setresgid(NOBODY, NOBODY, NOBODY) ||
			      setresuid(NOBODY, NOBODY, NOBODY)))
		snprintf(r.how, sizeof(r.how), "cannot drop to uid %d: %s", NOBODY,
			 strerror(errno));
	else if (ab_cap_effective(CAP_NET_ADMIN, true))
		snprintf(r.how, sizeof(r.how), "still has CAP_NET_ADMIN as uid %d", (int)getuid());
	else
		r.dropped = true;
	if (r.dropped && r.how[0] == '\0')
		snprintf(r.how, sizeof(r.how), "uid/gid %d, no capabilities", (int)getuid());
	s = r.dropped ? cu_open() : NULL;
	for (int i = 0; s && i < R_N; i++) {
		size_t len = 0;

		if (i == R_NEWALG)
			len = build(buf, "pcbc(aes)", "",
				    -1); /* not instantiated: root would add it */
		else if (i == R_DELALG)
			len = build(buf, "", c->target, -1);
		else if (i == R_UPDATEALG)
			len = build(buf, "", c->target, (int64_t)c->target_prio + 1);
		r.err[i] = cu_raw_request(s, req_type[i], NLM_F_REQUEST | NLM_F_ACK, buf, len, 0,
					  2000, NULL);
	}
	if (r.dropped && !s)
		snprintf(r.how, sizeof(r.how), "nobody cannot open NETLINK_CRYPTO: %s",
			 strerror(errno));
	cu_close(s);
	if (write(fd, &r, sizeof(r)) != sizeof(r))
		_exit(1);
	_exit(0);
}

static bool same_algs(const struct cu_alg *a, size_t na, const struct cu_alg *b, size_t nb,
		      const struct conform_ctx *c)
{
	if (na != nb) {
		conform_diag(c, "the dump had %zu algorithms before and %zu after", na, nb);
		return false;
	}
	for (size_t i = 0; i < na; i++) {
		if (strcmp(a[i].name, b[i].name) || strcmp(a[i].driver, b[i].driver) ||
		    a[i].priority != b[i].priority || a[i].flags != b[i].flags ||
		    a[i].refcnt != b[i].refcnt) {
			conform_diag(c, "%s changed (priority %d -> %d, refcnt %u -> %u)",
				     a[i].driver, a[i].priority, b[i].priority, a[i].refcnt,
				     b[i].refcnt);
			return false;
		}
	}
	return true;
}

static void run_unprivileged(struct conform_ctx *c)
{
	struct priv_result *r = &c->priv, got;
	struct cu_alg *before = NULL, *after = NULL;
	size_t nb = 0, na = 0;
	int fds[2], status;
	pid_t pid;

	r->ran = true;
	conform_dump(c->s, &before, &nb);
	fflush(stdout); /* the child must not print our buffered lines again */
	if (pipe(fds) || (pid = fork()) < 0) {
		snprintf(r->how, sizeof(r->how), "cannot fork: %s", strerror(errno));
		free(before);
		return;
	}
	if (pid == 0) {
		close(fds[0]);
		child(c, fds[1]);
	}
	close(fds[1]);
	if (read(fds[0], &got, sizeof(got)) == sizeof(got))
		*r = got;
	else
		snprintf(r->how, sizeof(r->how), "the unprivileged child died");
	close(fds[0]);
	waitpid(pid, &status, 0);
	r->ran = true;
	if (before && !conform_dump(c->s, &after, &na)) {
		r->changed_known = true;
		r->changed = !same_algs(before, nb, after, na, c);
	}
	free(before);
	free(after);
}

static enum ab_tap_verdict check_eperm(struct conform_ctx *c, const void *arg, char why[AB_WHY_LEN])
{
	int i = (int)(intptr_t)arg;
	int got;

	if (!c->priv.ran) {
		run_unprivileged(c);
		conform_diag(c, "child: %s; DELALG/UPDATEALG target %s (priority %d)", c->priv.how,
			     c->target, c->target_prio);
	}
	if (!c->priv.dropped) {
		ab_whyf(why, "%s", c->priv.how);
		return AB_TAP_SKIP;
	}
	got = c->priv.err[i];
	if (got == -EPERM)
		return AB_TAP_PASS;
	ab_whyf(why, "answered %d (%s) without CAP_NET_ADMIN, want -EPERM", got,
		got ? strerror(-got) : "success");
	return AB_TAP_FAIL;
}

static enum ab_tap_verdict check_unchanged(struct conform_ctx *c, const void *arg,
					   char why[AB_WHY_LEN])
{
	(void)arg;
	if (!c->priv.dropped) {
		ab_whyf(why, "%s", c->priv.how);
		return AB_TAP_SKIP;
	}
	if (!c->priv.changed_known) {
		ab_whyf(why, "could not dump the algorithms before and after");
		return AB_TAP_FAIL;
	}
	if (!c->priv.changed)
		return AB_TAP_PASS;
	ab_whyf(why, "the algorithm list changed across the refused requests");
	return AB_TAP_FAIL;
}

const struct conform_check conform_priv_checks[] = {
	{ "priv_newalg: NEWALG without CAP_NET_ADMIN answers EPERM", check_eperm,
	  (void *)(intptr_t)R_NEWALG },
	{ "priv_delalg: DELALG without CAP_NET_ADMIN answers EPERM", check_eperm,
	  (void *)(intptr_t)R_DELALG },
	{ "priv_updatealg: UPDATEALG without CAP_NET_ADMIN answers EPERM", check_eperm,
	  (void *)(intptr_t)R_UPDATEALG },
	{ "priv_delrng: DELRNG without CAP_NET_ADMIN answers EPERM", check_eperm,
	  (void *)(intptr_t)R_DELRNG },
	{ "priv_unchanged: the refused requests changed no algorithm (name, driver, priority, "
	  "flags, refcnt)",
	  check_unchanged, NULL },
};
const size_t conform_n_priv_checks = CONFORM_ROWS(conform_priv_checks);
