#!/bin/sh
# era.sh FENCEFUZZ SRCDIR WORKDIR: both TVMScript eras from the command line.
#
# Every seed corpus example converted with `fmt --era head`: the head-era
# text says so in its header, is canonical (fmt --check), prints back byte
# for byte, converts back to seed-era text that reads, and gets the same
# verdicts from `check --model M` for the three TileLang models (kind,
# model, oracle, strength, cause signature and exit status; locations move
# with the text) and the same pass output (pass on the head text = the seed
# pass output converted to head).  One pair differs by design: a seed
# `with T.Assert(...)` block followed by siblings has no head spelling (a
# head assert is one flat line, scoped to the end of its block), and the
# legacy model, which labels statements per sequence, sees that scope; the
# test insists on that difference too, so it notices if it goes away.
# Then conversions that cannot be made, and usage errors.
ff=$1 src=$2 work=$3
. "$src/tests/lib.sh"
rm -rf "$work" && mkdir -p "$work/head" "$work/seed" || exit 1
models="tilelang-9f25954 tilelang-legacy tilelang-head"
differs="30_assert_transparent.py:tilelang-legacy"
verdicts() { # verdicts MODEL FILE: the findings without their locations, then the exit status
	"$ff" check --model "$1" --json "$2" 2>/dev/null
	echo "rc=$?"
}
strip() {
	sed -e 's/"file": "[^"]*", "line": [0-9]*, "col": [0-9]*, //' -e 's/"message": "[^"]*", //' \
	    -e 's/"witness": \[[^]]*\], //'
}
n=0
for f in "$src"/corpus/seed/*.py; do
	b=$(basename "$f")
	h="$work/head/$b"
	n=$((n + 1))
	if ! "$ff" fmt --era head "$f" > "$h" 2> "$work/err"; then
		bad "$b: fmt --era head: $(head -n 1 "$work/err")"; continue
	fi
	if head -n 1 "$h" | grep -q '^# from tvm.script import tirx as T$' ||
	   sed -n 2p "$h" | grep -q '^# from tvm.script import tirx as T$'; then ok; else
		bad "$b: the head-era text has no tirx header"; fi
	if "$ff" fmt "$h" > "$work/again" && cmp -s "$h" "$work/again"; then ok; else
		bad "$b: head-era text does not print back byte for byte"; fi
	if "$ff" fmt --check "$h"; then ok; else bad "$b: head-era text is not canonical"; fi
	if "$ff" fmt --era seed "$h" > "$work/seed/$b" && "$ff" fmt "$work/seed/$b" > "$work/again" &&
	   cmp -s "$work/seed/$b" "$work/again"; then ok; else
		bad "$b: head-era text does not convert back to seed-era text that prints back"; fi
	for m in $models; do
		want=same
		for d in $differs; do [ "$d" = "$b:$m" ] && want=different; done
		verdicts "$m" "$f" | strip > "$work/v_seed"
		verdicts "$m" "$h" | strip > "$work/v_head"
		"$ff" pass --model "$m" "$f" > "$work/p_seed" && "$ff" fmt --era head "$work/p_seed" > "$work/p_seed_head"
		"$ff" pass --model "$m" "$h" > "$work/p_head"
		if cmp -s "$work/v_seed" "$work/v_head" && cmp -s "$work/p_seed_head" "$work/p_head"; then got=same; else got=different; fi
		if [ "$got" = "$want" ]; then ok; else
			bad "$b: $m: verdicts or pass output on the head-era text are $got, want $want"
			diff "$work/v_seed" "$work/v_head" | head -n 6
		fi
	done
done
[ "$n" -ge 50 ] && ok || bad "only $n seed corpus files"

# What cannot be converted: file:line:col, exit 2, nothing on stdout.
expect_err() { # expect_err WHERE SUBSTRING FMT_ARGS...
	where=$1 substr=$2; shift 2
	"$ff" fmt "$@" > "$work/out" 2> "$work/err"
	rc=$?
	first=$(head -n 1 "$work/err")
	case "$first" in
	*":$where: "*"$substr"*) if [ "$rc" -eq 2 ] && [ ! -s "$work/out" ]; then ok; else
		bad "fmt $*: exit $rc, want 2 and no output"; fi ;;
	*) bad "fmt $*: want ':$where: ...$substr...', got '$first'" ;;
	esac
}
wf="$src/tests/wellformed"
expect_err 113:17 "so it would reach this use of 'x'" --era head "$wf/reader_spellings_1.py"
expect_err 12:5 "T.alloc_buffer with annotations=" --era seed "$wf/head_flat_lines.py"
expect_err 17:13 'an assert of kind "ValueError"' --era seed "$wf/head_frontend_spellings.py"
cat > "$work/cond.py" <<'PY'
# from tvm.script import tir as T

@T.prim_func
def main(n: T.int32):
    p = T.allocate([16], "float16", "shared", n > 0)
    T.evaluate(p)
PY
expect_err 5:5 "T.allocate with a condition" --era head "$work/cond.py"
cat > "$work/shadow.py" <<'PY'
# from tvm.script import tir as T

@T.prim_func
def main(x: T.int32, A: T.Buffer((4,), "int32")):
    with T.LetStmt(x + 1) as x:
        A[x] = 1
    A[0] = x
PY
expect_err 7:12 "names another object" --era head "$work/shadow.py"
cat > "$work/strided.py" <<'PY'
# from tvm.script import tir as T

@T.prim_func
def main():
    S = T.decl_buffer((4, 4), "float16", strides=(8, 1), scope="shared")
    S[0, 0] = T.float16(0)
PY
expect_err 5:5 "strides" --era head "$work/strided.py"

# The era converts both ways where it can; usage errors.
if "$ff" fmt --era seed "$wf/head_kernel_sblock.py" > "$work/k.py" && grep -q 'with T.block("tilelang_root"):' "$work/k.py" &&
   grep -q 'T.alloc_buffer((1024,), "float16", scope="shared.dyn")' "$work/k.py" &&
   grep -q '# from tvm.script import tir as T' "$work/k.py"; then ok; else bad "head -> seed of head_kernel_sblock.py"; fi
"$ff" fmt --era bogus "$wf/head_kernel_sblock.py" > /dev/null 2>&1
[ $? -eq 2 ] && ok || bad "fmt --era bogus: want exit 2"
"$ff" fmt --era head "$wf/head_kernel_sblock.py" > "$work/k2.py" && "$ff" fmt "$wf/head_kernel_sblock.py" | cmp -s - "$work/k2.py" &&
	ok || bad "fmt --era head of a head-era file differs from plain fmt"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
