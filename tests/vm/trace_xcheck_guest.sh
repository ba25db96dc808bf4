#!/usr/bin/env bash
# Runs in the stats-on guest (see trace_xcheck.sh): facts about its tracefs,
# then `algbench conform --tap --trace` with each engine: auto (BPF on this
# kernel) into /results/conform-trace.tap, tracefs into
# /results/conform-trace-tracefs.tap.
T=/sys/kernel/tracing
echo "release=$(uname -r)"
echo "btf=$([ -e /sys/kernel/btf/vmlinux ] && echo present || echo absent)"
mountpoint -q /sys/kernel/debug || mount -t debugfs none /sys/kernel/debug
modprobe algbench_trace && sed 's/^/layout: /' /sys/kernel/debug/algbench_trace/crypto_layout
echo "layout_lines=$(grep -c '=' /sys/kernel/debug/algbench_trace/crypto_layout)"
rmmod algbench_trace
# What tracefs offers (docs/trace.md's table).
echo "readme_ret_args=$(grep -c 'kernel return probes support: $retval, $arg<N>' $T/README)"
echo "readme_btf_names=$(grep -c '<argname>\[->field' $T/README)"
echo "dynamic_events=$([ -e $T/dynamic_events ] && echo present || echo absent)"
echo "readme_hist=$(grep -c 'hist trigger' $T/README)"
algbench conform --tap --trace >/results/conform-trace.tap 2>/results/conform-trace.err
echo "conform_rc=$?"
sed 's/^/stderr: /' /results/conform-trace.err
algbench conform --tap --trace --trace-engine tracefs >/results/conform-trace-tracefs.tap \
	2>/results/conform-trace-tracefs.err
echo "conform_tracefs_rc=$?"
sed 's/^/stderr (tracefs): /' /results/conform-trace-tracefs.err
if [ -e $T/events/algbench ] || grep -q ':algbench/' $T/kprobe_events; then
	echo left_behind=yes
else
	echo left_behind=none
fi
grep -q '^algbench_trace ' /proc/modules && echo trace_ko=loaded || echo trace_ko=unloaded
