#!/usr/bin/env bash
# algbench attribute: a changelog written as Debian's kernel team writes one
# (a signed image's stanza, upstream releases under "New upstream stable
# update", entries over two lines, architecture marks, a revert, a config
# item), read plain, gzip'd and inside a .deb; each job gets exactly the
# entries whose subject tags are on its path, and only those of its range.
# Bad ranges, bad files and bad jobs: exit 2 with the reason.
. "$(dirname "$0")/../lib.sh"
tap_begin
build=${ALGBENCH_BUILD_DIR:-$ALGBENCH_TOP/build}
ab=$build/bin/algbench
[ -x "$ab" ] || skip_all "$ab not built"
scratch_dir

# tests/host/changelog.fixture, the fuzzer's seed too (host_fuzz_changelog)
cp "$ALGBENCH_TOP/tests/host/changelog.fixture" changelog
line() { grep -n -- "$1" changelog | head -n1 | cut -d: -f1; }

# attr OUT ARGS...: the JSON of one run ('-' on stdout) into OUT, and its status
attr() {
	local out=$1
	shift
	"$ab" attribute --json - "$@" >"$out" 2>err && rc=0 || rc=$?
}
# lines OUT: "LINE RULE" per entry found
lines() { jq -r '.entries[] | "\(.line) \(.rule)"' "$1" | tr '\n' ';'; }

attr a.json --from 6.1.9-1 --to 6.1.12-2 --backend afalg --alg 'gcm(aes)' changelog
check "afalg gcm(aes) 6.1.9-1..6.1.12-2: exit 0 ($rc)" [ "$rc" = 0 ]
check "14 entries after 6.1.9-1 up to 6.1.12-2 (the signed stanza counts as 6.1.12-2)" jqok '.entries_between == 14' a.json
want="$(line 'crypto: api') crypto: api;$(line 'crypto: af_alg - bound') crypto: af_alg;$(line 'x86/fpu') x86/fpu*;$(line 'Revert') x86/bugs*;$(line 'x86/aes-gcm') crypto: a part of the algorithm;$(line 'mm/gup') mm/gup*;$(line 'CRYPTO_AES') the entry names CRYPTO_*;$(line 'splice:') splice*;"
got=$(lines a.json)
check "its entries and rules, in changelog order (got: $got)" [ "$got" = "$want" ]
check "qat, atmel-aes (hardware), arm64's aes, net: bridge and the sha256 library are not on its path" \
	jqok '[.entries[].text] | map(test("qat|atmel|arm64|bridge|sha256")) | any | not' a.json
check "an entry over two lines is one, joined by a space" \
	jqok '.entries[1].text == "crypto: af_alg - bound the receive scatterlist by the socket buffer"' a.json
check "each entry's upstream release: from its ChangeLog- line, else the stanza's" \
	jqok '[.entries[] | .upstream] == ["6.1.12", "6.1.11", "6.1.11", "6.1.12", "6.1.12", "6.1.12", "6.1.12", "6.1.10"]' a.json
check "each entry's Debian version: the signed stanza stands for the version it signs" \
	jqok '[.entries[] | .version] == ["6.1.12-2", "6.1.12-1", "6.1.12-1", "6.1.12-1", "6.1.12-1", "6.1.12-1", "6.1.12-1", "6.1.10-1"]' a.json
check "upstream commits and Debian items told apart" \
	jqok '[.entries[] | .upstream_commit] == [false, true, true, true, true, true, false, true]' a.json

attr s.json --from 6.1.10-1 --to 6.1.12-2 --backend afalg --mode sendmsg --alg 'gcm(aes)' changelog
check "afalg sendmsg from 6.1.10-1: no mm/gup (vmsplice's), no 6.1.10-1 entry (6 of 11)" \
	jqok '.entries_between == 11 and (.entries | length) == 6 and ([.entries[].text] | map(test("gup|splice")) | any | not)' s.json
