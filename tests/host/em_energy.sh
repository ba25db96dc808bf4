#!/usr/bin/env bash
# algbench run --energy-model with a JSON table (no kernel EM needed): the
# estimate equals power x window / bytes from the samples, every bad or
# hostile table is a usage error naming the file and field before any job,
# no energy model here is a note and the run goes on, and files with the
# new fields still load in merge, compare and report. The kernel's own
# energy model (device, device:NAME) is checked in the VM (vm_em).
. "$(dirname "$0")/../lib.sh"
tap_begin
A=$ALGBENCH
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
jqok() { jq -e "$@" >/dev/null; }
quick=(--backend openssl --alg sha256 --sizes 4096 --seconds 0.02 --warmup 0 --repeats 3)
# RK3399 big at 408 and 1800 MHz, P = 436 * MHz * mV^2 / 1e6 uW
table() { echo "{ \"name\": \"rk3399-big\", $1 \"states\": [ {\"khz\": 408000, \"uw\": 113848}, {\"khz\": 1800000, \"uw\": 1130112} ] }"; }
table '"opp_khz": 408000,' >"$dir/big.json"

out=$("$A" run "${quick[@]}" --threads 1,2 --energy-model "$dir/big.json" --json "$dir/r.json" 2>&1)
rc=$?
echo "$out" | sed 's/^/# /'
check "run with a JSON table exits 0" test "$rc" = 0
check "table states the model and its assumptions" \
	grep -q "^# energy model .*rk3399-big.*opp_khz.*active power only" <<<"$out"
check "a '# energy: ... nJ/B' line under each job" test "$(grep -c '^#   energy: .* nJ/B' <<<"$out")" = 2
check "run.energy_model: source, domain's table, OPP rule, assumptions" jqok '.run.energy_model |
	.kind == "file" and .opp_khz == 408000 and (.domains[0].states | length) == 2 and
	.domains[0].states[1].uw == 1130112 and (.assumptions | length) >= 3' "$dir/r.json"
check "the table file is named from the result's folder (big.json), not by its absolute path" \
	jqok '.run.energy_model | .source == "big.json" and .origin == "big.json"' "$dir/r.json"
mkdir "$dir/sub"
"$A" run "${quick[@]}" --threads 1 --energy-model "$dir/big.json" --json "$dir/sub/r.json" >/dev/null 2>&1
check "... and from a folder below: ../big.json" jqok '.run.energy_model.source == "../big.json"' "$dir/sub/r.json"
# nJ/B per sample = sum of the busy CPUs' uW x ns x 1e-6 / bytes; the median of 3 is the middle one
check "per-job nJ/B equals 113848 uW x CPUs x window / bytes (median, min, max)" jqok '
	[.results[] | .threads as $t | .energy as $e |
	 ([.samples[] | 113848 * $t * .ns * 1e-6 / .bytes] | sort) as $w |
	 ($e.power_uw == 113848 * $t) and ($e.cpus | length) == $t and
	 ([$e.nj_per_byte.median, $e.nj_per_byte.min, $e.nj_per_byte.max] as $g |
	  [$w[1], $w[0], $w[2]] as $x | [range(3) | ($g[.] - $x[.]) / $x[.] | fabs < 1e-9] | all)] |
	length == 2 and all' "$dir/r.json"
check "each CPU's OPP says where it came from (opp_khz)" \
	jqok '[.results[].energy.cpus[] | .opp_khz == 408000 and .opp_from == "opp_khz"] | all' "$dir/r.json"

# Without opp_khz: cpufreq where it exists, else the highest state, said in the JSON.
table '' >"$dir/noopp.json"
"$A" run "${quick[@]}" --quiet --energy-model "$dir/noopp.json" --json "$dir/n.json" 2>/dev/null
if [ -r /sys/devices/system/cpu/cpu0/cpufreq/scaling_cur_freq ]; then
	check "no opp_khz: the OPP from cpufreq" jqok '.results[0].energy.cpus[0] |
		.opp_from == "cpufreq" and .cpufreq_khz > 0' "$dir/n.json"
else
	check "no opp_khz, no cpufreq: the highest state, said" jqok '.results[0].energy.cpus[0] |
		.opp_from == "highest (no cpufreq)" and .opp_khz == 1800000 and .cpufreq_khz == null' "$dir/n.json"
fi

# A table for CPU 0 only: the 2-thread job's second CPU is in no domain, said instead of a figure.
echo '{ "cpus": [0], "opp_khz": 408000, "states": [ {"khz": 408000, "uw": 113848} ] }' >"$dir/cpu0.json"
"$A" run "${quick[@]}" --threads 1,2 --quiet --energy-model "$dir/cpu0.json" --json "$dir/c.json" 2>/dev/null
check "a CPU outside the table's cpus: nj_per_byte null with the reason" jqok '
	(.results[] | select(.threads == 1) | .energy.nj_per_byte.median > 0) and
	(.results[] | select(.threads == 2) | .energy.nj_per_byte == null and
	 (.energy.reason | test("^CPU [0-9]+ is in no domain of the model$")))' "$dir/c.json"

