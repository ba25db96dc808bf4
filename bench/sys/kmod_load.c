// SPDX-License-Identifier: GPL-2.0
/* Loading algbench's modules, and why a load failed (sys/kmod_load.h). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/capability.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "core/error.h"
#include "sys/caps.h"
#include "sys/host.h"
#include "sys/kmod_load.h"
#include "sys/lockdown.h"
#include "sys/modules.h"
#include "sys/spawn.h"

#define DKMS_KEY "/var/lib/dkms/mok.pub"
#define ENROLL	 "mokutil --import " DKMS_KEY ", reboot and confirm it in MokManager"
/* the EFI global variable SecureBoot: 4 bytes of attributes, then 1 when on */
#define SECURE_BOOT_VAR "/sys/firmware/efi/efivars/SecureBoot-8be4df61-93ca-11d2-aa0d-00e098032b8c"

/* One load: what was tried and what the kernel or modprobe said. */
struct load {
	const char *module;
	char release[65];	   /* uname -r */
	char path[PATH_MAX];	   /* the built module, when that is what was loaded */
	bool installed;		   /* modprobe finds it */
	bool writable;		   /* the built module or a folder above: others may replace it */
	char said[PATH_MAX + 128]; /* modprobe's words, or "finit_module(PATH): strerror" */
};

bool abk_loaded(const char *module)
{
	char path[128];

	snprintf(path, sizeof(path), "/sys/module/%s/initstate", module);
	return access(path, F_OK) == 0;
}

/* ARGV's output, its first line only, trailing blanks cut; "" if it said nothing. */
static int tool(const char *const argv[], char *out, size_t len)
{
	char why[AB_WHY_LEN];
	int ret = ab_spawn_capture(argv, out, len, why);

	out[strcspn(out, "\n")] = '\0';
	for (size_t n = strlen(out); n && (out[n - 1] == ' ' || out[n - 1] == '\t'); n--)
		out[n - 1] = '\0';
	return ret;
}

/* modinfo -F FIELD of a module name or a .ko path */
static void modinfo(const char *what, const char *field, char *out, size_t len)
{
	const char *const argv[] = { "modinfo", "-F", field, what, NULL };

	if (tool(argv, out, len))
		out[0] = '\0';
}

int abk_built_path(const char *module, const char *release, char *path, size_t len)
{
	const char *env = getenv("ALGBENCH_KMOD_DIR");
	char exe[PATH_MAX], kmod[PATH_MAX + 16], *slash;
	ssize_t n;
	int w;

	if (env && env[0]) {
		w = snprintf(path, len, "%s/%s/%s.ko", env, release, module);
	} else {
		/* BUILD/bin/algbench -> BUILD/kmod */
		n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
		if (n <= 0)
			return -ENOENT;
		exe[n] = '\0';
		slash = strrchr(exe, '/');
		if (slash)
			*slash = '\0';
		w = snprintf(kmod, sizeof(kmod), "%s/../kmod", exe);
		/* BUILD/kmod, not BUILD/bin/../kmod, in what the messages show */
		if (w > 0 && (size_t)w < sizeof(kmod) && realpath(kmod, exe))
			w = snprintf(path, len, "%s/%s/%s.ko", exe, release, module);
		else
			w = snprintf(path, len, "%s/%s/%s.ko", kmod, release, module);
	}
	return w < 0 || (size_t)w >= len ? -ENAMETOOLONG : 0;
}

/* The releases under the built path's KMOD_DIR that have MODULE: "6.12.1-amd64 ..." */
static void built_for(const struct load *l, char *out, size_t len)
{
	char dir[PATH_MAX], ko[PATH_MAX + 64];
	struct dirent *e;
	size_t n = 0;
	DIR *d;
	int w;

	out[0] = '\0';
	if (abk_built_path(l->module, "", dir, sizeof(dir)))
		return;
	*strrchr(dir, '/') = '\0'; /* KMOD_DIR/ */
	d = opendir(dir);
	while (d && (e = readdir(d)) && n + 1 < len) {
		if (e->d_name[0] == '.')
			continue;
		w = snprintf(ko, sizeof(ko), "%s/%s/%s.ko", dir, e->d_name, l->module);
		if (w > 0 && (size_t)w < sizeof(ko) && access(ko, F_OK) == 0) {
			w = snprintf(out + n, len - n, "%s%s", n ? ", " : "", e->d_name);

			n = w > 0 && (size_t)w < len - n ? n + (size_t)w : len - 1;
		}
	}
	if (d)
		closedir(d);
}

