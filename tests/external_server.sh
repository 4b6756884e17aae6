#!/bin/sh
# external_server.sh FENCEFUZZ SRCDIR WORKDIR: persistent external models
# (--model 'NAME=ext-server:COMMAND', models/pass_ext_server.c) against the
# mock server tests/external_mock_server.py: the identity through the
# protocol gives the built-in identity's results everywhere a model is taken;
# every injected fault (crash, hang, garbage, wrong length, bytes after a
# frame, refusal, a failing pass, broken handshakes) is its own finding kind
# and the server restarts after it; a 2,000-program campaign whose server
# crashes every 100th program and hangs every 1,000th judges every other
# program exactly as the built-in identity does.  Skipped without python3.
ff=$1 src=$2 work=$3
. "$(dirname "$0")/lib.sh"
command -v python3 >/dev/null || { echo "python3 missing: skipped"; exit 77; }
need_sqlite3
rm -rf "$work" && mkdir -p "$work" || exit 2
mock="python3 -S $src/tests/external_mock_server.py --serve"
prog="$src/corpus/golden-tilelang/p00003.in.py"
export FENCEFUZZ_EXT_START_TIMEOUT=60 PYTHONDONTWRITEBYTECODE=1

# identity through the protocol: pass byte-identical, check the same findings
# (golden inputs: canonical text, so the output's locations are the file's)
for s in "$prog" "$src/corpus/golden-tilelang/p00000.in.py" "$src/corpus/golden-tilelang/p00010.in.py"; do
	"$ff" pass --model identity "$s" >"$work/id" 2>&1
	if "$ff" pass --model "ext-server:$mock" "$s" 2>&1 | cmp -s - "$work/id"; then ok; else
		bad "pass ext-server:mock on $s differs from identity"; fi
	"$ff" check --model identity "$s" | sed 's/\[identity,/[mock,/; s/ identity: / mock: /' >"$work/cid"
	"$ff" check --model "mock=ext-server:$mock" "$s" >"$work/cm"
	if cmp -s "$work/cid" "$work/cm"; then ok; else
		bad "check mock on $s differs from identity"; diff "$work/cid" "$work/cm" | head -n 4; fi
done

# programs larger than a pipe holds (a request written and an answer read in
# parts), over 1 MiB (the buffers kept between programs are dropped after it),
# between small ones, all through one server: each comes back unchanged
sh "$src/bench/gen_straight.sh" 30000 >"$work/big.py"
sh "$src/bench/gen_straight.sh" 3000 >"$work/mid.py"
"$ff" pass --model identity "$work/big.py" >"$work/id" 2>&1
if "$ff" pass --model "ext-server:$mock" "$work/big.py" 2>&1 | cmp -s - "$work/id"; then ok; else
	bad "pass ext-server:mock on a 1.4 MB program differs from identity"; fi
"$ff" sweep --models "mock=ext-server:$mock" "$work/big.py" "$prog" "$work/mid.py" "$work/big.py" \
	"$src/corpus/golden-tilelang/p00000.in.py" "$work/mid.py" >"$work/out" 2>&1
rc=$?
if [ $rc -eq 0 ] && grep -q '^mock  *6  *0 ' "$work/out"; then ok; else
	bad "sweep of large and small programs through one server: exit $rc"; cat "$work/out"; fi

# bench/bench_ext (when built next to fencefuzz) runs clean, and a request
# costs fencefuzz one writev, one poll and one read (its answer, written by
# the C identity server in one writev, comes in one read)
bx="$(dirname "$ff")/bench/bench_ext"
if [ -x "$bx" ]; then
	"$bx" --programs 30 --ext-programs 2 >"$work/bench.out" 2>&1
	rc=$?
	calls=$(sed -n 's/^| system calls on the pipes per program (write + poll + read) | \([0-9.]*\) + \([0-9.]*\) + \([0-9.]*\) |.*/\1 \2 \3/p' "$work/bench.out")
	if [ $rc -eq 0 ] && echo "$calls" | awk '{ exit !($1 == 1 && $2 <= 1.05 && $3 <= 1.05) }'; then ok; else
		bad "bench_ext: exit $rc, system calls per request (write poll read) '$calls', want 1 1 1"
		tail -n 5 "$work/bench.out"; fi
fi

