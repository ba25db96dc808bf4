#!/usr/bin/env bash
# The one JSON writer and the one reader (sys/json_out, sys/json_in, result/):
# "--json PATH" writes through what is not a regular file (a link to
# /dev/null, a FIFO) instead of renaming a file over it, and replaces a
# regular file behind a symbolic link without replacing the link; every
# command that reads a result file refuses a FIFO at once instead of waiting
# for a writer that never comes. For run, compare, merge and export.
. "$(dirname "$0")/../lib.sh"
tap_begin
scratch_dir

cat >r.json <<'J'
{"schema": "algbench/1", "run": {"id": "t1", "host": {"kernel": "k"}},
 "results": [
  {"backend": "afalg", "type": "skcipher", "alg": "cbc(aes)", "driver": "x", "op": "encrypt",
   "keylen": 16, "keybits": 128, "size": 4096, "threads": 1, "mode": "sendmsg", "kat": "pass",
   "status": "ok", "seconds": 1, "repeats": 2,
   "samples": [{"ops": 1000, "bytes": 100000000, "ns": 1000000000},
               {"ops": 1000, "bytes": 101000000, "ns": 1000000000}],
   "mbps": {"median": 100.5, "min": 100, "max": 101, "mad": 0.5}}]}
J

# one_doc FILE: FILE holds exactly one JSON object (jq -e . passes an empty file)
one_doc() { jq -s -e 'length == 1 and (.[0] | type == "object")' "$1" >/dev/null; }

# The commands, each with --json/-o TARGET standing for where the JSON goes.
cmd_run() { "$ALGBENCH" run --backend openssl --alg sha256 --sizes 64 --seconds 0.01 --repeats 2 \
	--warmup 0 --json "$1" >/dev/null 2>&1; }
cmd_compare() { "$ALGBENCH" compare r.json r.json --json "$1" >/dev/null 2>&1; }
cmd_merge() { "$ALGBENCH" merge -o "$1" r.json r.json >/dev/null 2>&1; }
cmd_export() { "$ALGBENCH" export --kcidb -o "$1" r.json >/dev/null 2>&1; }

for c in run compare merge export; do
	# a plain file first: the status every other target must give too
	rm -f plain.json
	want=0 && cmd_$c plain.json || want=$?
	check "$c: --json to a plain file writes JSON (exit $want)" one_doc plain.json

	# a link to /dev/null stays a link, and /dev/null is not touched
	rm -f null.link && ln -s /dev/null null.link
	st=0 && cmd_$c null.link || st=$?
	check "$c: --json through a link to /dev/null keeps the link" \
		test "$st" = "$want" -a -L null.link -a -c /dev/null

	# a link to a regular file: the file gets the JSON, the link stays
	rm -f target.json file.link && : >target.json && ln -s target.json file.link
	st=0 && cmd_$c file.link || st=$?
	check "$c: --json through a link to a file writes the file, keeps the link" \
		sh -c 'test "$0" = "$1" -a -L file.link' "$st" "$want"
	check "$c: ... and the file it points to holds the JSON" one_doc target.json

	# a FIFO: written through (a reader gets the JSON), never replaced
	rm -f out.fifo got.json && mkfifo out.fifo
	timeout 60 cat out.fifo >got.json &
	reader=$!
	st=0 && cmd_$c out.fifo || st=$?
	check "$c: --json to a FIFO writes through it, the FIFO stays" test "$st" = "$want" -a -p out.fifo
	# the writer closed the FIFO, so the reader ends by itself; stop it only if
	# the FIFO was replaced (the defect), when it would wait for nobody
	[ -p out.fifo ] || kill "$reader" 2>/dev/null
	wait "$reader" 2>/dev/null
	check "$c: ... and the reader got the JSON" one_doc got.json
done

# Readers: a FIFO as input is refused at once (exit 2, says why), never waited on.
rm -f in.fifo && mkfifo in.fifo
refuses_fifo() { # refuses_fifo NAME CMD...: exit 2 and "not a regular file" within the guard
	local name=$1 got=0 err; shift
	err=$(timeout 60 "$@" 2>&1 >/dev/null) || got=$?
	if [ "$got" = 2 ] && grep -q "in.fifo: .*not a regular file" <<<"$err"; then
		ok "$name"
	else
		not_ok "$name (exit $got: $err)"
	fi
}
refuses_fifo "compare refuses a FIFO" "$ALGBENCH" compare in.fifo r.json
refuses_fifo "merge refuses a FIFO" "$ALGBENCH" merge -o m.json in.fifo
refuses_fifo "report refuses a FIFO" "$ALGBENCH" report in.fifo --out rep
refuses_fifo "plot refuses a FIFO" "$ALGBENCH" plot in.fifo --out plots
refuses_fifo "plot --compare refuses a FIFO" "$ALGBENCH" plot --compare in.fifo --out plots
refuses_fifo "export refuses a FIFO" "$ALGBENCH" export --kcidb in.fifo
check "a directory is refused as input too, and said so" \
	sh -c '"$0" compare . r.json 2>&1 >/dev/null | grep -q "not a regular file (a directory)"' "$ALGBENCH"
# An input over 64 MiB is refused before it is read (jansson would hold ~30x
# its size): a sparse file costs no disk.
cp r.json big.json
truncate -s $((64 * 1024 * 1024 + 1)) big.json
for c in compare merge; do
	got=0
	if [ $c = compare ]; then "$ALGBENCH" compare big.json r.json >/dev/null 2>big.err || got=$?
	else "$ALGBENCH" merge -o m.json big.json >/dev/null 2>big.err || got=$?; fi
	if [ "$got" = 2 ] && grep -q "algbench $c: big.json: 67108865 bytes, over the 64 MiB" big.err; then
		ok "$c: an input over 64 MiB refused naming its size and the limit"
	else
		not_ok "$c: an input over 64 MiB refused naming its size and the limit (exit $got: $(cat big.err))"
	fi
done
tap_end
