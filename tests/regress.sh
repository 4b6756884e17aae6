#!/bin/sh
# regress.sh FENCEFUZZ SRCDIR WORKDIR: reducer, signatures, repro, promote and
# replay (issue 5).
# - causes: one bug reached from two different programs gets one cause
#   signature; two bugs with the same raw signature get two;
# - campaigns: a finding is recorded once although two campaigns with other
#   seeds found it from different programs;
# - replay: the committed corpus replays clean; every mutant, substituted for
#   the reference, makes it fail; an edited expectation fails with a diff;
#   a malformed file is a located error (exit 2); --update restores;
# - promote and repro work from a campaign database.
ff=$1 src=$2 work=$3
. "$(dirname "$0")/lib.sh"
need_sqlite3
rm -rf "$work" && mkdir -p "$work" || exit 1
cause() { "$ff" reduce --model tilelang-legacy --kind unsound "$1" | sed -n 's/^#   cause signature \([0-9a-f]*\),.*/\1/p'; }
sig=$src/tests/signatures

a=$(cause "$sig/legacy_decl_boundary_a.py") b=$(cause "$sig/legacy_decl_boundary_b.py")
l=$(cause "$sig/legacy_loop_back_edge.py")
[ -n "$a" ] && [ "$a" = "$b" ] && ok || bad "one bug from two programs: causes '$a' and '$b'"
[ -n "$l" ] && [ "$a" != "$l" ] && ok || bad "two bugs merged: cause '$a' for both"
ra=$("$ff" check -v --model tilelang-legacy "$sig/legacy_decl_boundary_a.py" | sed -n 's/^  signature: //p' | head -1)
rl=$("$ff" check -v --model tilelang-legacy "$sig/legacy_loop_back_edge.py" | sed -n 's/^  signature: //p' | head -1)
[ -n "$ra" ] && [ "$ra" = "$rl" ] && ok || bad "the two bugs were meant to share a raw signature ($ra, $rl)"
out=$("$ff" reduce --model tilelang-legacy --kind unsound "$sig/legacy_decl_boundary_b.py")
n=$(printf '%s\n' "$out" | sed -n 's/^#   reduced: .* -> \([0-9]*\);.*/\1/p')
[ -n "$n" ] && [ "$n" -le 6 ] && ok || bad "reduced to $n statements"
printf '%s\n' "$out" | "$ff" check --model tilelang-legacy - >/dev/null
[ $? -eq 1 ] && ok || bad "the reduced program no longer shows the finding"
"$ff" reduce --model tilelang-legacy --kind handshake "$sig/legacy_loop_back_edge.py" >/dev/null 2>&1
[ $? -eq 1 ] && ok || bad "reduce of an absent finding (nothing to reduce) is not exit 1"
"$ff" reduce --model tilelang-legacy --kind unsound --pytest "$sig/legacy_loop_back_edge.py" | grep -q "def test_fencefuzz_" &&
	ok || bad "reduce --pytest printed no test"

