#!/bin/sh
# gen_compiler.sh: the generator gives the same programs whichever C compiler
# built it.  Compiles tests/gen_print_main.c with the generator and the IR
# layer's sources using a second compiler (clang when the build's is GCC,
# gcc otherwise) and compares its programs with `fencefuzz gen` of the
# build under test, byte for byte.  The libFuzzer and AFL++ targets are
# clang builds whose inputs `fencefuzz campaign --engine` decodes again with
# its own generator, so the two must agree.  Exit 77 (CTest: skipped) when
# no second compiler is installed.  The second build has no assertions
# (see below).
#
#     gen_compiler.sh SOURCE-DIR WORK-DIR FENCEFUZZ BUILD-COMPILER-ID
src=$1 work=$2 ff=$3 id=$4
case $id in
GNU) other=clang ;;
*) other=gcc ;;
esac
command -v "$other" >/dev/null 2>&1 || { echo "SKIP: $other not installed"; exit 77; }
mkdir -p "$work" || exit 1
bin="$work/gen_print_$other"
# The IR layer and the model layer (the generator asks the op vocabulary),
# plus the generator itself; -O1 keeps the compile short.  -DNDEBUG: core's
# inline node builders (core/ir_build.h) take exactly a node's bytes in
# builds without assertions and a guarded full slot in the others, so a
# Debug build under test also checks that the two make the same programs.
"$other" -std=c11 -O1 -DNDEBUG -w -I"$src/core" -I"$src/models" -I"$src/fuzz" \
	"$src/tests/gen_print_main.c" "$src/fuzz/gen.c" "$src/fuzz/decisions.c" \
	"$src"/core/*.c "$src"/models/*.c -lm -o "$bin" || { echo "FAIL: $other could not build the generator"; exit 1; }
status=0
for args in "1 300 30" "1000 200 60" "7 100 200 all" "99 500 8 all"; do
	set -- $args
	features=
	[ "${4:-}" = all ] && features="--features all"
	"$ff" gen --seed "$1" --count "$2" --size "$3" $features >"$work/ff.py" || { echo "FAIL: fencefuzz gen $args"; exit 1; }
	"$bin" "$@" >"$work/other.py" || { echo "FAIL: gen_print_main $args"; exit 1; }
	if cmp -s "$work/ff.py" "$work/other.py"; then
		echo "ok: seeds $1..$(($1 + $2 - 1)), size $3${4:+, all features}: $(wc -c <"$work/ff.py") bytes alike"
	else
		echo "FAIL: seeds $1.., size $3${4:+, all features}: $other's build generates other programs; first difference:"
		diff "$work/ff.py" "$work/other.py" | head -20
		status=1
	fi
done
exit $status
