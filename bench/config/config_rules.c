// SPDX-License-Identifier: GPL-2.0
/*
 * The findings table of `algbench config-check`: one row per rule, with the
 * option, the condition, the severity, what it costs or blocks, the
 * evidence and the fix. Severity: error = measurably hurts crypto
 * throughput on every request; warning = slows a crypto path, blocks part
 * of the harness, or widens attack surface; info = changes behaviour worth
 * knowing before comparing numbers. docs/config-check.md says why each
 * row has the severity it has.
 */
#include <stdio.h>
#include <string.h>

#include "config/config_rules.h"
#include "sys/kstats.h"

/*
 * AB_STATS_EVIDENCE: this project's own stats-on vs stats-off figure, from
 * results/ab-stats-deterministic/report.md (scripts/ab-stats --deterministic).
 */
#define AB_STATS_EVIDENCE                                                                          \
	"This project's A/B run (results/ab-stats-deterministic/report.md: Linux 6.1.192, the "    \
	"same config but CRYPTO_STATS, QEMU -icount, 1 CPU, so instruction cost only, no "         \
	"contention): stats-on/stats-off throughput 0.845 for in-kernel cbc(aes) 16-byte "         \
	"requests, 0.947 for gcm(aes)-128 16 B, 0.990 at 4096 B; 0.98-0.999 through AF_ALG."

#define ACCEL_EVIDENCE                                                                             \
	"Without it the crypto API serves the algorithm with the generic C code (the *-generic "   \
	"driver); `algbench list` on the running kernel shows the driver actually chosen."
#define ACCEL_FIX_MOD(sym)                                                                         \
	"CONFIG_" sym "=m (or =y); the CPU feature is checked when the module loads."

#define DEBUG_FIX(sym) "# CONFIG_" sym " is not set (debug kernels only; never benchmark one)."

