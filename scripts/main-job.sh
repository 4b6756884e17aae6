#!/bin/sh
# main-job.sh: the main job, from a fresh checkout: set up, build, and run every
# pass model over the seed corpus with a summary of what each did.
set -e
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/scripts/setup.sh"
build="$root/build"
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DBUILD_TESTING=OFF >/dev/null
cmake --build "$build" -j"$(nproc)" --target fencefuzz >/dev/null
"$build/fencefuzz" models
echo
"$build/fencefuzz" sweep --check "$root/corpus/seed" "$@"
