# The fence in the producer right after its wait, before the TMA load: on the
# causality path (program-order: clean) but not in the reading threads (writer).
# expect identity program-order: ok
# expect identity writer: unsound-writer@28
# from tvm.script import tir as T

@T.prim_func
def main(A_desc: T.handle("uint8x128", "grid_constant"), C: T.handle("float16", "global")):
    T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.is_global_func": T.bool(True), "tir.noalias": T.bool(True)})
    bx = T.launch_thread("blockIdx.x", 8)
    buf = T.allocate([16384], "uint8", "shared.dyn")
    tx = T.launch_thread("threadIdx.x", 256)
    full = T.decl_buffer((2,), "uint64", scope="shared.barrier")
    empty = T.decl_buffer((2,), "uint64", scope="shared.barrier")
    if tx == 0:
        T.ptx_init_barrier_thread_count(full[0], 1)
        T.ptx_init_barrier_thread_count(full[1], 1)
        T.ptx_init_barrier_thread_count(empty[0], 128)
        T.ptx_init_barrier_thread_count(empty[1], 128)
    T.ptx_fence_barrier_init()
    T.tvm_storage_sync("shared")
    if tx >= 128:
        for ko in range(8):
            T.mbarrier_wait_parity(empty[ko % 2], T.bitwise_xor(ko % 4 // 2, 1))
            T.fence_proxy_async()
            if tx == 128:
                T.mbarrier_expect_tx(full[ko % 2], 8192)
                T.tma_load(A_desc, full[ko % 2], T.tvm_access_ptr(T.type_annotation("float16"), buf, ko % 2 * 4096, 4096, 2), ko * 64, bx * 64)
    else:
        C_1 = T.Buffer((1048576,), "float16", data=C)
        stage = T.Buffer((8192,), "float16", data=buf, scope="shared.dyn")
        for ko in range(8):
            T.mbarrier_wait_parity(full[ko % 2], ko % 4 // 2)
            for i in T.unroll(32):
                C_1[bx * 32768 + ko * 4096 + tx * 32 + i] = stage[ko % 2 * 4096 + tx * 32 + i]
            T.ptx_arrive_barrier(empty[ko % 2])
