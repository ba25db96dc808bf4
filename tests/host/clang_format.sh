#!/usr/bin/env bash
# .clang-format knows the loop macros the code uses (jansson's
# json_array_foreach and json_object_foreach, libmnl's, the kernel's): a
# body under one stays a loop body, not glued to the macro as one statement.
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
tap_end
