#!/bin/sh
# cuda_lower.sh FENCEFUZZ SRCDIR OUTDIR MODE: `fencefuzz lower` over corpus
# programs.  MODE subset: the seed corpus, the race-class programs and every
# 10th golden-tilelang file, also after each TileLang model; MODE all: every
# corpus file.  Always checks what the lowering prints for the race-class
# programs; compiles the bundle with nvcc (sm_90a) when nvcc is there, else
# exits 77 (skipped) after the checks.  MODE all also compiles the models'
# outputs, and runs only with FENCEFUZZ_SLOW=1 (it takes many minutes).
set -eu
ff=$1 src=$2 out=$3 mode=$4
mkdir -p "$out"
if [ "$mode" = all ] && [ "${FENCEFUZZ_SLOW:-0}" != 1 ]; then
  echo "SKIP: the full corpus compile (~1,300 kernels) runs with FENCEFUZZ_SLOW=1"; exit 77
fi
fail() { echo "FAIL: $*"; exit 1; }

# What each construct becomes (no CUDA needed).
r=$src/bench/hw-races
hdr() { "$ff" lower "$1" | sed '/^\/\/ ---- fencefuzz CUDA prelude/,$d' | grep -c -- "$2" || true; }
has() { "$ff" lower "$1" ${3:-} | sed -n '/^\/\/ lowered conservatively/,/^\/\/ ---- fencefuzz CUDA prelude/p;/ff_rep = 0/,$p' | grep -c -- "$2" || true; }
[ "$(has $r/c_writer.py 'ff_fence();')" = 1 ] || fail "c_writer: one fence"
[ "$(has $r/c_writer.py 'ff_astore(t, p, 0, 1,')" = 1 ] || fail "c_writer: a tensor store"
[ "$(has $r/b_writer.py 'ff_astore(t, p, 0, 0,')" = 1 ] || fail "b_writer: a bulk store"
[ "$(has $r/c_nofence.py '^      ff_bar(t);')" = 2 ] || fail "c_nofence: barriers around the issuing if"
[ "$(has $r/c_nofence.py '^      ff_bar(t);' '--barriers none')" = 0 ] || fail "--barriers none"
[ "$(has $r/a_nowait.py 'ff_wait_read')" = 0 ] || fail "a_nowait: no wait (the program has arrive only)"
[ "$(has $r/c_nofence.py 'ff_commit(); ff_wait_read(); /\* handshake')" = 0 ] || fail "c_nofence: its own handshake"
[ "$(has $r/d_nofence.py 'ff_wgmma(t, 0, 1);')" = 1 ] || fail "d_nofence: wgmma of A (region 0) and B (region 1)"
[ "$(has $r/e_nofence.py 'ff_aload(t, p, 0, 1,')" = 1 ] || fail "e_nofence: a tensor load"
[ "$(has $r/e_nofence.py 'ff_gr(t, 0)')" = 1 ] || fail "e_nofence: checked generic reads"
[ "$(has $r/c_nofence.py 'lowered conservatively: nothing')" = 1 ] || fail "c_nofence: nothing conservative"
# wgmma where a warpgroup is not converged becomes an async store of its operand
printf '%s\n' '# from tvm.script import tir as T' '' '@T.prim_func' 'def main():' \
  '    tx = T.launch_thread("threadIdx.x", 128)' \
  '    A = T.decl_buffer((1024,), "float16", scope="shared.dyn")' \
  '    d = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")' \
  '    A[tx] = T.float16(0)' \
  '    if tx == 0:' \
  '        T.ptx_wgmma_ss("m64n8k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", d.data, 0, d.data, 0, A.data, 0, T.bool(True), 1, 1)' \
  > "$out/divergent_wgmma.py"
