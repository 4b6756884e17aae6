#!/bin/sh
# hw_compare.sh FENCEFUZZ OLDDIR OUTDIR: the same race programs run with the
# kernels of an earlier lowering (OLDDIR/NAME.cu, from `fencefuzz lower` of
# that build, given to confirm with --kernel-source) and with this build's
# lowering, side by side, under no stress and smem stress.  Used to measure
# what a change of the lowering did to its sensitivity (docs/hw-races.md).
set -u
ff=$1 old=$2 out=$3
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
printf '| program | stress | earlier lowering | this lowering |\n|---|---|---|---|\n' > "$out/compare.md"
for prog in ${PROGRAMS:-a_nowait a_nowait_bulk b_nofence c_nofence c_issuer d_nofence d_fence d_t0fence e_nofence}; do
	for st in none smem; do
		o=$(timeout 120 "$ff" confirm "$here/hw-races/$prog.py" --stress $st --trials 1000000000 --max-launches 24 \
			--no-control --kernel-source "$old/$prog.cu" 2>&1 | head -1 | sed -n 's/.*trials \([0-9]*\), mismatches \([0-9]*\).*/\2 \/ \1/p')
		n=$(timeout 120 "$ff" confirm "$here/hw-races/$prog.py" --stress $st --trials 1000000000 --max-launches 24 \
			--no-control 2>&1 | tee -a "$out/compare.txt" | head -1 | sed -n 's/.*trials \([0-9]*\), mismatches \([0-9]*\).*/\2 \/ \1/p')
		printf '| %s | %s | %s | %s |\n' "$prog" "$st" "${o:-error}" "${n:-error}" | tee -a "$out/compare.md"
	done
done
