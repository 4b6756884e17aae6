#!/bin/sh
# merge.sh FENCEFUZZ WORKDIR: `fencefuzz merge` combines databases without
# duplicates: two campaigns in two databases, merged, give what one database
# holding both campaigns has; merging again changes nothing; a partly merged
# input is refused; reproducers and hw_runs follow their finding.
ff=$1 work=$2
. "$(dirname "$0")/lib.sh"
need_sqlite3
rm -rf "$work" && mkdir -p "$work" || exit 1
q() { sqlite3 "$1" "$2"; }
# --no-reduce: exact signatures (the reducer's time budget makes causes
# depend on the machine's speed); reproducers are added by hand below
camp() { "$ff" campaign --programs 120 --size 20 --no-reduce "$@" >"$work/out.txt" 2>&1 || { bad "campaign $*: exit $?"; cat "$work/out.txt"; }; }
fsig='select kind, model, signature, count from findings order by kind, model, signature'
psig='select hash from programs order by hash'
osig="select f.kind, f.model, f.signature, p.hash from occurrences o join findings f on f.id = o.finding_id
      join programs p on p.id = o.program_id order by 1, 2, 3, 4"

camp --seed 3 --db "$work/a.sqlite"
camp --seed 4 --jobs 2 --db "$work/b.sqlite"
camp --seed 3 --db "$work/one.sqlite"
camp --seed 4 --jobs 2 --db "$work/one.sqlite"
# a reproducer and a hardware run on one finding of a, one hw run on none
q "$work/a.sqlite" "insert into reproducers(finding_id, reduced_text, created_at) values(3, 'reduced', 'now');
  insert into hw_runs(finding_id, device, trials, mismatches, outcome, created_at) values(3, 'H100', 10, 2, 'reproduced', 't1');
  insert into hw_runs(finding_id, device, trials, outcome, created_at) values(NULL, 'H100', 5, 'skipped', 't2')"
a3=$(q "$work/a.sqlite" 'select kind, model, signature from findings where id = 3')
# b: the same reproducer on the same finding when b has it (merged once), and
# another text on its finding 5 (kept beside whatever a has)
q "$work/b.sqlite" "insert into reproducers(finding_id, reduced_text, created_at)
  select f.id, 'reduced', 'now' from findings f where f.kind || '|' || f.model || '|' || f.signature = '$a3';
  insert into reproducers(finding_id, reduced_text, pytest_text, created_at) values(5, 'other', 'py', 'now')"

"$ff" merge "$work/m.sqlite" "$work/a.sqlite" "$work/b.sqlite" >"$work/merge.txt" 2>&1 || { bad "merge exit $?"; cat "$work/merge.txt"; }
[ "$(q "$work/m.sqlite" "$fsig" | wc -l)" -gt 10 ] && ok || bad "merged database has (almost) no findings"
[ "$(q "$work/m.sqlite" "$fsig")" = "$(q "$work/one.sqlite" "$fsig")" ] && ok || bad "merged findings differ from one database with both campaigns"
[ "$(q "$work/m.sqlite" "$psig")" = "$(q "$work/one.sqlite" "$psig")" ] && ok || bad "merged programs differ"
[ "$(q "$work/m.sqlite" "$osig")" = "$(q "$work/one.sqlite" "$osig")" ] && ok || bad "merged occurrences differ"
[ "$(q "$work/m.sqlite" 'select seed, execs, status from campaigns order by id')" = \
  "$(q "$work/one.sqlite" 'select seed, execs, status from campaigns order by id')" ] && ok || bad "campaign rows differ"
[ "$(q "$work/m.sqlite" 'select count(*) from stats')" = \
  "$(( $(q "$work/a.sqlite" 'select count(*) from stats') + $(q "$work/b.sqlite" 'select count(*) from stats') ))" ] &&
	ok || bad "merged stats rows are not a's plus b's"
[ "$(q "$work/m.sqlite" 'select count(*) from stats s join campaigns c on c.id = s.campaign_id where c.seed = 4')" = \
  "$(q "$work/b.sqlite" 'select count(*) from stats')" ] && ok || bad "b's stats not remapped to its campaign"
