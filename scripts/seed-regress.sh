#!/bin/sh
# seed-regress.sh [FENCEFUZZ] [DIR]: (re)build the seeds of the regression
# corpus (default corpus/regress) the way they were made:
#  1. a campaign of every built-in TileLang model (3,000 programs, seed 1);
#     for each model and each kind of finding it has, its most frequent
#     finding is promoted (reduced reproducer + every model's verdict);
#  2. for every mutant, the first seed program on which it differs from the
#     reference, reduced to the difference and promoted: replaying the corpus
#     with the reference replaced by that mutant must fail (tests/replay.sh).
# Files that exist are kept (promote never overwrites).
set -u
ff=${1:-build/fencefuzz}
dir=${2:-corpus/regress}
db=$(mktemp -d)/seed.sqlite
"$ff" campaign --programs 3000 --seed 1 --db "$db" >/dev/null || exit 1
for model in tilelang-legacy tilelang-9f25954 tilelang-head; do
	sqlite3 "$db" "select id from findings f where model = '$model' and count =
	  (select max(count) from findings g where g.model = f.model and g.kind = f.kind)
	  group by kind order by kind" |
	while read -r id; do
		"$ff" promote "$id" --db "$db" --dir "$dir" || true
	done
done
"$ff" models | sed -n 's/^  \(mutant:[a-z0-9-]*\).*/\1/p' | while read -r m; do
	for f in corpus/seed/*.py; do
		if "$ff" promote --file "$f" --model "$m" --differential tilelang-9f25954 --dir "$dir" \
			--name "mutant-${m#mutant:}" 2>/dev/null; then
			break
		fi
	done
done
