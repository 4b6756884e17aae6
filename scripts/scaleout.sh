#!/bin/sh
# scaleout.sh: campaign throughput per engine and number of jobs.
#
#     scripts/scaleout.sh [SECONDS [JOBS-LIST [WORK-DIR]]]   (default 20, "1 2", build-scaleout)
#
# Builds fencefuzz (Release), the libFuzzer target (clang, ASan+UBSan, as
# -DFENCEFUZZ_LIBFUZZER=ON builds it) and the AFL++ target (afl-clang-fast)
# in WORK-DIR, then runs `fencefuzz campaign` for SECONDS with each engine
# (builtin, libfuzzer, afl; an engine whose toolchain is missing is left
# out) and each --jobs, each into a fresh database, and prints one line
# each: programs the engine executed (builtin: generated and judged; an
# engine: its execs, every one a program through every model and oracle in
# fuzz_gen_oracles), per second, programs harvested into the store, distinct
# findings.  Run it on an otherwise idle machine.
secs=${1:-20} jobs_list=${2:-"1 2"}
root=$(cd "$(dirname "$0")/.." && pwd)
work=${3:-$root/build-scaleout}
mkdir -p "$work" && work=$(cd "$work" && pwd)
nj=$(nproc 2>/dev/null || echo 2)
fail() { echo "scaleout: $*" >&2; exit 1; }

build() { # NAME CC CMAKE-OPTION TARGET...
	name=$1 cc=$2 opt=$3; shift 3
	CC=$cc cmake -S "$root" -B "$work/$name" -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF $opt \
		>"$work/$name.configure.log" 2>&1 &&
		cmake --build "$work/$name" -j"$nj" --target "$@" >"$work/$name.build.log" 2>&1
}
build plain cc "" fencefuzz || fail "build fencefuzz (see $work/plain.build.log)"
ff="$work/plain/fencefuzz"
engines="builtin"
command -v clang >/dev/null 2>&1 && build libfuzzer clang -DFENCEFUZZ_LIBFUZZER=ON fuzz_gen_oracles &&
	engines="$engines libfuzzer"
command -v afl-clang-fast >/dev/null 2>&1 && command -v afl-fuzz >/dev/null 2>&1 &&
	build afl afl-clang-fast -DFENCEFUZZ_AFL=ON fuzz_gen_oracles_afl && engines="$engines afl"

printf '%-10s %4s %12s %10s %10s %9s\n' engine jobs executed per_s harvested distinct
for e in $engines; do
	for j in $jobs_list; do
		d="$work/run-$e-$j"
		rm -rf "$d" && mkdir -p "$d"
		case $e in
		builtin) extra="" ;;
		libfuzzer) extra="--engine libfuzzer --fuzzer $work/libfuzzer/fuzz/targets/fuzz_gen_oracles --seeds $root/fuzz/targets/gen_seeds --corpus $d/corpus" ;;
		afl) extra="--engine afl --fuzzer $work/afl/fuzz/targets/fuzz_gen_oracles_afl --seeds $root/fuzz/targets/gen_seeds --corpus $d/corpus" ;;
		esac
		"$ff" campaign --time "$secs" --jobs "$j" --db "$d/db.sqlite" $extra >"$d/out.txt" 2>&1 ||
			{ tail -5 "$d/out.txt"; echo "scaleout: $e --jobs $j failed" >&2; continue; }
		harvested=$(sqlite3 "$d/db.sqlite" 'select execs from campaigns')
		distinct=$(sqlite3 "$d/db.sqlite" 'select count(*) from findings')
		if [ "$e" = builtin ]; then
			executed=$harvested
		else
			executed=$(sed -n 's/^engine [a-z]*: \([0-9]*\) execs.*/\1/p' "$d/out.txt")
		fi
		printf '%-10s %4s %12s %10.0f %10s %9s\n' "$e" "$j" "${executed:-?}" \
			"$(echo "${executed:-0} $secs" | awk '{ print $1 / $2 }')" "$harvested" "$distinct"
	done
done
