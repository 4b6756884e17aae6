#!/bin/sh
# gen_straight.sh N: print a TVMScript program whose body is N straight-line
# statements after its 7 launch and buffer declarations, for benchmarking
# the reader, the printer and the pass models end to end on large inputs.
#
# The body mixes, from a fixed pseudo-random sequence (Park-Miller, seed 1,
# so the same N always gives the same bytes): stores into shared and local
# memory, TMA loads into the shared buffer with their barrier waits, wgmma
# on descriptors and an explicit fence now and then.  Every TMA load and
# wgmma that follows a shared store is one the reference model fences, so a
# pass over it does real work all the way down.  Names are short to keep the
# text about 50 bytes a statement: 1,000,000 statements are about 50 MB, under
# the reader's 64 MiB input limit.
#
#     bench/gen_straight.sh 1000000 > big.py
#
# POSIX sh and awk only.
set -eu
n=${1:?usage: gen_straight.sh N}
case $n in
'' | *[!0-9]*)
	echo "gen_straight.sh: N must be a number of statements, got '$n'" >&2
	exit 2
	;;
esac
awk -v n="$n" 'BEGIN {
	print "# from tvm.script import tir as T"
	print ""
	print "@T.prim_func"
	print "def main(A: T.handle(\"uint8x128\", \"grid_constant\")):"
	print "    T.func_attr({\"target\": T.target({\"arch\": \"sm_90a\", \"keys\": [\"cuda\", \"gpu\"], \"kind\": \"cuda\", \"max_num_threads\": 1024, \"tag\": \"\", \"thread_warp_size\": 32})})"
	print "    bx = T.launch_thread(\"blockIdx.x\", 132)"
	print "    tx = T.launch_thread(\"threadIdx.x\", 128)"
	print "    S = T.decl_buffer((4096,), \"float16\", scope=\"shared.dyn\")"
	print "    L = T.decl_buffer((32,), scope=\"local\")"
	print "    D = T.decl_buffer((1,), \"uint64\", scope=\"local.descriptor.wgmma\")"
	print "    E = T.decl_buffer((1,), \"uint64\", scope=\"local.descriptor.wgmma\")"
	print "    B = T.decl_buffer((1,), \"uint64\", scope=\"shared.barrier\")"
	x = 1
	for (i = 0; i < n; i++) {
		x = (x * 16807) % 2147483647
		r = x % 100
		k = int(x / 100) % 4096
		if (r < 40)
			printf "    S[%d] = T.float16(0.0)\n", k
		else if (r < 65)
			printf "    L[%d] = T.float32(0.0)\n", k % 32
		else if (r < 75)
			printf "    T.tma_load(A, B[0], T.tvm_access_ptr(T.type_annotation(\"float16\"), S.data, 0, 4096, 2), 0, %d)\n", k % 64
		else if (r < 85)
			printf "    T.mbarrier_wait_parity(B[0], %d)\n", k % 2
		else if (r < 95)
			print "    T.ptx_wgmma_ss(\"m64n64k16\", T.bool(True), T.bool(True), \"fp16\", \"fp16\", \"fp32\", D.data, 0, E.data, 0, L.data, 0, T.bool(True), 1, 1)"
		else
			print "    T.fence_proxy_async()"
	}
}'
