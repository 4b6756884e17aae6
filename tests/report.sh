#!/bin/sh
# report.sh FENCEFUZZ REPORT_TEST WORKDIR: `fencefuzz report` and the
# campaign's report on a real campaign database.
# - a campaign ends with `report: PATH`, the page DB.html beside its
#   DB.sqlite (two databases in one folder, two pages), which names for each
#   finding the command that prints its reproducers (campaigns reduce new
#   findings) and says plainly when there are no hardware runs (or, without
#   reductions, no reproducers); --report FILE and --no-report do what they
#   say; without --db, results/fencefuzz.sqlite and results/fencefuzz.html;
# - findings triaged wontfix or false-alarm leave the red verdicts;
# - with reproducers, hardware runs and a hostile program added through the
#   store API (report_test fixture), the page has one row per finding in the
#   database, one script (its own), no markup from the database, and the
#   Markdown has the database's numbers;
# - a missing or foreign database is exit 2 and is not created.
ff=$1 rt=$2 work=$3
. "$(dirname "$0")/lib.sh"
need_sqlite3
rm -rf "$work" && mkdir -p "$work/c" "$work/n" || exit 1
q() { sqlite3 "$work/c/r.sqlite" "$1"; }

"$ff" campaign --programs 150 --seed 7 --size 20 --db "$work/c/r.sqlite" >"$work/out.txt" 2>"$work/err.txt" ||
	bad "campaign exit $?"
page="$work/c/r.html"
[ "$(tail -n 1 "$work/out.txt")" = "report: $(cd "$work/c" && pwd -P)/r.html" ] && ok ||
	bad "campaign output does not end with the report path: $(tail -n 1 "$work/out.txt")"
[ -s "$page" ] && ok || bad "no report beside the database"
# campaigns reduce new findings: every finding names the command that prints
# its texts; those with a reduced reproducer show its first lines (the first
# few of each root cause), those with a pytest say --pytest
n=$(q 'select count(*) from findings')
want=$(q 'select count(distinct finding_id) from reproducers where reduced_text is not null')
tvm=$(grep -o 'id="finding-[0-9]*-tvm"' "$page" | sort -u | wc -l)
[ "$want" -gt 0 ] && [ "$tvm" -gt 0 ] && [ "$tvm" -le "$want" ] && ok ||
	bad "reduced-TVMScript excerpts: $tvm, findings with reproducers $want"
[ "$(grep -o 'fencefuzz repro [0-9]* --db' "$page" | sort -u | wc -l)" = "$n" ] && ok ||
	bad "'fencefuzz repro ID' not named for each of $n findings"
want=$(q 'select count(distinct finding_id) from reproducers where pytest_text is not null')
[ "$(grep -o 'id="finding-[0-9]*-pytest"' "$page" | sort -u | wc -l)" = "$want" ] && ok ||
	bad "pytest lines != $want findings with a pytest reproducer"
