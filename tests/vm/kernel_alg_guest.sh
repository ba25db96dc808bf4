#!/usr/bin/env bash
# Runs in the guest (tests/vm/kernel_alg.sh boots it): --alg with names from
# /proc/crypto, not the catalogue (sha3-256, blake2b-256, xxhash64 and the
# pinned driver cbc-aes-aesni), through afalg and kmod, each job's check
# against what it names (OpenSSL, the kernel's generic driver, or none with
# why); list --all says what runs each; refusals exit 2. TAP.
. /opt/algbench/tests/lib.sh
tap_begin
t=$(mktemp -d)
names='sha3-256,blake2b-256,xxhash64,cbc-aes-aesni'
status=0
algbench run --backend afalg,kmod --alg "$names" --keys 128 --op encrypt,digest --mode sendmsg,sync \
	--sizes 64 --seconds 0.01 --repeats 1 --warmup 0 --json "$t/k.json" >"$t/k.txt" 2>&1 || status=$?
sed 's/^/# /' "$t/k.txt"
jq -r '.results[] | "# \(.alg) \(.backend) \(.driver) \(.status) kat=\(.kat): \(.kat_detail // .reason)"' "$t/k.json"
check "run over the four kernel names exits 0 (exit $status)" [ "$status" = 0 ]
for n in sha3-256 blake2b-256 xxhash64 cbc-aes-aesni; do
	check "$n ran through afalg and kmod" \
		jqok --arg n "$n" '[.results[] | select(.alg == $n and .status == "ok") | .backend] | sort == ["afalg", "kmod"]' "$t/k.json"
done
check "sha3-256: checked against OpenSSL (SHA3-256) in both backends" \
	jqok '[.results[] | select(.alg == "sha3-256")] | all(.kat == "pass" and (.kat_detail | test("OpenSSL")))' "$t/k.json"
check "cbc-aes-aesni: the pinned driver bound, checked against OpenSSL" \
	jqok '[.results[] | select(.alg == "cbc-aes-aesni")] | all(.driver == "cbc-aes-aesni" and .kat == "pass" and (.kat_detail | test("OpenSSL")))' "$t/k.json"
# OpenSSL 3.0's BLAKE2b is 512-bit only; on 6.1 x86 the kernel's one driver is the generic one
check "blake2b-256: no second implementation, said with why" \
	jqok '[.results[] | select(.alg == "blake2b-256")] | all(.kat == "none" and (.kat_detail | test("no second implementation: OpenSSL has no blake2b-256 and the kernel.s only driver is blake2b-256-generic")))' "$t/k.json"
check "xxhash64: kat none, with why" \
	jqok '[.results[] | select(.alg == "xxhash64")] | all(.kat == "none" and (.kat_detail | test("no second implementation: OpenSSL has no xxhash64 and the kernel.s only driver is xxhash64-generic")))' "$t/k.json"
# a driver with the generic one beside it is checked against that one, in the same backend
status=0
algbench run --backend afalg,kmod --alg sha256-avx2 --sizes 64 --mode sendmsg,sync \
	--seconds 0.01 --repeats 1 --warmup 0 --json "$t/g.json" >/dev/null 2>&1 || status=$?
jq -r '.results[] | "# \(.alg) \(.backend) \(.driver) \(.status) kat=\(.kat): \(.kat_detail // .reason)"' "$t/g.json"
check "sha256-avx2 (a catalogue algorithm's driver): pinned, checked against OpenSSL (exit $status)" \
	jqok '[.results[] | select(.status == "ok" and .driver == "sha256-avx2" and .kat == "pass")] | length == 2' "$t/g.json"

# ghash: OpenSSL has none; ghash-clmulni is checked against ghash-generic, through each backend
status=0
algbench run --backend afalg,kmod --alg ghash --sizes 64 --mode sendmsg,sync \
	--seconds 0.01 --repeats 1 --warmup 0 --json "$t/gh.json" >/dev/null 2>&1 || status=$?
jq -r '.results[] | "# \(.alg) \(.backend) \(.driver) \(.status) kat=\(.kat): \(.kat_detail // .reason)"' "$t/gh.json"
check "ghash: ghash-clmulni checked against the kernel's ghash-generic in afalg and kmod (exit $status)" \
	jqok '[.results[] | select(.status == "ok" and .driver == "ghash-clmulni" and .kat == "pass" and (.kat_detail | test("ghash-generic")))] | length == 2' "$t/gh.json"

algbench list --all >"$t/list.txt" 2>&1
grep -E '^(name|sha3-256 |blake2b-256 |xxhash64 |cbc\(aes\) |ghash |rsa |aes )' "$t/list.txt" | head -14 | sed 's/^/# /'
check "list --all: sha3-256 runs through afalg, kmod and openssl" \
	grep -qE '^sha3-256 +sha3-256-generic .* afalg,openssl,kmod$' "$t/list.txt"
check "list --all: an akcipher says why it cannot run" grep -qE '^rsa +rsa-generic .* no: the kernel lists it as akcipher, a type' "$t/list.txt"
check "list --all --json: every entry says what runs it or why not" \
	sh -c 'algbench list --all --json | jq -e "length > 0 and all(.[]; (.runs | length > 0) or (.why | length > 0))" >/dev/null'

expect_status "an akcipher named: exit 2" 2 algbench run --alg rsa --dry-run
check "... saying its type" sh -c 'algbench run --alg dh --dry-run 2>&1 | grep -q "dh: the kernel lists it as kpp, a type algbench does not run"'
expect_status "a name the kernel does not list: exit 2" 2 algbench run --alg nosuch-generic --dry-run
rm -rf "$t"
tap_end