# campaigns: same cause from different programs recorded once
"$ff" campaign --programs 200 --seed 21 --size 20 --db "$work/c.sqlite" >/dev/null 2>&1 || bad "campaign 1"
"$ff" campaign --programs 200 --seed 22 --size 20 --db "$work/c.sqlite" >/dev/null 2>&1 || bad "campaign 2"
shared=$(sqlite3 "$work/c.sqlite" "select count(*) from findings f where
  (select count(distinct o.campaign_id) from occurrences o where o.finding_id = f.id) = 2 and
  (select count(distinct o.program_id) from occurrences o where o.finding_id = f.id) >= 2")
[ "$shared" -gt 0 ] && ok || bad "no finding recorded once from two campaigns' different programs"
dups=$(sqlite3 "$work/c.sqlite" "select count(*) from (select signature, model, kind from findings group by 1, 2, 3 having count(*) > 1)")
[ "$dups" = 0 ] && ok || bad "duplicate findings"

# every pytest reproducer a campaign stored parses and runs against the mock
# of TileLang's frontend (tests/pytest_frontend_stub), which checks every T.*
# name and call_intrin spelling when the prim_funcs are defined.  The mock's
# pass returns `after`, so equality cases pass; it cannot compute a fence
# count, so a fence-count case may fail only at its final assertion.
if command -v python3 >/dev/null 2>&1; then
	mkdir -p "$work/py"
	for rid in $(sqlite3 "$work/c.sqlite" "select id from reproducers where pytest_text is not null"); do
		sqlite3 "$work/c.sqlite" "select pytest_text from reproducers where id = $rid" >"$work/py/r$rid.py"
	done
	[ "$(ls "$work/py" | wc -l)" -gt 10 ] && ok || bad "fewer than 10 pytest reproducers stored"
	nbad=0
	python3 "$src/tests/pytest_frontend_stub/check.py" "$work"/py/*.py >"$work/py-all.txt" 2>&1
	for f in $(sed -n 's/^FAIL \(.*\.py\):$/\1/p' "$work/py-all.txt"); do
		python3 "$src/tests/pytest_frontend_stub/check.py" "$f" >"$work/py.txt" 2>&1 && continue
		grep -q "_count_fences(mod) ==" "$f" &&
			[ "$(grep -c '^AssertionError: expected: one fence fewer' "$work/py.txt")" = 1 ] &&
			[ "$(grep -c '^FAIL ' "$work/py.txt")" = 1 ] && continue
		nbad=$((nbad + 1))
		tail -5 "$work/py.txt"
	done
	[ "$nbad" = 0 ] && ok || bad "$nbad stored pytest reproducers fail the mock frontend"
fi

# repro and promote
id=$(sqlite3 "$work/c.sqlite" "select id from findings where kind = 'unsound' and model = 'tilelang-legacy' order by count desc limit 1")
"$ff" repro "$id" --db "$work/c.sqlite" >"$work/repro.txt" && ok || bad "repro exit $?"
grep -q "^# ---- TVMScript" "$work/repro.txt" && grep -q "def test_fencefuzz_" "$work/repro.txt" && ok || bad "repro lacks TVMScript or pytest"
"$ff" repro "$id" --db "$work/c.sqlite" --tvmscript | "$ff" check --model tilelang-legacy - >/dev/null
[ $? -eq 1 ] && ok || bad "repro --tvmscript does not show the finding"
"$ff" repro "$id" --db "$work/c.sqlite" --cuda >"$work/repro.cu" && grep -q "__global__" "$work/repro.cu" &&
	ok || bad "repro --cuda printed no kernel for an unsound finding"
nvcc=$(command -v nvcc || ls /usr/local/cuda/bin/nvcc 2>/dev/null)
if [ -n "$nvcc" ]; then
	"$nvcc" -gencode=arch=compute_90a,code=sm_90a -c -x cu -o "$work/repro.o" "$work/repro.cu" >"$work/nvcc.txt" 2>&1 &&
		ok || { bad "the reproducer's CUDA kernel does not compile"; tail -5 "$work/nvcc.txt"; }
fi
"$ff" repro 999999 --db "$work/c.sqlite" >/dev/null 2>&1
[ $? -eq 2 ] && ok || bad "repro of a missing id is not exit 2"
"$ff" promote "$id" --db "$work/c.sqlite" --dir "$work/reg" >/dev/null && ok || bad "promote exit $?"
cp "$work/reg/"*.py "$work/promoted.before"
"$ff" promote "$id" --db "$work/c.sqlite" --dir "$work/reg" >/dev/null 2>"$work/again.txt"
[ $? -eq 0 ] && grep -q "already in the corpus" "$work/again.txt" && cmp -s "$work/reg/"*.py "$work/promoted.before" &&
	ok || bad "promoting a finding already in the corpus: not exit 0, or the file was rewritten"
"$ff" replay "$work/reg" >/dev/null && ok || bad "a fresh promotion does not replay clean"
"$ff" campaign --programs 50 --seed 3 --no-reduce --db "$work/n.sqlite" >/dev/null 2>&1
nid=$(sqlite3 "$work/n.sqlite" "select id from findings where kind = 'unsound' limit 1")
"$ff" repro "$nid" --db "$work/n.sqlite" --tvmscript | grep -q "cause signature" && ok || bad "repro did not reduce a --no-reduce finding"
[ "$(sqlite3 "$work/n.sqlite" "select count(*) from reproducers where finding_id = $nid")" = 1 ] && ok || bad "reduced reproducer not stored"

# replay: clean, mutants caught, edits caught with a diff, malformed located
"$ff" replay "$src/corpus/regress" >"$work/replay.txt"
[ $? -eq 0 ] && ok || { bad "corpus/regress does not replay clean"; cat "$work/replay.txt"; }
for m in $("$ff" models | sed -n 's/^  \(mutant:[a-z0-9-]*\).*/\1/p'); do
	"$ff" replay "$src/corpus/regress" --substitute "tilelang-9f25954=$m" >"$work/m.txt"
	[ $? -eq 1 ] && grep -q "changed" "$work/m.txt" && ok || bad "replay does not catch $m"
done
cp -r "$src/corpus/regress" "$work/edit"
f=$(ls "$work/edit"/unsound-tilelang-legacy-*.py | head -1)
sed -i 's/^# verdict tilelang-legacy: .*/# verdict tilelang-legacy: ok/' "$f"
"$ff" replay "$work/edit" >"$work/e.txt"
[ $? -eq 1 ] && grep -q "^  - expected: ok" "$work/e.txt" && grep -q "^  + got:      unsound" "$work/e.txt" &&
	ok || { bad "an edited verdict is not reported with a diff"; cat "$work/e.txt"; }
"$ff" replay --update "$work/edit" >/dev/null && "$ff" replay "$work/edit" >/dev/null && ok || bad "--update did not restore"
[ "$(diff -r "$src/corpus/regress" "$work/edit" | wc -l)" = 0 ] && ok || bad "--update does not reproduce the committed files"
printf '# verdict tilelang-legacy\n@T.prim_func\ndef main():\n    T.evaluate(0)\n' >"$work/bad.py"
"$ff" replay "$work/bad.py" 2>"$work/bad.txt" >/dev/null
[ $? -eq 2 ] && grep -q "bad.py:1:" "$work/bad.txt" && ok || bad "malformed verdict line is not a located error"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
