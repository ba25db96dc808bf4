// SPDX-License-Identifier: GPL-2.0
/*
 * algbench_em.ko - energy-model companion of algbench (6.9+ runtime EM API).
 *
 * Registers an EM perf domain for a virtual device of its own ("algbench_em",
 * default: RK3399 big cluster OPPs, module parameter cluster=little for the
 * little one), then lets user space modify it at run time through debugfs
 * (/sys/kernel/debug/algbench_em/):
 *
 *   table  read: "kHz uW" per state of the table the kernel holds now
 *          write: a whole new table, "kHz uW" pairs, same number of states
 *   scale  write: a power scale in per mille of the registered table
 *          (1200 = 20% more power, a hotter chip)
 *   stats  updates done, reader passes, torn tables seen (the reader walks
 *          the table while updates come, and sleeps when none has for 0.1 s)
 *   error  the reason the last refused write was refused
 *   sweep  read: em_cpu_energy() (6.9+) against the v6.8 formula over a sweep
 *          of (max_util, sum_util, cap), with ns per call of both (under
 *          QEMU -icount shift=0 a ns is one instruction)
 *
 * Each update builds a table in 6.12's struct em_perf_table layout itself:
 * em_table_alloc(), em_table_free() and em_dev_compute_costs() are declared
 * in <linux/energy_model.h> but not exported to modules (Module.symvers of
 * Debian's 6.12 lists only em_dev_{register,unregister,update}_perf_domain,
 * em_pd_get, em_cpu_get and em_dev_update_chip_binning). So we allocate the
 * table ourselves, kref_init() it, let em_dev_update_perf_domain() take its
 * own reference and drop ours. The kernel frees a replaced table with
 * call_rcu() + kfree(); kfree() accepts our kmem_cache objects, and the cache
 * (never merged) makes kmem_cache_destroy() at rmmod complain about any table
 * that leaked.
 *
 * The kernel's update path does not validate a new table; the registration
 * path (em_create_perf_table) refuses non-increasing frequencies and a power
 * of 0 or above EM_MAX_POWER with -EINVAL. We apply the same rules before an
 * update, with the reason in the "error" file.
 */
#include <linux/debugfs.h>
#include <linux/delay.h>
#include <linux/device.h>
#include <linux/energy_model.h>
#include <linux/kthread.h>
#include <linux/ktime.h>
#include <linux/math64.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <linux/version.h>

#include "algbench_em_model.h"
#include "algbench_em_since.h"

#if LINUX_VERSION_CODE < KERNEL_VERSION(ALGBENCH_EM_SINCE_MAJOR, ALGBENCH_EM_SINCE_MINOR, 0)
#error "algbench_em needs the runtime-modifiable energy model (algbench_em_since.h)"
#endif

#define EM_NAME	      "algbench_em"
#define EM_MAX_STATES 16
#define TRAILER_MAGIC 0x616c67656d7462ULL /* "algemtb" */

static char *cluster = "big";
module_param(cluster, charp, 0444);
MODULE_PARM_DESC(cluster, "RK3399 cluster whose OPPs the device registers: big or little");

/*
 * After state[nr] of each table we build: a magic and a checksum of the
 * states, so a reader can tell a torn or stale-freed table from a whole one.
 */
struct em_trailer {
	u64 magic;
	u64 sum;
};

static struct device *em_dev;
static struct em_perf_domain *em_pd;
static int em_nr;
static unsigned long base_khz[EM_MAX_STATES], base_uw[EM_MAX_STATES];
static struct kmem_cache *table_cache;
static struct dentry *dbg_dir;
static struct task_struct *reader;
static DEFINE_MUTEX(update_lock);
static char last_error[160];
static atomic64_t n_updates, n_passes, n_torn;

static int em_active_power(struct device *dev, unsigned long *power, unsigned long *freq)
{
	int i;

	for (i = 0; i < em_nr; i++) {
		if (base_khz[i] >= *freq) {
			*freq = base_khz[i];
			*power = base_uw[i];
			return 0;
		}
	}
	return -EINVAL;
}