attr k.json --from 6.1.9-1 --to 6.1.10-1 --backend kmod --alg sha256 changelog
check "kmod sha256 6.1.9-1..6.1.10-1 (9 sorts before 10): both sha256 entries, not splice" \
	[ "$(lines k.json)" = "$(line 'crypto: lib/sha256') crypto: a part of the algorithm;$(line 'lib/crypto: sha256') lib/crypto*: a part of the algorithm;" ]
attr o.json --from 6.1.9-1 --to 6.1.12-2 --backend openssl --alg 'gcm(aes)' changelog
check "an openssl job is user space: no entry" jqok '(.entries | length) == 0' o.json
attr r.json --from 6.1.9-1 --to 6.1.12-2 --backend kmod --alg 'gcm(aes)' --arch arm64 changelog
check "arm64 kmod gcm(aes): the api and arm64/aes; not x86/aes-gcm, [x86] or x86/*" \
	[ "$(lines r.json)" = "$(line 'crypto: api') crypto: api;$(line 'arm64/aes') crypto: a part of the algorithm;" ]

# The same read gzip'd and from a .deb as the kernel team ships it.
gzip -9nc changelog >changelog.gz
mkdir -p pkg/DEBIAN pkg/usr/share/doc/linux-image-6.1.0-99-amd64
cp changelog.gz pkg/usr/share/doc/linux-image-6.1.0-99-amd64/changelog.gz
printf 'Package: linux-image-6.1.0-99-amd64\nVersion: 6.1.12-2\nArchitecture: amd64\nMaintainer: T <t@example.org>\nDescription: test\n' >pkg/DEBIAN/control
dpkg-deb -Zxz --build pkg image.deb >/dev/null
for f in changelog.gz image.deb; do
	attr f.json --from 6.1.9-1 --to 6.1.12-2 --backend afalg --alg 'gcm(aes)' "$f"
	check "$f: the same entries ($rc)" [ "$(lines f.json)" = "$want" ]
done
check "the .deb: its source names the member" jqok '.changelog | test("image.deb \\(./usr/share/doc/linux-image-6.1.0-99-amd64/changelog.gz in data.tar.xz\\)")' f.json

"$ab" attribute --from 6.1.9-1 --to 6.1.12-2 --backend afalg --alg 'gcm(aes)' changelog >text 2>err && rc=0 || rc=$?
check "the text report: exit 0 and its count" grep -qx '8 of 14 entries touch the job.s path' text
check "--rules prints the table" sh -c '"$0" attribute --rules | grep -q "^crypto: af_alg"' "$ab"

job=(--backend afalg --alg 'gcm(aes)')
# --markdown: the changelog's words escaped for a report rendered as HTML.
cat >md <<'CL'
linux (6.1.13-1) bookworm-security; urgency=high

  * crypto: af_alg - a subject with <img src=x onerror=alert(1)> | a pipe and `code`

linux (6.1.12-1) bookworm-security; urgency=high

  * crypto: api - before
CL
"$ab" attribute --markdown --from 6.1.12-1 --to 6.1.13-1 "${job[@]}" md >md.out 2>err && rc=0 || rc=$?
check "--markdown: exit 0 ($rc), the entry with < > | \` escaped" \
	grep -qF -- '- 6.1.13-1 (upstream 6.1.13): crypto: af_alg - a subject with &lt;img src=x onerror=alert(1)&gt; \| a pipe and \`code\` (rule `crypto: af_alg`' md.out
check "--markdown names no folder" sh -c '! grep -q "$0" "$1"' "$PWD" md.out