static int missing(const struct load *l, char why[AB_WHY_LEN])
{
	char others[160];

	built_for(l, others, sizeof(others));
	ab_whyf(why,
		"%s.ko: none for this kernel (%s): not installed (modprobe does not find it) "
		"and not built (no %s%s%s); install algbench-dkms, or install "
		"linux-headers-%s and build this checkout (cmake, then cmake --build)",
		l->module, l->release, l->path, others[0] ? "; built only for " : "", others,
		l->release);
	return -ENOENT;
}

static int not_root(const struct load *l, char why[AB_WHY_LEN])
{
	ab_whyf(why,
		"%s.ko: not loaded, and loading a module needs root (CAP_SYS_MODULE, which uid "
		"%d does not have): run algbench as root, or load it first: sudo %s%s",
		l->module, (int)geteuid(), l->installed ? "modprobe " : "insmod ",
		l->installed ? l->module : l->path);
	return -EPERM;
}

/* Who may own what root loads: root, or this process's own user. */
static bool owner_trusted(uid_t uid)
{
	return uid == 0 || uid == geteuid();
}

int abk_module_trusted(int fd, const char *path, char why[AB_WHY_LEN])
{
	char real[PATH_MAX], *slash;
	struct stat st;
	int err;

	if (fstat(fd, &st)) {
		err = errno;
		ab_whyf(why, "%s: %s", path, strerror(err));
		return -err;
	}
	if (!S_ISREG(st.st_mode)) {
		ab_whyf(why, "%s is not a regular file", path);
		return -EINVAL;
	}
	if (!owner_trusted(st.st_uid)) {
		ab_whyf(why, "%s is owned by uid %u (want root or uid %u)", path,
			(unsigned int)st.st_uid, (unsigned int)geteuid());
		return -EACCES;
	}
	if (st.st_mode & (S_IWGRP | S_IWOTH)) {
		ab_whyf(why, "%s is writable by group or others", path);
		return -EACCES;
	}
	if (!realpath(path, real)) {
		err = errno;
		ab_whyf(why, "%s: %s", path, strerror(err));
		return -err;
	}
	/*
	 * Every folder up to /: whoever may write one could put another file
	 * where this one is. A sticky folder writable by others (/tmp) lets
	 * them replace only what they own, and what is below it was checked
	 * to be root's or ours.
	 */
	while ((slash = strrchr(real, '/'))) {
		slash[slash == real] = '\0'; /* "/a" -> "/", "/a/b" -> "/a" */
		if (stat(real, &st)) {
			err = errno;
			ab_whyf(why, "%s: %s", real, strerror(err));
			return -err;
		}
		if (!owner_trusted(st.st_uid)) {
			ab_whyf(why,
				"its folder %s is owned by uid %u (want root or uid %u), "
				"who could replace %s",
				real, (unsigned int)st.st_uid, (unsigned int)geteuid(), path);
			return -EACCES;
		}
		if ((st.st_mode & (S_IWGRP | S_IWOTH)) && !(st.st_mode & S_ISVTX)) {
			ab_whyf(why,
				"its folder %s is writable by group or others (not sticky), "
				"who could replace %s",
				real, path);
			return -EACCES;
		}
		if (!strcmp(real, "/"))
			break;
	}
	return 0;
}

/*
 * The built module: refused if others may write it (whoever can would choose
 * what runs in the kernel), else finit_module(2), whose errno is exact.
 */
