#!/bin/sh
# cuda_confirm.sh FENCEFUZZ SRCDIR OUTDIR: `fencefuzz confirm` on the GPU.  A
# fenced, waited bulk-store program must show no mismatch (exit 0); a wgmma
# program whose warps are left unordered (no barrier, random stagger) must
# show the mismatches the checker is there to see (exit 1; measured on an
# H200 at ~0.26% of the fragments, fenced or not: a plain race); both land in
# hw_runs.  Skipped (77) without a GPU runner or a device.
set -eu
ff=$1 src=$2 out=$3
mkdir -p "$out"
db=$out/confirm.sqlite
rm -f "$db"
set +e
"$ff" confirm "$src/bench/hw-races/a_wait.py" --record "$db" --max-launches 4 > "$out/wait.txt" 2> "$out/wait.err"
rc=$?
set -e
if [ $rc = 2 ] && grep -qE 'no GPU runner|no CUDA driver|no CUDA device|CUDA_ERROR_NO_DEVICE|sm_[0-9]+; the lowered' "$out/wait.err"; then
  echo "SKIP: $(cat "$out/wait.err")"; exit 77
fi
cat "$out/wait.txt"
[ $rc = 0 ] || { cat "$out/wait.err"; echo "FAIL: a_wait exit $rc"; exit 1; }
set +e
"$ff" confirm "$src/bench/hw-races/d_nofence.py" --barriers none --stress smem,delay --blocks 1056 \
  --max-launches 12 --record "$db" > "$out/unordered.txt"
rc=$?
set -e
cat "$out/unordered.txt"
[ $rc = 1 ] || { echo "FAIL: unordered wgmma warps: exit $rc, expected mismatches (1)"; exit 1; }
[ "$(sqlite3 "$db" 'select count(*) from hw_runs')" = 2 ] || { echo "FAIL: hw_runs rows"; exit 1; }
echo ok
