#!/bin/sh
# main-job.sh: the main job, from a fresh checkout: install what building
# needs (setup-build.sh: cmake, gcc, make, libsqlite3-dev; the test tools are
# scripts/setup.sh's), build, judge every
# pass model on the seed corpus, then a one-minute fuzzing campaign into the
# SQLite store (results/fencefuzz.sqlite), ending with its summary and the
# path of its HTML report (results/fencefuzz.html: open it in a browser).  In a
# GitHub Actions job the Markdown summary goes to the step summary too.
# Extra arguments go to the campaign (e.g. --time 10m --jobs 8).
set -e
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/scripts/setup-build.sh"
build="$root/build"
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DBUILD_TESTING=OFF >/dev/null
cmake --build "$build" -j"$(nproc)" --target fencefuzz >/dev/null
"$build/fencefuzz" --version
"$build/fencefuzz" models
echo
"$build/fencefuzz" sweep --check "$root/corpus/seed"
echo
cd "$root"
# Its last line: report: PATH.  Its exit status is the job's (e.g. with
# --fail-on new: 1 when the campaign found a new root cause), after the step
# summary is written.
status=0
"$build/fencefuzz" campaign --time 60 --jobs "$(nproc)" "$@" || status=$?
if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
	db=results/fencefuzz.sqlite prev=""
	for a in "$@"; do
		[ "$prev" = --db ] && db=$a
		case $a in --db=*) db=${a#--db=} ;; esac
		prev=$a
	done
	"$build/fencefuzz" report --db "$db" --markdown - >>"$GITHUB_STEP_SUMMARY"
fi
exit $status
