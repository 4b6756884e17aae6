# Warp-specialized GEMM: producer TMA loads on mbarriers (tx >= 128), consumer wgmma, TMA-store epilogue; as printed before InjectFenceProxy (no fence).
@T.prim_func
def main(A_desc: T.handle("uint8x128", "grid_constant"), B_desc: T.handle("uint8x128", "grid_constant"), C_desc: T.handle("uint8x128", "grid_constant")):
    T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.is_global_func": T.bool(True), "tir.noalias": T.bool(True)})
    bx = T.launch_thread("blockIdx.x", 16)
    buf_dyn_shmem = T.allocate([81920], "uint8", "shared.dyn")
    C_local = T.allocate([64], "float32", "local")
    desc_a = T.allocate([1], "uint64", "local.descriptor.wgmma")
    desc_b = T.allocate([1], "uint64", "local.descriptor.wgmma")
    by = T.launch_thread("blockIdx.y", 16)
    tx = T.launch_thread("threadIdx.x", 256)
    mbarrier = T.decl_buffer((4,), "uint64", scope="shared.barrier")
    if T.shuffle_elect(0):
        T.call_extern("handle", "tl::prefetch_tma_descriptor", A_desc)
        T.call_extern("handle", "tl::prefetch_tma_descriptor", B_desc)
        T.ptx_init_barrier_thread_count(mbarrier[0], 128)
        T.ptx_init_barrier_thread_count(mbarrier[1], 128)
        T.ptx_init_barrier_thread_count(mbarrier[2], 128)
        T.ptx_init_barrier_thread_count(mbarrier[3], 128)
    T.ptx_fence_barrier_init()
    T.tvm_storage_sync("shared")
    T.attr([128, 128], "kWarpSpecializationScope", 0)
    if tx >= 128:
        for ko in range(16):
            T.mbarrier_wait_parity(mbarrier[ko % 2 + 2], T.bitwise_xor(ko % 4 // 2, 1))
            if T.shuffle_elect(128):
                T.mbarrier_expect_tx(mbarrier[ko % 2], 16384)
                T.tma_load(A_desc, mbarrier[ko % 2], T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, ko % 2 * 4096, 4096, 2), ko * 64, by * 64, 0)
                T.tma_load(B_desc, mbarrier[ko % 2], T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, 8192 + ko % 2 * 4096, 4096, 2), bx * 64, ko * 64, 0)
            T.ptx_arrive_barrier(mbarrier[ko % 2])
    else:
        C_local_1 = T.Buffer((64,), data=C_local, scope="local")
        for i in T.unroll(16):
            C_local_1[i * 4:i * 4 + 4] = T.Broadcast(T.float32(0.0), 4)
        for ko in range(16):
            T.mbarrier_wait_parity(mbarrier[ko % 2], ko % 4 // 2)
            desc_a_1 = T.Buffer((1,), "uint64", data=desc_a, scope="local.descriptor.wgmma")
            T.initialize_wgmma_descriptor(desc_a_1[0], T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, ko % 2 * 4096, 4096, 1), 1, 1, 64)
            desc_b_1 = T.Buffer((1,), "uint64", data=desc_b, scope="local.descriptor.wgmma")
            T.initialize_wgmma_descriptor(desc_b_1[0], T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, 8192 + ko % 2 * 4096, 4096, 1), 1, 1, 64)
            T.warpgroup_fence_operand("float32", C_local, 0, 64)
            T.warpgroup_arrive()
            for ki in T.unroll(4):
                T.ptx_wgmma_ss("float32", "m64n64k16", T.bool(True), T.bool(False), "fp16", "fp16", "fp32", desc_a, T.shift_right(ki * 32, 4), desc_b, T.shift_right(ki * 32, 4), C_local, 0, 1, 1, 1)
            T.warpgroup_commit_batch()
            T.warpgroup_wait(0)
            T.warpgroup_fence_operand("float32", C_local, 0, 64)
            T.ptx_arrive_barrier(mbarrier[ko % 2 + 2])
        C_shared = T.Buffer((4096,), "float16", data=buf_dyn_shmem, scope="shared.dyn")
        for i in T.unroll(32):
            C_shared[tx // 32 * 1024 + i // 2 * 64 + tx % 32 * 2 + i % 2] = T.Cast("float16", C_local_1[i * 2 + i % 2])
        if tx == 0:
            T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, 0, 4096, 1), bx * 64, by * 64)
            T.tma_store_arrive()
            T.tma_store_wait()
