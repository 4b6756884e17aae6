#!/bin/sh
# campaign.sh FENCEFUZZ WORKDIR: the campaign contract.
# - the same seed and settings give the same findings; with 2 jobs too, up to
#   which cause an occurrence is counted under (each worker reduces its own
#   sightings), and exactly with --no-reduce;
# - every finding has a reproducer, and causes group programs: fewer rows than
#   raw signatures would give is not required, but no row without reproducer;
# - a second campaign on the same database adds to it;
# - Ctrl-C (SIGINT) ends a campaign cleanly: exit 0, status recorded, the
#   database passes integrity_check.
ff=$1 work=$2
. "$(dirname "$0")/lib.sh"
need_sqlite3
rm -rf "$work" && mkdir -p "$work" || exit 1
q() { sqlite3 "$1" "$2"; }
run() { "$ff" campaign --programs 80 --seed 7 --size 20 "$@" >"$work/out.txt" 2>&1 || { bad "campaign $*: exit $?"; cat "$work/out.txt"; }; }
sig='select kind, model, signature, count from findings order by kind, model, signature'

run --db "$work/a.sqlite"
run --db "$work/b.sqlite"
run --db "$work/c.sqlite" --jobs 2
run --db "$work/c2.sqlite" --jobs 2
run --db "$work/ra.sqlite" --no-reduce
run --db "$work/rc.sqlite" --no-reduce --jobs 2
bykind='select kind, model, sum(count) from findings group by kind, model order by kind, model'
[ "$(q "$work/a.sqlite" "$sig" | wc -l)" -gt 0 ] && ok || bad "no findings at all in 80 programs"
[ "$(q "$work/a.sqlite" "$sig")" = "$(q "$work/b.sqlite" "$sig")" ] && ok || bad "same seed, different findings"
[ "$(q "$work/c.sqlite" "$sig")" = "$(q "$work/c2.sqlite" "$sig")" ] && ok || bad "same seed and 2 jobs, different findings"
[ "$(q "$work/a.sqlite" "$bykind")" = "$(q "$work/c.sqlite" "$bykind")" ] && ok || bad "2 jobs counted other occurrences than 1 job"
[ "$(q "$work/ra.sqlite" "$sig")" = "$(q "$work/rc.sqlite" "$sig")" ] && ok || bad "--no-reduce: 2 jobs found other findings than 1 job"
[ "$(q "$work/a.sqlite" "$bykind")" = "$(q "$work/ra.sqlite" "$bykind")" ] && ok || bad "reduction changed the occurrences counted"
[ "$(q "$work/a.sqlite" 'select count(*) from findings f where not exists (select 1 from reproducers r where r.finding_id = f.id)')" = 0 ] &&
	ok || bad "a finding without a reproducer"
[ "$(q "$work/ra.sqlite" 'select count(*) from reproducers')" = 0 ] && ok || bad "--no-reduce stored reproducers"
[ "$(q "$work/a.sqlite" 'select execs from campaigns')" = 80 ] && ok || bad "execs not recorded"
grep -q "campaign 1: 80 programs" "$work/out.txt" && ok || bad "summary line missing"

# models whose outputs coincide are judged once (judge.h, orc_share_begin):
# the check mode judges every taken-over output again and aborts on any
# difference, and the findings are exactly those of judging every output
full='select kind, model, oracle, signature, rule, line, col, message, witness, strength, strength_note, count, root_cause from findings order by kind, model, signature'
FENCEFUZZ_JUDGE_SHARE=check "$ff" campaign --programs 200 --seed 13 --no-reduce --db "$work/share-check.sqlite" >"$work/sc.txt" 2>&1 ||
	{ bad "campaign, FENCEFUZZ_JUDGE_SHARE=check: exit $?"; tail -5 "$work/sc.txt"; }
! grep -q 'check: .* differ\|died of signal' "$work/sc.txt" && ok || { bad "FENCEFUZZ_JUDGE_SHARE=check: a worker aborted"; grep -m 3 'check: .* differ\|died' "$work/sc.txt"; }
n=$(sed -n 's/.*FENCEFUZZ_JUDGE_SHARE=check: \([0-9]*\) verdicts taken over, each equal.*/\1/p' "$work/sc.txt")
[ "${n:-0}" -gt 0 ] && ok || bad "no verdict taken over in 200 programs of three models"
FENCEFUZZ_JUDGE_SHARE=0 "$ff" campaign --programs 200 --seed 13 --no-reduce --db "$work/share-off.sqlite" >/dev/null 2>&1 || bad "campaign, FENCEFUZZ_JUDGE_SHARE=0: exit $?"
"$ff" campaign --programs 200 --seed 13 --no-reduce --db "$work/share-on.sqlite" >/dev/null 2>&1 || bad "campaign (shared verdicts): exit $?"
[ -n "$(q "$work/share-on.sqlite" "$full")" ] && [ "$(q "$work/share-off.sqlite" "$full")" = "$(q "$work/share-on.sqlite" "$full")" ] &&
	ok || bad "shared verdicts stored other findings than judging every output"

# the probe (programs judged without locations first, printed only when a
# finding is new or a root cause is wanted): the check mode judges every
# probed program located too and aborts on any difference, and what is
# stored (findings, their programs' texts) is exactly what locating every
# program first stores
texts='select f.kind, f.model, f.signature, p.hash, p.text from findings f left join programs p on p.id = f.program_id order by 1, 2, 3'
FENCEFUZZ_CAMPAIGN_PROBE=check "$ff" campaign --programs 300 --seed 13 --no-reduce --db "$work/probe-check.sqlite" >"$work/pc.txt" 2>&1 ||
	{ bad "campaign, FENCEFUZZ_CAMPAIGN_PROBE=check: exit $?"; tail -5 "$work/pc.txt"; }