# the example server of docs/external-models.md works as written
awk '/^```python/ { f = 1; next } /^```/ { f = 0 } f' "$src/docs/external-models.md" >"$work/example.py"
"$ff" check --model identity "$prog" | sed 's/\[identity,/[ex,/' >"$work/cid"
if "$ff" check --model "ex=ext-server:python3 $work/example.py" "$prog" 2>&1 | cmp -s - "$work/cid"; then ok; else
	bad "the example server of docs/external-models.md"; fi

# expect KIND TEXT FAULT-ARGS: check prints exactly one finding of KIND whose message has TEXT
expect() { # a refusal is bad input for that model (exit 2), a failure a finding (1)
	kind=$1 text=$2
	shift 2
	"$ff" check --model "mock=ext-server:$mock $*" "$prog" >"$work/out" 2>&1
	rc=$?
	want=1
	[ "$kind" = model-rejected ] && want=2
	if [ $rc -eq $want ] && [ "$(grep -c ": $kind \[mock, model\]" "$work/out")" -eq 1 ] &&
		[ "$(wc -l <"$work/out")" -eq 1 ] && grep -q -- "$text" "$work/out"; then ok; else
		bad "$*: exit $rc, want $want and one $kind finding with '$text'"; head -n 3 "$work/out"; fi
}
export FENCEFUZZ_EXT_TIMEOUT=1
expect model-crash 'exited with status 3 on its 1st program; stderr: mock: crashing on program 1' --crash-every 1
expect model-crash 'says the pass failed on its 1st program: Traceback .* | mock.PassError: failed on 1' --error-every 1
expect model-rejected 'not judged: .*refused the program: mock: this program is refused (program 1) | second line' --reject-every 1
expect model-unreadable 'bad frame header "garbage"' --garbage-every 1
expect model-unreadable 'is not the closing newline (wrong length)' --long-every 1
expect model-unreadable 'bytes of a frame on its 1st program, then nothing for 1 s' --short-every 1
expect model-unreadable '3 bytes after its result frame' --extra-every 1
t0=$(date +%s)
expect model-timeout 'gave no answer on its 1st program within 1 s (FENCEFUZZ_EXT_TIMEOUT)' --hang-every 1
t1=$(date +%s)
if [ $((t1 - t0)) -le 8 ]; then ok; else bad "hang took $((t1 - t0)) s"; fi
# handshakes
expect model-crash 'exited with status 4 before its handshake; stderr: mock: cannot start' --hello exit
expect model-unreadable 'before its handshake: bad frame header "hello there"' --hello garbage
expect model-unreadable 'another protocol version' --hello proto2
expect model-unreadable "lacks a 'pass NAME' or 'version TEXT' line" --hello noversion
FENCEFUZZ_EXT_START_TIMEOUT=1 expect model-timeout 'no answer before its handshake within 1 s (FENCEFUZZ_EXT_START_TIMEOUT)' --hello none
"$ff" check --model "ext-server:no_such_command_ff_srv" "$prog" >"$work/out" 2>&1
rc=$?
if [ $rc -eq 1 ] && grep -q 'model-crash.*status 127 before its handshake (command not found?)' "$work/out"; then ok; else
	bad "a server command not found: exit $rc"; head -n 3 "$work/out"; fi

# pass: a failure is exit 2 with the message; a refusal too
"$ff" pass --model "mock=ext-server:$mock --reject-every 1" "$prog" >"$work/out" 2>&1
rc=$?
if [ $rc -eq 2 ] && grep -q 'refused the program' "$work/out"; then ok; else
	bad "pass with a refusal: exit $rc, want 2"; head -n 3 "$work/out"; fi

# names: NAME= must not take a built-in's name or odd characters
for spec in "identity=ext-server:$mock" "a b=ext-server:$mock" "=ext-server:$mock" "ext-server:"; do
	if "$ff" pass --model "$spec" "$prog" >/dev/null 2>&1; then bad "model '$spec' accepted"; else ok; fi
done

# after a fault the server restarts: sweep sends every file to one process
# (the 2nd and 4th of 5 programs crash; the others come back unchanged)
rm -f "$work/count"
files="$src/corpus/golden-tilelang/p00001.in.py $src/corpus/golden-tilelang/p00002.in.py $prog"
files="$files $src/corpus/golden-tilelang/p00004.in.py $src/corpus/golden-tilelang/p00005.in.py"
"$ff" sweep --models "mock=ext-server:$mock --crash-every 2 --counter $work/count" $files >"$work/out" 2>&1
if grep -q 'mock failed on 2 program' "$work/out" && [ "$(cat "$work/count")" = 5 ]; then ok; else
	bad "sweep with crashes: want 2 failures of 5 programs"; cat "$work/out" | head -n 8; fi

