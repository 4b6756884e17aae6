#!/bin/sh
# tools_test.sh FENCEFUZZ RUNSTAT WORK: what bench/ratio.sh relies on, small.
# gen_straight.sh is deterministic and its program reads, prints back as
# itself (fencefuzz fmt) and gets fences from the reference model; runstat
# reports a run's time, memory and exit status.
ff=$1 runstat=$2 work=$3
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../tests/lib.sh"
rm -rf "$work" && mkdir -p "$work"

sh "$here/gen_straight.sh" 300 >"$work/a.py" && sh "$here/gen_straight.sh" 300 >"$work/b.py" &&
	cmp -s "$work/a.py" "$work/b.py" && ok || bad "gen_straight.sh 300 is not deterministic"
[ "$(grep -c '^    ' "$work/a.py")" = 308 ] && ok || bad "gen_straight.sh 300: not 300 body statements after 8 header lines"
"$ff" fmt "$work/a.py" >"$work/fmt.py" 2>"$work/fmt.err" && cmp -s "$work/a.py" "$work/fmt.py" && ok ||
	bad "fencefuzz fmt does not print gen_straight's program back as itself: $(head -c 300 "$work/fmt.err")"
"$ff" pass "$work/a.py" >"$work/pass.py" 2>"$work/pass.err" && ok || bad "fencefuzz pass exit $?"
n=$(grep -c 'fence_proxy_async' "$work/a.py") m=$(grep -c 'fence_proxy_async' "$work/pass.py")
[ "$m" -gt "$n" ] && ok || bad "the reference model added no fence ($n before, $m after)"
sh "$here/gen_straight.sh" x >/dev/null 2>&1
[ $? = 2 ] && ok || bad "gen_straight.sh x: exit not 2"

"$runstat" "$work/stat" "$ff" fmt "$work/a.py" >/dev/null && ok || bad "runstat fencefuzz fmt exit $?"
read -r wall cpu rss status <"$work/stat"
awk -v w="$wall" -v c="$cpu" -v r="$rss" -v s="$status" 'BEGIN { exit !(w > 0 && c >= 0 && r > 100 && s == 0) }' &&
	ok || bad "runstat line '$wall $cpu $rss $status'"
"$runstat" "$work/stat" sh -c 'exit 3'
[ $? = 3 ] && [ "$(cut -d' ' -f4 "$work/stat")" = 3 ] && ok || bad "runstat does not pass exit status 3 on"
"$runstat" "$work/stat" "$work/no-such-command" 2>/dev/null
[ $? = 127 ] && ok || bad "runstat of a missing command: not 127"
"$runstat" 2>/dev/null
[ $? = 2 ] && ok || bad "runstat without arguments: not 2"

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
