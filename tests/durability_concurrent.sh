#!/bin/sh
# durability_concurrent.sh FENCEFUZZ WORKDIR: four campaigns (1 and 2 jobs,
# six worker processes) writing one database at once lose and duplicate
# nothing: every finding's count is the sum of what the four record alone,
# no (signature, model, kind) row appears twice, every campaign is recorded
# done with all its programs, and the database passes integrity_check.
ff=$1 work=$2
. "$(dirname "$0")/lib.sh"
need_sqlite3
rm -rf "$work" && mkdir -p "$work" || exit 1
q() { sqlite3 -cmd '.timeout 10000' "$1" "$2"; }
n=300
args="--programs $n --size 20 --no-reduce"

for s in 1 2 3 4; do
	"$ff" campaign $args --seed 3$s --jobs $(( (s % 2) + 1 )) --db "$work/s$s.sqlite" >"$work/s$s.txt" 2>&1 || bad "campaign seed 3$s alone: exit $?"
done
pids=""
for s in 1 2 3 4; do
	"$ff" campaign $args --seed 3$s --jobs $(( (s % 2) + 1 )) --db "$work/all.sqlite" >"$work/all$s.txt" 2>&1 &
	pids="$pids $!"
done
for p in $pids; do wait $p || bad "a concurrent campaign failed (exit $?)"; done

att="attach '$work/s1.sqlite' as s1; attach '$work/s2.sqlite' as s2;
     attach '$work/s3.sqlite' as s3; attach '$work/s4.sqlite' as s4;"
expected=$(q "$work/all.sqlite" "$att select kind, model, signature, sum(count) from (
	select kind, model, signature, count from s1.findings union all
	select kind, model, signature, count from s2.findings union all
	select kind, model, signature, count from s3.findings union all
	select kind, model, signature, count from s4.findings)
	group by kind, model, signature order by kind, model, signature")
got=$(q "$work/all.sqlite" 'select kind, model, signature, count from findings order by kind, model, signature')
[ "$(echo "$got" | wc -l)" -gt 10 ] && ok || bad "too few findings to compare"
[ "$got" = "$expected" ] && ok || bad "four concurrent campaigns lost or duplicated findings"
[ "$(q "$work/all.sqlite" 'select count(*) = count(distinct kind || model || signature) from findings')" = 1 ] &&
	ok || bad "duplicate (signature, model, kind) rows"
[ "$(q "$work/all.sqlite" "select count(*) from campaigns where status = 'done' and execs = $n")" = 4 ] &&
	ok || bad "not all four campaigns recorded done with $n programs"
# each campaign's occurrences (finding, program) are those it records alone
for s in 1 2 3 4; do
	osig="select f.kind, f.model, f.signature, p.hash from occurrences o join findings f on f.id = o.finding_id
	      join programs p on p.id = o.program_id join campaigns c on c.id = o.campaign_id
	      where c.seed = '3$s' order by 1, 2, 3, 4"
	[ "$(q "$work/all.sqlite" "$osig")" = "$(q "$work/s$s.sqlite" "$osig")" ] && ok ||
		bad "campaign seed 3$s: occurrences differ from its run alone"
done
[ "$(q "$work/all.sqlite" 'pragma integrity_check')" = ok ] && ok || bad "integrity_check"
[ "$(q "$work/all.sqlite" 'pragma foreign_key_check' | wc -l)" = 0 ] && ok || bad "foreign_key_check"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
