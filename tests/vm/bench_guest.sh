#!/usr/bin/env bash
# Runs inside the VM: short afalg/openssl runs and a one-size suite over the
# whole catalogue; KAT pass, JSON validity, driver reporting, threads, and
# the error cases (bad flags, a blacklisted algif_aead). TAP output.
. /opt/algbench/tests/lib.sh
tap_begin
quick=(--seconds 0.01 --repeats 2 --warmup 0)
t=$(mktemp -d)
jqok() { jq -e "$@" >/dev/null; }

status=0
algbench run --backend afalg,openssl --alg 'gcm(aes),cbc(aes),sha256,crc32c' --keys 128 --sizes 64,4096 \
	"${quick[@]}" --json "$t/run.json" >"$t/run.txt" 2>&1 || status=$?
check "run afalg+openssl exits 0: crc32c's openssl skip is no failure (exit $status)" [ "$status" = 0 ]
check "... and crc32c's openssl row says skipped, with the reason" \
	jqok '[.results[] | select(.alg == "crc32c" and .backend == "openssl")] | length == 2 and all(.status == "skipped" and (.reason | length) > 0)' "$t/run.json"
check "run JSON is valid algbench/1" jqok '.schema == "algbench/1" and .run.host.kernel != ""' "$t/run.json"
check "under QEMU TCG the result says virtualized tcg" jqok '.run.host.virtualized == "tcg"' "$t/run.json"
check "every afalg job passed its KAT (OpenSSL's answer; crc32c RFC 3720)" \
	jqok '[.results[] | select(.backend == "afalg")] | length == 32 and all(.kat == "pass" and .status == "ok")' "$t/run.json"
check "every afalg job names the driver the kernel bound" \
	jqok 'all(.results[] | select(.backend == "afalg"); .driver | length > 0)' "$t/run.json"
check "every mode of afalg ran (sendmsg, vmsplice, aio)" \
	jqok '[.results[] | select(.backend == "afalg") | .mode] | unique == ["aio", "sendmsg", "vmsplice"]' "$t/run.json"
check "the table says whether vmsplice gained over sendmsg" grep -q '^# vmsplice vs sendmsg: .* -> ' "$t/run.txt"

algbench run --backend afalg --alg 'gcm(aes)' --keys 128 --op encrypt --mode sendmsg --sizes 4096 --threads all \
	"${quick[@]}" --json "$t/thr.json" >/dev/null 2>&1
check "2 pinned threads: one result, ops counted" \
	jqok '.results | length == 1 and .[0].threads == 2 and .[0].samples[0].ops > 0 and .[0].kat == "pass"' "$t/thr.json"
# Pinned through the run-time sized CPU sets (sys/cpu.c): each sample's per_cpu
# names CPUs 0 and 1 once (the harness also checks sched_getcpu after pinning).
check "2 pinned threads: per_cpu is CPUs 0 and 1 in every sample" \
	jqok 'all(.results[0].samples[]; ([.per_cpu[].cpu] | sort) == [0, 1])' "$t/thr.json"

status=0
algbench suite --sizes 4096 --threads 1 "${quick[@]}" --json "$t/suite.json" >"$t/suite.txt" 2>&1 || status=$?
check "suite over the whole catalogue exits 0" [ "$status" = 0 ]
check "suite JSON has every catalogue row" \
	jqok '[.results[].alg] | unique | length == 15' "$t/suite.json"
check "suite: every aead, skcipher and hash job passed its KAT" \
	jqok 'all(.results[] | select(.type != "acomp" and .status != "skipped"); .kat == "pass" and .status == "ok")' "$t/suite.json"
# (kmod helper: the kmod backend runs acomp in-kernel; other backends skip it)
check "suite: acomp rows run in-kernel (kmod, KAT pass) or are skipped saying they are in-kernel only" \
	jqok 'all(.results[] | select(.type == "acomp"); (.backend == "kmod" and .status == "ok" and .kat == "pass") or
		(.backend != "kmod" and .status == "skipped" and (.reason | test("in-kernel"))))' "$t/suite.json"
names_no_folder "suite's JSON names neither its own folder nor the checkout (docs/result-json.md, Paths)" \
	"$t/suite.json" "$t" "$ALGBENCH_TOP"

expect_status "unknown algorithm: exit 2" 2 algbench run --alg 'foo(bar)'
expect_status "--threads above the CPUs: exit 2" 2 algbench run --threads 3
expect_status "--sizes 0: exit 2" 2 algbench run --sizes 0

# A fleet that blacklists algif_aead: aead jobs skip with the reason, the
# rest of the suite still runs and is saved; a skip is no failure (exit 0).
mkdir -p /etc/modprobe.d
echo "install algif_aead /bin/false" >/etc/modprobe.d/algbench-test.conf
rmmod algif_aead 2>/dev/null
status=0
algbench suite --backend afalg --alg 'gcm(aes),sha256' --keys 128 --sizes 64 --threads 1 --mode sendmsg \
	"${quick[@]}" --json "$t/bl.json" >"$t/bl.txt" 2>&1 || status=$?
check "blacklisted algif_aead: suite exits 0, the skips said in the rows (exit $status)" [ "$status" = 0 ]
check "aead jobs are skipped naming algif_aead and the fix" \
	jqok '[.results[] | select(.alg == "gcm(aes)")] | length == 2 and all(.status == "skipped" and (.reason | test("algif_aead not available.*modprobe")))' "$t/bl.json"
check "the hash job still ran and was saved" \
	jqok '.results[] | select(.alg == "sha256") | .status == "ok" and .kat == "pass"' "$t/bl.json"
# libkcapi's own "libkcapi - Error: ..." lines (a failed bind above) are not
# in the output: the job's reason says it, once, in the table.
check "no libkcapi log lines among the results ($(cat "$t"/*.txt | grep -c 'libkcapi - '))" \
	sh -c '! cat "$0"/*.txt | grep -q "libkcapi - "' "$t"
rm -f /etc/modprobe.d/algbench-test.conf
modprobe algif_aead
rm -rf "$t"
tap_end