static u64 states_sum(const struct em_perf_state *ps, int n)
{
	u64 s = 0;
	int i;

	for (i = 0; i < n; i++)
		s = s * 31 + ps[i].frequency * 7 + ps[i].power + ps[i].cost + ps[i].performance;
	return s;
}

static struct em_trailer *table_trailer(struct em_perf_state *ps, int n)
{
	return (struct em_trailer *)&ps[n];
}

/* The kernel's registration rules (kernel/power/energy_model.c,
 * em_create_perf_table), applied before an update. */
static int check_table(const unsigned long *khz, const unsigned long *uw, int n)
{
	int i;

	if (n != em_nr) {
		snprintf(last_error, sizeof(last_error),
			 "%d states given, the domain has %d (em_dev_update_perf_domain cannot "
			 "change the count)",
			 n, em_nr);
		return -EINVAL;
	}
	for (i = 0; i < n; i++) {
		if (i > 0 && khz[i] <= khz[i - 1]) {
			snprintf(last_error, sizeof(last_error),
				 "state %d: frequency %lu kHz not above %lu kHz (frequencies must "
				 "increase strictly)",
				 i, khz[i], khz[i - 1]);
			return -EINVAL;
		}
		if (!uw[i] || uw[i] > EM_MAX_POWER) {
			snprintf(last_error, sizeof(last_error),
				 "state %d: power %lu uW outside 1..%d uW (EM_MAX_POWER)", i, uw[i],
				 EM_MAX_POWER);
			return -EINVAL;
		}
	}
	return 0;
}

/* Our kref_put() release: the free follows it (the table was never published). */
static void table_unpublished(struct kref *kref)
{
}

/* Build a table in struct em_perf_table layout and swap it in. A non-CPU
 * device keeps performance and cost 0, as the kernel leaves them. */
static int update_table(const unsigned long *khz, const unsigned long *uw, int n)
{
	struct em_perf_table *t;
	int i, ret;

	lockdep_assert_held(&update_lock);
	ret = check_table(khz, uw, n);
	if (ret)
		return ret;
	t = kmem_cache_zalloc(table_cache, GFP_KERNEL);
	if (!t)
		return -ENOMEM;
	kref_init(&t->kref);
	for (i = 0; i < n; i++) {
		t->state[i].frequency = khz[i];
		t->state[i].power = uw[i];
	}
	table_trailer(t->state, n)->sum = states_sum(t->state, n);
	table_trailer(t->state, n)->magic = TRAILER_MAGIC;
	ret = em_dev_update_perf_domain(em_dev, t);
	/*
	 * On success the kernel holds a reference and will free the table with
	 * kfree() after a grace period when it is replaced or unregistered; on
	 * failure it never saw it. Either way our reference goes now; if it was
	 * the last one, no reader can have the table (it was never published).
	 */
	if (kref_put(&t->kref, table_unpublished))
		kmem_cache_free(table_cache, t);
	if (ret) {
		snprintf(last_error, sizeof(last_error), "em_dev_update_perf_domain: %d", ret);
		return ret;
	}
	atomic64_inc(&n_updates);
	return 0;
}

/*
 * The reader walks the table under RCU while updates come in: from each
 * update until READER_LINGER after it, then it sleeps until the next one. A
 * reader that never slept took a whole CPU from insmod to rmmod.
 */
#define READER_LINGER (HZ / 10)
static DECLARE_WAIT_QUEUE_HEAD(reader_wq);
static unsigned long reader_until; /* jiffies */

static bool reader_wanted(void)
{
	return time_before(jiffies, READ_ONCE(reader_until));
}

/* After an update: keep the reader walking for READER_LINGER. */
static void reader_kick(void)
{
	WRITE_ONCE(reader_until, jiffies + READER_LINGER);
	wake_up(&reader_wq);
}

