#!/bin/sh
# setup-build.sh: installs the Debian packages that building fencefuzz and
# running it (the main job, scripts/main-job.sh) need, when they are
# missing: cmake, a C compiler, make and SQLite's headers and library.
# Sourced by main-job.sh and by setup.sh (the test set-up); safe to run again.
# Nothing else: the fuzzing engines, valgrind and the browser are for tests.
missing=""
need() { command -v "$1" >/dev/null 2>&1 || missing="$missing $2"; }
need cmake cmake
need cc gcc
need make make
# The results store links SQLite (reports/store.c); pkg-config is not assumed.
[ -f /usr/include/sqlite3.h ] || missing="$missing libsqlite3-dev"
if [ -n "$missing" ]; then
	SUDO=""
	[ "$(id -u)" -eq 0 ] || SUDO=sudo
	$SUDO apt-get update -qq || echo "setup: apt-get update failed" >&2
	echo "setup: installing$missing"
	$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing ||
		{ echo "setup: apt-get install failed" >&2; exit 1; }
fi