! grep -q 'check: .* differ\|died of signal' "$work/pc.txt" && ok || { bad "FENCEFUZZ_CAMPAIGN_PROBE=check: a worker aborted"; grep -m 3 'check: .* differ\|died' "$work/pc.txt"; }
FENCEFUZZ_CAMPAIGN_PROBE=0 "$ff" campaign --programs 300 --seed 13 --no-reduce --db "$work/probe-off.sqlite" >/dev/null 2>&1 || bad "campaign, FENCEFUZZ_CAMPAIGN_PROBE=0: exit $?"
"$ff" campaign --programs 300 --seed 13 --no-reduce --db "$work/probe-on.sqlite" >/dev/null 2>&1 || bad "campaign (probe): exit $?"
[ -n "$(q "$work/probe-on.sqlite" "$texts")" ] && [ "$(q "$work/probe-off.sqlite" "$full")" = "$(q "$work/probe-on.sqlite" "$full")" ] &&
	[ "$(q "$work/probe-off.sqlite" "$texts")" = "$(q "$work/probe-on.sqlite" "$texts")" ] &&
	[ "$(q "$work/probe-check.sqlite" "$full")" = "$(q "$work/probe-on.sqlite" "$full")" ] &&
	ok || bad "the probe stored other findings or texts than locating every program first"

before=$(q "$work/a.sqlite" 'select sum(count) from findings')
run --db "$work/a.sqlite"
after=$(q "$work/a.sqlite" 'select sum(count) from findings')
[ "$(q "$work/a.sqlite" 'select count(*) from campaigns')" = 2 ] && ok || bad "second campaign not recorded"
[ "$after" -eq $((before * 2)) ] && ok || bad "second campaign did not add: $before -> $after"
[ "$(q "$work/a.sqlite" "$sig" | wc -l)" = "$(q "$work/b.sqlite" "$sig" | wc -l)" ] && ok || bad "second campaign duplicated findings"

"$ff" campaign --time 60 --db "$work/i.sqlite" >"$work/int.txt" 2>&1 &
pid=$!
sleep 2
kill -INT $pid
wait $pid
rc=$?
[ $rc -eq 130 ] && ok || bad "interrupted campaign exit $rc, want 130 (after the clean stop)"
[ "$(q "$work/i.sqlite" 'select status from campaigns')" = interrupted ] && ok || bad "status not 'interrupted'"
[ "$(q "$work/i.sqlite" 'pragma integrity_check')" = ok ] && ok || bad "integrity_check after interrupt"
[ "$(q "$work/i.sqlite" 'select execs > 0 from campaigns')" = 1 ] && ok || bad "interrupted campaign recorded no programs"

# two campaigns writing one database at once lose nothing: every finding's
# count is the sum of what each campaign records alone (raw signatures: the
# store is what is tested here, reduction is tested above)
"$ff" campaign --programs 150 --seed 11 --size 20 --no-reduce --db "$work/s1.sqlite" >/dev/null 2>&1 || bad "s1"
"$ff" campaign --programs 150 --seed 12 --size 20 --no-reduce --jobs 2 --db "$work/s2.sqlite" >/dev/null 2>&1 || bad "s2"
"$ff" campaign --programs 150 --seed 11 --size 20 --no-reduce --db "$work/both.sqlite" >/dev/null 2>&1 &
p1=$!
"$ff" campaign --programs 150 --seed 12 --size 20 --no-reduce --jobs 2 --db "$work/both.sqlite" >/dev/null 2>&1 &
p2=$!
wait $p1 || bad "concurrent campaign 1 failed"
wait $p2 || bad "concurrent campaign 2 failed"
sum="select kind, model, signature, sum(count) from (select kind, model, signature, count from s1.findings
     union all select kind, model, signature, count from s2.findings) group by kind, model, signature
     order by kind, model, signature"
expected=$(sqlite3 "$work/both.sqlite" "attach '$work/s1.sqlite' as s1; attach '$work/s2.sqlite' as s2; $sum")
got=$(q "$work/both.sqlite" 'select kind, model, signature, count from findings order by kind, model, signature')
[ -n "$got" ] && [ "$got" = "$expected" ] && ok || bad "concurrent campaigns lost or duplicated findings"
[ "$(q "$work/both.sqlite" 'select count(*) from campaigns where status = '"'done'"' and execs = 150')" = 2 ] &&
	ok || bad "concurrent campaigns not both recorded as done with 150 programs"
[ "$(q "$work/both.sqlite" 'pragma integrity_check')" = ok ] && ok || bad "integrity_check after concurrent campaigns"

# differential mode: programs where two models differ are recorded, classified
"$ff" campaign --programs 100 --models tilelang-9f25954,tilelang-legacy --oracles soundness \
	--differential --db "$work/d.sqlite" >"$work/d.txt" 2>&1 || bad "differential campaign exit $?"
[ "$(q "$work/d.sqlite" "select count(*) > 0 from findings where kind = 'differential' and message like '%is sound%'")" = 1 ] &&
	ok || bad "differential campaign recorded no classified difference"
"$ff" campaign --programs 1 --differential --models tilelang-9f25954 --db "$work/e.sqlite" >/dev/null 2>&1
[ $? -eq 2 ] && ok || bad "--differential with one model is not a usage error"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