# reduce through the server: the same reduction as the built-in identity's
"$ff" reduce --model identity --kind handshake "$prog" 2>&1 | grep -v '^#' >"$work/rid"
"$ff" reduce --model "ext-server:$mock" --kind handshake "$prog" 2>&1 | grep -v '^#' >"$work/rm"
if [ -s "$work/rid" ] && cmp -s "$work/rid" "$work/rm"; then ok; else
	bad "reduce through the server differs from identity's"; diff "$work/rid" "$work/rm" | head -n 4; fi
# check --differential and lower take it too
if "$ff" check --model identity --differential "ext-server:$mock" --oracles soundness "$prog" |
	grep -q differential; then bad "identity and the identity server differ"; else ok; fi
"$ff" lower --model identity "$prog" >"$work/lid" 2>&1
if "$ff" lower --model "ext-server:$mock" "$prog" 2>&1 | cmp -s - "$work/lid"; then ok; else
	bad "lower through the server differs"; fi

# replay --substitute: a server answering with the reference model's output
# (the mock running fencefuzz pass per program) replays the corpus clean; a
# server whose pass fails is a change (exit 1), not an abort
ref="$mock --exec '$ff pass -'"
"$ff" replay --models tilelang-9f25954 --substitute "tilelang-9f25954=ext-server:$ref" \
	"$src/corpus/regress" >"$work/out" 2>&1
rc=$?
if [ $rc -eq 0 ] && grep -q ' [1-9][0-9]* model checks, 0 changes' "$work/out"; then ok; else
	bad "replay --substitute reference=server: exit $rc"; tail -n 4 "$work/out"; fi
