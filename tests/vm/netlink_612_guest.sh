#!/usr/bin/env bash
# Runs in the 6.12 guest (see netlink_612.sh): TAP, one line per check.
. /opt/algbench/tests/lib.sh
out=$(mktemp)
tap_begin

algbench conform --tap >"$out" 2>/dev/null; rc=$?
sed 's/^/# conform: /' "$out"
check "conform --tap exits 0 on 6.12" [ "$rc" = 0 ]
check "conform's totals line says fail:0" grep -q '^# Totals: pass:[0-9]* fail:0 ' "$out"
check "stats are expected off because GETSTAT was removed in Linux 6.10" \
	grep -q 'removed in Linux 6.10' "$out"
check "getstat_all passed: every algorithm of the GETALG dump answered -ENOTSUPP" \
	grep -q '^ok [0-9]* getstat_all' "$out"
check "every SKIP carries a reason" sh -c "! grep -E '# SKIP *$' '$out'"
check "every counter row SKIPs naming the removal" \
	sh -c "! grep '^ok [0-9]* counters_' '$out' | grep -v 'SKIP no crypto statistics: CRYPTO_STATS and its GETSTAT counters were removed in Linux 6.10'"
check "nl stat sha256 --json: status unsupported, errno 524" \
	sh -c "algbench nl stat sha256 --json | jq -e '.status == \"unsupported\" and .errno == 524' >/dev/null"
tap_end
