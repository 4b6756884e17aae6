#!/bin/sh
# external_adapter.sh FENCEFUZZ SRCDIR WORKDIR: the TileLang adapter
# (adapters/tilelang/fencefuzz_tilelang.py) with TileLang and TVM replaced by
# the stand-ins of tests/adapter_stub: its protocol loop, the respelled text
# TVM's parser is handed (read back by fencefuzz's own reader: the same
# program for all 400 golden inputs), target binding, where the pass is
# found in each era, refusals, a failing pass, stdout noise, and the message
# when TileLang is missing.  Nothing here runs a real TileLang.  Skipped
# without python3.
ff=$1 src=$2 work=$3
. "$(dirname "$0")/lib.sh"
command -v python3 >/dev/null || { echo "python3 missing: skipped"; exit 77; }
need_sqlite3
rm -rf "$work" && mkdir -p "$work/respelled" || exit 2
ad="$src/adapters/tilelang/fencefuzz_tilelang.py"
stub="$src/tests/adapter_stub"
srv="python3 $ad --serve"
prog="$src/corpus/golden-tilelang/p00003.in.py"
export FENCEFUZZ_EXT_START_TIMEOUT=60 FENCEFUZZ_EXT_TIMEOUT=20 PYTHONDONTWRITEBYTECODE=1
unset STUB_ERA STUB_LOG STUB_PASS STUB_NOISE

# without TileLang: a clear message, one-shot and through the protocol
PYTHONPATH= python3 "$ad" <"$prog" >"$work/out" 2>&1
rc=$?
if [ $rc -ne 0 ] && grep -q 'cannot import TileLang (ModuleNotFoundError' "$work/out"; then ok; else
	bad "no TileLang: exit $rc"; head -n 3 "$work/out"; fi
PYTHONPATH= "$ff" check --model "tilelang=ext-server:$srv" "$prog" >"$work/out" 2>&1
if grep -q 'model-crash \[tilelang, model\]: .*before its handshake; stderr: .*cannot import TileLang' "$work/out"; then ok; else
	bad "no TileLang through the protocol"; head -n 3 "$work/out"; fi

export PYTHONPATH="$stub"
# the 400 golden inputs in one process: respelled, read, identity, printed back
python3 "$src/tests/external_adapter_test.py" "$ad" "$work/respelled" "$src"/corpus/golden-tilelang/*.in.py \
	>"$work/out" 2>&1
if grep -q '^400 ok, 0 failed' "$work/out"; then ok; else bad "golden inputs through the adapter"; head -n 5 "$work/out"; fi
# ... and what TVM's parser is handed is the same program to fencefuzz's reader
n=0 m=0
for f in "$src"/corpus/golden-tilelang/*.in.py; do
	r="$work/respelled/${f##*/}"
	grep -q 'T.call_intrin("handle", tir.op.Op.get("tl.' "$r" && m=$((m + 1))
	"$ff" fmt "$f" >"$work/a" 2>&1
	"$ff" fmt "$r" >"$work/b" 2>&1
	cmp -s "$work/a" "$work/b" || n=$((n + 1))
done
if [ $n -eq 0 ] && [ $m -ge 330 ]; then ok; else bad "respelled inputs: $n read differently ($m respelled)"; fi
# one tl op in each position, checked by hand
printf '%s\n' '# from tvm.script import tir as T' '' '@T.prim_func' 'def main(d: T.handle("uint8x128", "grid_constant")):' \
	'    if T.tl_shuffle_elect(0):' '        T.fence_proxy_async()' \
	'    T.ptx_ldmatrix("float16", T.bool(False), 4, ".b16", d, 0, d, 0)' \
	'    T.ptx_ldmatrix(0, 1, d, d)' >"$work/spell.py"
python3 "$ad" --respell <"$work/spell.py" >"$work/out" 2>&1
if grep -q '^    if T.call_intrin("bool", tir.op.Op.get("tl.tl_shuffle_elect"), 0):$' "$work/out" &&
	grep -q '^        T.call_intrin("handle", tir.op.Op.get("tl.fence_proxy_async"))$' "$work/out" &&
	grep -q '^    T.ptx_ldmatrix("float16", ' "$work/out" &&
	grep -q '^    T.call_intrin("handle", tir.op.Op.get("tl.ptx_ldmatrix"), 0, 1, d, d)$' "$work/out"; then ok; else
	bad "respelling of a value op, a no-argument op and both ptx_ldmatrix"; cat "$work/out"; fi

# the protocol loop: identity through the adapter gives identity's findings
for s in "$prog" "$src/corpus/golden-tilelang/p00000.in.py"; do
	"$ff" check --model identity "$s" | sed 's/\[identity,/[tilelang,/; s/ identity: / tilelang: /' >"$work/cid"
	STUB_NOISE=1 "$ff" check --model "tilelang=ext-server:$srv" "$s" >"$work/ct" 2>&1
	if cmp -s "$work/cid" "$work/ct"; then ok; else
		bad "check through the adapter on $s (stdout noise on)"; diff "$work/cid" "$work/ct" | head -n 4; fi
done

