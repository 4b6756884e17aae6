#!/bin/sh
# limits.sh FENCEFUZZ WORKDIR: every limit gives a clear error or a recorded
# finding, never a hang or a silent drop.
# - input past IR_MAX_INPUT (64 MiB): a located error, exit 2 (nesting depth
#   has its own tests: tests/malformed/gen_deep.sh);
# - campaign options out of range: usage errors, exit 2;
# - the campaign watchdog: a worker that hangs on a program (time per case),
#   grows past --case-memory, or dies of a signal is killed and restarted;
#   the program is recorded as a timeout / oom / crash finding with its text,
#   the campaign completes, and every other program is judged (the remaining
#   findings are the uninterrupted campaign's, less that program's).
# Faults come from FENCEFUZZ_FAULT=KIND:INDEX (fuzz/campaign.c).
ff=$1 work=$2
. "$(dirname "$0")/lib.sh"
need_sqlite3
rm -rf "$work" && mkdir -p "$work" || exit 1
q() { sqlite3 "$1" "$2"; }
n=120 args="--programs 120 --seed 9 --size 20 --jobs 2 --no-reduce"

# a 65 MiB program: refused with the limit named, quickly
{ printf '@T.prim_func\ndef main(a: T.int32):\n'; head -c $((65 << 20)) /dev/zero | tr '\0' '#'; echo; } >"$work/big.py"
timeout 60 "$ff" fmt "$work/big.py" >/dev/null 2>"$work/big.err"
rc=$?
[ $rc -eq 2 ] && grep -q 'too large\|larger than\|MiB' "$work/big.err" && ok ||
	bad "65 MiB input: exit $rc, $(head -c 200 "$work/big.err")"
rm -f "$work/big.py"

for opt in "--size 0" "--size 1000000" "--jobs 0" "--jobs 1000" "--case-memory -1" "--case-time x" "--resume 0"; do
	"$ff" campaign --programs 1 $opt --db "$work/u.sqlite" >/dev/null 2>"$work/u.err"
	[ $? -eq 2 ] && grep -q 'fencefuzz campaign:' "$work/u.err" && ok || bad "campaign $opt: not a usage error"
done

"$ff" campaign $args --db "$work/ref.sqlite" >"$work/ref.txt" 2>&1 || bad "reference campaign exit $?"
fsig="select kind, model, signature, count from findings where oracle is not 'campaign' order by kind, model, signature"
for fault in hang:40 hog:41 crash:42 hang:0; do
	kind=${fault%:*} index=${fault#*:}
	# the hog is given time: on a loaded machine its page faults are slow
	case $kind in hang) want=timeout ct=2 ;; hog) want=oom ct=60 ;; crash) want=crash ct=2 ;; esac
	db="$work/$kind-$index.sqlite"
	FENCEFUZZ_FAULT=$fault timeout 120 "$ff" campaign $args --case-time $ct --case-memory 400 --db "$db" \
		>"$work/$kind.txt" 2>&1
	rc=$?
	[ $rc -eq 0 ] && ok || { bad "$fault: campaign exit $rc"; tail -5 "$work/$kind.txt"; }
	got=$(q "$db" "select kind, count from findings where oracle = 'campaign'")
	[ "$got" = "$want|1" ] && ok || bad "$fault: watchdog findings '$got', expected $want|1"
	q "$db" "select message from findings where oracle = 'campaign'" | grep -q "program $index " && ok ||
		bad "$fault: the finding does not name program $index"
	q "$db" "select p.text from findings f join programs p on p.id = f.program_id where f.oracle = 'campaign'" \
		>"$work/$kind.py"
	"$ff" check "$work/$kind.py" --model tilelang-9f25954 >/dev/null 2>&1
	[ $? -le 1 ] && [ -s "$work/$kind.py" ] && ok || bad "$fault: the stored program does not read back"
	[ "$(q "$db" 'select status, execs from campaigns')" = "done|$((n - 1))" ] && ok ||
		bad "$fault: campaign row $(q "$db" 'select status, execs from campaigns'), expected done|$((n - 1))"
	# the other findings: the reference's, less at most one program's share
	missing=$(sqlite3 "$db" "attach '$work/ref.sqlite' as r;
		select coalesce(sum(r.count - coalesce(f.count, 0)), 0) from r.findings r
		left join findings f using (signature, model, kind)")
	extra=$(sqlite3 "$db" "attach '$work/ref.sqlite' as r;
		select count(*) from findings f left join r.findings r using (signature, model, kind)
		where f.oracle is not 'campaign' and (r.count is null or f.count > r.count)")
	[ "$extra" = 0 ] && [ "$missing" -ge 0 ] && [ "$missing" -le 40 ] && ok ||
		bad "$fault: other findings differ from the reference beyond one program ($missing missing, $extra extra)"
done

# the limit is per program: a slow-but-finishing campaign with a generous
# limit records nothing of the kind
"$ff" campaign $args --case-time 30 --db "$work/fine.sqlite" >/dev/null 2>&1 || bad "campaign with --case-time 30"
[ "$(q "$work/fine.sqlite" "select count(*) from findings where oracle = 'campaign'")" = 0 ] && ok ||
	bad "watchdog findings without a fault"
[ "$(q "$work/fine.sqlite" "$fsig")" = "$(q "$work/ref.sqlite" "$fsig")" ] && ok || bad "watchdog changed findings"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
