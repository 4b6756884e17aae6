#!/bin/bash -eu
# build.sh: the OSS-Fuzz / ClusterFuzzLite build of fencefuzz's two fuzz
# targets, run from the source root by the builder image's `compile`:
#
#     $OUT/fuzz_reader               $OUT/fuzz_gen_oracles
#     $OUT/fuzz_reader_seed_corpus.zip  $OUT/fuzz_gen_oracles_seed_corpus.zip
#     $OUT/fuzz_reader.dict          $OUT/fuzz_reader.options
#
# It honours what the builder sets: $CC, $CXX, $CFLAGS, $CXXFLAGS (sanitizer
# and coverage flags, e.g. -fsanitize=address -fsanitize=fuzzer-no-link),
# $LIB_FUZZING_ENGINE (-fsanitize=fuzzer, or an AFL++/honggfuzz driver
# library), $OUT, $WORK (objects) and $SRC.  The targets are the library
# sources compiled with those flags plus fuzz/targets/fuzz_*.c, as the CMake
# build does with -DFENCEFUZZ_LIBFUZZER=ON; no CMake or SQLite is needed.
# tests/oss_fuzz_build.sh runs it with the variables set as OSS-Fuzz sets them.
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
: "${CC:=clang}" "${CXX:=clang++}" "${CFLAGS:=}" "${CXXFLAGS:=}"
: "${LIB_FUZZING_ENGINE:=-fsanitize=fuzzer}"
: "${OUT:?set OUT to the output directory}"
: "${WORK:=$(mktemp -d)}"
jobs=$(nproc 2>/dev/null || echo 2)
t="$root/fuzz/targets"
mkdir -p "$OUT" "$WORK/fencefuzz-obj"

flags=(-std=c11 -D_POSIX_C_SOURCE=200809L -DFENCEFUZZ_VERIFY=1
       -I"$root/core" -I"$root/models" -I"$root/oracle" -I"$root/judge" -I"$root/fuzz" -I"$t")

# compile DIR EXTRA-FLAGS SOURCE...: objects into DIR, $jobs at a time
compile() {
	local dir=$1 extra=$2; shift 2
	mkdir -p "$dir"
	local n=0 pids=() src
	for src in "$@"; do
		# shellcheck disable=SC2086
		$CC $CFLAGS $extra "${flags[@]}" -c "$src" -o "$dir/$(basename "${src%.c}").o" &
		pids+=($!)
		if (( ++n % jobs == 0 )); then
			for p in "${pids[@]}"; do wait "$p"; done
			pids=()
		fi
	done
	for p in "${pids[@]}"; do wait "$p"; done
}

ir=("$root"/core/*.c)
core=("${ir[@]}" "$root"/models/*.c)
oracle=("$root"/oracle/*.c "$root"/judge/*.c)
gen=("$root/fuzz/gen.c" "$root/fuzz/decisions.c")

# fuzz_reader: the reader and printer (the IR layer alone), with coverage everywhere
compile "$WORK/fencefuzz-obj/reader" "" "${ir[@]}" "$t/fuzz_reader.c"
# fuzz_gen_oracles: the reader and printer are fuzz_reader's job; keep their
# coverage out (as the CMake build does) when the compiler takes an ignorelist
extra=""
if [[ "$CFLAGS" == *fsanitize=fuzzer-no-link* || "$CFLAGS" == *fsanitize-coverage* ]] &&
   echo 'int x;' | $CC -x c -fsanitize-coverage-ignorelist="$t/gen_oracles.ignorelist" -c -o /dev/null - 2>/dev/null; then
	extra="-fsanitize-coverage-ignorelist=$t/gen_oracles.ignorelist"
fi
compile "$WORK/fencefuzz-obj/gen_oracles" "$extra" "${core[@]}" "${oracle[@]}" "${gen[@]}" "$t/fuzz_gen_oracles.c"

for target in reader gen_oracles; do
	# shellcheck disable=SC2086
	$CXX $CXXFLAGS "$WORK/fencefuzz-obj/$target"/*.o $LIB_FUZZING_ENGINE -lm -o "$OUT/fuzz_$target"
done

# Seed corpora: the reader gets its seeds and the whole program corpus; the
# pipeline target its byte seeds.  zip -j: flat, as OSS-Fuzz expects.
rm -f "$OUT/fuzz_reader_seed_corpus.zip" "$OUT/fuzz_gen_oracles_seed_corpus.zip"
seeds="$WORK/fencefuzz-obj/reader-seeds"
rm -rf "$seeds" && mkdir -p "$seeds"
cp "$root"/corpus/seed/*.py "$t"/reader_seeds/* "$seeds/" # the same name twice: one file
zip -q -j "$OUT/fuzz_reader_seed_corpus.zip" "$seeds"/*
zip -q -j "$OUT/fuzz_gen_oracles_seed_corpus.zip" "$t"/gen_seeds/*
cp "$t/reader.dict" "$OUT/fuzz_reader.dict"
# libFuzzer options: the dictionary; a generous per-input timeout
printf '[libfuzzer]\ndict = fuzz_reader.dict\n' >"$OUT/fuzz_reader.options"