# target binding: none on a function with a target; cuda -arch=sm_90a
# (head: the dict target) on one without, for the pass only: the output
# leaves it out again (else it would read as a change the pass made)
grep -v 'T.func_attr' "$prog" >"$work/notarget.py"
for era in seed head; do
	rm -f "$work/log"
	STUB_ERA=$era STUB_LOG="$work/log" "$ff" pass --model "tilelang=ext-server:$srv" "$prog" >/dev/null 2>&1
	if ! grep -q '^bind' "$work/log" && grep -q '^pass ' "$work/log"; then ok; else bad "$era: bound a target again"; cat "$work/log"; fi
	rm -f "$work/log"
	STUB_ERA=$era STUB_LOG="$work/log" "$ff" pass --model "tilelang=ext-server:$srv" "$work/notarget.py" >"$work/out" 2>&1
	want="bind 'cuda -arch=sm_90a'"
	[ $era = head ] && want="bind {'kind': 'cuda', 'arch': 'sm_90a'}"
	if [ "$(grep '^bind' "$work/log")" = "$want" ] && grep -q '^pass ' "$work/log" &&
		"$ff" pass --model identity "$work/notarget.py" | cmp -s - "$work/out"; then ok; else
		bad "$era: target binding"; cat "$work/log"; head -n 8 "$work/out"; fi
done

# where the pass is found, and the version, in the campaign row
for era in seed head; do
	want=tilelang.transform.InjectFenceProxy
	[ $era = head ] && want=tilelang.cuda.transform.InjectFenceProxy
	rm -f "$work/c.sqlite"
	STUB_ERA=$era "$ff" campaign --db "$work/c.sqlite" --programs 30 --no-reduce --no-report \
		--oracles soundness --models "tilelang=ext-server:$srv" >"$work/out" 2>&1
	v=$(sqlite3 "$work/c.sqlite" "select model_versions || ' ' || execs from campaigns")
	if [ "$v" = "{\"tilelang\": \"tilelang 0.0.stub, tvm 0.0.stub (pass $want)\"} 30" ]; then ok; else
		bad "$era campaign: $v"; tail -n 3 "$work/out"; fi
	if [ "$(sqlite3 "$work/c.sqlite" "select count(*) from findings where kind like 'model-%'")" = 0 ]; then ok; else
		bad "$era campaign: model failures"; sqlite3 "$work/c.sqlite" "select message from findings where kind like 'model-%'" | head -n 3; fi
done
rm -f "$work/log"
# a fidelity campaign, model against the "real" pass (here the identity
# stand-in): the same differential findings as the model against identity
for m in identity "tilelang=ext-server:$srv"; do
	rm -f "$work/d.sqlite"
	"$ff" campaign --db "$work/d.sqlite" --programs 60 --no-reduce --no-report --differential \
		--oracles soundness --models "tilelang-head,$m" >/dev/null 2>&1
	sqlite3 "$work/d.sqlite" "select kind, sum(count) from findings where kind = 'differential' or kind like 'model-%' group by kind" >"$work/d-${m%%=*}"
done
if [ -s "$work/d-identity" ] && grep -q '^differential|' "$work/d-tilelang" && cmp -s "$work/d-identity" "$work/d-tilelang"; then ok; else
	bad "differential campaign through the adapter: $(cat "$work/d-tilelang"), want $(cat "$work/d-identity")"; fi
STUB_ERA=head STUB_LOG="$work/log" "$ff" pass --model "b=ext-server:$srv --pass mybranch.InjectFenceProxy" "$prog" >/dev/null 2>&1
if grep -q '^pass mybranch$' "$work/log"; then ok; else bad "--pass mybranch.InjectFenceProxy not used"; cat "$work/log"; fi
"$ff" check --model "b=ext-server:$srv --pass nowhere.InjectFenceProxy" "$prog" >"$work/out" 2>&1
if grep -q 'model-crash.*no InjectFenceProxy in the installed TileLang: tried nowhere.InjectFenceProxy' "$work/out"; then ok; else
	bad "a --pass that does not exist"; head -n 3 "$work/out"; fi

# refusals and failures: tl_gemm is gone at head (the parser refuses it), the pass raising
tlg=$(grep -l 'T.tl_gemm' "$src"/corpus/golden-tilelang/*.in.py | head -n 1)
STUB_ERA=head "$ff" check --model "tilelang=ext-server:$srv" "$tlg" >"$work/out" 2>&1
if [ "$(grep -c 'model-rejected \[tilelang, model\]: not judged: .*refused the program: TVM.s TVMScript parser: AttributeError: .*tl_gemm' "$work/out")" = 1 ] &&
	[ "$(wc -l <"$work/out")" = 1 ]; then ok; else bad "tl_gemm at head: want one model-rejected, nothing judged"; head -n 3 "$work/out"; fi
"$ff" check --model "tilelang=ext-server:$srv" "$tlg" >"$work/out" 2>&1
if ! grep -q 'model-' "$work/out"; then ok; else bad "tl_gemm before head refused"; head -n 3 "$work/out"; fi
STUB_PASS=raise "$ff" check --model "tilelang=ext-server:$srv" "$prog" >"$work/out" 2>&1
if grep -q 'model-crash \[tilelang, model\]: .*says the pass failed on its 1st program: RuntimeError: stub: InjectFenceProxy failed | Traceback' "$work/out"; then ok; else
	bad "a raising pass"; head -n 3 "$work/out"; fi
printf 'def main(:\n' >"$work/notpy.py"
"$ff" pass --model "tilelang=ext-server:$srv" "$prog" >/dev/null 2>&1 && ok || bad "pass through the adapter failed"
# one-shot mode, for ext:
python3 "$ad" <"$prog" | cmp -s - "$prog" && ok || bad "one-shot identity differs"
if python3 "$ad" <"$work/notpy.py" >"$work/out" 2>&1; then bad "one-shot took a program that is not Python"; else
	grep -q 'rejected: not Python: line 1' "$work/out" && ok || { bad "one-shot reject message"; cat "$work/out"; }; fi

echo "external_adapter: $pass passed, $fail failed"
[ $fail -eq 0 ]