const struct rule config_rules[] = {
	{
		.id = "crypto-stats",
		.syms = { "CRYPTO_STATS" },
		.when = WHEN_Y,
		.severity = SEV_ERROR,
		.removed_in = KSTATS_REMOVED_IN,
		.condition = "=y",
		.cost = "Every aead, skcipher, hash, compress, rng, akcipher and kpp request "
			"updates shared atomic64 counters in its crypto_alg, whether or not anyone "
			"reads them; with many CPUs the cache line bounces and throughput "
			"collapses.",
		.evidence =
			"Lustre client encryption went from 21.7 GB/s to 48.2 GB/s by disabling it "
			"(Launchpad bug 2039576, cited by the upstream removal: 2beb81fbf0c0, "
			"reverted, then 29ce50e078b8 in 6.10). " AB_STATS_EVIDENCE,
		.fix = "# CONFIG_CRYPTO_STATS is not set (nothing in user space reads these "
		       "statistics).",
	},
	{
		.id = "af-alg-hash-missing",
		.syms = { "CRYPTO_USER_API_HASH" },
		.when = WHEN_MISSING,
		.severity = SEV_WARNING,
		.condition = "not y/m",
		.cost = "No AF_ALG hash sockets (algif_hash): algbench's afalg hash jobs and "
			"kcapi-dgst are impossible; only the in-kernel backend can measure hashes.",
		.evidence =
			"algif_hash is built from CONFIG_CRYPTO_USER_API_HASH (crypto/Makefile).",
		.fix = "CONFIG_CRYPTO_USER_API_HASH=m",
	},
	{
		.id = "af-alg-skcipher-missing",
		.syms = { "CRYPTO_USER_API_SKCIPHER" },
		.when = WHEN_MISSING,
		.severity = SEV_WARNING,
		.condition = "not y/m",
		.cost = "No AF_ALG skcipher sockets (algif_skcipher): afalg cbc/ctr/xts jobs and "
			"kcapi-enc are impossible; only the in-kernel backend can measure them.",
		.evidence = "algif_skcipher is built from CONFIG_CRYPTO_USER_API_SKCIPHER "
			    "(crypto/Makefile).",
		.fix = "CONFIG_CRYPTO_USER_API_SKCIPHER=m",
	},
	{
		.id = "af-alg-aead-missing",
		.syms = { "CRYPTO_USER_API_AEAD" },
		.when = WHEN_MISSING,
		.severity = SEV_WARNING,
		.condition = "not y/m",
		.cost = "No AF_ALG aead sockets (algif_aead): afalg "
			"gcm/ccm/rfc4106/chacha20poly1305 jobs are impossible; only the in-kernel "
			"backend can measure aead. Some fleets turn this off on purpose "
			"(CVE-2026-31431).",
		.evidence =
			"algif_aead is built from CONFIG_CRYPTO_USER_API_AEAD (crypto/Makefile).",
		.fix = "CONFIG_CRYPTO_USER_API_AEAD=m, on a kernel with the out-of-place fix "
		       "a664bf3d603d; or keep it off and use the kmod backend for aead.",
	},
	{
		.id = "af-alg-rng-missing",
		.syms = { "CRYPTO_USER_API_RNG" },
		.when = WHEN_MISSING,
		.severity = SEV_INFO,
		.condition = "not y/m",
		.cost = "No AF_ALG rng sockets (algif_rng): kcapi-rng and rng jobs are impossible. "
			"The default suite has no rng jobs.",
		.evidence = "algif_rng is built from CONFIG_CRYPTO_USER_API_RNG (crypto/Makefile).",
		.fix = "CONFIG_CRYPTO_USER_API_RNG=m",
	},
	{
		.id = "modules-missing",
		.syms = { "MODULES" },
		.when = WHEN_MISSING,
		.severity = SEV_WARNING,
		.condition = "not y",
		.cost = "No loadable modules: algbench.ko, which has no built-in equivalent, "
			"cannot "
			"load, so the kmod backend (run --backend kmod, algbench kmod) cannot run; "
			"neither can algbench-dkms, nor algbench_trace.ko and algbench_em.ko. "
			"Every "
			"crypto driver, AF_ALG socket type and crypto_user must be built in (=y) "
			"to be there at all.",
		.evidence = "Without CONFIG_MODULES the kernel has no init_module/finit_module "
			    "(ENOSYS) and no /proc/modules, and Kconfig reads any =m as =y "
			    "(scripts/kconfig/symbol.c: a tristate is a bool when MODULES is n).",
		.fix = "CONFIG_MODULES=y; or, to keep a kernel without modules, =y wherever "
		       "another finding says =m, and measure with the afalg and openssl "
		       "backends.",
	},
	{
		.id = "crypto-user-missing",
		.syms = { "CRYPTO_USER" },
		.when = WHEN_MISSING,
		.severity = SEV_WARNING,
		.condition = "not y/m",
		.cost = "No crypto_user netlink (NETLINK_CRYPTO): `algbench nl`, `algbench "
			"conform` and the driver/priority listing are impossible; AF_ALG still "
			"works.",
		.evidence = "crypto_user is built from CONFIG_CRYPTO_USER (crypto/Makefile); "
			    "socket(AF_NETLINK, ..., NETLINK_CRYPTO) fails with EPROTONOSUPPORT "
			    "without it.",
		.fix = "CONFIG_CRYPTO_USER=m",
	},
	{
		.id = "af-alg-aead-copy-fail",
		.syms = { "CRYPTO_USER_API_AEAD" },
		.when = WHEN_ENABLED,
		.severity = SEV_WARNING,
		.condition = "y/m",
		.cost = "AF_ALG aead is reachable by any local user (socket(AF_ALG) needs no "
			"privilege). CVE-2026-31431 (\"Copy Fail\"): algif_aead's in-place "
			"operation (72548b093ee3) let a local user write into the page cache; CVSS "
			"7.8, local privilege escalation.",
		.evidence = "Fixed upstream by a664bf3d603d (\"crypto: algif_aead - Revert to "
			    "operating out-of-place\"); a config cannot show whether this kernel "
			    "carries the fix or its stable/distro backport.",
		.fix = "Run a kernel carrying a664bf3d603d (check the distro's changelog for "
		       "CVE-2026-31431); where AF_ALG aead is not needed, # "
		       "CONFIG_CRYPTO_USER_API_AEAD is not set, or blacklist algif_aead.",
	},
	{
		.id = "selftests-disabled",
		.syms = { "CRYPTO_MANAGER_DISABLE_TESTS" },
		.when = WHEN_Y,
		.severity = SEV_WARNING,
		.condition = "=y",
		.cost = "No boot-time self-tests: a driver giving wrong output registers and is "
			"used silently, and CRYPTO_FIPS cannot be enabled. algbench's known-answer "
			"checks still catch it for the catalogue's algorithms.",
		.evidence = "crypto/testmgr.c alg_test() returns 0 without testing when "
			    "CONFIG_CRYPTO_MANAGER_DISABLE_TESTS is set; CRYPTO_FIPS depends on "
			    "!CRYPTO_MANAGER_DISABLE_TESTS.",
		.fix = "# CONFIG_CRYPTO_MANAGER_DISABLE_TESTS is not set",
	},
	{
		.id = "selftests-extra",
		.syms = { "CRYPTO_MANAGER_EXTRA_TESTS" },
		.when = WHEN_Y,
		.severity = SEV_WARNING,
		.condition = "=y",
		.cost = "Randomized self-tests against the generic implementations at every "
			"algorithm registration: slow boot and module loading (each driver module "
			"loaded by a benchmark pays it); a developer option.",
		.evidence = "Its Kconfig help: \"intended for developer use only, as these tests "
			    "take much longer to run than the normal self tests\".",
		.fix = "# CONFIG_CRYPTO_MANAGER_EXTRA_TESTS is not set (keep it for driver "
		       "development kernels).",
	},
	{
		.id = "fips",
		.syms = { "CRYPTO_FIPS" },
		.when = WHEN_Y,
		.severity = SEV_INFO,
		.condition = "=y",
		.cost = "Nothing until booted with fips=1. Then algorithms not marked fips_allowed "
			"refuse to instantiate (those jobs fail with ENOENT/ELIBBAD), a failed "
			"self-test panics, and xts rejects keys with equal halves: compare FIPS "
			"and non-FIPS runs only with each other.",
		.evidence = "crypto/fips.c (fips=1 sets fips_enabled); crypto/testmgr.c alg_test() "
			    "rejects non-fips_allowed algorithms and panics on failure when "
			    "fips_enabled.",
		.fix = "Nothing to fix; record whether /proc/sys/crypto/fips_enabled is 1 with the "
		       "results.",
	},
	{
		.id = "tcrypt-builtin",
		.syms = { "CRYPTO_TEST", "CRYPTO_BENCHMARK" },
		.when = WHEN_Y,
		.severity = SEV_WARNING,
		.condition = "=y",
		.cost = "tcrypt built in runs its default test mode during boot: slow boot, and "
			"the reference benchmark cannot be reloaded with other modes.",
		.evidence = "crypto/tcrypt.c runs do_test(mode) from module_init; tcrypt's Kconfig "
			    "symbol is CRYPTO_TEST, renamed CRYPTO_BENCHMARK upstream in 2025.",
		.fix = "CONFIG_CRYPTO_TEST=m (CONFIG_CRYPTO_BENCHMARK=m on newer kernels).",
	},
	{
		.id = "tcrypt-missing",
		.syms = { "CRYPTO_TEST", "CRYPTO_BENCHMARK" },
		.when = WHEN_MISSING,
		.severity = SEV_INFO,
		.condition = "neither name y/m",
		.cost = "No tcrypt: the kernel's own speed tests (modprobe tcrypt mode=N sec=S) "
			"are not available as a reference; algbench's kmod backend does not need "
			"them.",
		.evidence = "tcrypt's Kconfig symbol is CRYPTO_TEST, renamed CRYPTO_BENCHMARK "
			    "upstream in 2025.",
		.fix = "CONFIG_CRYPTO_TEST=m (CONFIG_CRYPTO_BENCHMARK=m on newer kernels).",
	},
	{
		.id = "preempt-rt",
		.syms = { "PREEMPT_RT" },
		.when = WHEN_Y,
		.severity = SEV_INFO,
		.condition = "=y",
		.cost = "Real-time kernel: spinlocks sleep, softirqs run in threads, and SIMD glue "
			"code yields the FPU in small chunks (x86 chacha/poly1305 every 4 KiB), so "
			"crypto throughput and latency differ from the non-RT build of the same "
			"kernel.",
		.evidence = "PREEMPT_RT semantics (kernel/Kconfig.preempt); "
			    "arch/x86/crypto/chacha_glue.c limits each kernel_fpu_begin() section "
			    "to SZ_4K.",
		.fix = "Nothing to fix; compare RT results only with RT results.",
	},
	/* What `algbench trace` needs (bench/trace/, docs/trace.md): capabilities, not costs. */
	{
		.id = "trace-kprobes-missing",
		.syms = { "KPROBES", "KPROBE_EVENTS", "KRETPROBES" },
		.when = WHEN_ANY_MISSING,
		.severity = SEV_INFO,
		.condition = "any not y",
		.cost = "trace's tracefs engine defines its probes in kprobe_events "
			"(KPROBE_EVENTS, "
			"over KPROBES) and counts failed calls with return probes (KRETPROBES); "
			"without them only the BPF engine can trace.",
		.evidence = "bench/trace/probes.c writes p:/r: lines to kprobe_events (fprobes, "
			    "where FPROBE_EVENTS has them, to dynamic_events); KPROBE_EVENTS "
			    "depends on KPROBES (kernel/trace/Kconfig).",
		.fix = "CONFIG_KPROBES=y, CONFIG_KRETPROBES=y, CONFIG_KPROBE_EVENTS=y",
	},
	{
		.id = "trace-hist-missing",
		.syms = { "HIST_TRIGGERS" },
		.when = WHEN_MISSING,
		.severity = SEV_INFO,
		.condition = "not y",
		.cost = "trace's tracefs engine counts calls and bytes per driver with hist "
			"triggers on its probe events; without them only the BPF engine can "
			"trace.",
		.evidence = "bench/trace/probes.c writes hist:keys=... triggers; an event's "
			    "trigger file takes hist only with CONFIG_HIST_TRIGGERS.",
		.fix = "CONFIG_HIST_TRIGGERS=y",
	},
	{
		.id = "trace-bpf-missing",
		.syms = { "BPF_SYSCALL", "BPF_JIT" },
		.when = WHEN_ANY_MISSING,
		.severity = SEV_INFO,
		.condition = "any not y",
		.cost = "No BPF engine for trace (fentry/fexit programs counting in a per-CPU "
			"map, the cheaper engine): bpf() needs BPF_SYSCALL, and fentry's "
			"trampolines need the JIT; trace uses its tracefs engine instead.",
		.evidence = "bench/trace/bpf_engine.c: without BPF_SYSCALL bpf() fails with "
			    "ENOSYS; arch_prepare_bpf_trampoline() is part of the BPF JIT "
			    "(arch/x86/net/bpf_jit_comp.c), and fails with ENOTSUPP without it.",
		.fix = "CONFIG_BPF_SYSCALL=y, CONFIG_BPF_JIT=y",
	},
	{
		.id = "trace-btf-missing",
		.syms = { "DEBUG_INFO_BTF" },
		.when = WHEN_MISSING,
		.severity = SEV_INFO,
		.condition = "not y",
		.cost = "No /sys/kernel/btf/vmlinux: no BPF engine for trace (CO-RE and fentry "
			"need the kernel's BTF), and the tracefs engine takes the crypto structs' "
			"member offsets from algbench_trace.ko instead, a module.",
		.evidence = "bench/trace/bpf_engine.c refuses without /sys/kernel/btf/vmlinux; "
			    "bench/trace/layout.c reads offsets from BTF, else from "
			    "algbench_trace.ko's crypto_layout.",
		.fix = "CONFIG_DEBUG_INFO_BTF=y (needs pahole at build time)",
	},
	{
		.id = "trace-user-events-missing",
		.syms = { "USER_EVENTS" },
		.when = WHEN_MISSING,
		.severity = SEV_INFO,
		.condition = "not y",
		.cost = "No user_events: run, suite and trace cannot mark each job's begin, "
			"samples and end as the algbench_sample event, so a perf or ftrace "
			"session beside them sees no job boundaries; measurements are "
			"unaffected.",
		.evidence = "bench/trace/markers.c registers through "
			    "/sys/kernel/tracing/user_events_data, which exists only with "
			    "CONFIG_USER_EVENTS (Linux 6.4 and later; absent from 6.1).",
		.fix = "CONFIG_USER_EVENTS=y (Linux 6.4+)",
	},
	/* Debugging options that slow the crypto path. */
	{
		.id = "debug-lockdep",
		.syms = { "PROVE_LOCKING", "LOCKDEP", "DEBUG_LOCK_ALLOC" },
		.when = WHEN_Y,
		.severity = SEV_WARNING,
		.condition = "=y",
		.cost = "Lock validation on every lock taken: AF_ALG socket locks, crypto_alg_sem, "
			"per-request locks; multi-thread throughput is not representative.",
		.evidence = "lockdep tracks every acquisition (kernel/locking/lockdep.c); "
			    "PROVE_LOCKING and DEBUG_LOCK_ALLOC select LOCKDEP.",
		.fix = DEBUG_FIX("PROVE_LOCKING") " Also DEBUG_LOCK_ALLOC.",
	},
	{
		.id = "debug-lock-stat",
		.syms = { "LOCK_STAT" },
		.when = WHEN_Y,
		.severity = SEV_WARNING,
		.condition = "=y",
		.cost = "Lock contention statistics on every lock: extra time and cache traffic "
			"exactly where multi-thread crypto contends.",
		.evidence = "LOCK_STAT selects LOCKDEP (lib/Kconfig.debug).",
		.fix = DEBUG_FIX("LOCK_STAT"),
	},
	{
		.id = "debug-kasan",
		.syms = { "KASAN" },
		.when = WHEN_Y,
		.severity = SEV_WARNING,
		.condition = "=y",
		.cost = "Every memory access of the generic C crypto code and the scatterwalk is "
			"instrumented; throughput drops several-fold.",
		.evidence = "KASAN instruments loads/stores at compile time "
			    "(Documentation/dev-tools/kasan.rst).",
		.fix = DEBUG_FIX("KASAN"),
	},
	{
		.id = "debug-kcsan",
		.syms = { "KCSAN" },
		.when = WHEN_Y,
		.severity = SEV_WARNING,
		.condition = "=y",
		.cost = "Compile-time instrumentation of memory accesses with watchpoints: crypto "
			"throughput is not representative.",
		.evidence = "Documentation/dev-tools/kcsan.rst.",
		.fix = DEBUG_FIX("KCSAN"),
	},
	{
		.id = "debug-kmsan",
		.syms = { "KMSAN" },
		.when = WHEN_Y,
		.severity = SEV_WARNING,
		.condition = "=y",
		.cost = "Shadow tracking of every byte's initialisation state: several-fold slower "
			"crypto.",
		.evidence = "Documentation/dev-tools/kmsan.rst.",
		.fix = DEBUG_FIX("KMSAN"),
	},
	{
		.id = "debug-preempt",
		.syms = { "DEBUG_PREEMPT" },
		.when = WHEN_Y,
		.severity = SEV_WARNING,
		.condition = "=y",
		.cost = "Checks on every preempt_disable/enable and smp_processor_id(): "
			"kernel_fpu_begin/end in every SIMD crypto call and per-CPU request queues "
			"pay it.",
		.evidence = "Its Kconfig help (6.3+): \"potential to introduce high runtime "
			    "overhead ... for each this_cpu operation\"; the patch that stopped "
			    "defaulting it to y measured hackbench 11-13% faster without it.",
		.fix = DEBUG_FIX("DEBUG_PREEMPT"),
	},
	{
		.id = "debug-atomic-sleep",
		.syms = { "DEBUG_ATOMIC_SLEEP" },
		.when = WHEN_Y,
		.severity = SEV_WARNING,
		.condition = "=y",
		.cost = "might_sleep() checks in every crypto_yield()/cond_resched() and "
			"allocation on the request path.",
		.evidence = "lib/Kconfig.debug (DEBUG_ATOMIC_SLEEP).",
		.fix = DEBUG_FIX("DEBUG_ATOMIC_SLEEP"),
	},
	{
		.id = "debug-sg",
		.syms = { "DEBUG_SG" },
		.when = WHEN_Y,
		.severity = SEV_WARNING,
		.condition = "=y",
		.cost = "Validates scatterlist entries on every sg operation; the crypto API walks "
			"scatterlists for every AF_ALG and skcipher/aead request.",
		.evidence = "include/linux/scatterlist.h: BUG_ON checks in the sg helpers under "
			    "CONFIG_DEBUG_SG.",
		.fix = DEBUG_FIX("DEBUG_SG"),
	},
	{
		.id = "debug-pagealloc",
		.syms = { "DEBUG_PAGEALLOC" },
		.when = WHEN_Y,
		.severity = SEV_WARNING,
		.condition = "=y",
		.cost = "Unmaps freed pages (when enabled at boot): page allocation and freeing on "
			"the AF_ALG path cost TLB flushes.",
		.evidence = "mm/Kconfig.debug (DEBUG_PAGEALLOC, DEBUG_PAGEALLOC_ENABLE_DEFAULT).",
		.fix = DEBUG_FIX("DEBUG_PAGEALLOC"),
	},
	{
		.id = "debug-kmemleak",
		.syms = { "DEBUG_KMEMLEAK" },
		.when = WHEN_Y,
		.severity = SEV_WARNING,
		.condition = "=y",
		.cost = "Tracks every allocation: each crypto request/tfm allocation pays it.",
		.evidence = "Kconfig help of DEBUG_KMEMLEAK (every kmalloc/kmem_cache_alloc is "
			    "recorded).",
		.fix = DEBUG_FIX("DEBUG_KMEMLEAK"),
	},
	{
		.id = "debug-objects",
		.syms = { "DEBUG_OBJECTS" },
		.when = WHEN_Y,
		.severity = SEV_WARNING,
		.condition = "=y",
		.cost = "Object lifetime tracking (timers, work items, RCU heads) on the async "
			"crypto paths.",
		.evidence = "lib/Kconfig.debug (DEBUG_OBJECTS).",
		.fix = DEBUG_FIX("DEBUG_OBJECTS"),
	},
	{
		.id = "debug-slub",
		.syms = { "SLUB_DEBUG_ON" },
		.when = WHEN_Y,
		.severity = SEV_WARNING,
		.condition = "=y",
		.cost = "Red zones, poisoning and tracking on every slab allocation (requests, "
			"tfms, AF_ALG buffers).",
		.evidence = "SLUB_DEBUG_ON turns slub_debug on for every cache at boot.",
		.fix = DEBUG_FIX("SLUB_DEBUG_ON"),
	},
	{
		.id = "debug-ubsan",
		.syms = { "UBSAN" },
		.when = WHEN_Y,
		.severity = SEV_WARNING,
		.condition = "=y",
		.cost = "Runtime checks compiled into the C crypto code (shifts, bounds, "
			"overflow).",
		.evidence = "lib/Kconfig.ubsan.",
		.fix = DEBUG_FIX("UBSAN"),
	},
	/* The architecture's accelerated drivers for the catalogue's algorithms. */
	{
		.id = "accel-aesni",
		.arch = "x86_64",
		.syms = { "CRYPTO_AES_NI_INTEL" },
		.when = WHEN_MISSING,
		.severity = SEV_WARNING,
		.condition = "not y/m",
		.cost = "No AES-NI: aes, gcm(aes), rfc4106, cbc/ctr/xts(aes) fall back to "
			"table-based generic C, far slower and not constant-time.",
		.evidence = ACCEL_EVIDENCE,
		.fix = ACCEL_FIX_MOD("CRYPTO_AES_NI_INTEL"),
	},
	{
		.id = "accel-ghash-clmul",
		.arch = "x86_64",
		.syms = { "CRYPTO_GHASH_CLMUL_NI_INTEL" },
		.when = WHEN_MISSING,
		.severity = SEV_WARNING,
		.condition = "not y/m",
		.cost = "No PCLMULQDQ ghash: gcm built from templates (gcm_base(ctr(aes),ghash)) "
			"uses ghash-generic.",
		.evidence = ACCEL_EVIDENCE,
		.fix = ACCEL_FIX_MOD("CRYPTO_GHASH_CLMUL_NI_INTEL"),
	},
	{
		.id = "accel-sha256-x86",
		.arch = "x86_64",
		.syms = { "CRYPTO_SHA256_SSSE3", "CRYPTO_LIB_SHA256_ARCH" },
		.when = WHEN_MISSING,
		.severity = SEV_WARNING,
		.condition = "not y/m",
		.cost = "No SHA-NI/SSSE3/AVX/AVX2 sha256: sha256 and hmac(sha256) use "
			"sha256-generic.",
		.evidence = ACCEL_EVIDENCE
		" Newer kernels build it into lib/crypto (CRYPTO_LIB_SHA256_ARCH).",
		.fix = ACCEL_FIX_MOD("CRYPTO_SHA256_SSSE3"),
	},
	{
		.id = "accel-sha512-x86",
		.arch = "x86_64",
		.syms = { "CRYPTO_SHA512_SSSE3", "CRYPTO_LIB_SHA512_ARCH" },
		.when = WHEN_MISSING,
		.severity = SEV_WARNING,
		.condition = "not y/m",
		.cost = "No SSSE3/AVX/AVX2 sha512: sha512 uses sha512-generic.",
		.evidence = ACCEL_EVIDENCE
		" Newer kernels build it into lib/crypto (CRYPTO_LIB_SHA512_ARCH).",
		.fix = ACCEL_FIX_MOD("CRYPTO_SHA512_SSSE3"),
	},
	{
		.id = "accel-chacha-x86",
		.arch = "x86_64",
		.syms = { "CRYPTO_CHACHA20_X86_64", "CRYPTO_LIB_CHACHA_ARCH" },
		.when = WHEN_MISSING,
		.severity = SEV_WARNING,
		.condition = "not y/m",
		.cost = "No SSSE3/AVX2/AVX-512 chacha20: rfc7539(chacha20,poly1305) uses "
			"chacha20-generic.",
		.evidence = ACCEL_EVIDENCE,
		.fix = ACCEL_FIX_MOD("CRYPTO_CHACHA20_X86_64"),
	},
	{
		.id = "accel-poly1305-x86",
		.arch = "x86_64",
		.syms = { "CRYPTO_POLY1305_X86_64", "CRYPTO_LIB_POLY1305_ARCH" },
		.when = WHEN_MISSING,
		.severity = SEV_WARNING,
		.condition = "not y/m",
		.cost = "No SIMD poly1305: rfc7539(chacha20,poly1305) uses poly1305-generic.",
		.evidence = ACCEL_EVIDENCE,
		.fix = ACCEL_FIX_MOD("CRYPTO_POLY1305_X86_64"),
	},
	{
		.id = "accel-crc32c-x86",
		.arch = "x86_64",
		.syms = { "CRYPTO_CRC32C_INTEL", "CRC32_ARCH" },
		.when = WHEN_MISSING,
		.severity = SEV_WARNING,
		.condition = "not y/m",
		.cost = "No SSE4.2 crc32c: crc32c (and btrfs, ext4 metadata checksums) uses "
			"crc32c-generic.",
		.evidence = ACCEL_EVIDENCE " Newer kernels build it into lib/crc (CRC32_ARCH).",
		.fix = ACCEL_FIX_MOD("CRYPTO_CRC32C_INTEL"),
	},
	{
		.id = "accel-aes-ce",
		.arch = "arm64",
		.syms = { "CRYPTO_AES_ARM64_CE_BLK" },
		.when = WHEN_MISSING,
		.severity = SEV_WARNING,
		.condition = "not y/m",
		.cost = "No ARMv8 CE aes modes: cbc/ctr/xts(aes) fall back to the NEON, scalar or "
			"generic code.",
		.evidence = ACCEL_EVIDENCE,
		.fix = ACCEL_FIX_MOD("CRYPTO_AES_ARM64_CE_BLK"),
	},
	{
		.id = "accel-aes-ce-cipher",
		.arch = "arm64",
		.syms = { "CRYPTO_AES_ARM64_CE" },
		.when = WHEN_MISSING,
		.severity = SEV_WARNING,
		.condition = "not y/m",
		.cost = "No ARMv8 CE aes block cipher: template-built modes over aes use aes-arm64 "
			"or aes-generic.",
		.evidence = ACCEL_EVIDENCE,
		.fix = ACCEL_FIX_MOD("CRYPTO_AES_ARM64_CE"),
	},
	{
		.id = "accel-aes-ce-ccm",
		.arch = "arm64",
		.syms = { "CRYPTO_AES_ARM64_CE_CCM" },
		.when = WHEN_MISSING,
		.severity = SEV_WARNING,
		.condition = "not y/m",
		.cost = "No ARMv8 CE ccm(aes): ccm uses the ccm template over the aes cipher.",
		.evidence = ACCEL_EVIDENCE,
		.fix = ACCEL_FIX_MOD("CRYPTO_AES_ARM64_CE_CCM"),
	},
	{
		.id = "accel-ghash-ce",
		.arch = "arm64",
		.syms = { "CRYPTO_GHASH_ARM64_CE" },
		.when = WHEN_MISSING,
		.severity = SEV_WARNING,
		.condition = "not y/m",
		.cost = "No PMULL gcm/ghash: gcm(aes) and rfc4106 are built from templates over "
			"ghash-generic.",
		.evidence = ACCEL_EVIDENCE,
		.fix = ACCEL_FIX_MOD("CRYPTO_GHASH_ARM64_CE"),
	},
	{
		.id = "accel-sha2-ce",
		.arch = "arm64",
		.syms = { "CRYPTO_SHA2_ARM64_CE", "CRYPTO_LIB_SHA256_ARCH" },
		.when = WHEN_MISSING,
		.severity = SEV_WARNING,
		.condition = "not y/m",
		.cost = "No ARMv8 CE sha256: sha256 and hmac(sha256) use scalar or generic code.",
		.evidence = ACCEL_EVIDENCE
		" Newer kernels build it into lib/crypto (CRYPTO_LIB_SHA256_ARCH).",
		.fix = ACCEL_FIX_MOD("CRYPTO_SHA2_ARM64_CE"),
	},
	{
		.id = "accel-sha512-ce",
		.arch = "arm64",
		.syms = { "CRYPTO_SHA512_ARM64_CE", "CRYPTO_LIB_SHA512_ARCH" },
		.when = WHEN_MISSING,
		.severity = SEV_WARNING,
		.condition = "not y/m",
		.cost = "No ARMv8.2 CE sha512: sha512 uses scalar or generic code.",
		.evidence = ACCEL_EVIDENCE,
		.fix = ACCEL_FIX_MOD("CRYPTO_SHA512_ARM64_CE"),
	},
	{
		.id = "accel-chacha-neon",
		.arch = "arm64",
		.syms = { "CRYPTO_CHACHA20_NEON", "CRYPTO_LIB_CHACHA_ARCH" },
		.when = WHEN_MISSING,
		.severity = SEV_WARNING,
		.condition = "not y/m",
		.cost = "No NEON chacha20: rfc7539(chacha20,poly1305) uses chacha20-generic.",
		.evidence = ACCEL_EVIDENCE,
		.fix = ACCEL_FIX_MOD("CRYPTO_CHACHA20_NEON"),
	},
	{
		.id = "accel-poly1305-neon",
		.arch = "arm64",
		.syms = { "CRYPTO_POLY1305_NEON", "CRYPTO_LIB_POLY1305_ARCH" },
		.when = WHEN_MISSING,
		.severity = SEV_WARNING,
		.condition = "not y/m",
		.cost = "No NEON poly1305: rfc7539(chacha20,poly1305) uses poly1305-generic.",
		.evidence = ACCEL_EVIDENCE,
		.fix = ACCEL_FIX_MOD("CRYPTO_POLY1305_NEON"),
	},
	{
		.id = "accel-arch-unlisted",
		.when = WHEN_ARCH_UNLISTED,
		.severity = SEV_INFO,
		.condition = "arch not x86_64/arm64",
		.cost = "config-check has accelerated-driver lists for x86_64 and arm64 only; this "
			"architecture's drivers were not checked.",
		.evidence = "The architecture comes from the config's own symbols (X86_64, ARM64, "
			    "...).",
		.fix = "Check `algbench list` on the running kernel for *-generic drivers.",
	},
};

