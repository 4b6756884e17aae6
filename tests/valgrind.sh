#!/bin/sh
# valgrind.sh SRCDIR BINDIR: valgrind memcheck over the corpus replay: the
# reader target over the seed corpus, the pipeline target over its seeds,
# and `fencefuzz sweep --check` (every model, every oracle) over corpus/seed.
# Any error or definite/indirect leak fails; exit 77 (skipped) without
# valgrind.  Only in the plain build (ASan and valgrind do not mix).
src=$1 bin=$2
command -v valgrind >/dev/null 2>&1 || { echo "SKIP: valgrind not installed"; exit 77; }
vg="valgrind -q --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=definite,indirect"
fail=0
run() { # NAME CMD...: exit 0 or 1 (findings) are fine, valgrind errors are not
	name=$1; shift
	$vg "$@" >"$bin/valgrind-$name.log" 2>&1
	rc=$?
	if grep -q '^==[0-9]*==' "$bin/valgrind-$name.log" || [ $rc -gt 1 ] ||
	   { [ $rc -eq 1 ] && [ "$name" != sweep ]; }; then
		echo "FAIL $name (exit $rc):"; grep '^==' "$bin/valgrind-$name.log" | head -40
		fail=$((fail + 1))
	else
		echo "ok $name"
	fi
}
run reader "$bin/fuzz/targets/fuzz_reader_replay" "$src/corpus/seed" "$src/fuzz/targets/reader_seeds"
run gen_oracles "$bin/fuzz/targets/fuzz_gen_oracles_replay" "$src/fuzz/targets/gen_seeds"
run sweep "$bin/fencefuzz" sweep --check "$src/corpus/seed"
[ $fail -eq 0 ]
