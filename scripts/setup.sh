#!/bin/sh
# setup.sh: the test set-up: what building needs (setup-build.sh), then the
# Debian packages the test suite uses, when they are missing.  Sourced by
# test.sh and the other test and measurement scripts; safe to run again.
# The sqlite3 shell and coreutils' timeout must install; the rest is
# optional (the tests that need it skip without it), so a failure there is
# a warning.
root=${root:-$(cd "$(dirname "$0")/.." && pwd)}
. "$root/scripts/setup-build.sh"
missing="" optional=""
need() { command -v "$1" >/dev/null 2>&1 || missing="$missing $2"; }
want() { command -v "$1" >/dev/null 2>&1 || optional="$optional $2"; }
need timeout coreutils
need sqlite3 sqlite3   # the campaign tests query the store with the shell
# The fuzzing engines (fuzz/targets/, tests/engine_smoke.sh): clang with
# libFuzzer's runtime, and AFL++ (afl-clang-fast, afl-fuzz).
want clang clang
dpkg -s libclang-rt-14-dev >/dev/null 2>&1 || optional="$optional libclang-rt-14-dev"
want afl-fuzz afl++
# valgrind (tests/valgrind.sh), zip/unzip (the OSS-Fuzz build's seed corpora),
# python3 (tests/repro_pytest_frontend.sh parses the pytest reproducers)
want valgrind valgrind
want zip zip
want unzip unzip
want python3 python3
if [ -n "$missing$optional" ]; then
	SUDO=""
	[ "$(id -u)" -eq 0 ] || SUDO=sudo
	$SUDO apt-get update -qq || echo "setup: apt-get update failed" >&2
	if [ -n "$missing" ]; then
		echo "setup: installing$missing"
		$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing ||
			{ echo "setup: apt-get install failed" >&2; exit 1; }
	fi
	if [ -n "$optional" ]; then
		echo "setup: installing$optional (test tools, optional)"
		$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $optional ||
			echo "setup: could not install$optional: the tests that need them will be skipped" >&2
	fi
fi
# The report's browser test (tests/report_browser.sh) opens the page in
# headless Chromium: optional (that test skips without it), and installed on
# its own so that a failure of the engines' packages does not block it.
if ! command -v chromium >/dev/null 2>&1; then
	SUDO=""
	[ "$(id -u)" -eq 0 ] || SUDO=sudo
	[ -n "$missing$optional" ] || $SUDO apt-get update -qq || echo "setup: apt-get update failed" >&2
	echo "setup: installing chromium (the report's browser test, optional)"
	$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium ||
		echo "setup: could not install chromium: the report's browser test will be skipped" >&2
fi
