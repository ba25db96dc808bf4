# results/trace-cost/DIR/trace-counts.tsv: jq -r -f results/trace-cost/trace-counts.jq DIR/rounds/*+trace-r*.json
# Per traced round and job: the run's own ops, and the outer driver's traced
# count (encrypt_cnt for aead/skcipher, hash_cnt for hash); AF_ALG must be
# ops + 1 KAT + 1 warm-up per thread (--warmup 0).
.run.id as $id | .results[]
| ([.samples[].ops] | add) as $ops
| ([.trace.drivers[] | select(.internal | not) | if .encrypt_cnt > 0 then .encrypt_cnt else .hash_cnt end] | add) as $cnt
| [$id, .backend, .alg, .size, $ops, $cnt, $cnt - $ops, (if .backend == "afalg" then ($cnt == $ops + 1 + .threads) else null end)]
| @tsv
