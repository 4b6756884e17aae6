#!/bin/sh
# hw_ops.sh FENCEFUZZ OUTDIR [TRIALS [LAUNCHES]]: the op-class table of
# docs/hw-races.md ("Real instructions") on the GPU of this machine: each
# program of bench/hw-ops/ (every op as its own SM90 instruction) unfenced
# and fenced, without and with the smem stress warps, and the
# warp-specialized GEMM as printed (no fence) and as the reference model
# fences it.  One `fencefuzz confirm` per row (its fenced control runs too);
# outcomes go to OUTDIR/ops.sqlite (hw_runs) and OUTDIR/ops.txt (the exact
# command of each row first), the table to OUTDIR/ops.md.
set -u
ff=$1 out=$2 trials=${3:-1000000000} launches=${4:-24}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
db=$out/ops.sqlite
: > "$out/ops.txt"
printf '| program | model | stress | trials | mismatches | rate | async stores wrong | wgmma fragments wrong | generic reads wrong | async loads wrong | control | outcome |\n|---|---|---|---|---|---|---|---|---|---|---|---|\n' > "$out/ops.md"
row() { # row PROGRAM STRESS [MODEL]
	prog=$1 st=$2 model=${3:-}
	mo=${model:+--model $model}
	# the warp-specialized GEMM is the well-formedness test's program
	rel=bench/hw-ops/$prog.py
	[ -f "$here/hw-ops/$prog.py" ] || rel=tests/wellformed/$prog.py
	cmd="fencefuzz confirm $rel $mo --stress $st --builds ${BUILDS:-1} --trials $trials --max-launches $launches --timeout 10 --record ops.sqlite"
	echo "== $cmd" >> "$out/ops.txt"
	timeout 150 "$ff" confirm "$here/../$rel" $mo --stress "$st" --builds "${BUILDS:-1}" \
		--trials "$trials" --max-launches "$launches" --timeout 10 --record "$db" > "$out/row.txt" 2>&1
	cat "$out/row.txt" >> "$out/ops.txt"
	line=$(grep -m1 'trials [0-9]*, mismatches' "$out/row.txt")
	t=$(echo "$line" | sed -n 's/.*trials \([0-9]*\), mismatches \([0-9]*\), rate \([^:]*\):.*/\1 \2 \3/p')
	det=$(grep -m1 'async stores' "$out/row.txt" | sed -n 's/ *async stores \([0-9/]*\) wrong, wgmma fragments \([0-9/]*\) wrong, generic reads \([0-9/]*\) wrong, async loads \([0-9/]*\) wrong.*/\1 | \2 | \3 | \4/p')
	ctl=$(sed -n 's/.*control (a fence before every async op[^)]*): \([0-9]* of [0-9]*\) mismatch.*/\1/p' "$out/row.txt" | head -1)
	oc=$(sed -n 's/^  outcome: //p;s/^[^ ].*: \(refused\|unsupported-on-sm90\): .*/\1/p' "$out/row.txt" | head -1)
	set -- $t
	printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n' "$prog" "${model:-as printed}" "$st" "${1:-}" "${2:-}" "${3:-}" \
		"${det:-| | |}" "${ctl:-}" "${oc:-error}" >> "$out/ops.md"
}
for st in ${STRESS_LEVELS:-none smem}; do
	for p in atom_wgmma atom_store cpasync_store cpasync_wgmma stmatrix_store sparse multicast im2col; do
		row ${p}_nofence $st
		row ${p}_fence $st
	done
	row ws_gemm_tma_store $st
	row ws_gemm_tma_store $st tilelang-9f25954
done
cat "$out/ops.md"
