#!/bin/sh
# soak.sh: long sanitizer runs of the two libFuzzer targets.
#
#     scripts/soak.sh [SECONDS] [WORK-DIR]     (default 1800 s, build-soak)
#
# Builds fuzz_reader and fuzz_gen_oracles with libFuzzer + ASan + UBSan
# (clang, -DFENCEFUZZ_LIBFUZZER=ON) in WORK-DIR/build, then runs each for
# SECONDS (both at once when SOAK_PARALLEL=1, else one after the other), with
# leak detection on and a per-input timeout (-timeout, SOAK_TIMEOUT, default
# 10 s) and RSS limit (-rss_limit_mb, SOAK_RSS_MB, default 2048).  Prints one
# line per target: execs, exec/s, coverage (cov: edges, ft: features), corpus
# size, and crash/leak/timeout/oom artifacts.  Exit 0 when neither target
# left an artifact and both ran to their time, 1 otherwise, 77 when clang or
# libFuzzer is missing.  Run it under `nice -n 19` on a shared machine.
#
# The corpus directories (WORK-DIR/corpus-TARGET) are kept between runs, so a
# nightly soak continues where the last one stopped.  An artifact is a bug:
# minimise it (TARGET -minimize_crash=1 -runs=10000 FILE), fix it, and add it
# to the target's seeds (fuzz/targets/*_seeds) so that CTest replays it.
secs=${1:-1800}
root=$(cd "$(dirname "$0")/.." && pwd)
work=${2:-$root/build-soak}
tmo=${SOAK_TIMEOUT:-10} rss=${SOAK_RSS_MB:-2048}
targets="$root/fuzz/targets"
skip() { echo "SKIP: $*"; exit 77; }
fail() { echo "FAIL: $*"; exit 1; }
mkdir -p "$work" || fail "cannot create $work"
work=$(cd "$work" && pwd)

command -v clang >/dev/null 2>&1 || skip "clang not installed"
printf '%s\n' '#include <stddef.h>' '#include <stdint.h>' \
	'int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n);' \
	'int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) { return 0; }' >"$work/probe.c"
clang -fsanitize=fuzzer "$work/probe.c" -o "$work/probe" >/dev/null 2>&1 ||
	skip "clang has no libFuzzer (apt-get install libclang-rt-14-dev)"

CC=clang cmake -S "$root" -B "$work/build" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	-DBUILD_TESTING=OFF -DFENCEFUZZ_LIBFUZZER=ON >"$work/configure.log" 2>&1 ||
	{ cat "$work/configure.log"; fail "configure"; }
cmake --build "$work/build" -j"${SOAK_JOBS:-2}" --target fuzz_reader fuzz_gen_oracles \
	>"$work/build.log" 2>&1 || { tail -40 "$work/build.log"; fail "build"; }

export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:allocator_may_return_null=0
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1

run_one() { # TARGET
	t=$1
	corpus="$work/corpus-$t" art="$work/artifacts-$t/"
	mkdir -p "$corpus" "$art"
	dict=""
	[ -f "$targets/${t%_oracles}.dict" ] && dict="-dict=$targets/${t%_oracles}.dict"
	"$work/build/fuzz/targets/fuzz_$t" -max_total_time="$secs" -print_final_stats=1 \
		-timeout="$tmo" -rss_limit_mb="$rss" -detect_leaks=1 -artifact_prefix="$art" \
		$dict "$corpus" "$targets/${t%_oracles}_seeds" >"$work/$t.log" 2>&1
	echo $? >"$work/$t.rc"
}

start=$(date +%s)
if [ "${SOAK_PARALLEL:-0}" = 1 ]; then
	run_one reader & p1=$!
	run_one gen_oracles & p2=$!
	wait $p1; wait $p2
else
	run_one reader
	run_one gen_oracles
fi

status=0
for t in reader gen_oracles; do
	log="$work/$t.log" rc=$(cat "$work/$t.rc")
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
	rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
	rssmb=$(sed -n 's/^stat::peak_rss_mb: *//p' "$log")
	# the last status line: "#N  DONE  cov: C ft: F corp: K/SIZE ..."
	last=$(grep -E '^#[0-9]+' "$log" | tail -1)
	cov=$(echo "$last" | sed -n 's/.*cov: \([0-9]*\).*/\1/p')
	ft=$(echo "$last" | sed -n 's/.*ft: \([0-9]*\).*/\1/p')
	corp=$(echo "$last" | sed -n 's/.*corp: \([^ ]*\).*/\1/p')
	arts=$(ls "$work/artifacts-$t" | wc -l)
	echo "soak fuzz_$t: ${secs}s rc=$rc execs=${execs:-?} exec/s=${rate:-?} cov=${cov:-?} ft=${ft:-?} corp=${corp:-?} files=$(ls "$work/corpus-$t" | wc -l) peak_rss_mb=${rssmb:-?} artifacts=$arts"
	if [ "$rc" -ne 0 ] || [ "$arts" -ne 0 ]; then
		grep -E 'ERROR|SUMMARY|timeout|leak' "$log" | head -20
		ls "$work/artifacts-$t"
		status=1
	fi
done
echo "soak: $(($(date +%s) - start)) s wall"
exit $status
