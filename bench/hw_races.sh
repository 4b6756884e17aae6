#!/bin/sh
# hw_races.sh FENCEFUZZ OUTDIR [TRIALS [LAUNCHES]]: the race-class table of
# docs/hw-races.md on the GPU of this machine.  Each row is one
# `fencefuzz confirm` of a program of bench/hw-races/ (lowered with
# --barriers auto or none) under one stress setting; outcomes go to
# OUTDIR/races.sqlite (hw_runs) and OUTDIR/races.txt, the table to
# OUTDIR/races.md.  BUILDS=2 runs both builds of each kernel (the table of
# docs/hw-races.md was measured with one, the kernel as lowered: the default
# here, --builds 1).
set -u
ff=$1 out=$2 trials=${3:-1000000000} launches=${4:-24}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
db=$out/races.sqlite
: > "$out/races.txt"
printf '| class | program | barriers | stress | trials | mismatches | rate | async stores wrong | wgmma fragments wrong | generic reads wrong | async loads wrong |\n|---|---|---|---|---|---|---|---|---|---|---|\n' > "$out/races.md"
start=$(date +%s)
row() { # row CLASS PROGRAM BARRIERS STRESS [HANDSHAKE]
	cls=$1 prog=$2 bar=$3 st=$4 hs=${5:-auto}
	if [ -n "${BUDGET_S:-}" ] && [ $(( $(date +%s) - start )) -gt "$BUDGET_S" ]; then
		echo "== skipped (time budget): $prog $bar $st" >> "$out/races.txt"; return
	fi
	cmd="fencefuzz confirm bench/hw-races/$prog.py --barriers $bar --handshake $hs --stress $st --builds ${BUILDS:-1} --trials $trials --max-launches $launches --record races.sqlite"
	echo "== $cmd" >> "$out/races.txt"
	timeout 150 "$ff" confirm "$here/hw-races/$prog.py" --barriers "$bar" --handshake "$hs" --stress "$st" --builds "${BUILDS:-1}" \
		--trials "$trials" --max-launches "$launches" --record "$db" > "$out/row.txt" 2>&1
	cat "$out/row.txt" >> "$out/races.txt"
	line=$(head -1 "$out/row.txt")
	t=$(echo "$line" | sed -n 's/.*trials \([0-9]*\), mismatches \([0-9]*\), rate \([^:]*\):.*/\1 \2 \3/p')
	set -- $t
	det=$(sed -n 2p "$out/row.txt" | sed -n 's/ *async stores \([0-9/]*\) wrong, wgmma fragments \([0-9/]*\) wrong, generic reads \([0-9/]*\) wrong, async loads \([0-9/]*\) wrong.*/\1 | \2 | \3 | \4/p')
	printf '| %s | %s | %s | %s | %s | %s | %s | %s |\n' "$cls" "$prog" "$bar" "$st" "${1:-error}" "${2:-}" "${3:-}" "$det" >> "$out/races.md"
}
for st in ${STRESS_LEVELS:-none smem smem,delay,dram,streams}; do
	row a a_nowait auto $st
	row a a_wait auto $st
	row a a_nowait_bulk auto $st
	row a a1_overwrite none $st program
	row a a1_queue none $st program
	for c in b c; do
		row $c ${c}_nofence auto $st
		row $c/f ${c}_writer auto $st
		row $c/f ${c}_issuer auto $st
		row $c ${c}1_nofence none $st
		row $c ${c}1_fence none $st
	done
	row d d_nofence auto $st
	row d/f d_fence auto $st
	row d/f d_t0fence auto $st
	row d d_nofence none $st
	row d d_fence none $st
	row e e_nofence auto $st
	row e/f e_fence auto $st
	row e/f e_issuer auto $st
	row e e1_nofence none $st
	row e e1_fence none $st
done
cat "$out/races.md"