const size_t n_config_rules = sizeof(config_rules) / sizeof(config_rules[0]);

const char *severity_name(enum severity s)
{
	static const char *const names[] = { "info", "warning", "error" };

	return names[s];
}

static int arch_listed(const char *arch)
{
	for (size_t i = 0; i < n_config_rules; i++)
		if (config_rules[i].arch && !strcmp(config_rules[i].arch, arch))
			return 1;
	return 0;
}

/* "CRYPTO_STATS=y, CRYPTO_LIB_X absent": what the config says about the rule's symbols. */
static void describe(const struct kconfig *kc, const struct rule *r, char *out, size_t len)
{
	size_t used = 0;

	out[0] = '\0';
	for (int i = 0; i < RULE_MAX_SYMS && r->syms[i] && used < len; i++) {
		const char *name = r->syms[i], *sep = i ? ", " : "";
		enum kval_kind k = kconfig_kind(kc, name);

		if (k == KV_ABSENT)
			used += snprintf(out + used, len - used, "%s%s absent", sep, name);
		else if (k == KV_NOTSET)
			used += snprintf(out + used, len - used, "%s%s is not set", sep, name);
		else
			used += snprintf(out + used, len - used, "%s%s=%s", sep, name,
					 kconfig_show(kc, name));
	}
	if (r->when == WHEN_ARCH_UNLISTED)
		snprintf(out, len, "architecture %s", kc->arch);
}