grep -q 'no hardware runs: <code>fencefuzz confirm</code>' "$page" && ok || bad "empty hardware runs not said"
[ "$(grep -c '<details class="finding-row' "$page")" = "$n" ] && ok || bad "campaign page rows != findings"
# no whole reproducer text on the page: no pytest function, no first program
! grep -q 'def test_' "$page" && ok || bad "a whole pytest text is on the page"

"$ff" campaign --programs 20 --db "$work/n/r.sqlite" --no-report --no-reduce >"$work/n.txt" 2>&1 ||
	bad "--no-report exit $?"
[ ! -e "$work/n/r.html" ] && ! grep -q '^report:' "$work/n.txt" && ok || bad "--no-report wrote a report"
# without reductions the page says plainly that there are no reproducers
"$ff" report --db "$work/n/r.sqlite" --html "$work/n/empty.html" >/dev/null || bad "report on n exit $?"
[ "$(sqlite3 "$work/n/r.sqlite" 'select count(*) from reproducers')" = 0 ] &&
	grep -q 'no reproducers yet: run <code>fencefuzz reduce</code>' "$work/n/empty.html" && ok ||
	bad "empty reproducers not said"
"$ff" campaign --programs 20 --db "$work/n/r.sqlite" --report "$work/n/custom.html" >"$work/n.txt" 2>&1 ||
	bad "--report exit $?"
[ -s "$work/n/custom.html" ] && [ ! -e "$work/n/r.html" ] && tail -n 1 "$work/n.txt" | grep -q 'custom.html$' &&
	ok || bad "--report FILE"
# two databases in one folder: two pages
"$ff" campaign --programs 10 --db "$work/n/other.sqlite" --no-reduce >"$work/o.txt" 2>&1 || bad "other exit $?"
[ -s "$work/n/other.html" ] && tail -n 1 "$work/o.txt" | grep -q '/n/other.html$' && ok || bad "other.html"
"$ff" report --db "$work/n/r.sqlite" >"$work/o.txt" 2>&1 || bad "report r exit $?"
[ -s "$work/n/r.html" ] && [ -s "$work/n/other.html" ] && grep -q '/n/r.html$' "$work/o.txt" && ok ||
	bad "report --db r.sqlite: not r.html beside it"
# without --db: results/fencefuzz.sqlite, results/ made, the page beside it
mkdir -p "$work/d" && (cd "$work/d" && "$ff" campaign --programs 10 --no-reduce) >"$work/d.txt" 2>&1 ||
	bad "default campaign exit $?"
[ -s "$work/d/results/fencefuzz.sqlite" ] &&
	[ "$(tail -n 1 "$work/d.txt")" = "report: $(cd "$work/d" && pwd -P)/results/fencefuzz.html" ] && ok ||
	bad "default database and page: $(tail -n 1 "$work/d.txt")"

evil=$("$rt" fixture "$work/c/r.sqlite") && [ -n "$evil" ] && ok || bad "fixture"
"$ff" report --db "$work/c/r.sqlite" --html "$work/page.html" --markdown "$work/page.md" >"$work/rep.txt" 2>&1 ||
	bad "report exit $?"
grep -q "^report: .*/page.html$" "$work/rep.txt" && grep -q "^report: .*/page.md$" "$work/rep.txt" && ok ||
	bad "report paths not printed: $(cat "$work/rep.txt")"
p="$work/page.html"
n=$(q 'select count(*) from findings')
[ "$(grep -c '<details class="finding-row' "$p")" = "$n" ] && ok || bad "page rows != $n findings"
[ "$(grep -o '<script' "$p" | wc -l)" = 1 ] && ok || bad "page has more than its own script"
! grep -q '<img' "$p" && ok || bad "an <img> from the database reached the page"
grep -q '&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;' "$p" && ok || bad "hostile text not shown escaped"
grep -q "fencefuzz repro $evil --db" "$p" && grep -q "id=\"finding-$evil-pytest\"" "$p" && ok ||
	bad "reproducer anchors for finding $evil"
grep -q '<details class="finding-row triaged"' "$p" && ok || bad "the wontfix finding is not greyed"
grep -q '3 / 1000\|0.3%' "$p" && grep -q 'reproduced in 1 of 2 runs; 3 of 1500 trials wrong (0.2%)' "$p" && ok ||
	bad "hardware rates"
! grep -q 'no hardware runs' "$p" && ok || bad "hardware runs still said to be none"
! grep -Eq '(src|href)="(https?:)?//' "$p" && ok || bad "network reference in the page"
campaigns=$(q 'select count(*) from campaigns') execs=$(q 'select sum(execs) from campaigns')
occ=$(q 'select sum(count) from findings') repro=$(q 'select count(*) from reproducers') hw=$(q 'select count(*) from hw_runs')
head="$campaigns campaigns, $execs programs generated, $n distinct findings ($occ occurrences), $repro reproducers, $hw hardware runs"
grep -qF "$head" "$work/page.md" && ok || bad "markdown headline is not the database's: want '$head'"
grep -q "<b>$n</b>distinct findings" "$p" && grep -q "<b>$occ</b>occurrences" "$p" && ok || bad "page totals"
! grep -q '<img\|<script' "$work/page.md" && ok || bad "markup in the markdown"
"$ff" report --db "$work/c/r.sqlite" --markdown - >"$work/md-stdout.txt" 2>"$work/md-err.txt" ||
	bad "--markdown - exit $?"
# the same but for the time it was generated (in the headline)
[ "$(grep -v generated "$work/md-stdout.txt")" = "$(grep -v generated "$work/page.md")" ] &&
	[ ! -s "$work/md-err.txt" ] && ok || bad "--markdown - differs from the file"

# triage: every legacy finding wontfix or false-alarm: legacy is sound and
# minimal on the page and in the Markdown, its findings still listed
cp "$work/c/r.sqlite" "$work/t.sqlite"
sqlite3 "$work/t.sqlite" "update findings set status = case when id % 2 then 'wontfix' else 'false-alarm' end
	where model = 'tilelang-legacy'"
nl=$(sqlite3 "$work/t.sqlite" "select count(*) from findings where model = 'tilelang-legacy'")
"$ff" report --db "$work/t.sqlite" --markdown "$work/t.md" >/dev/null 2>&1 || bad "report t exit $?"
"$ff" report --db "$work/t.sqlite" >/dev/null 2>&1 || bad "report t.html exit $?"
[ "$nl" -gt 0 ] &&
	grep -q "<tr class=\"model-row\"><td class=\"m\">tilelang-legacy</td><td><span class=\"ok\">sound</span></td><td><span class=\"ok\">minimal</span></td><td class=\"n\">0</td><td class=\"n\">$nl</td>" "$work/t.html" &&
	ok || bad "legacy's $nl triaged findings still in its verdicts"
grep -q '^| tilelang-legacy |.* sound, minimal (.* triaged, not counted) |$' "$work/t.md" && ok ||
	bad "markdown: legacy not sound and minimal once triaged"
grep -q 'tilelang-legacy: <span class="ok">sound</span>, <span class="ok">minimal</span>' "$work/t.html" && ok ||
	bad "campaign verdicts still count the triaged findings"
[ "$(grep -c '<details class="finding-row triaged"' "$work/t.html")" = "$nl" ] && ok || bad "triaged rows not greyed"

"$ff" report --db "$work/missing.sqlite" >"$work/e.txt" 2>&1
[ $? -eq 2 ] && [ ! -e "$work/missing.sqlite" ] && grep -q "missing.sqlite" "$work/e.txt" && ok ||
	bad "missing database: not exit 2, or created"
printf 'not a database at all, just text\n' >"$work/junk.sqlite"
"$ff" report --db "$work/junk.sqlite" >/dev/null 2>&1
[ $? -eq 2 ] && ok || bad "junk database not exit 2"
"$ff" report --bogus x >/dev/null 2>&1
[ $? -eq 2 ] && ok || bad "unknown option not exit 2"
"$ff" report --help | grep -q 'usage: fencefuzz report' && ok || bad "--help"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
