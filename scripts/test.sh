#!/bin/sh
# test.sh: the whole test suite, from a fresh checkout: set up, then build and
# run CTest twice: a Debug build with the IR verifier after every read and
# pass, and an AddressSanitizer+UndefinedBehaviorSanitizer build.
set -e
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/scripts/setup.sh"
jobs=$(nproc)
status=0

run_suite() { # run_suite NAME CMAKE-ARGS...
	name=$1; shift
	build="$root/build-$name"
	echo "== $name: configure and build"
	cmake -S "$root" -B "$build" "$@" >/dev/null
	cmake --build "$build" -j"$jobs" >/dev/null
	echo "== $name: ctest"
	(cd "$build" && ctest --output-on-failure -j"$jobs") || status=1
}

run_suite debug -DCMAKE_BUILD_TYPE=Debug -DFENCEFUZZ_VERIFY=ON
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
run_suite asan -DCMAKE_BUILD_TYPE=Debug -DFENCEFUZZ_VERIFY=ON -DFENCEFUZZ_SANITIZE=ON
exit $status
