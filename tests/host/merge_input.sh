#!/usr/bin/env bash
# algbench merge on hostile single runs: a thread count that does not fit is
# refused (it used to become 0), so are samples that are not an array (they
# used to vanish), a perf summary the samples do not back is not copied into
# the merged file, and two jobs whose names differ only past the 159th byte
# stay two jobs (in merge and in compare), and so do two jobs whose fields,
# joined by spaces, would read alike ("gcm(aes) encrypt"+"x" and
# "gcm(aes)"+"encrypt x"), or differ only by a field's type or absence.
. "$(dirname "$0")/../lib.sh"
tap_begin
scratch_dir

# run FILE JOB...: a single run holding the given result objects
run() {
	local f=$1; shift
	printf '%s\n' "$@" | jq -s '{schema: "algbench/1", run: {id: "t", host: {kernel: "k"}}, results: .}' >"$f"
}
# job [JQ-UPDATE]: one afalg cbc(aes) result with two samples, then the update
job() {
	jq -cn "{backend: \"afalg\", type: \"skcipher\", alg: \"cbc(aes)\", driver: \"x\", op: \"encrypt\",
		keylen: 16, size: 4096, threads: 1, mode: \"sendmsg\", kat: \"pass\", status: \"ok\",
		samples: [{ops: 1000, bytes: 4096000, ns: 1000000}, {ops: 1000, bytes: 4096000, ns: 1100000}]}
		| ${1:-.}"
}
refused() { # refused NAME PATTERN FILE: merge exits 2 naming the cause
	local name=$1 pat=$2 got=0 err
	err=$("$ALGBENCH" merge -o out.json "$3" 2>&1 >/dev/null) || got=$?
	if [ "$got" = 2 ] && grep -q -- "$pat" <<<"$err"; then ok "$name"; else not_ok "$name (exit $got: $err)"; fi
}

run big.json "$(job '.threads = 4294967296')"
refused "threads 2^32 refused, not truncated to 0" "threads must be an integer from 1" big.json
run zero.json "$(job '.threads = 0')"
refused "threads 0 refused" "threads must be" zero.json
run str.json "$(job '.samples = "many"')"
refused "samples that are not an array refused" "samples must be an array" str.json
run obj.json "$(job '.samples = {ops: 1}')"
refused "samples as an object refused" "samples must be an array" obj.json

# A perf summary is recomputed from the samples' counts, never copied.
run bogus.json "$(job '.perf = {scope: "threads", instructions_per_op: 12345, cycles_per_op: 1}')"
"$ALGBENCH" merge -o out.json bogus.json bogus.json 2>/dev/null
check "a perf summary without counted samples is not copied" \
	jqok '.results[0].perf == {unavailable: "no sample was counted"}' out.json
run scope.json "$(job '.perf = {scope: "everything", instructions_per_op: 7}
	| .samples[].perf = {cycles: 100, instructions: 200}')"
"$ALGBENCH" merge -o out.json scope.json 2>/dev/null
check "a perf summary with an unknown scope is dropped" jqok '.results[0] | has("perf") | not' out.json
run counted.json "$(job '.perf = {scope: "threads", instructions_per_op: 12345}
	| .samples[].perf = {cycles: 100, instructions: 200}')"
"$ALGBENCH" merge -o out.json counted.json 2>/dev/null
check "... and one the samples back is recomputed from them (200 instructions / 1000 ops)" \
	jqok '.results[0].perf.scope == "threads" and (.results[0].perf.instructions_per_op | . > 0.19 and . < 0.21)' out.json
run unavail.json "$(job '.perf = {unavailable: "perf_event_paranoid is 3"}')"
"$ALGBENCH" merge -o out.json unavail.json 2>/dev/null
check "an unavailable perf summary is kept as it was" \
	jqok '.results[0].perf == {unavailable: "perf_event_paranoid is 3"}' out.json

# Keys are whole: names that share their first 200 bytes are two jobs.
long=$(printf 'a%.0s' $(seq 200))
run long.json "$(job ".alg = \"${long}x\"")" "$(job ".alg = \"${long}y\"")"
"$ALGBENCH" merge -o out.json long.json 2>/dev/null
check "merge: two jobs that differ past byte 159 stay two" jqok '.results | length == 2' out.json
"$ALGBENCH" compare long.json long.json --json cmp.json >/dev/null 2>&1
check "compare: ... and pair as two" jqok '(.pairs | length) + (.one_sided | length) == 2' cmp.json

# Keys are fields, not a string of them: a space, a '-', a number as a
# string or a tab in a name never make two jobs one.
run spaces.json "$(job '.alg = "gcm(aes) encrypt" | .op = "x"')" "$(job '.alg = "gcm(aes)" | .op = "encrypt x"')"
"$ALGBENCH" merge -o out.json spaces.json 2>/dev/null
check "merge: alg 'gcm(aes) encrypt' op 'x' and alg 'gcm(aes)' op 'encrypt x' stay two" \
	jqok '.results | length == 2 and all(.[]; .rounds == 1 and (.samples | length) == 2)' out.json
"$ALGBENCH" compare spaces.json spaces.json --json cmp.json >/dev/null 2>&1
check "compare: ... and pair as two" jqok '(.pairs | length) + (.one_sided | length) == 2' cmp.json
run kinds.json "$(job '.mode = "-"')" "$(job 'del(.mode)')" "$(job '.keylen = "16"')" \
	"$(job '.alg = "cbc(aes)\tx"')"
"$ALGBENCH" merge -o out.json kinds.json kinds.json 2>/dev/null
check "merge: mode '-' and no mode, keylen \"16\" and 16, a name with a tab: four jobs" \
	jqok '.results | length == 4 and all(.[]; .rounds == 2)' out.json
check "compare: plain names as they are in the key, a string that reads as a number quoted" \
	sh -c '"$0" compare "$1" "$1" 2>/dev/null | grep -qF "| afalg skcipher cbc(aes) encrypt \"16\" 4096 1 sendmsg |"' \
	"$ALGBENCH" kinds.json
tap_end
