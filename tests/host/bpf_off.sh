#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The build without the BPF engine, as a host without libbpf-dev gets it:
# a second build tree configured with -DALGBENCH_BPF=OFF (no kmod/, no tests:
# only the algbench binary), which must build, and whose `algbench trace`
# says why the engine is absent: --engine bpf exits 1 with the reason, and
# auto gives that reason and goes on to the tracefs engine (which may then
# fail on its own here: a host test runs unprivileged or in a container).
# docs/trace.md, "Why auto falls back". The build's wall time is printed.
. "$(dirname "$0")/../lib.sh"
tap_begin
scratch_dir
start=$(date +%s)
if cmake -S "$ALGBENCH_TOP" -B "$dir/b" -DALGBENCH_BPF=OFF -DALGBENCH_KMOD=OFF \
	-DALGBENCH_TESTS=OFF -DALGBENCH_SANITIZE=OFF >"$dir/cfg.log" 2>&1; then
	ok "configure with -DALGBENCH_BPF=OFF"
else
	not_ok "configure with -DALGBENCH_BPF=OFF"
	tail -20 "$dir/cfg.log" | sed 's/^/# /'
	tap_end
	exit
fi
check "cmake says the engine is not built (no 'BPF engine built in')" \
	sh -c '! grep -q "BPF engine built in" "$0"' "$dir/cfg.log"
if nice cmake --build "$dir/b" --target algbench -j2 >"$dir/build.log" 2>&1; then
	ok "the algbench binary builds without libbpf"
else
	not_ok "the algbench binary builds without libbpf"
	tail -30 "$dir/build.log" | sed 's/^/# /'
	tap_end
	exit
fi
echo "# configure and build: $(($(date +%s) - start)) s"
bin=$dir/b/bin/algbench
# (this tree's own build links libbpf statically: its symbols are there)
check "no libbpf in the binary (nm: symbols, none bpf_object__*)" \
	sh -c 'nm "$0" >"$1" && [ -s "$1" ] && ! grep -q " bpf_object__" "$1"' "$bin" "$dir/nm"

why='this algbench was built without the BPF engine (libbpf.a, bpftool or clang not found when cmake ran, or -DALGBENCH_BPF=OFF); install libbpf-dev, bpftool and clang (scripts/setup) and configure again'
expect_status "trace --engine bpf exits 1" 1 sh -c '"$0" trace --engine bpf -- true 2>"$1"' "$bin" "$dir/bpf.err"
sed 's/^/# bpf: /' "$dir/bpf.err"
check "trace --engine bpf: the reason, as the last line" \
	sh -c '[ "$(tail -n1 "$0")" = "algbench trace: $1" ]' "$dir/bpf.err" "$why"
check "trace --engine bpf-fast: the same reason" \
	sh -c '! "$0" trace --engine bpf-fast -- true 2>&1 | grep -qv "^algbench trace: \(user_events\|$1\)"' "$bin" "$why"
"$bin" trace -- true >/dev/null 2>"$dir/auto.err"
rc=$?
sed 's/^/# auto (exit '$rc'): /' "$dir/auto.err"
check "trace (auto): says why not the BPF engine" \
	grep -qxF "algbench trace: not the BPF engine: $why" "$dir/auto.err"
# tracefs ran: its mode line (exit 0) or its own reason (exit 1), not the BPF one
check "trace (auto): then the tracefs engine (exit $rc: its mode line, or its own reason)" \
	sh -c 'grep -v "^algbench trace: \(user_events\|not the BPF engine\)" "$0" | grep -q "^algbench trace: " &&
		! grep -v "not the BPF engine" "$0" | grep -q "BPF engine"' "$dir/auto.err"
tap_end
