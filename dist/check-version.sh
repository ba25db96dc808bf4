#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# algbench's version is written once, in CMakeLists.txt's
# project(algbench VERSION X.Y.Z); everything else that states it is
# generated from it (bench/version.h, dkms.conf) or checked against it here
# (debian/changelog, whose package is native: its version is exactly X.Y.Z).
#
#   dist/check-version.sh [ALGBENCH [DKMS_CONF]]
# ALGBENCH: a built binary, whose --version must say it; DKMS_CONF: the
# generated dkms.conf, whose PACKAGE_VERSION must. Exit 1 on a mismatch.
# Run by debian/rules and by the test host_version.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
want=$(sed -n 's/^project(algbench VERSION \([0-9][0-9.]*\).*/\1/p' "$top/CMakeLists.txt")
[ -n "$want" ] || { echo "check-version: no 'project(algbench VERSION X.Y.Z' line in $top/CMakeLists.txt" >&2; exit 2; }
bad=0
check() { # WHAT VALUE
	if [ "$2" = "$want" ]; then
		echo "check-version: $1: $2"
	else
		echo "check-version: $1 says '$2', CMakeLists.txt's project() says $want; make them agree (the changelog: dch -v $want)" >&2
		bad=1
	fi
}
check debian/changelog "$(sed -n '1s/^algbench (\([^)]*\)).*/\1/p' "$top/debian/changelog")"
if [ $# -ge 1 ]; then
	check "$1 --version" "$("$1" --version | sed -n 's/^algbench //p')"
fi
if [ $# -ge 2 ]; then
	check "$2" "$(sed -n 's/^PACKAGE_VERSION="\(.*\)"$/\1/p' "$2")"
fi
exit $bad
