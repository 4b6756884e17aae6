#!/bin/sh
# durability_kill.sh FENCEFUZZ WORKDIR: SIGKILL a running campaign at random
# moments, several times, resuming it after each kill, then check that
# - the database passes PRAGMA integrity_check after every kill;
# - everything committed before a kill (read from the database while the
#   campaign ran, the state its progress line reports) is still there after it;
# - killing only the parent takes its workers down with it;
# - `campaign --resume` continues the killed campaign, and once it completes
#   the findings and counts are exactly those of the same campaign run
#   without interruption: nothing lost, nothing counted twice.
# The campaign is sized to run about 16 s on this build and machine (a 2 s
# calibration run times DURABILITY_SCALE, 8; DURABILITY_PROGRAMS overrides:
# the sanitizer build uses 4), and killed after 1.2 to
# 1.8 s (after its first commits) each time; DURABILITY_SEED fixes those
# moments (printed, to reproduce a failure).
ff=$1 work=$2
. "$(dirname "$0")/lib.sh"
rseed=${DURABILITY_SEED:-$$}
need_sqlite3
rm -rf "$work" && mkdir -p "$work" || exit 1
q() { sqlite3 -cmd '.timeout 10000' "$1" "$2"; }
db="$work/k.sqlite"
fsig='select kind, model, signature, count from findings order by kind, model, signature'
"$ff" campaign --time 2 --seed 21 --size 20 --no-reduce --jobs 2 --db "$work/calib.sqlite" >/dev/null 2>&1
n=${DURABILITY_PROGRAMS:-$(( $(q "$work/calib.sqlite" 'select execs from campaigns') * ${DURABILITY_SCALE:-8} ))}
[ "$n" -ge 500 ] || n=500
args="--programs $n --seed 21 --size 20 --no-reduce"
echo "kill moments seed $rseed, $n programs"
"$ff" campaign $args --jobs 2 --db "$work/ref.sqlite" >"$work/ref.txt" 2>&1 || { bad "reference campaign exit $?"; cat "$work/ref.txt"; }

# delay ROUND: pseudo-random, 1.2 .. 1.8 s
delay() { awk -v s="$rseed" -v r="$1" 'BEGIN { srand(s); for (i = 0; i < r; i++) x = rand(); printf "%.2f", 1.2 + 0.6 * x }'; }

hits=0
for round in 1 2 3 4; do
	# a loaded machine may have sped up since the calibration: done is done
	[ $round -gt 1 ] && [ "$(q "$db" 'select status from campaigns')" = done ] && break
	if [ $round -eq 1 ]; then
		setsid "$ff" campaign $args --jobs 2 --db "$db" >"$work/run$round.txt" 2>&1 &
	else
		setsid "$ff" campaign --resume 1 --db "$db" >"$work/run$round.txt" 2>&1 &
	fi
	pid=$!
	sleep "$(delay $round)"
	# what the running campaign has committed: it must survive the kill
	snap=$(q "$db" 'select coalesce(sum(count), 0) from findings; select execs from campaigns where id = 1')
	workers=$(ps -o pid= --ppid $pid | tr -d ' ')
	if kill -0 $pid 2>/dev/null; then
		hits=$((hits + 1))
		if [ $((round % 2)) -eq 0 ]; then
			kill -KILL $pid  # the parent only: its workers must follow
		else
			/bin/kill -s KILL -- -$pid # the whole process group
		fi
	fi
	wait $pid 2>/dev/null
	sleep 0.3
	alive=""
	# (a zombie, killed but not yet reaped, is not alive)
	for w in $workers; do
		case $(ps -o stat= -p "$w" 2>/dev/null) in "" | Z*) ;; *) alive="$alive $w" ;; esac
	done
	[ -z "$alive" ] && ok || { bad "round $round: workers$alive outlived the killed campaign"; kill -KILL $alive; }
	[ "$(q "$db" 'pragma integrity_check')" = ok ] && ok || bad "round $round: integrity_check after SIGKILL"
	after=$(q "$db" 'select coalesce(sum(count), 0) from findings; select execs from campaigns where id = 1')
	s0=$(echo "$snap" | sed -n 1p) e0=$(echo "$snap" | sed -n 2p)
	s1=$(echo "$after" | sed -n 1p) e1=$(echo "$after" | sed -n 2p)
	[ "$s1" -ge "$s0" ] && [ "$e1" -ge "$e0" ] && ok ||
		bad "round $round: committed before the kill ($s0 findings, $e0 programs), after: $s1, $e1"
	[ "$(q "$db" 'select count(*) = count(distinct kind || model || signature) from findings')" = 1 ] &&
		ok || bad "round $round: duplicate findings"
	echo "round $round: killed after $(delay $round) s at $e1 programs, $s1 finding occurrences"
done
[ $hits -ge 3 ] && ok || bad "only $hits of 4 kills hit a running campaign (DURABILITY_PROGRAMS too small?)"

if [ "$(q "$db" 'select status from campaigns')" != done ]; then
	"$ff" campaign --resume 1 --db "$db" >"$work/final.txt" 2>&1 || { bad "final resume exit $?"; cat "$work/final.txt"; }
	grep -q '^resuming campaign 1' "$work/final.txt" && ok || bad "resume did not say so"
fi
[ "$(q "$db" 'select status, execs from campaigns')" = "done|$n" ] && ok ||
	bad "resumed campaign: $(q "$db" 'select status, execs from campaigns'), expected done|$n"
[ "$(q "$db" 'select count(*) from campaigns')" = 1 ] && ok || bad "resume started a new campaign row"
[ "$(q "$db" "$fsig" | wc -l)" -gt 10 ] && ok || bad "too few findings to compare"
[ "$(q "$db" "$fsig")" = "$(q "$work/ref.sqlite" "$fsig")" ] && ok ||
	bad "killed and resumed campaign differs from the uninterrupted one"
[ "$(q "$db" 'pragma integrity_check')" = ok ] && ok || bad "final integrity_check"
"$ff" campaign --resume 1 --db "$db" >/dev/null 2>&1
[ $? -eq 2 ] && ok || bad "resuming a done campaign is not refused"

# with reduction on (the default): killed once and resumed, the same
# occurrences per (kind, model), and every finding has its reproducer
ra="--programs 600 --seed 22 --size 20 --jobs 2"
"$ff" campaign $ra --db "$work/rref.sqlite" >/dev/null 2>&1 || bad "reducing reference campaign exit $?"
setsid "$ff" campaign $ra --db "$work/r.sqlite" >/dev/null 2>&1 &
pid=$!
sleep 2
kill -0 $pid 2>/dev/null && /bin/kill -s KILL -- -$pid
wait $pid 2>/dev/null
[ "$(q "$work/r.sqlite" 'pragma integrity_check')" = ok ] && ok || bad "reducing campaign: integrity_check"
if [ "$(q "$work/r.sqlite" 'select status from campaigns')" != done ]; then
	"$ff" campaign --resume 1 --db "$work/r.sqlite" >/dev/null 2>&1 || bad "reducing campaign: resume exit $?"
fi
bykind='select kind, model, sum(count) from findings group by kind, model order by kind, model'
[ "$(q "$work/r.sqlite" "$bykind")" = "$(q "$work/rref.sqlite" "$bykind")" ] && ok ||
	bad "reducing campaign: killed and resumed, other occurrence counts than uninterrupted"
[ "$(q "$work/r.sqlite" 'select count(*) from findings f where not exists (select 1 from reproducers r where r.finding_id = f.id)')" = 0 ] &&
	ok || bad "reducing campaign: a finding without a reproducer after resume"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
