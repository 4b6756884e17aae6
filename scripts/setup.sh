#!/bin/sh
# setup.sh: installs the Debian packages fencefuzz needs when they are missing.
# Sourced by the other scripts; safe to run again.
missing=""
need() { command -v "$1" >/dev/null 2>&1 || missing="$missing $2"; }
need cmake cmake
need cc gcc
need make make
need timeout coreutils
need sqlite3 sqlite3   # the campaign tests query the store with the shell
# The results store links SQLite (reports/store.c); pkg-config is not assumed.
[ -f /usr/include/sqlite3.h ] || missing="$missing libsqlite3-dev"
# The fuzzing engines (fuzz/targets/, tests/engine_smoke.sh): clang with
# libFuzzer's runtime, and AFL++ (afl-clang-fast, afl-fuzz).
need clang clang
dpkg -s libclang-rt-14-dev >/dev/null 2>&1 || missing="$missing libclang-rt-14-dev"
need afl-fuzz afl++
if [ -n "$missing" ]; then
	echo "setup: installing$missing"
	SUDO=""
	[ "$(id -u)" -eq 0 ] || SUDO=sudo
	$SUDO apt-get update -qq && $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing ||
		{ echo "setup: apt-get install failed" >&2; exit 1; }
fi
