#!/usr/bin/env bash
# The one JSON writer and the one reader (sys/json_out, sys/json_in, result/):
# "--json PATH" writes through what is not a regular file (a link to
# /dev/null, a FIFO) instead of renaming a file over it, and never writes
# through a symbolic link to a file, nor into a folder another user could
# use to redirect it (run as root, with uid 65534 as the other user); every
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

# The commands, each with --json/-o TARGET standing for where the JSON goes:
# argv_for CMD TARGET sets argv; cmd_CMD TARGET runs it quietly.
argv_for() {
	case $1 in
	run) argv=(run --backend openssl --alg sha256 --sizes 64 --seconds 0.01 --repeats 2 --warmup 0 --json "$2") ;;
	compare) argv=(compare r.json r.json --json "$2") ;;
	merge) argv=(merge -o "$2" r.json r.json) ;;
	export) argv=(export --kcidb -o "$2" r.json) ;;
	esac
}
for c in run compare merge export; do
	eval "cmd_$c() { argv_for $c \"\$1\"; \"\$ALGBENCH\" \"\${argv[@]}\" >/dev/null 2>&1; }"
done

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

	# a link to a regular file: refused, never followed; link and file stay as they were
	rm -f target.json file.link && echo keep >target.json && ln -s target.json file.link
	st=0 && cmd_$c file.link || st=$?
	check "$c: --json through a link to a file is refused (exit $st)" \
		sh -c 'test "$0" != 0 -a -L file.link' "$st"
	check "$c: ... and the file it points to is untouched" grep -qx keep target.json

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

# Another user's traps, each tried on every writer (root writes; uid 65534
# plays the other user). VICTIM is a root file of mode 600 that none may touch.
other=65534
victim_intact() { [ "$(cat victim)" = secret ] && [ "$(stat -c %a victim)" = 600 ]; }
for c in run compare merge export; do
	echo secret >victim && chmod 600 victim
	# a sticky shared folder (/tmp's mode) holding the other user's link at PATH
	rm -rf pub && mkdir -m 1777 pub && ln -s "$PWD/victim" pub/out.json && chown -h $other pub/out.json
	st=0 && cmd_$c pub/out.json || st=$?
	check "$c: another user's link at PATH in a sticky folder is refused (exit $st)" \
		sh -c 'test "$0" != 0 -a -L pub/out.json' "$st"
	check "$c: ... and the file it points to is untouched" victim_intact
	# links planted at the temporary names the writer used to make (PATH.tmp.PID):
	# the command is exec'ed by the shell that planted them, so its PID is known
	rm -rf pub && mkdir -m 1777 pub
	argv_for "$c" pub/out.json
	st=0 && sh -c 'for p in $$ $(($$ + 1)) $(($$ + 2)); do ln -s "$PWD/victim" pub/out.json.tmp.$p; done
		exec "$0" "$@"' "$ALGBENCH" "${argv[@]}" >/dev/null 2>&1 || st=$?
	check "$c: links planted at predictable temporary names change nothing (exit $st)" victim_intact
	check "$c: ... and PATH gets the JSON" one_doc pub/out.json
	# an existing file of the other user's in a sticky folder is not replaced
	rm -rf pub && mkdir -m 1777 pub && echo theirs >pub/out.json && chown $other pub/out.json
	st=0 && cmd_$c pub/out.json || st=$?
	check "$c: another user's file in a sticky folder is refused, left as it was (exit $st)" \
		sh -c 'test "$0" != 0 && grep -qx theirs pub/out.json' "$st"
	# a folder the other user owns (mode 755) or anyone may write (777, not sticky)
	for mode in 755:$other 777:0; do
		rm -rf pub && mkdir -m "${mode%%:*}" pub && chown "${mode#*:}" pub
		st=0 && err=$(cmd_$c pub/out.json 2>&1) || st=$?
		check "$c: a folder of mode ${mode%%:*} owned by uid ${mode#*:} is refused, nothing written (exit $st)" \
			sh -c 'test "$0" != 0 && ! test -e pub/out.json' "$st"
	done
	# our own file of mode 600 keeps its mode when replaced
	rm -f own.json && echo '{}' >own.json && chmod 600 own.json
	st=0 && cmd_$c own.json || st=$?
	check "$c: replaces our own file (exit $st, as for a new file)" test "$st" = "$want"
	check "$c: a replaced file keeps its mode (600)" sh -c 'test "$(stat -c %a own.json)" = 600 && jq -e . own.json >/dev/null'
	# no temporary file is left behind
	check "$c: no temporary files left" sh -c '! ls -a . pub | grep -q "\.tmp"'
done
# the messages say what is wrong and what to do
rm -rf pub && mkdir -m 777 pub
check "a shared folder is refused with its owner, mode and the fix" \
	sh -c '"$0" compare r.json r.json --json pub/x.json 2>&1 | grep -q "pub: a folder other users can write (owner uid 0, mode 0777).*only you can write"' "$ALGBENCH"
rm -f file.link && ln -s target.json file.link
check "a link to a file is refused with the reason" \
	sh -c '"$0" compare r.json r.json --json file.link 2>&1 | grep -q "cannot write file.link: a symbolic link; algbench never writes through a link"' "$ALGBENCH"
# under sudo, the invoking user's own folder is theirs to write into (their home)
rm -rf pub && mkdir pub && chown $other pub
check "under sudo (SUDO_UID) the invoking user's folder is accepted" \
	sh -c 'SUDO_UID=$1 "$0" compare r.json r.json --json pub/x.json >/dev/null 2>&1 && jq -e . pub/x.json >/dev/null' "$ALGBENCH" $other
check "... and another user's is not" \
	sh -c '! SUDO_UID=4242 "$0" compare r.json r.json --json pub/y.json >/dev/null 2>&1 && ! test -e pub/y.json' "$ALGBENCH"
# run --json DIR/ into a folder another user made: refused before any job runs
rm -rf pub && mkdir pub && chown $other pub
st=0 && err=$("$ALGBENCH" run --backend openssl --alg sha256 --sizes 64 --seconds 0.01 --repeats 1 --json pub/ 2>&1) || st=$?
check "run --json DIR/ refuses a folder another user owns, before any job (exit $st)" \
	sh -c 'test "$0" != 0 && ! ls pub | grep -q . && ! grep -q "sha256.*MB/s" <<EOF
$1
EOF' "$st" "$err"
# report and plot: gnuplot writes charts by name, so their folders must be
# writable by nobody else, not even sticky; the victim is untouched
echo secret >victim && chmod 600 victim
for cmd in report plot; do
	rm -rf pub && mkdir -m 1777 pub && mkdir -m 1777 pub/data && ln -s "$PWD/victim" pub/report.md &&
		ln -s "$PWD/victim" pub/data/cbc_aes_-size.dat && chown -h $other pub/report.md pub/data/*
	st=0 && err=$("$ALGBENCH" $cmd r.json --out pub 2>&1) || st=$?
	check "$cmd --out a sticky shared folder is refused (exit $st)" \
		sh -c 'test "$0" = 2 && grep -q "a folder other users can write" <<EOF
$1
EOF' "$st" "$err"
	check "$cmd: ... and the victim behind the links planted there is untouched" victim_intact
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
