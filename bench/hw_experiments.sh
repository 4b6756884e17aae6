#!/bin/sh
# hw_experiments.sh FENCEFUZZ OUTDIR: `fencefuzz confirm` of each program in
# bench/hw-experiments/ (reduced campaign findings and variants of them that
# docs/hw-races.md discusses), as they are (no model), with no stress and
# with smem stress, 8 launches each (both builds), fenced control on.  The table goes to
# OUTDIR/experiments.md, the outputs to OUTDIR/experiments.txt.
set -u
ff=$1 out=$2
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
printf '| program | stress | trials | mismatches | rate | fenced control |\n|---|---|---|---|---|---|\n' > "$out/experiments.md"
: > "$out/experiments.txt"
for f in "$here"/hw-experiments/*.py; do
	n=$(basename "$f" .py)
	hs=auto
	case $n in handshake_*) hs=program ;; esac
	for st in none smem; do
		timeout 120 "$ff" confirm "$f" --handshake $hs --stress $st --max-launches 8 --trials 1000000000 --control \
			> "$out/one.txt" 2>&1
		cat "$out/one.txt" >> "$out/experiments.txt"
		t=$(head -1 "$out/one.txt" | sed -n 's/.*trials \([0-9]*\), mismatches \([0-9]*\), rate \([^:]*\):.*/\1 | \2 | \3/p')
		c=$(sed -n 's/.*control (.*): \([0-9]* of [0-9]*\) mismatch.*/\1/p' "$out/one.txt")
		printf '| %s | %s | %s | %s |\n' "$n" "$st" "${t:-error | |}" "${c:-}" >> "$out/experiments.md"
	done
done
cat "$out/experiments.md"
