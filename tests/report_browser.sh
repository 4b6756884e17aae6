#!/bin/sh
# report_browser.sh FENCEFUZZ REPORT_TEST WORKDIR: the report of a real
# campaign, opened in headless Chromium (skipped, 77, without it).
# - the page loads without a console message (no script error, no refused
#   resource: the page's CSP forbids all but its own script and style), and
#   its script ran (data-ready) and counted the database's findings rows;
# - program texts holding </script><script>alert(1)</script> and
#   <img onerror> show as text: no such element exists in the DOM;
# - following a reproducer link opens that finding's details;
# - at 1000 px, with every details element open, no element is wider than
#   the viewport or reaches past its right edge (a copy of the page, without
#   its CSP, with a measuring script added: the page itself runs only its
#   own script), on the campaign's page and on the fixture's long words.
ff=$1 rt=$2 work=$3
. "$(dirname "$0")/lib.sh"
browser=""
for b in chromium chromium-browser google-chrome; do
	command -v "$b" >/dev/null 2>&1 && { browser=$b; break; }
done
[ -n "$browser" ] || { echo "SKIP: no chromium (scripts/setup.sh installs it)"; exit 77; }
need_sqlite3
rm -rf "$work" && mkdir -p "$work" || exit 1
width_args=""
work=$(cd "$work" && pwd -P)
q() { sqlite3 "$work/r.sqlite" "$1"; }

# dom NAME URL: the DOM after load into NAME.dom, Chromium's log into NAME.log
dom() {
	profile=$(mktemp -d "$work/profile-XXXXXX")
	timeout 120 "$browser" --headless --no-sandbox --disable-gpu --disable-dev-shm-usage \
		--disable-quic --no-first-run --disable-background-networking --disable-component-update \
		--disable-sync --disable-extensions --user-data-dir="$profile" --enable-logging=stderr --v=0 $width_args \
		--dump-dom "$2" >"$work/$1.dom" 2>"$work/$1.log"
	rc=$?
	rm -rf "$profile"
	[ $rc -eq 0 ] && [ -s "$work/$1.dom" ] || { bad "$browser on $2: exit $rc"; tail -5 "$work/$1.log"; return 1; }
}
# measured NAME PAGE: PAGE at 1000 px, every details open, each element
# measured (a copy of PAGE, CSP removed, the measuring script added);
# NAME.dom then carries the counts in body data attributes.
measure_js="(function(){document.querySelectorAll('details').forEach(function(d){d.open=true;});\
var w=document.documentElement.clientWidth,bad=[],n=0;\
document.querySelectorAll('body *').forEach(function(e){var r=e.getBoundingClientRect();n++;\
if(r.width>0&&(r.right>w+0.5||r.left<-0.5))bad.push(e.tagName+(e.id?'#'+e.id:'')+':'+Math.round(r.left)+'-'+Math.round(r.right));});\
var b=document.body;b.setAttribute('data-inner-width',String(window.innerWidth));\
b.setAttribute('data-measured',String(n));b.setAttribute('data-too-wide',String(bad.length));\
b.setAttribute('data-too-wide-list',bad.slice(0,8).join(' '));})();"
measured() {
	sed -e 's/<meta http-equiv="Content-Security-Policy"[^>]*>//' -e 's#</body>##' -e 's#</html>##' "$2" >"$work/$1.html"
	printf '<script>%s</script>\n</body>\n</html>\n' "$measure_js" >>"$work/$1.html"
	width_args="--window-size=1000,900"
	dom "$1" "file://$work/$1.html"
	width_args=""
}
# fits NAME: the measured page is 1000 px wide and nothing is wider
fits() {
	d="$work/$1.dom"
	grep -q 'data-inner-width="1000"' "$d" && ok || bad "$1: window not 1000 px: $(grep -o 'data-inner-width="[0-9]*"' "$d")"
	m=$(sed -n 's/.*data-measured="\([0-9]*\)".*/\1/p' "$d")
	[ "${m:-0}" -gt 100 ] && ok || bad "$1: only ${m:-0} elements measured"
	grep -q 'data-too-wide="0"' "$d" && ok ||
		bad "$1: elements wider than 1000 px: $(grep -o 'data-too-wide="[0-9]*" data-too-wide-list="[^"]*"' "$d")"
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
if dom empty "file://$work/r.html"; then
	clean empty
	grep -q 'data-ready="1"' "$work/empty.dom" && ok || bad "empty: the page's script did not run"
	grep -q "data-finding-rows=\"$n\"" "$work/empty.dom" && ok || bad "empty: rows counted != $n"
	grep -q 'no hardware runs' "$work/empty.dom" && ok || bad "empty: no-hardware line missing"
fi
measured empty-1000 "$work/r.html" && fits empty-1000

evil=$("$rt" fixture "$work/r.sqlite") && [ -n "$evil" ] && ok || bad "fixture"
n=$(q 'select count(*) from findings')
"$ff" report --db "$work/r.sqlite" --html "$work/page.html" >/dev/null || bad "report exit $?"
if dom page "file://$work/page.html"; then
	d="$work/page.dom"
	clean page
	grep -q 'data-ready="1"' "$d" && ok || bad "the page's script did not run"
	grep -q "data-finding-rows=\"$n\"" "$d" && ok || bad "the script counted $(grep -o 'data-finding-rows="[0-9]*"' "$d") rows, the database has $n"
	[ "$(grep -o '<details class="finding-row' "$d" | wc -l)" = "$n" ] && ok || bad "DOM finding rows != $n"
	! grep -q "<details class=\"finding-row\" id=\"finding-$evil\" open" "$d" && ok ||
		bad "finding $evil open before its link is followed"
	# The serialised DOM escapes text again: an element would appear as a tag.
	[ "$(grep -o '<script' "$d" | wc -l)" = 1 ] && ok || bad "a script element from the database is in the DOM"
	! grep -q '<img' "$d" && ok || bad "an <img> element from the database is in the DOM"
	grep -q '&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;' "$d" && ok || bad "the script text is not shown literally"
	grep -q '&lt;img src=x onerror=alert(2)&gt;' "$d" && ok || bad "the img text is not shown literally"
	grep -q "id=\"finding-$evil\"" "$d" && grep -q 'NVIDIA H200 &lt;b&gt;fixture&lt;/b&gt;' "$d" && ok ||
		bad "hostile finding's details or hardware row missing"
fi
measured page-1000 "$work/page.html" && fits page-1000
# A reproducer link: its finding's details open.
if dom link "file://$work/page.html#finding-$evil-pytest"; then
	clean link
	grep -q "<details class=\"finding-row\" id=\"finding-$evil\" open" "$work/link.dom" && ok ||
		bad "following #finding-$evil-pytest did not open the details"
fi

echo "$pass passed, $fail failed ($browser)"
[ "$fail" -eq 0 ]
