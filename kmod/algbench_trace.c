// SPDX-License-Identifier: GPL-2.0
/*
 * algbench_trace.ko - a probe target with known answers, for checking what
 * kprobe, kretprobe and fprobe events report (tests/vm/trace_probe_guest.sh).
 *
 * algbench_trace_target() takes three integers and a pointer to a box it
 * rewrites, and returns a value computed from all of them. Everything is
 * derived from one number N written to /sys/kernel/debug/algbench_trace/call,
 * and reading that file back says what the last call was given, what the box
 * held before and after, and what the function returned. A test can then
 * compare an event's fields with these, one by one:
 *
 *   entry probe (p:, f:)            $arg1..$arg4 and box.value before the call
 *   return probe (r:, f:%return)    $arg1..$arg4 as passed (6.9+ saves them at
 *                                   entry), box.value after the call (read at
 *                                   return through the saved pointer), $retval
 *
 * The "layout" file gives the box's field offsets as this build of the
 * module has them, for +OFFSET($argN) fetches without BTF: kbuild gives a
 * module BTF only where the headers ship a vmlinux (Debian's 6.12 does, 6.1
 * does not), and 6.1's probes cannot use BTF names anyway.
 *
 * "crypto_layout" gives the offsets of the crypto request and tfm members
 * algbench trace reads through +OFF($arg1) (bench/trace/probes.c), as the
 * kernel tree this module was built against lays them out: its source of
 * offsets on a kernel without /sys/kernel/btf/vmlinux (the trace kernel).
 *
 * "crypto_algs" lists every registered algorithm, one "POINTER DRIVER NAME"
 * line each: algbench trace's hist triggers count per struct crypto_alg
 * pointer (a u64 key, not the 256-byte driver name copied on every call),
 * and this file names those pointers once per read, not once per call.
 */
#include <crypto/acompress.h>
#include <crypto/aead.h>
#include <crypto/hash.h>
#include <crypto/skcipher.h>
#include <linux/compiler.h>
#include <linux/crypto.h>
#include <linux/debugfs.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/rwsem.h>
#include <linux/seq_file.h>
#include <linux/stddef.h>
#include <linux/uaccess.h>

#define AT_NAME	    "algbench_trace"
#define AT_TAG_BASE 0xab7ace00u

struct at_box {
	u32 tag;   /* never written by the target: proves a probe read this box */
	u32 calls; /* how many calls saw this box */
	u64 value; /* rewritten by the target: differs between entry and return */
};

/* What the last call was given and what came back, as "call" reports it. */
struct at_report {
	u64 calls;
	u32 n;
	s64 delta;
	u64 key;
	struct at_box before, after;
	int ret;
};

/* Exported for probes to find, not for callers: no header declares it. */
int algbench_trace_target(u32 n, s64 delta, struct at_box *box, u64 key);

static DEFINE_MUTEX(at_lock);
static struct at_report at_last;
static struct dentry *at_dir;

/*
 * The probe target. noinline and noclone keep one out-of-line copy under its
 * own name with the C calling convention (no constprop or isra clone that a
 * probe on the name would miss); the export keeps it visible and the
 * barrier() keeps the box's load and store where the source has them.
 */
noinline __noclone int algbench_trace_target(u32 n, s64 delta, struct at_box *box, u64 key)
{
	u64 v = READ_ONCE(box->value);

	barrier();
	WRITE_ONCE(box->value, v * 3 + (u64)(-delta));
	box->calls++;
	return (int)((n % 1000) * 3 + (key & 0xff)) - 1000;
}
EXPORT_SYMBOL_GPL(algbench_trace_target);

/* One call, its arguments derived from n: a negative 64-bit value, a key with
 * bits above 32 set, a box whose tag carries n. */
static void at_call(u32 n)
{
	struct at_box box = {
		.tag = AT_TAG_BASE | (n & 0xff),
		.value = (u64)n * 10 + 1,
	};
	struct at_report r = {
		.n = n,
		.delta = -(s64)n * 1000 - 7,
		.key = ((u64)n << 32) | 0xc0ffee,
	};

	r.before = box;
	r.ret = algbench_trace_target(r.n, r.delta, &box, r.key);
	r.after = box;
	mutex_lock(&at_lock);
	r.calls = at_last.calls + 1;
	at_last = r;
	mutex_unlock(&at_lock);
}

static ssize_t at_call_write(struct file *file, const char __user *ubuf, size_t len, loff_t *pos)
{
	u32 n;
	int err;

	err = kstrtou32_from_user(ubuf, len, 0, &n);
	if (err)
		return err; /* not a number in 0..4294967295: -EINVAL or -ERANGE */
	at_call(n);
	return len;
}

