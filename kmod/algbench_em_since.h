/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The first Linux release algbench_em.ko builds for: the runtime-modifiable
 * energy model (em_perf_table, em_dev_update_perf_domain,
 * em_perf_state_from_pd) came with 6.9. Written here only: algbench_em.c
 * includes it, and kmod/Kbuild, kmod/CMakeLists.txt and the generated
 * dkms.conf read the two lines below as text (keep their form).
 */
#ifndef ALGBENCH_EM_SINCE_H
#define ALGBENCH_EM_SINCE_H

#define ALGBENCH_EM_SINCE_MAJOR 6
#define ALGBENCH_EM_SINCE_MINOR 9

#endif