[ "$(has "$out/divergent_wgmma.py" 'not warpgroup-converged')" -ge 1 ] || fail "divergent wgmma lowered conservatively"
[ "$(hdr "$out/divergent_wgmma.py" '^// stand-ins:')" = 1 ] || fail "divergent wgmma: a stand-in in the header"
# every op SM90 has as its own instruction (bench/hw-ops/), no stand-in
o=$src/bench/hw-ops
for f in "$o"/*.py; do
  [ "$(hdr "$f" '^// stand-ins:')" = 0 ] || fail "$f: a stand-in"
  [ "$(hdr "$f" '^// refused:')" = 0 ] || fail "$f: refused"
done
[ "$(has $o/atom_wgmma_nofence.py 'ff_atomic(t, 0, [0-9]*u, 0, 0)')" = 1 ] || fail "atomicAdd: red.shared.add"
[ "$(has $o/cpasync_store_nofence.py 'ff_cp_async(t, p, 0,')" = 1 ] || fail "ptx_cp_async: cp.async"
[ "$(has $o/cpasync_store_nofence.py 'FF_CP_WAIT(0)')" = 1 ] || fail "ptx_wait_group(0): cp.async.wait_group 0"
[ "$(has $o/sparse_nofence.py 'ff_wgmma_sp(t, 0, 1)')" = 1 ] || fail "ptx_wgmma_sp_ss: wgmma.mma_async.sp"
[ "$(has $o/stmatrix_store_nofence.py 'ff_stmatrix(t, 0,')" = 1 ] || fail "ptx_stmatrix: stmatrix"
[ "$(has $o/im2col_nofence.py 'ff_aload(t, p, 0, 2, &tm_im2col,')" = 1 ] || fail "tma_load_im2col: an im2col load"
[ "$(hdr $o/multicast_nofence.py '^// cluster launch: 2 CTAs')" = 1 ] || fail "tma_load_multicast: a cluster launch"
[ "$(has $o/multicast_nofence.py 'ff_aload(t, p, 0, 3, &tm_half,')" = 1 ] || fail "tma_load_multicast: .multicast::cluster"
# the warp-specialized GEMM (the well-formedness test's program): its
# mbarriers, parities and partitions as written, no stand-in
w=$src/tests/wellformed/ws_gemm_tma_store.py
[ "$(hdr "$w" '^// stand-ins:')" = 0 ] || fail "$w: a stand-in"
[ "$(hdr "$w" '^// refused:')" = 0 ] || fail "$w: refused"
[ "$(has $w 'ff_mbar_init(ff_pbar(t, 0 + (((.LL)) & 15)), (128LL), ff_rep)')" = 4 ] || fail "ws_gemm: four mbarriers of 128 arrivals"
[ "$(has $w 'ff_mbar_wait(t, ff_pbar')" = 2 ] || fail "ws_gemm: the two try_wait.parity loops"
[ "$(has $w 'ff_mbar_expect_tx(ff_pbar(t, 0 + ((ff_floormod(v[0-9]*_ko, (2LL))) & 15)), 8192u)')" = 1 ] \
  || fail "ws_gemm: expect_tx counts the two 4 KiB loads"
[ "$(has $w 'ff_aload_on(t, p, (0 + (int)ff_floormod')" = 2 ] || fail "ws_gemm: loads into run-time tiles on the program's mbarrier"
[ "$(has $w 'ff_bar_n(8u, 128u); /\* threads \[128, 256)')" = 2 ] || fail "ws_gemm: the producer's named barrier"
[ "$(has $w 'ff_bar_n(9u, 128u); /\* threads \[0, 128)')" = 4 ] || fail "ws_gemm: the consumer's named barrier"
[ "$(has $w 'ff_elect(t, (128LL))')" = 1 ] || fail "ws_gemm: shuffle_elect(128) as elect.sync"
[ "$(has $w 'ff_wgmma(t, ff_dr0, ff_dr1)')" = 1 ] || fail "ws_gemm: wgmma through the descriptors' run-time tiles"
# ops SM90 lacks, and synchronization that cannot run as written
printf '%s\n' '# from tvm.script import tir as T' '' '@T.prim_func' 'def main():' \
  '    tx = T.launch_thread("threadIdx.x", 128)' \
  '    A = T.decl_buffer((1024,), "float16", scope="shared.dyn")' \
  '    d = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")' \
  '    A[tx] = T.float16(0)' \
  '    T.ptx_tcgen05_mma_ss("float16", d.data, 0, d.data, 0, 0, 0, 0, T.bool(True))' \
  > "$out/tcgen05.py"
[ "$(hdr "$out/tcgen05.py" '^// not on SM90: ptx_tcgen05_mma_ss')" = 1 ] || fail "tcgen05: not on SM90"
printf '%s\n' '# from tvm.script import tir as T' '' '@T.prim_func' 'def main():' \
  '    tx = T.launch_thread("threadIdx.x", 128)' \
  '    A = T.decl_buffer((1024,), "float16", scope="shared.dyn")' \
  '    A[tx] = T.float16(0)' \
  '    if tx < 64:' \
  '        T.tvm_storage_sync("shared")' \
  > "$out/sync_divergent.py"
[ "$(hdr "$out/sync_divergent.py" '^// refused: tvm_storage_sync inside the thread partition \[0, 64)')" = 1 ] \
  || fail "a CTA barrier inside a partition is refused"

set -- "$src"/corpus/seed/*.py "$r"/*.py "$o"/*.py
if [ "$mode" = all ]; then
  set -- "$@" "$src"/corpus/golden-tilelang/*.py
else
  set -- "$@" $(ls "$src"/corpus/golden-tilelang/*.py | awk 'NR % 10 == 0')
fi
"$ff" lower --bundle "$@" -o "$out/bundle.cu" || fail "lower --bundle"
n=$(grep -c '^namespace ff_p' "$out/bundle.cu")
[ "$n" = $# ] || fail "bundle has $n kernels for $# files"
# Each model on the files it accepts: a model refuses a program with an op its
# TileLang version lacks (exit 2), and the refusal of a single file is checked.
for m in tilelang-9f25954 tilelang-legacy; do
  files=
  for f in "$@"; do "$ff" pass --model $m "$f" > /dev/null 2>&1 && files="$files $f"; done
  "$ff" lower --bundle --model $m $files -o "$out/bundle-$m.cu" || fail "lower --model $m"
done
set +e
"$ff" lower --model tilelang-9f25954 "$src/corpus/seed/41_head_tma_load_multicast_im2col.py" > /dev/null 2>&1
[ $? = 2 ] || fail "lower --model of a refused program: exit 2"
set -e
# The sanitizer build stops here: what follows runs the same code on other
# inputs (a campaign, confirm's option checks) and nvcc (see below).
if [ "${FENCEFUZZ_LOWER_COMPILE:-1}" = 0 ]; then
  echo "ok: $# programs lowered (the nvcc compile and the confirm checks run in the unsanitized build)"
  exit 0
fi
# confirm's options, without a GPU: bad input is exit 2 with a message;
# --db lowers a finding's reduced program unless --first-program.
set +e
"$ff" confirm "$r/a_wait.py" --stress bogus > "$out/c1.txt" 2>&1; rc1=$?
"$ff" confirm "$r/a_wait.py" --kernel-source "$out/no-such.cu" > "$out/c2.txt" 2>&1; rc2=$?
"$ff" confirm --db "$out/none.sqlite" --kernel-source "$out/bundle.cu" > "$out/c3.txt" 2>&1; rc3=$?
set -e
[ $rc1 = 2 ] && grep -q "takes auto, none, smem" "$out/c1.txt" || fail "confirm --stress bogus: exit $rc1"
[ $rc2 = 2 ] && grep -q "no-such.cu: cannot open" "$out/c2.txt" || fail "confirm --kernel-source missing: exit $rc2"
[ $rc3 = 2 ] && grep -q "goes with one FILE" "$out/c3.txt" || fail "confirm --kernel-source with --db: exit $rc3"
rm -f "$out/camp.sqlite"*
"$ff" campaign --programs 300 --db "$out/camp.sqlite" --no-report > "$out/camp.txt" 2>&1 || fail "campaign for confirm --list"
"$ff" confirm --db "$out/camp.sqlite" --list > "$out/list.txt" || fail "confirm --list"
"$ff" confirm --db "$out/camp.sqlite" --list --first-program > "$out/list-first.txt" || fail "confirm --list --first-program"
n=$(wc -l < "$out/list.txt")
[ "$n" -gt 0 ] || fail "confirm --list: no race-kind findings in 300 programs"
[ "$(grep -c 'reduced program)$' "$out/list.txt")" = "$n" ] || fail "confirm --db does not take the reduced programs"
[ "$(grep -c 'first program)$' "$out/list-first.txt")" = "$n" ] || fail "--first-program"

# The sanitizer build runs the lowering (above) under ASan+UBSan; nvcc's
# compile of what it printed is the same in both builds, so it runs once, in
# the unsanitized build (FENCEFUZZ_LOWER_COMPILE=0 here).
if [ "${FENCEFUZZ_LOWER_COMPILE:-1}" = 0 ]; then
  echo "ok: $# programs lowered (the nvcc compile runs in the unsanitized build)"
  exit 0
fi
nvcc=$(command -v nvcc || ls /usr/local/cuda/bin/nvcc 2>/dev/null || true)
if [ -z "$nvcc" ]; then
  echo "SKIP: nvcc not found (the lowering checks above passed)"
  exit 77
fi
for b in bundle bundle-tilelang-9f25954 bundle-tilelang-legacy; do
  [ $b != bundle ] && [ "$mode" != all ] && continue
  "$nvcc" -c -gencode=arch=compute_90a,code=sm_90a -diag-suppress 177,550 -Xptxas -v -o "$out/$b.o" "$out/$b.cu" \
    > "$out/$b.log" 2>&1 || { cat "$out/$b.log" | head -40; fail "nvcc $b.cu"; }
  # No local memory in a lowered kernel: a stack frame (thread state or an
  # array spilled to local memory) puts loads between a program's generic
  # writes and its async op that closed the race window on an H200
  # (bench/hw-bisect/, docs/hw-races.md).
  frames=$(awk '/Function properties for .*ff_kernel/ { k = 1; next } k && /stack frame/ { print $1; k = 0 }' "$out/$b.log")
  [ -n "$frames" ] || fail "$b: no ptxas report of the kernels' stack frames"
  nk=$(echo "$frames" | wc -l)
  bad=$(echo "$frames" | grep -vc '^0$' || true)
  [ "$bad" = 0 ] || fail "$b: $bad of $nk kernels have a stack frame (local memory)"
done
# confirm's second build (-DFF_BUILD=1: the program's loops unrolled by 4)
"$ff" lower --bundle "$r"/*.py -o "$out/races.cu" || fail "lower --bundle races"
[ "$(grep -c 'FF_LOOP_PRAGMA for (int ff_n' "$out/races.cu")" -gt 0 ] || fail "no FF_LOOP_PRAGMA on the lowered loops"
"$nvcc" -c -gencode=arch=compute_90a,code=sm_90a -diag-suppress 177,550 -DFF_BUILD=1 -Xptxas -v -o "$out/races1.o" \
  "$out/races.cu" > "$out/races1.log" 2>&1 || { head -40 "$out/races1.log"; fail "nvcc -DFF_BUILD=1"; }
grep -q 'unroll' "$out/races1.log" && { grep unroll "$out/races1.log" | head -5; fail "the unroll pragma was not taken"; }
[ "$(awk '/Function properties for .*ff_kernel/ { k = 1; next } k && /stack frame/ { print $1; k = 0 }' "$out/races1.log" | grep -vc '^0$')" = 0 ] \
  || fail "FF_BUILD=1: a kernel with a stack frame"
# the bisect benchmark of docs/hw-races.md still builds
"$nvcc" -O3 -std=c++17 -gencode=arch=compute_90a,code=sm_90a -o "$out/bisect" "$src/bench/hw-bisect/bisect.cu" \
  > "$out/bisect.log" 2>&1 || { head -20 "$out/bisect.log"; fail "nvcc bench/hw-bisect/bisect.cu"; }
echo "ok: $# programs lowered and compiled for sm_90a"