# earliest first_seen, latest last_seen
mm="select count(*) from findings m join a.findings x using (signature, model, kind)
    join b.findings y using (signature, model, kind)
    where m.first_seen = min(x.first_seen, y.first_seen) and m.last_seen = max(x.last_seen, y.last_seen)"
both="select count(*) from a.findings x join b.findings y using (signature, model, kind)"
att="attach '$work/a.sqlite' as a; attach '$work/b.sqlite' as b;"
[ "$(q "$work/m.sqlite" "$att $mm")" = "$(q "$work/m.sqlite" "$att $both")" ] && ok || bad "first_seen/last_seen not min/max"
[ "$(q "$work/m.sqlite" "select f.kind, f.model, f.signature from reproducers r join findings f on f.id = r.finding_id
	where r.reduced_text = 'reduced'")" = "$a3" ] && ok || bad "reproducer not attached to its finding"
# every reproducer of a and b, once per (finding, texts)
rsig="select f.kind, f.model, f.signature, r.reduced_text, r.pytest_text from reproducers r join findings f on f.id = r.finding_id"
[ "$(q "$work/m.sqlite" "select count(*) from ($rsig)")" = \
  "$(q "$work/m.sqlite" "attach '$work/a.sqlite' as a; attach '$work/b.sqlite' as b;
     select count(*) from (select f.kind, f.model, f.signature, r.reduced_text, r.pytest_text from a.reproducers r join a.findings f on f.id = r.finding_id
     union select f.kind, f.model, f.signature, r.reduced_text, r.pytest_text from b.reproducers r join b.findings f on f.id = r.finding_id)")" ] &&
	ok || bad "merged reproducers are not the union of the inputs'"
[ "$(q "$work/m.sqlite" "select f.kind, f.model, f.signature from hw_runs h join findings f on f.id = h.finding_id")" = "$a3" ] &&
	ok || bad "hw run not attached to its finding"
[ "$(q "$work/m.sqlite" 'select count(*) from hw_runs where finding_id is null')" = 1 ] && ok || bad "hw run without finding lost"
[ "$(q "$work/m.sqlite" 'pragma integrity_check')" = ok ] && ok || bad "integrity_check"
[ "$(q "$work/m.sqlite" 'pragma foreign_key_check' | wc -l)" = 0 ] && ok || bad "foreign_key_check"

# again: a no-op, said so
before=$(q "$work/m.sqlite" "$fsig; select count(*) from reproducers, hw_runs, stats, campaigns")
"$ff" merge "$work/m.sqlite" "$work/a.sqlite" "$work/b.sqlite" >"$work/again.txt" 2>&1 || bad "re-merge exit $?"
[ "$(q "$work/m.sqlite" "$fsig; select count(*) from reproducers, hw_runs, stats, campaigns")" = "$before" ] &&
	ok || bad "merging the same databases again changed the output"
[ "$(grep -c 'already merged' "$work/again.txt")" = 2 ] && ok || bad "re-merge did not say 'already merged'"

# a database holding a plus something new, into one that has a: refused, unchanged
"$ff" merge "$work/x.sqlite" "$work/a.sqlite" >/dev/null 2>&1 || bad "merge into x"
before=$(q "$work/x.sqlite" "$fsig")
"$ff" merge "$work/x.sqlite" "$work/m.sqlite" >"$work/mixed.txt" 2>&1
[ $? -eq 2 ] && grep -q 'already in the output' "$work/mixed.txt" && ok || bad "partly merged input not refused"
[ "$(q "$work/x.sqlite" "$fsig")" = "$before" ] && ok || bad "a refused merge changed the output"

# usage errors
"$ff" merge "$work/m.sqlite" >/dev/null 2>&1; [ $? -eq 2 ] && ok || bad "merge with no input not a usage error"
"$ff" merge "$work/m.sqlite" "$work/nope.sqlite" >/dev/null 2>&1; [ $? -eq 2 ] && ok || bad "missing input not an error"
"$ff" merge "$work/m.sqlite" "$work/m.sqlite" >/dev/null 2>&1; [ $? -eq 2 ] && ok || bad "merging the output into itself not refused"
"$ff" merge --help | grep -q 'usage: fencefuzz merge' && ok || bad "merge --help"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
