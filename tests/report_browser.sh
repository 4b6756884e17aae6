#!/bin/sh
# report_browser.sh FENCEFUZZ REPORT_TEST WORKDIR: the report of a real
# campaign, opened in headless Chromium (skipped, 77, without it).
# - the page loads without a console message (no script error, no refused
#   resource: the page's CSP forbids all but its own script and style), and
#   its script ran (data-ready) and counted the database's findings rows;
# - program texts holding </script><script>alert(1)</script> and
#   <img onerror> show as text: no such element exists in the DOM;
# - following a reproducer link opens that finding's details.
ff=$1 rt=$2 work=$3
. "$(dirname "$0")/lib.sh"
browser=""
for b in chromium chromium-browser google-chrome; do
	command -v "$b" >/dev/null 2>&1 && { browser=$b; break; }
done
[ -n "$browser" ] || { echo "SKIP: no chromium (scripts/setup.sh installs it)"; exit 77; }
need_sqlite3
rm -rf "$work" && mkdir -p "$work" || exit 1
work=$(cd "$work" && pwd -P)
q() { sqlite3 "$work/r.sqlite" "$1"; }

# dom NAME URL: the DOM after load into NAME.dom, Chromium's log into NAME.log
dom() {
	profile=$(mktemp -d "$work/profile-XXXXXX")
	timeout 120 "$browser" --headless --no-sandbox --disable-gpu --disable-dev-shm-usage \
		--disable-quic --no-first-run --disable-background-networking --disable-component-update \
		--disable-sync --disable-extensions --user-data-dir="$profile" --enable-logging=stderr --v=0 \
		--dump-dom "$2" >"$work/$1.dom" 2>"$work/$1.log"
	rc=$?
	rm -rf "$profile"
	[ $rc -eq 0 ] && [ -s "$work/$1.dom" ] || { bad "$browser on $2: exit $rc"; tail -5 "$work/$1.log"; return 1; }
}
# clean NAME: no console message of the page (errors, CSP refusals, logs)
clean() {
	if grep -q 'CONSOLE' "$work/$1.log"; then
		bad "$1: console messages:"; grep 'CONSOLE' "$work/$1.log" | head -5
	else ok; fi
}

"$ff" campaign --programs 150 --seed 7 --size 20 --db "$work/r.sqlite" >"$work/out.txt" 2>&1 || bad "campaign exit $?"
n=$(q 'select count(*) from findings')
[ "$n" -gt 0 ] && ok || bad "the campaign found nothing to show"

# The campaign's own page: empty reproducers and hardware tables.
if dom empty "file://$work/index.html"; then
	clean empty
	grep -q 'data-ready="1"' "$work/empty.dom" && ok || bad "empty: the page's script did not run"
	grep -q "data-finding-rows=\"$n\"" "$work/empty.dom" && ok || bad "empty: rows counted != $n"
	grep -q 'no hardware runs' "$work/empty.dom" && ok || bad "empty: no-hardware line missing"
fi

evil=$("$rt" fixture "$work/r.sqlite") && [ -n "$evil" ] && ok || bad "fixture"
n=$(q 'select count(*) from findings')
"$ff" report --db "$work/r.sqlite" --html "$work/page.html" >/dev/null || bad "report exit $?"
if dom page "file://$work/page.html"; then
	d="$work/page.dom"
	clean page
	grep -q 'data-ready="1"' "$d" && ok || bad "the page's script did not run"
	grep -q "data-finding-rows=\"$n\"" "$d" && ok || bad "the script counted $(grep -o 'data-finding-rows="[0-9]*"' "$d") rows, the database has $n"
	[ "$(grep -o 'class="finding-row"' "$d" | wc -l)" = "$n" ] && ok || bad "DOM finding rows != $n"
	# The serialised DOM escapes text again: an element would appear as a tag.
	[ "$(grep -o '<script' "$d" | wc -l)" = 1 ] && ok || bad "a script element from the database is in the DOM"
	! grep -q '<img' "$d" && ok || bad "an <img> element from the database is in the DOM"
	grep -q '&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;' "$d" && ok || bad "the script text is not shown literally"
	grep -q '&lt;img src=x onerror=alert(2)&gt;' "$d" && ok || bad "the img text is not shown literally"
	grep -q "id=\"finding-$evil\"" "$d" && grep -q 'NVIDIA H200 &lt;b&gt;fixture&lt;/b&gt;' "$d" && ok ||
		bad "hostile finding's details or hardware row missing"
fi
# A reproducer link: its finding's details open.
if dom link "file://$work/page.html#finding-$evil-pytest"; then
	clean link
	grep -q "<details class=\"finding\" id=\"finding-$evil\" open" "$work/link.dom" && ok ||
		bad "following #finding-$evil-pytest did not open the details"
fi

echo "$pass passed, $fail failed ($browser)"
[ "$fail" -eq 0 ]
