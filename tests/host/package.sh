#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The Debian packages from a copy of this tree, as a user or CI builds them:
# `dpkg-buildpackage -b -us -uc` (it writes the .debs into the parent
# folder, so the copy sits in a scratch folder), then lintian (any E: fails;
# W: and I: are listed), then what is in each .deb: algbench (the CLI, the
# host scripts, a man page per command, bash completion) and algbench-dkms
# (kmod/'s sources and dkms.conf under /usr/src/algbench-VERSION, and the
# maintainer scripts that hand it to DKMS). The build's wall time is printed.
# Skips when a build dependency is missing (scripts/setup installs them).
. "$(dirname "$0")/../lib.sh"
tap_begin
version=$(sed -n 's/^project(algbench VERSION \([0-9][0-9.]*\).*/\1/p' "$ALGBENCH_TOP/CMakeLists.txt")
scratch_dir

# The tree as it is checked out (tracked and new files, edits included;
# not build trees or anything .gitignore'd).
mkdir src
if git -C "$ALGBENCH_TOP" rev-parse --git-dir >/dev/null 2>&1; then
	(cd "$ALGBENCH_TOP" && git ls-files -z --cached --others --exclude-standard |
		while IFS= read -r -d '' f; do [ -e "$f" ] && printf '%s\0' "$f"; done) |
		tar -C "$ALGBENCH_TOP" --null -T - -cf - | tar -C src -xf -
else
	tar -C "$ALGBENCH_TOP" --exclude='./build*' -cf - . | tar -C src -xf -
fi
for tool in dpkg-buildpackage lintian; do
	command -v $tool >/dev/null || skip_all "$tool not installed (scripts/setup installs it)"
done
if ! (cd src && dpkg-checkbuilddeps) 2>"$dir/deps"; then
	skip_all "$(sed 's/^dpkg-checkbuilddeps: //' "$dir/deps" | head -n1) (scripts/setup installs them)"
fi

start=$SECONDS
if (cd src && dpkg-buildpackage -b -us -uc) >"$dir/build.log" 2>&1; then
	ok "dpkg-buildpackage -b -us -uc ($((SECONDS - start)) s)"
else
	not_ok "dpkg-buildpackage -b -us -uc (exit status $?, after $((SECONDS - start)) s)"
	grep -E 'error|Error|warning' "$dir/build.log" | tail -20 | sed 's/^/# /'
	tail -20 "$dir/build.log" | sed 's/^/# /'
	tap_end
	exit
fi
echo "# build time: $((SECONDS - start)) s"
deb=$dir/algbench_${version}_$(dpkg --print-architecture).deb
dkms=$dir/algbench-dkms_${version}_all.deb
check "algbench_${version}_*.deb" [ -s "$deb" ]
check "algbench-dkms_${version}_all.deb" [ -s "$dkms" ]
check "the version check ran in debian/rules" grep -q "^check-version: debian/changelog: $version" "$dir/build.log"

# lintian: errors fail, the rest is listed
lintian --info "$deb" "$dkms" >"$dir/lintian.log" 2>&1
sed -n '/running with root privileges/!s/^/# lintian: /p' "$dir/lintian.log"
check "lintian: no errors ($(grep -c '^E:' "$dir/lintian.log") E:, $(grep -c '^W:' "$dir/lintian.log") W:)" \
	sh -c '! grep -q "^E:" "$0"' "$dir/lintian.log"

# algbench: what it holds, and that it works unpacked
dpkg-deb -c "$deb" | awk '{ print $6 }' | sed 's|^\./|/|' >"$dir/algbench.list"
has() { grep -qx "$1" "$dir/algbench.list"; }
for f in /usr/bin/algbench /usr/bin/algbench-bench /usr/bin/algbench-ab-hardware /usr/bin/algbench-ab-stats /usr/bin/algbench-ab-report \
	/usr/lib/algbench/scripts/lib.sh /usr/lib/algbench/scripts/install-paths.sh /usr/lib/algbench/scripts/ab-hardware /usr/lib/algbench/scripts/bisect.sh \
	/usr/share/man/man1/algbench.1.gz /usr/share/bash-completion/completions/algbench \
	/usr/share/doc/algbench/copyright /usr/share/doc/algbench/README.md.gz; do
	check "algbench has $f" has "$f"
done
mkdir unpacked
dpkg-deb -x "$deb" unpacked
check "its algbench --version is $version" sh -c '[ "$("$0" --version)" = "algbench $1" ]' unpacked/usr/bin/algbench "$version"
missing=""
for c in $(unpacked/usr/bin/algbench --help | awk '/^Commands:/ { on = 1; next } on && /^$/ { exit } on && /^  [a-z]/ { print $1 }'); do
	[ "$c" = help ] || has "/usr/share/man/man1/algbench-$c.1.gz" || missing="$missing $c"
done
check "a man page per command${missing:+ (missing:$missing)}" [ -z "$missing" ]
check "its algbench-ab-report runs the script it wraps" sh -c '"$0" --help | grep -q "^usage:"' unpacked/usr/bin/algbench-ab-report

# algbench-dkms: the module source, dkms.conf, and DKMS in its maintainer scripts
dpkg-deb -c "$dkms" | awk '{ print $6 }' | sed 's|^\./|/|' >"$dir/dkms.list"
missing=""
for f in "$ALGBENCH_TOP"/kmod/*.c "$ALGBENCH_TOP"/kmod/*.h "$ALGBENCH_TOP"/kmod/Kbuild dkms.conf; do
	grep -qx "/usr/src/algbench-$version/$(basename "$f")" "$dir/dkms.list" || missing="$missing $(basename "$f")"
done
check "algbench-dkms has /usr/src/algbench-$version with kmod/'s sources and dkms.conf${missing:+ (missing:$missing)}" [ -z "$missing" ]
mkdir dkms
dpkg-deb -x "$dkms" dkms
conf=dkms/usr/src/algbench-$version/dkms.conf
check "dkms.conf: PACKAGE_VERSION $version" grep -qx "PACKAGE_VERSION=\"$version\"" "$conf"
check "dkms.conf: AUTOINSTALL=yes" grep -qx 'AUTOINSTALL="yes"' "$conf"
for m in algbench algbench_trace algbench_em; do
	check "dkms.conf: BUILT_MODULE_NAME $m" grep -q "BUILT_MODULE_NAME\[[0-9]\]=\"$m\"" "$conf"
done
check "algbench-dkms depends on dkms" sh -c 'dpkg-deb -f "$0" Depends | grep -q "dkms"' "$dkms"
dpkg-deb -e "$dkms" control
check "its postinst hands the module to DKMS (dh_dkms)" grep -q "/usr/lib/dkms/common.postinst" control/postinst
check "... and builds it for every installed kernel with headers" grep -q "dkms install -m algbench" control/postinst
check "its prerm removes it from DKMS" grep -q 'dkms remove' control/prerm
tap_end