/* The symbol a rule fires on, or NULL if it does not fire. */
static const char *fires(const struct kconfig *kc, const struct rule *r)
{
	if (r->arch && strcmp(r->arch, kc->arch))
		return NULL;
	if (r->when == WHEN_ARCH_UNLISTED)
		return arch_listed(kc->arch) ? NULL : "ARCH";
	/* a line for a symbol the kernel no longer has is ignored by Kconfig */
	if (r->removed_in && kconfig_version_code(kc) >= r->removed_in)
		return NULL;
	for (int i = 0; i < RULE_MAX_SYMS && r->syms[i]; i++) {
		enum kval_kind k = kconfig_kind(kc, r->syms[i]);

		if (r->when == WHEN_Y && k == KV_Y)
			return r->syms[i];
		if (r->when == WHEN_ENABLED && (k == KV_Y || k == KV_M))
			return r->syms[i];
		if (r->when == WHEN_MISSING && (k == KV_Y || k == KV_M))
			return NULL;
		if (r->when == WHEN_ANY_MISSING && k != KV_Y && k != KV_M)
			return r->syms[i];
	}
	return r->when == WHEN_MISSING ? r->syms[0] : NULL;
}

size_t config_findings(const struct kconfig *kc, struct finding *out, size_t max)
{
	size_t n = 0;

	for (size_t i = 0; i < n_config_rules && n < max; i++) {
		const char *opt = fires(kc, &config_rules[i]);

		if (!opt)
			continue;
		out[n].rule = &config_rules[i];
		out[n].option = opt;
		describe(kc, &config_rules[i], out[n].observed, sizeof(out[n].observed));
		n++;
	}
	return n;
}

int config_rule_symbol(const char *name)
{
	for (size_t i = 0; i < n_config_rules; i++)
		for (int j = 0; j < RULE_MAX_SYMS && config_rules[i].syms[j]; j++)
			if (!strcmp(config_rules[i].syms[j], name))
				return 1;
	return 0;
}

const char *config_stats_state(const struct kconfig *kc)
{
	if (kstats_removed(kconfig_version_code(kc)))
		return "removed in " KSTATS_REMOVED_IN_TEXT;
	return kconfig_show(kc, "CRYPTO_STATS");
}
