# jq -n -r --slurpfile x X86.json --slurpfile a ARM64.json -f table.jq
# One row per job of both files: each side's driver and median ns per
# request, which under -icount shift=0 is instructions per request.
def key: "\(.backend) \(.mode) \(.alg) \(.op) \(.size)";
def n: if . == null then "-" else (. | round | tostring) end;
($x[0].results | map({(key): .}) | add) as $X
| ($a[0].results | map({(key): .}) | add) as $A
| "| job (1 thread, 128-bit keys) | x86-64 driver | x86-64 instr/request | arm64 driver | arm64 instr/request | arm64 / x86-64 |",
  "|---|---|---|---|---|---|",
  (($X | keys_unsorted) + ($A | keys_unsorted) | unique[] as $k
   | $X[$k] as $p | $A[$k] as $q
   | "| \($k) B | \($p.driver // "-") | \($p.ns_per_op_median | n) | \($q.driver // "-") | \($q.ns_per_op_median | n) | \(if $p and $q then ($q.ns_per_op_median / $p.ns_per_op_median * 1000 | round / 1000 | tostring) else "-" end) |")
