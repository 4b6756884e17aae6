#!/bin/sh
# oss_fuzz_build.sh SRCDIR WORKDIR: runs fuzz/oss-fuzz/build.sh with the
# variables set as OSS-Fuzz's builder sets them for libFuzzer + ASan, then
# checks what it must leave in $OUT and runs each built target: over every
# file of its seed corpus zip, then fuzzing for a few seconds.  Exit 77
# (skipped) without clang, libFuzzer, bash, zip or unzip.
src=$1 work=$2
skip() { echo "SKIP: $*"; exit 77; }
fail() { echo "FAIL: $*"; exit 1; }
for tool in clang bash zip unzip; do
	command -v $tool >/dev/null 2>&1 || skip "$tool not installed"
done
rm -rf "$work" && mkdir -p "$work/out" "$work/work" || exit 1
printf 'int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n) { return 0; }\n' >"$work/probe.c"
clang -fsanitize=fuzzer "$work/probe.c" -o "$work/probe" >/dev/null 2>&1 || skip "clang has no libFuzzer"
cxx=clang++
command -v clang++ >/dev/null 2>&1 || cxx=clang
san="-O1 -fno-omit-frame-pointer -gline-tables-only -fsanitize=address -fsanitize-address-use-after-scope -fsanitize=fuzzer-no-link"
(cd "$src" && env CC=clang CXX=$cxx CFLAGS="$san" CXXFLAGS="$san" LIB_FUZZING_ENGINE=-fsanitize=fuzzer \
	SANITIZER=address FUZZING_ENGINE=libfuzzer ARCHITECTURE=x86_64 \
	OUT="$work/out" WORK="$work/work" SRC="$(dirname "$src")" bash fuzz/oss-fuzz/build.sh) \
	>"$work/build.log" 2>&1 || { tail -30 "$work/build.log"; fail "build.sh exited $?"; }
out=$work/out
for f in fuzz_reader fuzz_gen_oracles; do
	[ -x "$out/$f" ] || fail "no $out/$f"
	[ -s "$out/${f}_seed_corpus.zip" ] || fail "no $out/${f}_seed_corpus.zip"
done
[ -s "$out/fuzz_reader.dict" ] || fail "no fuzz_reader.dict"
grep -q 'dict = fuzz_reader.dict' "$out/fuzz_reader.options" || fail "fuzz_reader.options lacks the dict"
nm "$out/fuzz_reader" 2>/dev/null | grep -q __asan_init || fail "fuzz_reader is not built with ASan (CFLAGS ignored?)"
for f in fuzz_reader fuzz_gen_oracles; do
	seeds="$work/seeds-$f"
	mkdir -p "$seeds" && (cd "$seeds" && unzip -q "$out/${f}_seed_corpus.zip") || fail "unzip ${f}_seed_corpus.zip"
	n=$(ls "$seeds" | wc -l)
	[ "$n" -gt 5 ] || fail "$f: only $n seeds"
	dict=""
	[ -f "$out/$f.dict" ] && dict="-dict=$out/$f.dict"
	# every seed once (-runs=0 over a corpus directory), then a few seconds of fuzzing
	"$out/$f" -runs=0 "$seeds" >"$work/$f-seeds.log" 2>&1 || { tail -20 "$work/$f-seeds.log"; fail "$f crashed on a seed"; }
	mkdir -p "$work/corpus-$f"
	"$out/$f" $dict -max_total_time="${SMOKE_SECONDS:-4}" -artifact_prefix="$work/" "$work/corpus-$f" "$seeds" \
		>"$work/$f.log" 2>&1 || { tail -20 "$work/$f.log"; fail "$f crashed while fuzzing"; }
	echo "$f: $n seeds replayed, $(grep -c '' "$work/$f.log") log lines, $(tail -1 "$work/$f.log" | head -c 120)"
done
echo ok