says() { # says NAME PATTERN FILE-CONTENT: a usage error (exit 2) before any job, PATTERN on stderr
	local name=$1 pat=$2 got=0 err
	printf '%s' "$3" >"$dir/bad.json"
	err=$("$A" run "${quick[@]}" --energy-model "$dir/bad.json" --json "$dir/bad-out.json" 2>&1 >/dev/null) || got=$?
	if [ "$got" = 2 ] && grep -q -- "$pat" <<<"$err" && [ ! -e "$dir/bad-out.json" ]; then
		ok "$name"
	else
		not_ok "$name (exit $got: $err)"
	fi
}
# a path that is not UTF-8 cannot be recorded in the result's JSON: a usage error that says so
got=0
err=$("$A" run "${quick[@]}" --energy-model "$dir/$(printf '\377').json" --json "$dir/u-out.json" 2>&1 >/dev/null) || got=$?
check "--energy-model path not UTF-8: exit 2 with a message, no result file" \
	sh -c '[ "$1" = 2 ] && echo "$0" | grep -q -- "--energy-model: not UTF-8" && [ ! -e "$2" ]' "$err" "$got" "$dir/u-out.json"
st() { echo "{ \"states\": [ $1 ] $2 }"; }
says "frequencies not increasing" "bad.json: .*increase strictly.*state 1 is 408000 kHz after 408000" \
	"$(st '{"khz": 408000, "uw": 1}, {"khz": 408000, "uw": 2}')"
says "power 0" "states\[0\].uw: 0 is not in 1..64000000" "$(st '{"khz": 408000, "uw": 0}')"
says "power above 64 W" "states\[0\].uw: 64000001 is not in 1..64000000" "$(st '{"khz": 408000, "uw": 64000001}')"
says "negative frequency" "states\[0\].khz: -5 is not in" "$(st '{"khz": -5, "uw": 7}')"
says "huge number" "bad.json: line 1: .*too big" "$(st '{"khz": 99999999999999999999999999, "uw": 7}')"
says "a real, not an integer" "states\[0\].uw: not an integer" "$(st '{"khz": 408000, "uw": 1.5}')"
says "missing uw" "states\[0\].uw: missing" "$(st '{"khz": 408000}')"
says "missing states" "states: want an array of 1..64" '{ "name": "x" }'
says "no states" "states: want an array of 1..64" "$(st '')"
says "65 states" "states: want an array of 1..64" "$(st "$(for i in $(seq 1 65); do printf '{"khz": %d, "uw": %d},' $((i * 1000)) "$i"; done | sed 's/,$//')")"
st "$(for i in $(seq 1 64); do printf '{"khz": %d, "uw": %d},' $((i * 1000)) "$i"; done | sed 's/,$//')" >"$dir/s64.json"
check "64 states (the most) load" bash -c '"$0" run --dry-run --energy-model "$1/s64.json" >/dev/null' "$A" "$dir"
says "unknown field (a typo)" 'unknown field "uW"' "$(st '{"khz": 408000, "uW": 7}')"
says "opp_khz not in the table" "opp_khz: 500 kHz is not a frequency" "$(st '{"khz": 408000, "uw": 7}' ', "opp_khz": 500')"
says "cpus listed twice" "cpus\[1\]: CPU 0 listed twice" "$(st '{"khz": 408000, "uw": 7}' ', "cpus": [0, 0]')"
says "duplicate key" "bad.json: line 1: duplicate object key" '{ "states": [], "states": [] }'
says "not JSON" "bad.json: line 1: " 'khz uw
408000 113848'
says "a name with control characters" "name: want" "$(printf '{ "name": "a\\u001b[31m", "states": [ {"khz": 1, "uw": 1} ] }')"
got=0; err=$("$A" run --dry-run --energy-model "$dir/nosuch.json" 2>&1 >/dev/null) || got=$?
check "a missing file: exit 2 naming it" bash -c '[ "$0" = 2 ] && grep -q "nosuch.json: No such file" <<<"$1"' "$got" "$err"
got=0; err=$("$A" run --dry-run --energy-model "device:../../etc" 2>&1 >/dev/null) || got=$?
check "device:NAME with a path: exit 2" bash -c '[ "$0" = 2 ] && grep -q "device:NAME wants the name" <<<"$1"' "$got" "$err"
head -c 2000000 /dev/zero >"$dir/huge.json"
got=0; err=$("$A" run --dry-run --energy-model "$dir/huge.json" 2>&1 >/dev/null) || got=$?
check "a 2 MB file is refused unread" bash -c '[ "$0" = 2 ] && grep -q "at most 1048576 bytes" <<<"$1"' "$got" "$err"

if [ ! -d /sys/kernel/debug/energy_model ]; then
	got=0; err=$("$A" run "${quick[@]}" --repeats 1 --energy-model device --json "$dir/d.json" 2>&1 >/dev/null) || got=$?
	check "no energy model here: one note, the run goes on (exit 0)" \
		bash -c '[ "$0" = 0 ] && grep -q "energy_model.*the run goes on without energy estimates" <<<"$1"' "$got" "$err"
	check "... and its results carry no energy" jqok '.run.energy_model == null and .results[0].energy == null' "$dir/d.json"
else
	skip "no energy model here: the note" "this host has energy_model debugfs (vm_em checks the note)"
	skip "... and its results carry no energy" "as above"
fi

# The readers: a file with the new fields, and one without, load as before.
"$A" run "${quick[@]}" --threads 1,2 --json "$dir/plain.json" >/dev/null 2>&1
check "merge takes files with and without energy, dropping the per-round estimate" bash -c \
	'"$0" merge --out "$1/m.json" "$1/r.json" "$1/plain.json" >/dev/null &&
	 jq -e "[.results[] | has(\"energy\")] | any | not" "$1/m.json" >/dev/null' "$A" "$dir"
check "compare reads a file with energy against one without" \
	bash -c '"$0" compare "$1/plain.json" "$1/r.json" >/dev/null; [ $? -le 1 ]' "$A" "$dir"
check "report reads a file with energy" bash -c '"$0" report "$1/r.json" --out "$1/rep" >/dev/null' "$A" "$dir"
tap_end
