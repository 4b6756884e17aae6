#!/bin/sh
# main-job.sh: the main job, from a fresh checkout: set up, build, judge every
# pass model on the seed corpus, then a one-minute fuzzing campaign into the
# SQLite store (results/fencefuzz.sqlite), ending with its summary and the
# path of its HTML report (results/fencefuzz.html: open it in a browser).  In a
# GitHub Actions job the Markdown summary goes to the step summary too.
# Extra arguments go to the campaign (e.g. --time 10m --jobs 8).
set -e
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/scripts/setup.sh"
build="$root/build"
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DBUILD_TESTING=OFF >/dev/null
cmake --build "$build" -j"$(nproc)" --target fencefuzz >/dev/null
"$build/fencefuzz" models
echo
"$build/fencefuzz" sweep --check "$root/corpus/seed"
echo
cd "$root"
"$build/fencefuzz" campaign --time 60 --jobs "$(nproc)" "$@" # its last line: report: PATH
if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
	db=results/fencefuzz.sqlite prev=""
	for a in "$@"; do
		[ "$prev" = --db ] && db=$a
		prev=$a
	done
	"$build/fencefuzz" report --db "$db" --markdown - >>"$GITHUB_STEP_SUMMARY"
fi
