#!/usr/bin/env bash
# algbench run --perf (issue 16 item 3): hardware cycles and instructions
# beside throughput. Where this host's PMU counts, a real openssl run must
# give plausible instructions per op and per byte; where it has none (a VM
# without a virtual PMU, QEMU TCG), the run must go on, say why once and per
# job, and write perf.unavailable. Then merge carries and recomputes the
# counts, and files without them still load.
. "$(dirname "$0")/../lib.sh"
tap_begin
scratch_dir

"$ALGBENCH" run --backend openssl --alg sha256 --sizes 4096 --threads 1 --seconds 0.02 --warmup 0 \
	--repeats 3 --perf --json perf.json >table.txt 2>err.txt
check "run --perf exits 0" [ $? = 0 ]
# Which branch to assert is the oracle's call, never algbench's: a raw
# perf_event_open of this thread's cycles and instructions (tests/host/perf_probe.c).
probe=${ALGBENCH_BUILD_DIR:-$ALGBENCH_TOP/build}/tests/perf-probe
[ -x "$probe" ] || { not_ok "the oracle $probe is built (cmake --build)"; tap_end; exit; }
oracle=$("$probe") && pmu=1 || pmu=0
echo "# oracle (perf-probe): $oracle"
if [ "$pmu" = 1 ]; then
	check "the PMU counts (oracle), so algbench's result has perf.scope" jqok '.results[0].perf.scope' perf.json
	echo "# this host counts: $(grep '^    perf:' table.txt)"
	check "every sample has perf.cycles and perf.instructions > 0" \
		jqok 'all(.results[0].samples[]; .perf.instructions > 0 and .perf.cycles > 0)' perf.json
	# sha256 in OpenSSL: a few to a few tens of instructions per byte on any x86 or arm64
	check "openssl sha256 4096 B: 0.5 < instructions/byte < 200, scope threads" \
		jqok '.results[0].perf | .scope == "threads" and .instructions_per_byte > 0.5 and
			.instructions_per_byte < 200 and .instructions_per_op > 2048' perf.json
	check "the table prints instructions/op under the row" \
		grep -Eq '^    perf: [0-9]+ instructions/op, [0-9.]+ instructions/byte, [0-9]+ cycles/op, IPC [0-9.]+ \(threads\)$' table.txt
	check "no 'unavailable' message" sh -c '! grep -q "perf counters unavailable" err.txt'
else
	why=$(jq -r '.results[0].perf.unavailable' perf.json)
	echo "# no hardware counters here: $why"
	check "the PMU does not count (oracle), so algbench's result has no perf.scope" \
		sh -c '! jq -e ".results[0].perf.scope" "$0" >/dev/null' perf.json
	check "the run says once why the counters are unavailable" \
		sh -c '[ "$(grep -c "^algbench run: perf counters unavailable: .*; timing only$" err.txt)" = 1 ]'
	check "the job's row says perf: unavailable and why" grep -q '^    perf: unavailable: ..' table.txt
	check "JSON: perf.unavailable is the reason, no sample has perf, throughput is there" \
		jqok '(.results[0].perf | keys) == ["unavailable"] and (.results[0].perf.unavailable | length) > 10
			and all(.results[0].samples[]; has("perf") | not) and .results[0].mbps.median > 0' perf.json
	skip "instructions per byte of openssl sha256 are plausible" "no PMU on this host: $why"
fi
"$ALGBENCH" run --backend openssl --alg sha256 --sizes 64 --seconds 0.01 --warmup 0 --repeats 1 \
	--json plain.json >/dev/null 2>&1
check "without --perf: no perf field" jqok 'all(.results[]; has("perf") | not)' plain.json

# merge: two runs whose samples carry counts (as a counting host writes them)
counted() { # FILE INSTRUCTIONS-PER-OP
	jq --argjson i "$2" '.results[0] |= (.status = "ok" | .perf = { scope: "threads" }
		| .samples |= map(.perf = { cycles: (.ops * $i / 2), instructions: (.ops * $i) }))' plain.json >"$1"
}
counted a.json 1000
counted b.json 3000
"$ALGBENCH" merge --out m.json a.json b.json >/dev/null 2>&1
check "merge keeps every sample's perf and recomputes the medians (1000, 3000 -> 2000)" \
	jqok '.results[0] | (.samples | length) == 2 and all(.samples[]; .perf.instructions > 0)
		and .perf.scope == "threads" and .perf.instructions_per_op == 2000
		and .perf.cycles_per_op == 1000 and .perf.instructions_per_byte == 2000 / 64' m.json
"$ALGBENCH" merge --out m2.json plain.json a.json >/dev/null 2>&1
check "a run without counts merged with one with: medians over the counted samples" \
	jqok '.results[0].perf.instructions_per_op == 1000' m2.json
jq '.results[0].samples[0].perf.instructions = -5' a.json >neg.json
expect_status "merge refuses negative perf counts" 2 "$ALGBENCH" merge --out x.json neg.json
jq '.results[0].samples[0].perf = "lots"' a.json >str.json
expect_status "merge refuses a perf that is not an object" 2 "$ALGBENCH" merge --out x.json str.json
expect_status "compare reads files with and without perf" 0 sh -c '"$0" compare plain.json m.json >cmp0.txt 2>&1' "$ALGBENCH"
check "... and prints no instruction view when one side has no counts" sh -c '! grep -q "Instructions per operation" cmp0.txt'
"$ALGBENCH" merge --out ma.json a.json >/dev/null 2>&1
"$ALGBENCH" merge --out mb.json b.json >/dev/null 2>&1
"$ALGBENCH" compare ma.json mb.json --json cmp.json >cmp.txt 2>&1
check "compare: both sides counted: instructions/op table (1000 -> 3000, 3.0000) and JSON" sh -c '
	grep -q "^Instructions per operation (perf counters" cmp.txt &&
	grep -Eq "^\| openssl .* \| 1000 \| 3000 \| 3\.0000 \|$" cmp.txt &&
	jq -e ".pairs[0].instructions_per_op == {base: 1000, new: 3000, ratio: 3}" cmp.json >/dev/null'
jq '.results[0].perf.instructions_per_op = "x"' ma.json >badipo.json
expect_status "compare ignores a perf median that is not a number" 0 sh -c '"$0" compare badipo.json mb.json >cmp2.txt 2>&1 && ! grep -q "Instructions per" cmp2.txt' "$ALGBENCH"
expect_status "plot reads files with perf" 0 sh -c '"$0" plot m.json --out p >/dev/null 2>&1' "$ALGBENCH"
expect_status "report reads files with perf" 0 sh -c '"$0" report m.json --out r >/dev/null 2>&1' "$ALGBENCH"
tap_end
