#!/usr/bin/env bash
# Every shell file of scripts/, tests/, lava/ and .ci/ passes shellcheck at
# severity warning, with the tree's .shellcheckrc (sourced files followed
# relative to the script). A finding that is intended carries a disable
# directive with its reason beside it; this test finds those without one.
. "$(dirname "$0")/../lib.sh"
tap_begin
command -v shellcheck >/dev/null || skip_all "shellcheck not installed (scripts/setup installs it)"
cd "$ALGBENCH_TOP" || exit 1
files=()
while IFS= read -r -d '' f; do
	case $f in
	*.sh) files+=("$f") ;;
	*) [[ $(head -n1 "$f" 2>/dev/null) =~ ^#!.*(/|[[:space:]])(ba)?sh([[:space:]]|$) ]] && files+=("$f") ;;
	esac
done < <(find scripts tests lava .ci -type f ! -name '*.[ch]' ! -name '*.txt' ! -name '*.md' -print0 | sort -z)
check "found the shell files (${#files[@]})" [ "${#files[@]}" -gt 50 ]
found=$(shellcheck -S warning -f gcc "${files[@]}" 2>&1) && rc=0 || rc=$?
check "shellcheck -S warning: no finding in ${#files[@]} files (exit $rc)" [ "$rc" = 0 ]
[ -z "$found" ] || sed 's/^/# /' <<<"$found"
# A disable with no reason after it: "# shellcheck disable=SCnnnn # why".
bare=$(grep -n '# shellcheck disable=SC[0-9,SC]*[[:space:]]*$' "${files[@]}")
check "every shellcheck disable says why" [ -z "$bare" ]
[ -z "$bare" ] || sed 's/^/# /' <<<"$bare"
tap_end