static int at_call_show(struct seq_file *m, void *unused)
{
	struct at_report r;

	mutex_lock(&at_lock);
	r = at_last;
	mutex_unlock(&at_lock);
	seq_printf(m, "calls=%llu\n", r.calls);
	if (!r.calls)
		return 0;
	/* Numbers in the formats tracefs prints u32, s64, x32, x64 and s32. */
	seq_printf(m, "n=%u\ndelta=%lld\nkey=0x%llx\n", r.n, r.delta, r.key);
	seq_printf(m, "tag.entry=0x%x\ntag.return=0x%x\n", r.before.tag, r.after.tag);
	seq_printf(m, "value.entry=%llu\nvalue.return=%llu\n", r.before.value, r.after.value);
	seq_printf(m, "ret=%d\n", r.ret);
	return 0;
}

static int at_call_open(struct inode *inode, struct file *file)
{
	return single_open(file, at_call_show, NULL);
}

static const struct file_operations at_call_fops = {
	.owner = THIS_MODULE,
	.open = at_call_open,
	.read = seq_read,
	.write = at_call_write,
	.llseek = seq_lseek,
	.release = single_release,
};

static int at_layout_show(struct seq_file *m, void *unused)
{
	seq_printf(m, "function=%s\nargs=4\npointer_arg=3\n", "algbench_trace_target");
	seq_printf(m, "tag.offset=%zu\ntag.size=%zu\n", offsetof(struct at_box, tag),
		   sizeof_field(struct at_box, tag));
	seq_printf(m, "value.offset=%zu\nvalue.size=%zu\n", offsetof(struct at_box, value),
		   sizeof_field(struct at_box, value));
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(at_layout);

/* STRUCT.MEMBER=OFFSET, exactly the members bench/trace/probes.c fetches. */
#define AT_MEMBER(m, s, f) seq_printf(m, "%s.%s=%zu\n", #s, #f, offsetof(struct s, f))

static int at_crypto_layout_show(struct seq_file *m, void *unused)
{
	AT_MEMBER(m, aead_request, base);
	AT_MEMBER(m, aead_request, cryptlen);
	AT_MEMBER(m, skcipher_request, base);
	AT_MEMBER(m, skcipher_request, cryptlen);
	AT_MEMBER(m, ahash_request, base);
	AT_MEMBER(m, ahash_request, nbytes);
	AT_MEMBER(m, acomp_req, base);
	AT_MEMBER(m, acomp_req, slen);
	AT_MEMBER(m, crypto_async_request, tfm);
	AT_MEMBER(m, crypto_tfm, __crt_alg);
	AT_MEMBER(m, crypto_alg, cra_driver_name);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(at_crypto_layout);

/*
 * The registry of crypto/api.c. crypto/internal.h declares these two, but it
 * is private to crypto/ and not among the headers a module is built against;
 * both are EXPORT_SYMBOL_GPL (6.1 and 6.12 alike), so they are declared here.
 */
extern struct list_head crypto_alg_list;
extern struct rw_semaphore crypto_alg_sem;

static int at_crypto_algs_show(struct seq_file *m, void *unused)
{
	struct crypto_alg *alg;

	down_read(&crypto_alg_sem);
	list_for_each_entry (alg, &crypto_alg_list, cra_list) {
		/* a larval (an alg being looked up or tested) runs no request */
		if (alg->cra_flags & CRYPTO_ALG_LARVAL)
			continue;
		/*
		 * %px: the raw address is the key algbench trace's hist
		 * triggers print, to root, for the same alg (the file is
		 * 0400); a hashed %p would match none of them.
		 */
		seq_printf(m, "0x%px %s %s\n", alg, alg->cra_driver_name, alg->cra_name);
	}
	up_read(&crypto_alg_sem);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(at_crypto_algs);

static int __init at_init(void)
{
	at_dir = debugfs_create_dir(AT_NAME, NULL);
	if (IS_ERR(at_dir))
		return PTR_ERR(at_dir);
	debugfs_create_file("call", 0600, at_dir, NULL, &at_call_fops);
	debugfs_create_file("layout", 0400, at_dir, NULL, &at_layout_fops);
	debugfs_create_file("crypto_layout", 0400, at_dir, NULL, &at_crypto_layout_fops);
	debugfs_create_file("crypto_algs", 0400, at_dir, NULL, &at_crypto_algs_fops);
	return 0;
}

/* The files' owner is this module: an open file holds it, so none is open here. */
static void __exit at_exit(void)
{
	debugfs_remove_recursive(at_dir);
}

module_init(at_init);
module_exit(at_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("algbench: a probe target with known arguments, box and return value");
