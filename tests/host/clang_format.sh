#!/usr/bin/env bash
# .clang-format knows the loop macros the code uses (jansson's
# json_array_foreach and json_object_foreach, libmnl's, the kernel's): a
# body under one stays a loop body, not glued to the macro as one statement.
# And every C file of the tree is as clang-format writes it (below).
. "$(dirname "$0")/../lib.sh"
tap_begin
command -v clang-format >/dev/null || skip_all "clang-format not installed"
scratch_dir
cp "$ALGBENCH_TOP/.clang-format" .
for m in json_array_foreach json_object_foreach mnl_attr_for_each_nested; do
	printf 'static void f(void)\n{\n\t%s(a, b, c)\n\t\tif (ok(c))\n\t\t\tn++;\n}\n' "$m" >t.c
	printf 'static void f(void)\n{\n\t%s (a, b, c)\n\t\tif (ok(c))\n\t\t\tn++;\n}\n' "$m" >want.c
	check "$m: formatted as a loop" diff -u want.c <(clang-format --style=file t.c)
done
# Every C file of the tree (kmod/ too: one .clang-format, kernel style) as
# clang-format writes it. Another major version formats some lines otherwise,
# so the tree is held to the one Debian 12 ships.
version=$(clang-format --version | sed -n 's/.*clang-format version \([0-9]*\).*/\1/p')
files=$(git -C "$ALGBENCH_TOP" ls-files '*.c' '*.h' 2>/dev/null)
if [ "$version" != 14 ]; then
	skip "every C file is formatted" "clang-format $version here; the tree is formatted by 14 (Debian 12)"
elif [ -z "$files" ]; then
	skip "every C file is formatted" "not a git checkout: no list of the tree's files"
else
	bad="" n=0
	while IFS= read -r f; do
		n=$((n + 1))
		clang-format --style=file "$ALGBENCH_TOP/$f" | cmp -s - "$ALGBENCH_TOP/$f" || bad="$bad $f"
	done <<<"$files"
	check "all $n C files are formatted (clang-format --style=file)${bad:+; not:$bad}" test -z "$bad"
fi
tap_end