# Refusals: exit 2, one line that says why.
refused() { # refused NAME WANT-IN-MESSAGE ARGS...
	local name=$1 want=$2
	shift 2
	"$ab" attribute "$@" >/dev/null 2>err && rc=0 || rc=$?
	check "$name: exit 2 ($rc), says '$want'" sh -c '[ "$0" = 2 ] && grep -q -- "$1" err' "$rc" "$want"
}
refused "a reversed range" "6.1.12-2 is not older than 6.1.9-1" --from 6.1.12-2 --to 6.1.9-1 "${job[@]}" changelog
refused "one kernel" "is not older than" --from 6.1.12-2 --to 6.1.12-2 "${job[@]}" changelog
refused "a version the changelog does not have" "has no stanza for 6.1.11-1" --from 6.1.9-1 --to 6.1.11-1 "${job[@]}" changelog
refused "not a version" "'v6.1.9' is not a Debian version" --from v6.1.9 --to 6.1.12-2 "${job[@]}" changelog
refused "an unknown algorithm" "'gcm(des)' is not in the catalogue" --from 6.1.9-1 --to 6.1.12-2 --backend afalg --alg 'gcm(des)' changelog
refused "a mode of another backend" "backend kmod has no mode 'vmsplice'" --from 6.1.9-1 --to 6.1.12-2 --backend kmod --mode vmsplice --alg 'gcm(aes)' changelog
refused "no --from" "--from, --to, --backend and --alg are needed" --to 6.1.12-2 "${job[@]}" changelog
printf 'root:x:0:0:root:/root:/bin/bash\n' >passwd
refused "not a changelog" "not a Debian changelog: line 1" --from 6.1.9-1 --to 6.1.12-2 "${job[@]}" passwd
printf '  * an entry before any stanza\n' >early
refused "an entry before the first stanza" "line 1: an indented line before the first stanza" --from 6.1.9-1 --to 6.1.12-2 "${job[@]}" early
head -c 300 changelog.gz >cut.gz
refused "a truncated gzip" "truncated gzip" --from 6.1.9-1 --to 6.1.12-2 "${job[@]}" cut.gz
printf 'linux (6.1.9-1) x; urgency=low\n\0\n' >nul
refused "a NUL byte" "a NUL byte at offset" --from 6.1.9-1 --to 6.1.12-2 "${job[@]}" nul
rm -rf pkg/usr && dpkg-deb --build pkg nodoc.deb >/dev/null
refused "a .deb without a changelog" "Debian package without a" --from 6.1.9-1 --to 6.1.12-2 "${job[@]}" nodoc.deb
refused "a directory" "is a directory" --from 6.1.9-1 --to 6.1.12-2 "${job[@]}" .
sed 's/^linux (6.1.10-1)/linux (6.1.10-1/' changelog >noparen
refused "a stanza line without its ')'" "line $(line '^linux (6.1.10-1'): a stanza's first line" --from 6.1.9-1 --to 6.1.12-2 "${job[@]}" noparen
# A gzip of many members, each small, that together decompress past the
# limit (65 MiB of 'a' in 1040 members of 64 KiB, ~100 KB on disk): refused
# as it grows, not after.
head -c 65536 /dev/zero | tr '\0' a | gzip -9nc >member.gz
for _ in $(seq 1040); do cat member.gz; done >bomb.gz
refused "gzip members that decompress past 64 MiB together" "decompresses to more than 64 MiB" \
	--from 6.1.9-1 --to 6.1.12-2 "${job[@]}" bomb.gz
refused "an epoch beyond dpkg's (INT_MAX)" "'99999999999:6.1.9-1' is not a Debian version" \
	--from 99999999999:6.1.9-1 --to 6.1.12-2 "${job[@]}" changelog
# A matching entry that is not UTF-8 (a Latin-1 byte): the text reports keep
# it, the JSON cannot and says which line.
sed 's/^  \* crypto: api - take the lookup/  * crypto: api - caf\xe9 take the lookup/' changelog >latin1
"$ab" attribute --json - --from 6.1.9-1 --to 6.1.12-2 --backend afalg --alg 'gcm(aes)' latin1 >/dev/null 2>err && rc=0 || rc=$?
check "a non-UTF-8 entry under --json: exit 2 ($rc), its line named, not 'out of memory'" sh -c '
	[ "$0" = 2 ] && grep -q "changelog line $1: cannot write it as JSON" err && ! grep -q "out of memory" err' "$rc" "$(line 'crypto: api - take')"
"$ab" attribute --from 6.1.9-1 --to 6.1.12-2 --backend afalg --alg 'gcm(aes)' latin1 >/dev/null 2>err && rc=0 || rc=$?
check "... and the text report takes it (exit $rc)" [ "$rc" = 0 ]
tap_end
