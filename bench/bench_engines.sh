#!/bin/sh
# bench_engines.sh: time to the first finding for libFuzzer and AFL++, per
# row of bench_campaign's second table (each mutant, each pair of models),
# and the combined table: builtin | uniform | libFuzzer | AFL++.
#
#     bench/bench_engines.sh [CAP [RUNS [WORK-DIR]]]
#
# CAP: seconds per engine run (default 20); RUNS: runs per row and engine
# (default 5; run k uses libFuzzer -seed=k, afl-fuzz -s k); WORK-DIR (default
# .): gets build-bench-libfuzzer, build-bench-afl (the instrumented trees:
# fuzz/targets/fuzz_find.c, which aborts at the first program showing the
# row selected by FENCEFUZZ_FIND), build-bench (bench_campaign, Release), and
# build-bench-engines/ (logs, engines.tsv).  Both engines start from
# fuzz/targets/gen_seeds (AFL++: the non-empty ones).  The time of a run is
# the wall time from the engine's start to its exit at the first crash; a run
# without a crash within CAP counts as "> cap", and the worst of RUNS runs is
# "> cap" when any missed.  BENCH_CAMPAIGN_CAP (default 10) is the cap of the
# builtin and uniform columns.  Needs clang with libFuzzer and AFL++.
cap=${1:-20} runs=${2:-5} work=${3:-.}
src=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$work" && work=$(cd "$work" && pwd)
out="$work/build-bench-engines"
jobs=$(nproc 2>/dev/null || echo 2)
fail() { echo "bench_engines: $*" >&2; exit 1; }
command -v clang >/dev/null 2>&1 || fail "clang not installed"
command -v afl-clang-fast >/dev/null 2>&1 && command -v afl-fuzz >/dev/null 2>&1 ||
	fail "AFL++ not installed"
mkdir -p "$out"

build() { # CC  DIR  CMAKE-OPTION  TARGET
	CC=$1 cmake -S "$src" -B "$2" -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF $3 \
		>"$out/configure-$(basename "$2").log" 2>&1 || fail "configure $2 (see $out)"
	cmake --build "$2" -j"$jobs" --target "$4" >"$out/build-$(basename "$2").log" 2>&1 ||
		{ tail -30 "$out/build-$(basename "$2").log"; fail "build $4 in $2"; }
}
build clang "$work/build-bench-libfuzzer" -DFENCEFUZZ_LIBFUZZER=ON fuzz_find
build afl-clang-fast "$work/build-bench-afl" -DFENCEFUZZ_AFL=ON fuzz_find_afl
build cc "$work/build-bench" "" bench_campaign
lf="$work/build-bench-libfuzzer/fuzz/targets/fuzz_find"
afl="$work/build-bench-afl/fuzz/targets/fuzz_find_afl"
bc="$work/build-bench/bench/bench_campaign"
seeds="$src/fuzz/targets/gen_seeds"
aflin="$out/afl-in"
rm -rf "$aflin" && mkdir -p "$aflin"
for f in "$seeds"/*; do [ -s "$f" ] && cp "$f" "$aflin/"; done

now_ms() { echo $(($(date +%s%N) / 1000000)); }

# One libFuzzer run: prints its time in ms, or "miss".
run_libfuzzer() { # KEY SEED
	d="$out/lf-run"
	rm -rf "$d" && mkdir -p "$d/corpus" "$d/art"
	t0=$(now_ms)
	FENCEFUZZ_FIND=$1 "$lf" -seed="$2" -max_total_time="$cap" -artifact_prefix="$d/art/" \
		"$d/corpus" "$seeds" >"$d/log" 2>&1
	rc=$? t1=$(now_ms)
	if [ $rc -ne 0 ] && ls "$d/art" | grep -q '^crash-'; then echo $((t1 - t0)); else echo miss; fi
}

# One AFL++ run: prints its time in ms, or "miss".  A seed that already
# shows the row is a finding at the dry run (afl-fuzz refuses to start).
run_afl() { # KEY SEED
	d="$out/afl-run"
	rm -rf "$d"
	t0=$(now_ms)
	FENCEFUZZ_FIND=$1 AFL_BENCH_UNTIL_CRASH=1 AFL_NO_UI=1 AFL_SKIP_CPUFREQ=1 \
		AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 AFL_NO_AFFINITY=1 \
		timeout $((cap + 30)) afl-fuzz -V "$cap" -s "$2" -t 5000+ -i "$aflin" -o "$d" \
		-- "$afl" >"$out/afl-run.log" 2>&1
	t1=$(now_ms)
	if [ -n "$(ls "$d/default/crashes" 2>/dev/null | grep -v README)" ] ||
		grep -q 'results in a crash' "$out/afl-run.log"; then
		echo $((t1 - t0))
	else
		echo miss
	fi
}

# Median and worst of the run times (ms or "miss"): "MEDIAN<TAB>WORST<TAB>FOUND".
summarize() {
	printf '%s\n' "$@" | sed 's/^miss$/999999999/' | sort -n | awk -v n=$# '
		{ t[NR] = $1; if ($1 != 999999999) found++ }
		function show(x) { return x == 999999999 ? "> cap" : x }
		END { printf "%s\t%s\t%d/%d\n", show(t[int((n + 1) / 2)]), show(t[n]), found, n }'
}

tsv="$out/engines.tsv"
: >"$tsv"
for key in $("$bc" --list-rows); do
	for engine in libfuzzer afl; do
		times=""
		s=1
		while [ $s -le "$runs" ]; do
			times="$times $(run_$engine "$key" $s)"
			s=$((s + 1))
		done
		# shellcheck disable=SC2086
		line="$key	$engine	$(summarize $times)"
		echo "$line	($times )" >&2
		printf '%s\n' "$line" >>"$tsv"
	done
done
"$bc" --no-throughput --cap "${BENCH_CAMPAIGN_CAP:-10}" --engines "$tsv"
