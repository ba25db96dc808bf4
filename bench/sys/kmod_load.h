/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sys/kmod_load.h: loading algbench's modules (algbench, algbench_trace,
 * algbench_em) on whatever machine this is, and saying exactly why not.
 *
 * Installed (DKMS, or scripts/vm/run's /lib/modules/REL/extra): modprobe
 * finds it, and loads it. Only built: finit_module(2) of
 * KMOD_DIR/$(uname -r)/MODULE.ko, with a note for the user, where KMOD_DIR is
 * $ALGBENCH_KMOD_DIR or else the build's kmod/ beside the executable's bin/
 * (build/bin/algbench -> build/kmod). Each way a load fails has its own
 * reason and fix, and keeps the kernel's own error: not root, no module for
 * this kernel, built for another kernel (vermagic), refused signature
 * (module.sig_enforce, lockdown, Secure Boot), module loading disabled, and
 * a kernel that cannot load modules at all (sys/modules.h).
 * docs/kmod.md, "Loading".
 */
#ifndef ALGBENCH_KMOD_LOAD_H
#define ALGBENCH_KMOD_LOAD_H

#include <stdbool.h>
#include <stddef.h>

#include "core/error.h"

/*
 * Load MODULE unless it is loaded. 0; 1 when it was loaded from the build
 * (not installed), with WHY the note the caller says ("... not installed for
 * REL; loaded PATH (insmod) ..."): this library prints nothing; or -errno
 * with WHY (AB_WHY_LEN bytes): the kernel's errno where it answered (-EPERM,
 * -EKEYREJECTED, -ENOEXEC, ...), -ENOENT when no module for this kernel was
 * found, -EACCES when this process may not load modules; before any of that,
 * ab_modules_loadable()'s -ENOSYS (a kernel without CONFIG_MODULES: WHY adds
 * that MODULE.ko has no built-in equivalent) or -EPERM (modules_disabled).
 */
int abk_load(const char *module, char why[AB_WHY_LEN]);

/* Whether MODULE is loaded (/sys/module/MODULE/initstate). */
bool abk_loaded(const char *module);

/* Unload MODULE (delete_module(2), not waiting for users): 0, or -errno with WHY. */
int abk_unload(const char *module, char why[AB_WHY_LEN]);

/*
 * The file abk_load() would insmod: KMOD_DIR/RELEASE/MODULE.ko into PATH
 * (LEN bytes); 0, or -ENAMETOOLONG / -ENOENT (no executable path).
 */
int abk_built_path(const char *module, const char *release, char *path, size_t len);

/*
 * The module file open as FD (named PATH) is one root may load: a regular
 * file owned by root or this process's user and not writable by group or
 * others, and so is every folder up to / (a folder others may write only if
 * it is sticky, as /tmp: there they cannot replace what they do not own).
 * 0, or -EACCES (-errno when a stat fails, -EINVAL not a regular file) with
 * WHY naming the file or folder, its owner and what is wrong.
 */
int abk_module_trusted(int fd, const char *path, char why[AB_WHY_LEN]);

#endif
