#!/bin/sh
# cuda_confirm.sh FENCEFUZZ SRCDIR OUTDIR: `fencefuzz confirm` on the GPU.  A
# fenced, waited bulk-store program must show no mismatch (exit 0); the
# tensor-map store with no fence under smem stress must be reproduced with a
# clean fenced control (exit 1; 99.7% of the copies on an H200, 2026-12-01),
# and the same program with the fence in every writer must show none
# (exit 0); all land in hw_runs.  Skipped (77) without a GPU runner or a
# device.
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
"$ff" confirm "$src/bench/hw-races/c_nofence.py" --stress smem --control --max-launches 8 --record "$db" \
  > "$out/nofence.txt"
rc=$?
set -e
cat "$out/nofence.txt"
[ $rc = 1 ] || { echo "FAIL: c_nofence under smem stress: exit $rc, expected reproduced (1)"; exit 1; }
grep -q 'fenced control (a fence before every async op): 0 of' "$out/nofence.txt" \
  || { echo "FAIL: c_nofence: the fenced control mismatched"; exit 1; }
"$ff" confirm "$src/bench/hw-races/c_writer.py" --stress smem --max-launches 8 --record "$db" > "$out/writer.txt" \
  || { cat "$out/writer.txt"; echo "FAIL: c_writer (fence in every writer) mismatched"; exit 1; }
cat "$out/writer.txt"
if command -v sqlite3 > /dev/null; then
  [ "$(sqlite3 "$db" 'select count(*) from hw_runs')" = 3 ] || { echo "FAIL: hw_runs rows"; exit 1; }
fi
echo ok
