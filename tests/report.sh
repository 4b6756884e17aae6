#!/bin/sh
# report.sh FENCEFUZZ REPORT_TEST WORKDIR: `fencefuzz report` and the
# campaign's report on a real campaign database.
# - a campaign ends with `report: PATH`, the page next to its database, which
#   links each finding's reproducers (campaigns reduce new findings) and
#   says plainly when there are no hardware runs (or, without reductions,
#   no reproducers);
#   --report FILE and --no-report do what they say;
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
page="$work/c/index.html"
[ "$(tail -n 1 "$work/out.txt")" = "report: $(cd "$work/c" && pwd -P)/index.html" ] && ok ||
	bad "campaign output does not end with the report path: $(tail -n 1 "$work/out.txt")"
[ -s "$page" ] && ok || bad "no report next to the database"
# campaigns reduce new findings: each finding with a reproducer links its
# reduced TVMScript and its pytest
want=$(q 'select count(distinct finding_id) from reproducers where reduced_text is not null')
[ "$want" -gt 0 ] && [ "$(grep -o 'href="#finding-[0-9]*-tvm"' "$page" | sort -u | wc -l)" = "$want" ] && ok ||
	bad "reduced-TVMScript links != $want findings with reproducers"
want=$(q 'select count(distinct finding_id) from reproducers where pytest_text is not null')
[ "$(grep -o 'href="#finding-[0-9]*-pytest"' "$page" | sort -u | wc -l)" = "$want" ] && ok ||
	bad "pytest links != $want findings with a pytest reproducer"
grep -q 'no hardware runs: <code>fencefuzz confirm</code>' "$page" && ok || bad "empty hardware runs not said"
[ "$(grep -c 'class="finding-row"' "$page")" = "$(q 'select count(*) from findings')" ] && ok ||
	bad "campaign page rows != findings"

"$ff" campaign --programs 20 --db "$work/n/r.sqlite" --no-report --no-reduce >"$work/n.txt" 2>&1 ||
	bad "--no-report exit $?"
[ ! -e "$work/n/index.html" ] && ! grep -q '^report:' "$work/n.txt" && ok || bad "--no-report wrote a report"
# without reductions the page says plainly that there are no reproducers
"$ff" report --db "$work/n/r.sqlite" --html "$work/n/empty.html" >/dev/null || bad "report on n exit $?"
[ "$(sqlite3 "$work/n/r.sqlite" 'select count(*) from reproducers')" = 0 ] &&
	grep -q 'no reproducers yet: run <code>fencefuzz reduce</code>' "$work/n/empty.html" && ok ||
	bad "empty reproducers not said"
"$ff" campaign --programs 20 --db "$work/n/r.sqlite" --report "$work/n/custom.html" >"$work/n.txt" 2>&1 ||
	bad "--report exit $?"
[ -s "$work/n/custom.html" ] && [ ! -e "$work/n/index.html" ] && tail -n 1 "$work/n.txt" | grep -q 'custom.html$' &&
	ok || bad "--report FILE"

evil=$("$rt" fixture "$work/c/r.sqlite") && [ -n "$evil" ] && ok || bad "fixture"
"$ff" report --db "$work/c/r.sqlite" --html "$work/page.html" --markdown "$work/page.md" >"$work/rep.txt" 2>&1 ||
	bad "report exit $?"
grep -q "^report: .*/page.html$" "$work/rep.txt" && grep -q "^report: .*/page.md$" "$work/rep.txt" && ok ||
	bad "report paths not printed: $(cat "$work/rep.txt")"
p="$work/page.html"
n=$(q 'select count(*) from findings')
[ "$(grep -c 'class="finding-row"' "$p")" = "$n" ] && ok || bad "page rows != $n findings"
[ "$(grep -o '<script' "$p" | wc -l)" = 1 ] && ok || bad "page has more than its own script"
! grep -q '<img' "$p" && ok || bad "an <img> from the database reached the page"
grep -q '&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;' "$p" && ok || bad "hostile text not shown escaped"
grep -q "id=\"finding-$evil-tvm\"" "$p" && grep -q "href=\"#finding-$evil-pytest\"" "$p" && ok ||
	bad "reproducer anchors/links for finding $evil"
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