one=$(ls "$src"/corpus/regress/*.py | head -n 1)
"$ff" replay --models tilelang-9f25954 --substitute "tilelang-9f25954=ext-server:$mock --error-every 1" \
	"$one" >"$work/out" 2>&1
rc=$?
if [ $rc -eq 1 ] && grep -q 'output changed: the model gave none: .*says the pass failed' "$work/out"; then ok; else
	bad "replay with a failing server: exit $rc, want 1"; head -n 4 "$work/out"; fi

# The campaign of the issue: 2,000 programs, the server crashes on every
# 100th program and hangs on every 1,000th (counted across restarts).
export FENCEFUZZ_EXT_TIMEOUT=2 # small, but not so small that a loaded machine trips it
mkdir -p "$work/faults"
rm -f "$work/count"
"$ff" campaign --db "$work/srv.sqlite" --programs 2000 --no-reduce --no-report \
	--oracles soundness,handshake \
	--models "mock=ext-server:$mock --crash-every 100 --hang-every 1000 --counter $work/count --faults $work/faults" \
	>"$work/camp.out" 2>&1
rc=$?
q() { sqlite3 "$1" "$2"; }
if [ $rc -eq 0 ] && [ "$(q "$work/srv.sqlite" "select execs || ' ' || status from campaigns")" = "2000 done" ]; then ok; else
	bad "fault campaign: exit $rc, want 2000 programs done"; tail -n 5 "$work/camp.out"; fi
crash=$(q "$work/srv.sqlite" "select coalesce(sum(count), 0) from findings where kind = 'model-crash'")
hang=$(q "$work/srv.sqlite" "select coalesce(sum(count), 0) from findings where kind = 'model-timeout'")
if [ "$crash" = 18 ] && [ "$hang" = 2 ]; then ok; else bad "faults recorded: $crash crashes, $hang hangs; want 18, 2"; fi
if [ "$(q "$work/srv.sqlite" "select count(*) from findings f join programs p on p.id = f.program_id where f.kind in ('model-crash', 'model-timeout') and p.text like '%@T.prim_func%'")" = 2 ]; then ok; else
	bad "the fault findings do not keep their program"; fi
if [ "$(q "$work/srv.sqlite" "select model_versions from campaigns")" = '{"mock": "mock 1.0 (pass mock.identity)"}' ]; then ok; else
	bad "model_versions: $(q "$work/srv.sqlite" "select model_versions from campaigns")"; fi
# every other program judged as the built-in identity judges it: the
# identity campaign's counts minus what identity finds on the 20 faulted ones
"$ff" campaign --db "$work/id.sqlite" --programs 2000 --no-reduce --no-report \
	--oracles soundness,handshake --models identity >/dev/null 2>&1
for f in "$work"/faults/*.py; do
	"$ff" check --model identity --oracles soundness,handshake "$f"
done | sed -n 's/^[^ ]* \([a-z-]*\) \[.*/\1/p' | sort | uniq -c >"$work/faulted"
nf=$(ls "$work"/faults | wc -l)
if [ "$nf" -eq 20 ]; then ok; else bad "$nf faulted programs logged, want 20"; fi
for kind in unsound unsound-war handshake; do
	a=$(q "$work/id.sqlite" "select coalesce(sum(count), 0) from findings where kind = '$kind'")
	b=$(q "$work/srv.sqlite" "select coalesce(sum(count), 0) from findings where kind = '$kind'")
	c=$(awk -v k="$kind" '$2 == k { print $1 }' "$work/faulted")
	if [ "$b" -eq $((a - ${c:-0})) ] && [ "$a" -gt 0 ]; then ok; else
		bad "$kind: server campaign $b, identity $a minus ${c:-0} on the faulted programs"; fi
done

# --jobs 2 --differential: one server per worker, each started once (plus the
# handshake the campaign row records), the two identities never differ
rm -f "$work/count"
FENCEFUZZ_EXT_TIMEOUT=5 "$ff" campaign --db "$work/j2.sqlite" --programs 300 --jobs 2 --no-reduce --no-report \
	--differential --oracles soundness --models "identity,mock=ext-server:$mock --counter $work/count" \
	>"$work/j2.out" 2>&1
rc=$?
if [ $rc -eq 0 ] && [ "$(cat "$work/count")" = 300 ] &&
	[ "$(q "$work/j2.sqlite" "select count(*) from findings where kind in ('differential', 'model-crash', 'model-timeout', 'model-unreadable')")" = 0 ] &&
	[ "$(q "$work/j2.sqlite" "select sum(count) from findings where model = 'mock'")" = \
	  "$(q "$work/j2.sqlite" "select sum(count) from findings where model = 'identity'")" ]; then ok; else
	bad "--jobs 2 --differential: exit $rc, $(cat "$work/count") programs sent, want 300"; tail -n 3 "$work/j2.out"; fi
# the report shows the version
"$ff" report --db "$work/j2.sqlite" --html "$work/j2.html" >/dev/null 2>&1
if grep -q 'model versions {&quot;mock&quot;: &quot;mock 1.0 (pass mock.identity)&quot;}' "$work/j2.html"; then ok; else
	bad "the report does not show the model version"; fi
# a server that does not start stops the campaign before it begins
"$ff" campaign --db "$work/bad.sqlite" --programs 10 --no-report --models "mock=ext-server:$mock --hello exit" \
	>"$work/out" 2>&1
rc=$?
if [ $rc -eq 2 ] && grep -q 'model mock does not start: .*exited with status 4' "$work/out"; then ok; else
	bad "campaign with a server that does not start: exit $rc, want 2"; head -n 3 "$work/out"; fi

# killing fencefuzz takes its server along (no orphan left hanging)
rm -f "$work/pid"
FENCEFUZZ_EXT_TIMEOUT=60 "$ff" check --model "mock=ext-server:$mock --hang-every 1 --pidfile $work/pid" \
	"$prog" >/dev/null 2>&1 &
bg=$!
i=0
while [ $i -lt 100 ] && ! [ -s "$work/pid" ]; do sleep 0.1; i=$((i + 1)); done
sleep 0.3
kill -9 $bg
wait $bg 2>/dev/null
sleep 0.5
srv=$(cat "$work/pid" 2>/dev/null)
st=$(ps -o stat= -p "$srv" 2>/dev/null)
case "$st" in ''|Z*) gone=1 ;; *) gone=0 ;; esac # a zombie is gone, waiting for init
if [ -n "$srv" ] && [ $gone -eq 1 ]; then ok; else
	bad "the server (pid $srv) outlived a killed fencefuzz"; fi

echo "external_server: $pass passed, $fail failed"
[ $fail -eq 0 ]
