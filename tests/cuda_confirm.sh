#!/bin/sh
# cuda_confirm.sh FENCEFUZZ SRCDIR OUTDIR: `fencefuzz confirm` on the GPU.  A
# fenced, waited bulk-store program must show no mismatch (exit 0); the
# tensor-map store with no fence under smem stress must be reproduced with a
# clean fenced control (exit 1; 99.7% of the copies on an H200, 2026-12-01),
# and the same program with the fence in every writer must show none
# (exit 0); the warp-specialized GEMM fenced is clean and unfenced
# reproduced; a tcgen05 program is unsupported-on-sm90 (exit 2, not run);
# all land in hw_runs.  Skipped (77) without a GPU runner or a
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
# the warp-specialized GEMM, its mbarriers and partitions as written: the
# reference model's fenced output clean, the unfenced one reproduced
# (50,687 of 50,688 stores with smem stress on an H200, 2026-12-01)
"$ff" confirm "$src/tests/wellformed/ws_gemm_tma_store.py" --model tilelang-9f25954 --stress smem --max-launches 4 --record "$db" \
  > "$out/ws-fenced.txt" || { cat "$out/ws-fenced.txt"; echo "FAIL: the fenced WS GEMM mismatched"; exit 1; }
cat "$out/ws-fenced.txt"
set +e
"$ff" confirm "$src/tests/wellformed/ws_gemm_tma_store.py" --stress smem --max-launches 4 --record "$db" > "$out/ws.txt"
rc=$?
set -e
cat "$out/ws.txt"
[ $rc = 1 ] && grep -q '^  outcome: reproduced$' "$out/ws.txt" || { echo "FAIL: the unfenced WS GEMM: exit $rc"; exit 1; }
# an op SM90 lacks is never run, let alone reproduced
printf '%s\n' '# from tvm.script import tir as T' '' '@T.prim_func' 'def main():' \
  '    tx = T.launch_thread("threadIdx.x", 128)' \
  '    A = T.decl_buffer((1024,), "float16", scope="shared.dyn")' \
  '    d = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")' \
  '    A[tx] = T.float16(0)' \
  '    T.ptx_tcgen05_mma_ss("float16", d.data, 0, d.data, 0, 0, 0, 0, T.bool(True))' > "$out/tcgen05.py"
set +e
"$ff" confirm "$out/tcgen05.py" --record "$db" > "$out/tcgen05.txt" 2>&1
rc=$?
set -e
cat "$out/tcgen05.txt"
[ $rc = 2 ] && grep -q 'unsupported-on-sm90: ptx_tcgen05_mma_ss' "$out/tcgen05.txt" || { echo "FAIL: tcgen05: exit $rc"; exit 1; }
if command -v sqlite3 > /dev/null; then
  [ "$(sqlite3 "$db" 'select count(*) from hw_runs')" = 6 ] || { echo "FAIL: hw_runs rows"; exit 1; }
  [ "$(sqlite3 "$db" "select outcome from hw_runs where device = 'not run'")" = unsupported-on-sm90 ] \
    || { echo "FAIL: the tcgen05 row"; exit 1; }
fi
echo ok
