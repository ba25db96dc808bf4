#!/usr/bin/env bash
# algbench em bench: output shape, state agreement, option errors (no timing asserted).
. "$(dirname "$0")/../lib.sh"
err=$(mktemp)
trap 'rm -f "$err"' EXIT
out=$("$ALGBENCH" em bench --repeats 3 --ms 2 2>"$err")
rc=$?
echo "$out" | sed 's/^/# /'
check "em bench exits 0" test "$rc" = 0
check "names the CPU" grep -q '^cpu: ..*' <<<"$out"
for c in big little; do
	line=$(grep "^$c " <<<"$out" | head -1)
	read -r _ pts same old new ratio _ <<<"$line"
	check "$c: points > 0 and all in the same state" test "${pts:-0}" -gt 0 -a "$pts" = "$same"
	check "$c: ns/call and ratio are numbers" \
		bash -c '[[ $0 =~ ^[0-9]+\.[0-9]+$ && $1 =~ ^[0-9]+\.[0-9]+$ && $2 =~ ^[0-9]+\.[0-9]+x$ ]]' "$old" "$new" "$ratio"
done
check "stderr is a file: no \\r progress redraws in it" sh -c '! grep -q "$(printf "\\r")" "$0"' "$err"
check "seed figures printed beside" bash -c 'grep -q "1.43x$" <<<"$0" && grep -q "1.69x$" <<<"$0"' "$out"
expect_status "bad --repeats is a usage error" 2 "$ALGBENCH" em bench --repeats 0
expect_status "unknown subcommand is a usage error" 2 "$ALGBENCH" em frobnicate
check "--help names the seed figures" bash -c '"$0" em bench --help | grep -q 1.43x' "$ALGBENCH"
tap_end
