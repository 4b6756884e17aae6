#!/bin/sh
# external_model.sh FENCEFUZZ SRCDIR WORKDIR: external pass models (--model 'ext:COMMAND',
# models/pass_external.c): fencefuzz itself as the command gives the built-in's
# results; every failure (crash, timeout, unreadable output, output flood, a
# command that never reads a large stdin) is a clear result, never a hang or
# a crash of fencefuzz.
ff=$1 src=$2 work=$3
. "$(dirname "$0")/lib.sh"
rm -rf "$work" && mkdir -p "$work" || exit 2
seeds="$src/corpus/golden-tilelang/p00000.in.py $src/corpus/golden-tilelang/p00003.in.py"
for f in "$src"/corpus/seed/*.py; do seeds="$seeds $f"; break; done
for f in "$src"/corpus/seed/*.py; do last=$f; done
seeds="$seeds $last"

for s in $seeds; do
	# pass through an external fencefuzz: byte-identical to the built-in
	"$ff" pass "$s" >"$work/builtin" 2>&1
	"$ff" pass --model "ext:$ff pass --model tilelang-9f25954 -" "$s" >"$work/ext" 2>&1
	rc=$?
	if [ $rc -eq 0 ] && cmp -s "$work/builtin" "$work/ext"; then ok; else
		bad "pass ext:fencefuzz on $s differs from the built-in (exit $rc)"; fi
	# check through an external fencefuzz: the same findings, model name aside
	# (and root causes: an external model has no explain hook)
	"$ff" check "$s" >"$work/cb.raw" 2>&1
	rcb=$?
	sed 's/; root cause: .*$//' "$work/cb.raw" >"$work/cb"
	"$ff" check --model "ext:$ff pass -" "$s" 2>&1 |
		sed "s|ext:$ff pass -|tilelang-9f25954|g" >"$work/ce"
	if "$ff" check --model "ext:$ff pass -" "$s" >/dev/null 2>&1; then rce=0; else rce=$?; fi
	if [ $rce -eq $rcb ] && cmp -s "$work/cb" "$work/ce"; then ok; else
		bad "check ext:fencefuzz on $s differs from the built-in (exit $rce, want $rcb)"
		diff "$work/cb" "$work/ce" | head -n 5; fi
done

prog="$src/corpus/golden-tilelang/p00003.in.py"
# expect_check WANT_KIND DESCRIPTION MODEL: check prints exactly one finding of the kind, exit 1
expect_check() {
	kind=$1 what=$2 model=$3
	"$ff" check --model "$model" "$prog" >"$work/out" 2>&1
	rc=$?
	if [ $rc -eq 1 ] && [ "$(grep -c ": $kind \[" "$work/out")" -eq 1 ] &&
		[ "$(wc -l <"$work/out")" -eq 1 ]; then ok; else
		bad "$what: exit $rc, want 1 and one $kind finding"; head -n 5 "$work/out"; fi
}

# identity through cat works: same findings as the identity model
"$ff" check --model identity "$prog" | sed 's/identity/ext:cat/g' >"$work/id"
if "$ff" check --model ext:cat "$prog" | cmp -s - "$work/id"; then ok; else bad "ext:cat is not identity"; fi
if [ "$("$ff" pass --model ext:cat "$prog")" = "$("$ff" pass --model identity "$prog")" ]; then ok; else
	bad "pass ext:cat differs from pass --model identity"; fi

# crash: non-zero exit, signal, command not found (stderr quoted)
expect_check model-crash "ext:false" "ext:false"
if grep -q 'exited with status 1' "$work/out"; then ok; else bad "ext:false: no exit status in the message"; fi
expect_check model-crash "ext:killed" 'ext:echo dying >&2; kill -9 $$'
if grep -q 'signal 9.*stderr: dying' "$work/out"; then ok; else bad "killed: no signal or stderr in the message"; fi
expect_check model-crash "ext:not found" "ext:no_such_command_ff_ext"
"$ff" pass --model ext:false "$prog" >"$work/out" 2>&1
rc=$?
if [ $rc -eq 2 ] && grep -q 'ext:false failed: .*exited with status 1' "$work/out"; then ok; else
	bad "pass ext:false: exit $rc, want 2 and a message"; head -n 3 "$work/out"; fi

# timeout: killed after FENCEFUZZ_EXT_TIMEOUT=1, returns within ~2 s
t0=$(date +%s)
FENCEFUZZ_EXT_TIMEOUT=1 expect_check model-timeout "ext:sleep 30" "ext:sleep 30"
t1=$(date +%s)
if [ $((t1 - t0)) -le 3 ]; then ok; else bad "timeout took $((t1 - t0)) s"; fi
# the whole process group goes, also a background child holding stdout
t0=$(date +%s)
FENCEFUZZ_EXT_TIMEOUT=1 expect_check model-timeout "background child" "ext:sleep 30 & cat"
t1=$(date +%s)
if [ $((t1 - t0)) -le 3 ]; then ok; else bad "background timeout took $((t1 - t0)) s"; fi

# unreadable: garbage (the reader's located message), empty, function count
expect_check model-unreadable "ext:echo garbage" "ext:echo garbage"
if grep -q "<model output>:1:1: expected @T.prim_func" "$work/out"; then ok; else
	bad "echo garbage: no located reader message"; head -n 3 "$work/out"; fi
expect_check model-unreadable "ext:true (empty output)" "ext:true"
two="$src/corpus/golden-tilelang/p00000.in.py"
expect_check model-unreadable "two functions" "ext:cat; echo; cat $two"

# 10 MB on stdout while ignoring stdin: unreadable, no deadlock
expect_check model-unreadable "10 MB output flood" "ext:yes | head -c 10000000"

# a ~4.5 MB program to a command that never reads it: no deadlock, no SIGPIPE death
{ cat "$prog"; echo; yes "$(tail -n 1 "$prog")" | head -n 42000; } >"$work/big.py"
"$ff" pass --model 'ext:sleep 0.1; true' "$work/big.py" >"$work/out" 2>&1
rc=$?
if [ $rc -eq 2 ] && grep -q 'unreadable' "$work/out"; then ok; else
	bad "big program, command not reading stdin: exit $rc, want 2"; head -n 3 "$work/out"; fi
# ... and through cat (both directions large at once): the program comes back
"$ff" pass --model identity "$work/big.py" >"$work/big.id"
if "$ff" pass --model ext:cat "$work/big.py" | cmp -s - "$work/big.id"; then ok; else
	bad "big program through ext:cat differs"; fi

# sweep: a failing external model is reported, exit 2
"$ff" sweep --models "tilelang-9f25954,ext:false" "$prog" >"$work/out" 2>&1
rc=$?
if [ $rc -eq 2 ] && grep -q 'ext:false failed on 1 program' "$work/out"; then ok; else
	bad "sweep ext:false: exit $rc, want 2"; head -n 5 "$work/out"; fi

# the unknown-model message mentions ext:COMMAND
if "$ff" pass --model nope "$prog" 2>&1 | grep -q 'ext:COMMAND'; then ok; else
	bad "unknown-model message does not mention ext:COMMAND"; fi

echo "external_model: $pass passed, $fail failed"
[ $fail -eq 0 ]