static int reader_fn(void *unused)
{
	while (!kthread_should_stop()) {
		struct em_perf_state *ps;
		struct em_trailer *tr;
		int i, bad = 0;

		if (!reader_wanted()) {
			wait_event_interruptible(reader_wq,
						 kthread_should_stop() || reader_wanted());
			continue;
		}
		rcu_read_lock();
		ps = em_perf_state_from_pd(em_pd);
		for (i = 1; i < em_nr; i++)
			bad |= ps[i].frequency <= ps[i - 1].frequency;
		tr = table_trailer(ps, em_nr);
		bad |= tr->magic != TRAILER_MAGIC || tr->sum != states_sum(ps, em_nr);
		rcu_read_unlock();
		if (bad)
			atomic64_inc(&n_torn);
		atomic64_inc(&n_passes);
		cond_resched();
	}
	return 0;
}

static ssize_t table_read(struct file *f, char __user *ubuf, size_t len, loff_t *pos)
{
	char *buf;
	struct em_perf_state *ps;
	int i, n = 0;
	ssize_t ret;

	buf = kzalloc(PAGE_SIZE, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	rcu_read_lock();
	ps = em_perf_state_from_pd(em_pd);
	for (i = 0; i < em_nr; i++)
		n += scnprintf(buf + n, PAGE_SIZE - n, "%lu %lu\n", ps[i].frequency, ps[i].power);
	rcu_read_unlock();
	ret = simple_read_from_buffer(ubuf, len, pos, buf, n);
	kfree(buf);
	return ret;
}

static char *copy_in(const char __user *ubuf, size_t len)
{
	if (len >= PAGE_SIZE)
		return ERR_PTR(-E2BIG);
	return memdup_user_nul(ubuf, len);
}

/* "kHz uW" pairs, any whitespace; more than EM_MAX_STATES pairs: refused. */
static ssize_t table_write(struct file *f, const char __user *ubuf, size_t len, loff_t *pos)
{
	unsigned long khz[EM_MAX_STATES + 1], uw[EM_MAX_STATES + 1];
	char *buf, *p, *tok;
	int n = 0, k = 0, ret = 0;

	buf = copy_in(ubuf, len);
	if (IS_ERR(buf))
		return PTR_ERR(buf);
	mutex_lock(&update_lock);
	p = buf;
	while ((tok = strsep(&p, " \t\n")) != NULL) {
		unsigned long v;

		if (!*tok)
			continue;
		if (n > EM_MAX_STATES) {
			snprintf(last_error, sizeof(last_error), "more than %d states",
				 EM_MAX_STATES);
			ret = -EINVAL;
			goto out;
		}
		if (kstrtoul(tok, 10, &v)) {
			snprintf(last_error, sizeof(last_error), "'%.32s' is not a number", tok);
			ret = -EINVAL;
			goto out;
		}
		if (k++ % 2 == 0)
			khz[n] = v;
		else
			uw[n++] = v;
	}
	if (k % 2) {
		snprintf(last_error, sizeof(last_error), "a frequency without its power");
		ret = -EINVAL;
		goto out;
	}
	ret = update_table(khz, uw, n);
	if (!ret)
		reader_kick();
out:
	if (ret)
		pr_info(EM_NAME ": table refused: %s\n", last_error);
	mutex_unlock(&update_lock);
	kfree(buf);
	return ret ? ret : len;
}

static ssize_t scale_write(struct file *f, const char __user *ubuf, size_t len, loff_t *pos)
{
	unsigned long uw[EM_MAX_STATES];
	unsigned int permille;
	int i, ret;

	ret = kstrtouint_from_user(ubuf, len, 10, &permille);
	if (ret)
		return ret;
	mutex_lock(&update_lock);
	for (i = 0; i < em_nr; i++)
		uw[i] = div_u64((u64)base_uw[i] * permille, 1000);
	ret = update_table(base_khz, uw, em_nr);
	if (ret)
		pr_info(EM_NAME ": scale %u refused: %s\n", permille, last_error);
	else
		reader_kick();
	mutex_unlock(&update_lock);
	return ret ? ret : len;
}

static int stats_show(struct seq_file *s, void *unused)
{
	seq_printf(s, "updates %lld\nreader_passes %lld\ntorn %lld\n",
		   (long long)atomic64_read(&n_updates), (long long)atomic64_read(&n_passes),
		   (long long)atomic64_read(&n_torn));
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(stats);

static int error_show(struct seq_file *s, void *unused)
{
	mutex_lock(&update_lock);
	seq_printf(s, "%s\n", last_error);
	mutex_unlock(&update_lock);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(error);

/* ---- em_cpu_energy(): 6.9+ (the header's inline) against v6.8 ---- */

/* A CPU-style domain that is never registered: the inline em_cpu_energy()
 * reads only pd->em_table, pd->nr_perf_states and pd->flags. */
struct cpu_domain {
	struct em_perf_domain *pd;
	/* v6.8's table: cost = fmax * power / freq, no performance */
	unsigned long old_khz[EM_MAX_STATES], old_cost[EM_MAX_STATES];
	unsigned long scale_cpu, fmax;
	int nr;
};

static int cpu_domain_init(struct cpu_domain *d, bool little)
{
	const struct abk_em_cluster *c = abk_em_rk3399(little);
	struct em_perf_table *t;
	int i;

	d->nr = c->nr;
	d->scale_cpu = c->capacity;
	d->pd = kzalloc(sizeof(*d->pd) + cpumask_size(), GFP_KERNEL);
	t = kzalloc(struct_size(t, state, d->nr), GFP_KERNEL);
	if (!d->pd || !t) {
		kfree(d->pd);
		kfree(t);
		return -ENOMEM;
	}
	d->fmax = abk_em_khz(c, d->nr - 1);
	for (i = 0; i < d->nr; i++) {
		struct em_perf_state *ps = &t->state[i];

		ps->frequency = abk_em_khz(c, i);
		ps->power = abk_em_power_uw(c, i);
		/* em_init_performance() and em_compute_costs() since 6.9 */
		ps->performance = abk_em_performance(d->scale_cpu, ps->frequency, d->fmax);
		ps->cost = abk_em_cost(ps->power, ps->performance);
		/* v6.8 em_compute_costs() */
		d->old_khz[i] = ps->frequency;
		d->old_cost[i] = abk_em_cost_v68(d->fmax, ps->power, ps->frequency);
	}
	/* Inefficiency flags stay 0 and SKIP_INEFFICIENCIES off: both formulas
	 * then pick the first state high enough. */
	kref_init(&t->kref);
	d->pd->nr_perf_states = d->nr;
	d->pd->flags = EM_PERF_DOMAIN_MICROWATTS;
	rcu_assign_pointer(d->pd->em_table, t);
	return 0;
}

static void cpu_domain_free(struct cpu_domain *d)
{
	if (d->pd)
		kfree(rcu_dereference_protected(d->pd->em_table, 1));
	kfree(d->pd);
}

/* v6.8's em_cpu_energy() (algbench_em_model.h), out of line to be timed like the new one. */
static noinline unsigned long old_cpu_energy(const struct cpu_domain *d, unsigned long max_util,
					     unsigned long sum_util, unsigned long allowed_cpu_cap,
					     int *state)
{
	return abk_em_energy_v68(d->old_khz, d->old_cost, d->nr, d->fmax, d->scale_cpu, max_util,
				 sum_util, allowed_cpu_cap, state);
}

static noinline unsigned long new_cpu_energy(struct em_perf_domain *pd, unsigned long max_util,
					     unsigned long sum_util, unsigned long allowed_cpu_cap)
{
	return em_cpu_energy(pd, max_util, sum_util, allowed_cpu_cap);
}

/* The state em_cpu_energy() picks, found from its cost (costs are distinct
 * in our tables) so the kernel's own inline is what is checked. */
static int state_of_cost(struct em_perf_domain *pd, unsigned long energy, unsigned long sum_util)
{
	struct em_perf_state *ps = em_perf_state_from_pd(pd);
	int i;

	for (i = 0; i < pd->nr_perf_states; i++)
		if (ps[i].cost * sum_util == energy)
			return i;
	return -1;
}

static void sweep_one(struct seq_file *s, const char *name, struct cpu_domain *d)
{
	unsigned long points = 0, same = 0, worst_old = 0, worst_new = 0;
	unsigned long worst_max = 0, worst_sum = 0, worst_cap = 0;
	u64 worst_ppm = 0, t_old, t_new, t0;
	unsigned long sink = 0;
	int c, reps, k;

	rcu_read_lock();
	for (c = 0; c < ABK_EM_SWEEP_CAPS; c++) {
		unsigned long mu, mult, cap = abk_em_sweep_cap(d->scale_cpu, c);

		for (mu = 1; mu <= d->scale_cpu; mu++) {
			for (mult = 1; mult <= ABK_EM_SWEEP_MULT; mult++) {
				unsigned long su = mu * mult, e_old, e_new, ref, diff;
				int st_old, st_new;

				e_old = old_cpu_energy(d, mu, su, cap, &st_old);
				e_new = new_cpu_energy(d->pd, mu, su, cap);
				st_new = state_of_cost(d->pd, e_new, su);
				points++;
				same += st_old == st_new;
				/* the new energy is 10x the old one */
				ref = e_old * 10;
				diff = ref > e_new ? ref - e_new : e_new - ref;
				if (ref && div64_u64((u64)diff * 1000000, ref) > worst_ppm) {
					worst_ppm = div64_u64((u64)diff * 1000000, ref);
					worst_old = e_old;
					worst_new = e_new;
					worst_max = mu;
					worst_sum = su;
					worst_cap = cap;
				}
			}
		}
	}
	rcu_read_unlock();

	/* Per-call cost of each formula over the same sweep, repeated. Under
	 * -icount shift=0 one guest ns is one instruction. */
	reps = 4;
	rcu_read_lock();
	t0 = ktime_get_ns();
	for (k = 0; k < reps; k++) {
		unsigned long mu;

		for (mu = 1; mu <= d->scale_cpu; mu++)
			sink += new_cpu_energy(d->pd, mu, mu * 2, d->scale_cpu);
	}
	t_new = ktime_get_ns() - t0;
	t0 = ktime_get_ns();
	for (k = 0; k < reps; k++) {
		unsigned long mu;
		int st;

		for (mu = 1; mu <= d->scale_cpu; mu++)
			sink += old_cpu_energy(d, mu, mu * 2, d->scale_cpu, &st);
	}
	t_old = ktime_get_ns() - t0;
	rcu_read_unlock();

	seq_printf(s,
		   "%s points %lu same_state %lu worst_ppm %llu at max_util %lu sum_util %lu cap "
		   "%lu old %lu new %lu\n",
		   name, points, same, worst_ppm, worst_max, worst_sum, worst_cap, worst_old,
		   worst_new);
	seq_printf(
		s,
		"%s calls %lu old_ns_per_call %llu.%02llu new_ns_per_call %llu.%02llu (sink %lu)\n",
		name, reps * d->scale_cpu, div64_u64(t_old, reps * d->scale_cpu),
		div64_u64(t_old * 100, reps * d->scale_cpu) % 100,
		div64_u64(t_new, reps * d->scale_cpu),
		div64_u64(t_new * 100, reps * d->scale_cpu) % 100, sink & 1);
}

static int sweep_show(struct seq_file *s, void *unused)
{
	struct cpu_domain big = {}, little = {};
	int ret;

	ret = cpu_domain_init(&big, false);
	if (!ret)
		ret = cpu_domain_init(&little, true);
	if (!ret) {
		sweep_one(s, "big", &big);
		sweep_one(s, "little", &little);
	}
	cpu_domain_free(&big);
	cpu_domain_free(&little);
	return ret;
}
DEFINE_SHOW_ATTRIBUTE(sweep);

static const struct file_operations table_fops = {
	.owner = THIS_MODULE,
	.read = table_read,
	.write = table_write,
	.llseek = default_llseek,
};

static const struct file_operations scale_fops = {
	.owner = THIS_MODULE,
	.write = scale_write,
	.llseek = noop_llseek,
};

static int __init algbench_em_init(void)
{
	struct em_data_callback cb = EM_DATA_CB(em_active_power);
	const struct abk_em_cluster *c;
	bool little;
	int i, ret;

	if (!strcmp(cluster, "little"))
		little = true;
	else if (!strcmp(cluster, "big"))
		little = false;
	else {
		pr_err(EM_NAME ": cluster=%s: not big or little (the RK3399 clusters)\n", cluster);
		return -EINVAL;
	}
	c = abk_em_rk3399(little);
	em_nr = c->nr;
	for (i = 0; i < em_nr; i++) {
		base_khz[i] = abk_em_khz(c, i);
		base_uw[i] = abk_em_power_uw(c, i);
	}

	/* Room for the trailer after the states; SLAB_NO_MERGE keeps the cache
	 * our own, so a leaked table is reported at kmem_cache_destroy(). */
	table_cache = kmem_cache_create(EM_NAME "_table",
					sizeof(struct em_perf_table) +
						EM_MAX_STATES * sizeof(struct em_perf_state) +
						sizeof(struct em_trailer),
					0, SLAB_NO_MERGE, NULL);
	if (!table_cache)
		return -ENOMEM;
	em_dev = root_device_register(EM_NAME);
	if (IS_ERR(em_dev)) {
		ret = PTR_ERR(em_dev);
		goto err_cache;
	}
	ret = em_dev_register_perf_domain(em_dev, em_nr, &cb, NULL, true);
	if (ret)
		goto err_dev;
	em_pd = em_pd_get(em_dev);
	/* Replace the kernel's first table by one of ours (same values) so
	 * every table the reader sees carries the trailer. */
	mutex_lock(&update_lock);
	ret = update_table(base_khz, base_uw, em_nr);
	mutex_unlock(&update_lock);
	if (ret)
		goto err_em;
	atomic64_set(&n_updates, 0);

	dbg_dir = debugfs_create_dir(EM_NAME, NULL);
	debugfs_create_file("table", 0600, dbg_dir, NULL, &table_fops);
	debugfs_create_file("scale", 0200, dbg_dir, NULL, &scale_fops);
	debugfs_create_file("stats", 0400, dbg_dir, NULL, &stats_fops);
	debugfs_create_file("error", 0400, dbg_dir, NULL, &error_fops);
	debugfs_create_file("sweep", 0400, dbg_dir, NULL, &sweep_fops);

	reader = kthread_run(reader_fn, NULL, EM_NAME "_reader");
	if (IS_ERR(reader)) {
		ret = PTR_ERR(reader);
		goto err_dbg;
	}
	pr_info(EM_NAME ": perf domain of %d states (RK3399 %s) registered for device %s\n", em_nr,
		little ? "little" : "big", dev_name(em_dev));
	return 0;

err_dbg:
	debugfs_remove_recursive(dbg_dir);
err_em:
	em_dev_unregister_perf_domain(em_dev);
err_dev:
	root_device_unregister(em_dev);
err_cache:
	rcu_barrier();
	kmem_cache_destroy(table_cache);
	return ret;
}

static void __exit algbench_em_exit(void)
{
	kthread_stop(reader);
	debugfs_remove_recursive(dbg_dir);
	em_dev_unregister_perf_domain(em_dev);
	root_device_unregister(em_dev);
	/* the kernel frees the last table with call_rcu(): wait for it */
	rcu_barrier();
	kmem_cache_destroy(table_cache);
	pr_info(EM_NAME ": unregistered\n");
}

module_init(algbench_em_init);
module_exit(algbench_em_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION(
	"algbench energy-model companion: runtime EM updates, em_cpu_energy() old vs new");