static int insmod(struct load *l)
{
	bool writable = false, said = false;
	int fd, err = 0;

	fd = open(l->path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		err = -errno;
	else if ((err = abk_module_trusted(fd, l->path, l->said)))
		writable = err == -EACCES, said = true;
	else if (syscall(SYS_finit_module, fd, "", 0) && errno != EEXIST)
		err = -errno;
	if (fd >= 0)
		close(fd);
	if (err && !said)
		snprintf(l->said, sizeof(l->said), "finit_module(%s): %s", l->path, strerror(-err));
	l->writable = writable;
	return err;
}

/* modprobe MODULE; on failure the errno its words name (it prints the kernel's strerror). */
static int modprobe(struct load *l)
{
	static const int named[] = { ENOEXEC,	  EKEYREJECTED, EPERM,	ENOKEY, EKEYEXPIRED,
				     EKEYREVOKED, EBADMSG,	EINVAL, ENOMEM, EBUSY,
				     ENODEV,	  EACCES,	ENOSPC };
	const char *const argv[] = { "modprobe", l->module, NULL };
	int ret = tool(argv, l->said, sizeof(l->said));

	if (ret < 0)
		snprintf(l->said, sizeof(l->said), "cannot run modprobe: %s", strerror(-ret));
	if (ret <= 0)
		return ret;
	if (!l->said[0])
		snprintf(l->said, sizeof(l->said), "modprobe %s exited with status %d", l->module,
			 ret);
	/* finit_module's ENOENT: modprobe words it itself */
	if (strstr(l->said, "Unknown symbol in module"))
		return -ENOENT;
	for (size_t i = 0; i < sizeof(named) / sizeof(named[0]); i++)
		if (strstr(l->said, strerror(named[i])))
			return -named[i];
	return -EIO;
}

/* WORD is one of the kernel command line's words */
static bool on_cmdline(const char *word)
{
	char line[4096];
	const char *p;

	if (ab_read_line("/proc/cmdline", line, sizeof(line)))
		return false;
	for (p = line; (p = strstr(p, word)); p++)
		if ((p == line || p[-1] == ' ') && (p[strlen(word)] == ' ' || !p[strlen(word)]))
			return true;
	return false;
}

/* The active lockdown mode ("none", "integrity", "confidentiality"), or "" if unknown. */
static void lockdown(char *out, size_t len)
{
	if (!ab_lockdown_mode(AB_LOCKDOWN_PATH, out, len))
		return;
	/* securityfs not mounted: the kernel command line, if it set one */
	if (on_cmdline("lockdown=integrity"))
		snprintf(out, len, "integrity");
	else if (on_cmdline("lockdown=confidentiality"))
		snprintf(out, len, "confidentiality");
}

static bool secure_boot(void)
{
	unsigned char v[5];
	int fd = open(SECURE_BOOT_VAR, O_RDONLY | O_CLOEXEC);
	bool on = fd >= 0 && read(fd, v, sizeof(v)) == (ssize_t)sizeof(v) && v[4] == 1;

	if (fd >= 0)
		close(fd);
	return on;
}

/* Where an active lockdown comes from, as words to append to its mode. */
static const char *lockdown_source(void)
{
	if (secure_boot())
		return ", from Secure Boot";
	if (on_cmdline("lockdown=integrity") || on_cmdline("lockdown=confidentiality"))
		return ", from lockdown= on the kernel command line";
	return "";
}

/* Who signed the module, and so what to enroll: the fix for a refused signature. */
static void signature_fix(const struct load *l, char *out, size_t len)
{
	char signer[96];

	modinfo(l->installed ? l->module : l->path, "signer", signer, sizeof(signer));
	if (!signer[0])
		snprintf(
			out, len,
			"the module is unsigned: install algbench-dkms, which signs it with DKMS's "
			"key, and enroll that key: " ENROLL);
	else if (access(DKMS_KEY, R_OK) == 0)
		snprintf(out, len,
			 "it is signed by '%s', a key the kernel does not trust: enroll DKMS's "
			 "key: " ENROLL,
			 signer);
	else
		snprintf(out, len,
			 "it is signed by '%s', a key the kernel does not trust: enroll that key's "
			 "certificate with mokutil --import CERT, reboot and confirm it in "
			 "MokManager",
			 signer);
}

/* The fix for a module built against the wrong tree: build it for this kernel. */
static const char *rebuild(const struct load *l, char *buf, size_t len)
{
	if (l->installed)
		snprintf(buf, len, "reinstall it for %s (dkms autoinstall, with linux-headers-%s)",
			 l->release, l->release);
	else
		snprintf(buf, len,
			 "rebuild it against linux-headers-%s (cmake, then cmake --build)",
			 l->release);
	return buf;
}

/* A signature the kernel refused (EKEYREJECTED, ENOKEY, ...). */
static void refused_signature(const struct load *l, char why[AB_WHY_LEN])
{
	bool on_cmd = on_cmdline("module.sig_enforce=1");
	char fix[AB_WHY_LEN], enforce[8] = "", how[AB_WHY_LEN];

	ab_read_line("/sys/module/module/parameters/sig_enforce", enforce, sizeof(enforce));
	if (enforce[0] != 'Y') {
		ab_whyf(why,
			"%s.ko: %s: its signature does not verify (changed after signing, or a "
			"key the kernel cannot use): %s, and sign it again",
			l->module, l->said, rebuild(l, how, sizeof(how)));
		return;
	}
	signature_fix(l, fix, sizeof(fix));
	ab_whyf(why,
		"%s.ko: %s: the kernel loads only modules signed by a key it trusts "
		"(module.sig_enforce=1%s): %s%s",
		l->module, l->said, on_cmd ? ", on the kernel command line" : "", fix,
		on_cmd ? "; or boot without module.sig_enforce=1" : "");
}

/* EPERM as root: modules_disabled, lockdown, or a security module. */
static void refused_as_root(const struct load *l, char why[AB_WHY_LEN])
{
	char mode[32], fix[AB_WHY_LEN], off[AB_WHY_LEN];

	lockdown(mode, sizeof(mode));
	/* modules_disabled set since abk_load() asked: the same words as then */
	if (ab_modules_loadable(off) == -EPERM) {
		ab_whyf(why, "%s.ko: %s: %s", l->module, l->said, off);
	} else if (mode[0] && strcmp(mode, "none")) {
		signature_fix(l, fix, sizeof(fix));
		ab_whyf(why,
			"%s.ko: %s: kernel lockdown (%s%s) loads only modules signed by a key it "
			"trusts: %s%s",
			l->module, l->said, mode, lockdown_source(), fix,
			secure_boot() ? "" : "; or boot without lockdown=");
	} else {
		ab_whyf(why,
			"%s.ko: %s as root, with no lockdown (%s) and modules_disabled=0: a "
			"security module (SELinux, AppArmor) may refuse it: see dmesg",
			l->module, l->said, mode[0] ? mode : "state unknown");
	}
}

/* WHY for a load the kernel (or modprobe) refused with ERR; returns ERR. */
static int explain(const struct load *l, int err, char why[AB_WHY_LEN])
{
	char vermagic[128], how[AB_WHY_LEN];

	switch (-err) {
	case ENOEXEC:
		modinfo(l->installed ? l->module : l->path, "vermagic", vermagic, sizeof(vermagic));
		ab_whyf(why,
			"%s.ko: %s: built for another kernel (its vermagic '%s', this kernel %s): "
			"%s",
			l->module, l->said, vermagic[0] ? vermagic : "unreadable", l->release,
			rebuild(l, how, sizeof(how)));
		break;
	case EKEYREJECTED:
	case ENOKEY:
	case EKEYEXPIRED:
	case EKEYREVOKED:
		refused_signature(l, why);
		break;
	case EPERM:
		refused_as_root(l, why);
		break;
	case ENOENT:
		ab_whyf(why,
			"%s.ko: %s: it needs symbols this kernel does not export (see dmesg): "
			"built against other headers than %s's; %s",
			l->module, l->said, l->release, rebuild(l, how, sizeof(how)));
		break;
	case EINVAL:
		ab_whyf(why,
			"%s.ko: %s: the kernel refused it (a symbol version or the module's "
			"format, see dmesg): %s",
			l->module, l->said, rebuild(l, how, sizeof(how)));
		break;
	case ENOSYS:
		ab_whyf(why,
			"%s.ko: %s: this kernel loads no modules (built without CONFIG_MODULES)",
			l->module, l->said);
		break;
	default:
		if (l->writable)
			ab_whyf(why,
				"%s.ko: %s: not loaded (whoever may write it chooses what runs in "
				"the kernel); chmod go-w it and its folders up to /, owned by root "
				"(or you)",
				l->module, l->said);
		else
			ab_whyf(why, "%s.ko: %s (see dmesg)", l->module, l->said);
	}
	return err;
}

int abk_load(const char *module, char why[AB_WHY_LEN])
{
	const char *const dry_run[] = { "modprobe", "--dry-run", "--quiet", module, NULL };
	struct load l = { .module = module };
	struct utsname u;
	char ignored[64], kernel[AB_WHY_LEN];
	int err;

	if (abk_loaded(module))
		return 0;
	err = ab_modules_loadable(kernel);
	/* no Kconfig option builds algbench's modules in: only loading brings them */
	if (err == -ENOSYS)
		ab_whyf(why, "%s.ko: %s; %s.ko has no built-in equivalent", module, kernel, module);
	else if (err)
		ab_whyf(why, "%s.ko: %s", module, kernel);
	if (err)
		return err;
	uname(&u);
	snprintf(l.release, sizeof(l.release), "%s", u.release);
	l.installed = tool(dry_run, ignored, sizeof(ignored)) == 0;
	if (!l.installed && abk_built_path(module, l.release, l.path, sizeof(l.path)))
		snprintf(l.path, sizeof(l.path), "$ALGBENCH_KMOD_DIR/%s/%s.ko", l.release, module);
	if (!l.installed && access(l.path, F_OK))
		return missing(&l, why);
	if (!ab_cap_effective(CAP_SYS_MODULE, false))
		return not_root(&l, why);
	err = l.installed ? modprobe(&l) : insmod(&l);
	if (err)
		return explain(&l, err, why);
	if (l.installed)
		return 0;
	ab_whyf(why,
		"%s.ko is not installed for %s; loaded %s (insmod). Install algbench-dkms to "
		"have it for every kernel",
		module, l.release, l.path);
	return 1;
}

int abk_unload(const char *module, char why[AB_WHY_LEN])
{
	int err = syscall(SYS_delete_module, module, O_NONBLOCK) ? errno : 0;

	if (err)
		ab_whyf(why, "%s.ko: cannot unload it: %s%s", module, strerror(err),
			err == EWOULDBLOCK ? " (in use)" : "");
	return -err;
}
