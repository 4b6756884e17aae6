# Realistic: warp-specialized W4A16-style GEMM (sm_90a). Producer warpgroup (tx >= 128)
#   issues tma_loads under `if T.tl_shuffle_elect(128):` with mbarrier_expect_tx; the
#   consumer waits on the stage, dequantizes the int8 B tile into B_dq with generic
#   shared stores, then runs wgmma on it: the dequant stores need a fence before the
#   wgmmas in every iteration.
# 9f25954: producer: entry {None}; loop body tma_loads only after none-calls: no
#   fence (the header never holds Generic). Consumer loop: the dequant stores leave
#   {Generic}; the wgmmas sit in `for ki in T.unroll(4)`, whose body is pure async
#   with Generic in its entry: ONE fence hoisted right before `for ki` (after
#   warpgroup_arrive), none inside. The epilogue stores go to global: nothing.
# legacy: same single fence: inside the consumer loop body warpgroup_arrive is
#   generic and `for ki` is async; everything else is mixed or generic with no async
#   after it (tma_load is generic for legacy, so the producer gets nothing).
# head: same as 9f25954.
# identity: unchanged.
# from tvm.script import tir as T

@T.prim_func
def main(A_desc: T.handle("uint8x128", "grid_constant"), B_desc: T.handle("uint8x128", "grid_constant"), C: T.handle("float16", "global"), Scale: T.handle("float16", "global"), K: T.int32):
    T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.is_global_func": T.bool(True), "tir.noalias": T.bool(True)})
    bx = T.launch_thread("blockIdx.x", 64)
    buf_dyn_shmem = T.allocate([57344], "uint8", "shared.dyn")
    C_local = T.allocate([64], "float32", "local")
    desc_a = T.allocate([1], "uint64", "local.descriptor.wgmma")
    desc_b = T.allocate([1], "uint64", "local.descriptor.wgmma")
    by = T.launch_thread("blockIdx.y", 32)
    tx = T.launch_thread("threadIdx.x", 256)
    mbarrier = T.decl_buffer((6,), "uint64", scope="shared.barrier")
    if T.tl_shuffle_elect(0):
        T.call_extern("handle", "tl::prefetch_tma_descriptor", A_desc)
        T.call_extern("handle", "tl::prefetch_tma_descriptor", B_desc)
        T.ptx_init_barrier_thread_count(mbarrier[0], 128)
        T.ptx_init_barrier_thread_count(mbarrier[1], 128)
        T.ptx_init_barrier_thread_count(mbarrier[2], 128)
        T.ptx_init_barrier_thread_count(mbarrier[3], 128)
        T.ptx_init_barrier_thread_count(mbarrier[4], 128)
        T.ptx_init_barrier_thread_count(mbarrier[5], 128)
    T.ptx_fence_barrier_init()
    T.tvm_storage_sync("shared")
    T.attr([128, 128], "kWarpSpecializationScope", 0)
    if tx >= 128:
        T.set_max_nreg(24, 0)
        for ko in T.serial(K // 64, annotations={"num_stages": 3}):
            T.mbarrier_wait_parity(mbarrier[ko % 3 + 3], T.bitwise_xor(ko % 6 // 3, 1))
            if T.tl_shuffle_elect(128):
                T.mbarrier_expect_tx(mbarrier[ko % 3], 12288)
                T.tma_load(A_desc, mbarrier[ko % 3], T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, ko % 3 * 4096, 4096, 2), ko * 64, by * 64, 0)
                T.tma_load(B_desc, mbarrier[ko % 3], T.tvm_access_ptr(T.type_annotation("int8"), buf_dyn_shmem, 24576 + ko % 3 * 4096, 4096, 2), ko * 64, bx * 64, 0)
            T.ptx_arrive_barrier(mbarrier[ko % 3])
    else:
        T.set_max_nreg(240, 1)
        C_local_1 = T.Buffer((64,), data=C_local, scope="local")
        for i in T.unroll(32):
            C_local_1[i * 2:i * 2 + 2] = T.Broadcast(T.float32(0.0), 2)
        for ko in T.serial(K // 64, annotations={"num_stages": 3}):
            T.mbarrier_wait_parity(mbarrier[ko % 3], ko % 6 // 3)
            for i in T.unroll(32):
                B_dq = T.Buffer((28672,), "float16", data=buf_dyn_shmem, scope="shared.dyn")
                B_q = T.Buffer((36864,), "int8", data=buf_dyn_shmem, scope="shared.dyn")
                Scale_1 = T.Buffer((4096,), "float16", data=Scale)
                B_dq[18432 + i * 128 + tx] = T.Cast("float16", B_q[24576 + ko % 3 * 4096 + i * 128 + tx]) * Scale_1[bx * 64 + tx % 64]
            T.ptx_arrive_barrier(mbarrier[ko % 3 + 3])
            desc_a_1 = T.Buffer((1,), "uint64", data=desc_a, scope="local.descriptor.wgmma")
            T.initialize_wgmma_descriptor(desc_a_1[0], T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, ko % 3 * 4096, 4096, 1), 1, 1, 64)
            desc_b_1 = T.Buffer((1,), "uint64", data=desc_b, scope="local.descriptor.wgmma")
            T.initialize_wgmma_descriptor(desc_b_1[0], T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, 18432, 4096, 1), 1, 1, 64)
            T.warpgroup_fence_operand("float32", C_local, 0, 64)
            T.warpgroup_arrive()
            for ki in T.unroll(4):
                T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(False), "fp16", "fp16", "fp32", desc_a, T.shift_right(ki * 32, 4), desc_b, T.shift_right(ki * 32, 4), C_local, 0, T.bool(True), 1, 1)
            T.warpgroup_commit_batch()
            T.warpgroup_wait(0)
            T.warpgroup_fence_operand("float32", C_local, 0, 64)
        for i in T.unroll(32):
            C_1 = T.Buffer((1048576,), "float16", data=C)
            C_1[by * 65536 + tx // 32 * 16384 + i // 2 * 1024 + tx % 32 // 4 * 128 + bx * 64 + i % 2 * 8 + tx % 4 * 2:by * 65536 + tx // 32 * 16384 + i // 2 * 1024 + tx % 32 // 4 * 128 + bx * 64 + i % 2 * 8 + tx % 4 * 2 + 2] = T.Cast("float16x2", C_local_1[i * 2:i * 2 + 2])

# ==== expect tilelang-9f25954
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(A_desc: T.handle("uint8x128", "grid_constant"), B_desc: T.handle("uint8x128", "grid_constant"), C: T.handle("float16", "global"), Scale: T.handle("float16", "global"), K: T.int32):
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.is_global_func": T.bool(True), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 64)
#     buf_dyn_shmem = T.allocate([57344], "uint8", "shared.dyn")
#     C_local = T.allocate([64], "float32", "local")
#     desc_a = T.allocate([1], "uint64", "local.descriptor.wgmma")
#     desc_b = T.allocate([1], "uint64", "local.descriptor.wgmma")
#     by = T.launch_thread("blockIdx.y", 32)
#     tx = T.launch_thread("threadIdx.x", 256)
#     mbarrier = T.decl_buffer((6,), "uint64", scope="shared.barrier")
#     if T.tl_shuffle_elect(0):
#         T.call_extern("handle", "tl::prefetch_tma_descriptor", A_desc)
#         T.call_extern("handle", "tl::prefetch_tma_descriptor", B_desc)
#         T.ptx_init_barrier_thread_count(mbarrier[0], 128)
#         T.ptx_init_barrier_thread_count(mbarrier[1], 128)
#         T.ptx_init_barrier_thread_count(mbarrier[2], 128)
#         T.ptx_init_barrier_thread_count(mbarrier[3], 128)
#         T.ptx_init_barrier_thread_count(mbarrier[4], 128)
#         T.ptx_init_barrier_thread_count(mbarrier[5], 128)
#     T.ptx_fence_barrier_init()
#     T.tvm_storage_sync("shared")
#     T.attr([128, 128], "kWarpSpecializationScope", 0)
#     if tx >= 128:
#         T.set_max_nreg(24, 0)
#         for ko in T.serial(K // 64, annotations={"num_stages": 3}):
#             T.mbarrier_wait_parity(mbarrier[ko % 3 + 3], T.bitwise_xor(ko % 6 // 3, 1))
#             if T.tl_shuffle_elect(128):
#                 T.mbarrier_expect_tx(mbarrier[ko % 3], 12288)
#                 T.tma_load(A_desc, mbarrier[ko % 3], T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, ko % 3 * 4096, 4096, 2), ko * 64, by * 64, 0)
#                 T.tma_load(B_desc, mbarrier[ko % 3], T.tvm_access_ptr(T.type_annotation("int8"), buf_dyn_shmem, 24576 + ko % 3 * 4096, 4096, 2), ko * 64, bx * 64, 0)
#             T.ptx_arrive_barrier(mbarrier[ko % 3])
#     else:
#         T.set_max_nreg(240, 1)
#         C_local_1 = T.Buffer((64,), data=C_local, scope="local")
#         for i in T.unroll(32):
#             C_local_1[i * 2:i * 2 + 2] = T.Broadcast(T.float32(0.0), 2)
#         for ko in T.serial(K // 64, annotations={"num_stages": 3}):
#             T.mbarrier_wait_parity(mbarrier[ko % 3], ko % 6 // 3)
#             for i in T.unroll(32):
#                 B_dq = T.Buffer((28672,), "float16", data=buf_dyn_shmem, scope="shared.dyn")
#                 B_q = T.Buffer((36864,), "int8", data=buf_dyn_shmem, scope="shared.dyn")
#                 Scale_1 = T.Buffer((4096,), "float16", data=Scale)
#                 B_dq[18432 + i * 128 + tx] = T.Cast("float16", B_q[24576 + ko % 3 * 4096 + i * 128 + tx]) * Scale_1[bx * 64 + tx % 64]
#             T.ptx_arrive_barrier(mbarrier[ko % 3 + 3])
#             desc_a_1 = T.Buffer((1,), "uint64", data=desc_a, scope="local.descriptor.wgmma")
#             T.initialize_wgmma_descriptor(desc_a_1[0], T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, ko % 3 * 4096, 4096, 1), 1, 1, 64)
#             desc_b_1 = T.Buffer((1,), "uint64", data=desc_b, scope="local.descriptor.wgmma")
#             T.initialize_wgmma_descriptor(desc_b_1[0], T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, 18432, 4096, 1), 1, 1, 64)
#             T.warpgroup_fence_operand("float32", C_local, 0, 64)
#             T.warpgroup_arrive()
#             T.fence_proxy_async()
#             for ki in T.unroll(4):
#                 T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(False), "fp16", "fp16", "fp32", desc_a, T.shift_right(ki * 32, 4), desc_b, T.shift_right(ki * 32, 4), C_local, 0, T.bool(True), 1, 1)
#             T.warpgroup_commit_batch()
#             T.warpgroup_wait(0)
#             T.warpgroup_fence_operand("float32", C_local, 0, 64)
#         for i in T.unroll(32):
#             C_1 = T.Buffer((1048576,), "float16", data=C)
#             C_1[by * 65536 + tx // 32 * 16384 + i // 2 * 1024 + tx % 32 // 4 * 128 + bx * 64 + i % 2 * 8 + tx % 4 * 2:by * 65536 + tx // 32 * 16384 + i // 2 * 1024 + tx % 32 // 4 * 128 + bx * 64 + i % 2 * 8 + tx % 4 * 2 + 2] = T.Cast("float16x2", C_local_1[i * 2:i * 2 + 2])
# ==== expect tilelang-head
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(A_desc: T.handle("uint8x128", "grid_constant"), B_desc: T.handle("uint8x128", "grid_constant"), C: T.handle("float16", "global"), Scale: T.handle("float16", "global"), K: T.int32):
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.is_global_func": T.bool(True), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 64)
#     buf_dyn_shmem = T.allocate([57344], "uint8", "shared.dyn")
#     C_local = T.allocate([64], "float32", "local")
#     desc_a = T.allocate([1], "uint64", "local.descriptor.wgmma")
#     desc_b = T.allocate([1], "uint64", "local.descriptor.wgmma")
#     by = T.launch_thread("blockIdx.y", 32)
#     tx = T.launch_thread("threadIdx.x", 256)
#     mbarrier = T.decl_buffer((6,), "uint64", scope="shared.barrier")
#     if T.tl_shuffle_elect(0):
#         T.call_extern("handle", "tl::prefetch_tma_descriptor", A_desc)
#         T.call_extern("handle", "tl::prefetch_tma_descriptor", B_desc)
#         T.ptx_init_barrier_thread_count(mbarrier[0], 128)
#         T.ptx_init_barrier_thread_count(mbarrier[1], 128)
#         T.ptx_init_barrier_thread_count(mbarrier[2], 128)
#         T.ptx_init_barrier_thread_count(mbarrier[3], 128)
#         T.ptx_init_barrier_thread_count(mbarrier[4], 128)
#         T.ptx_init_barrier_thread_count(mbarrier[5], 128)
#     T.ptx_fence_barrier_init()
#     T.tvm_storage_sync("shared")
#     T.attr([128, 128], "kWarpSpecializationScope", 0)
#     if tx >= 128:
#         T.set_max_nreg(24, 0)
#         for ko in T.serial(K // 64, annotations={"num_stages": 3}):
#             T.mbarrier_wait_parity(mbarrier[ko % 3 + 3], T.bitwise_xor(ko % 6 // 3, 1))
#             if T.tl_shuffle_elect(128):
#                 T.mbarrier_expect_tx(mbarrier[ko % 3], 12288)
#                 T.tma_load(A_desc, mbarrier[ko % 3], T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, ko % 3 * 4096, 4096, 2), ko * 64, by * 64, 0)
#                 T.tma_load(B_desc, mbarrier[ko % 3], T.tvm_access_ptr(T.type_annotation("int8"), buf_dyn_shmem, 24576 + ko % 3 * 4096, 4096, 2), ko * 64, bx * 64, 0)
#             T.ptx_arrive_barrier(mbarrier[ko % 3])
#     else:
#         T.set_max_nreg(240, 1)
#         C_local_1 = T.Buffer((64,), data=C_local, scope="local")
#         for i in T.unroll(32):
#             C_local_1[i * 2:i * 2 + 2] = T.Broadcast(T.float32(0.0), 2)
#         for ko in T.serial(K // 64, annotations={"num_stages": 3}):
#             T.mbarrier_wait_parity(mbarrier[ko % 3], ko % 6 // 3)
#             for i in T.unroll(32):
#                 B_dq = T.Buffer((28672,), "float16", data=buf_dyn_shmem, scope="shared.dyn")
#                 B_q = T.Buffer((36864,), "int8", data=buf_dyn_shmem, scope="shared.dyn")
#                 Scale_1 = T.Buffer((4096,), "float16", data=Scale)
#                 B_dq[18432 + i * 128 + tx] = T.Cast("float16", B_q[24576 + ko % 3 * 4096 + i * 128 + tx]) * Scale_1[bx * 64 + tx % 64]
#             T.ptx_arrive_barrier(mbarrier[ko % 3 + 3])
#             desc_a_1 = T.Buffer((1,), "uint64", data=desc_a, scope="local.descriptor.wgmma")
#             T.initialize_wgmma_descriptor(desc_a_1[0], T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, ko % 3 * 4096, 4096, 1), 1, 1, 64)
#             desc_b_1 = T.Buffer((1,), "uint64", data=desc_b, scope="local.descriptor.wgmma")
#             T.initialize_wgmma_descriptor(desc_b_1[0], T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, 18432, 4096, 1), 1, 1, 64)
#             T.warpgroup_fence_operand("float32", C_local, 0, 64)
#             T.warpgroup_arrive()
#             T.fence_proxy_async()
#             for ki in T.unroll(4):
#                 T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(False), "fp16", "fp16", "fp32", desc_a, T.shift_right(ki * 32, 4), desc_b, T.shift_right(ki * 32, 4), C_local, 0, T.bool(True), 1, 1)
#             T.warpgroup_commit_batch()
#             T.warpgroup_wait(0)
#             T.warpgroup_fence_operand("float32", C_local, 0, 64)
#         for i in T.unroll(32):
#             C_1 = T.Buffer((1048576,), "float16", data=C)
#             C_1[by * 65536 + tx // 32 * 16384 + i // 2 * 1024 + tx % 32 // 4 * 128 + bx * 64 + i % 2 * 8 + tx % 4 * 2:by * 65536 + tx // 32 * 16384 + i // 2 * 1024 + tx % 32 // 4 * 128 + bx * 64 + i % 2 * 8 + tx % 4 * 2 + 2] = T.Cast("float16x2", C_local_1[i * 2:i * 2 + 2])
# ==== expect tilelang-legacy
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(A_desc: T.handle("uint8x128", "grid_constant"), B_desc: T.handle("uint8x128", "grid_constant"), C: T.handle("float16", "global"), Scale: T.handle("float16", "global"), K: T.int32):
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.is_global_func": T.bool(True), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 64)
#     buf_dyn_shmem = T.allocate([57344], "uint8", "shared.dyn")
#     C_local = T.allocate([64], "float32", "local")
#     desc_a = T.allocate([1], "uint64", "local.descriptor.wgmma")
#     desc_b = T.allocate([1], "uint64", "local.descriptor.wgmma")
#     by = T.launch_thread("blockIdx.y", 32)
#     tx = T.launch_thread("threadIdx.x", 256)
#     mbarrier = T.decl_buffer((6,), "uint64", scope="shared.barrier")
#     if T.tl_shuffle_elect(0):
#         T.call_extern("handle", "tl::prefetch_tma_descriptor", A_desc)
#         T.call_extern("handle", "tl::prefetch_tma_descriptor", B_desc)
#         T.ptx_init_barrier_thread_count(mbarrier[0], 128)
#         T.ptx_init_barrier_thread_count(mbarrier[1], 128)
#         T.ptx_init_barrier_thread_count(mbarrier[2], 128)
#         T.ptx_init_barrier_thread_count(mbarrier[3], 128)
#         T.ptx_init_barrier_thread_count(mbarrier[4], 128)
#         T.ptx_init_barrier_thread_count(mbarrier[5], 128)
#     T.ptx_fence_barrier_init()
#     T.tvm_storage_sync("shared")
#     T.attr([128, 128], "kWarpSpecializationScope", 0)
#     if tx >= 128:
#         T.set_max_nreg(24, 0)
#         for ko in T.serial(K // 64, annotations={"num_stages": 3}):
#             T.mbarrier_wait_parity(mbarrier[ko % 3 + 3], T.bitwise_xor(ko % 6 // 3, 1))
#             if T.tl_shuffle_elect(128):
#                 T.mbarrier_expect_tx(mbarrier[ko % 3], 12288)
#                 T.tma_load(A_desc, mbarrier[ko % 3], T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, ko % 3 * 4096, 4096, 2), ko * 64, by * 64, 0)
#                 T.tma_load(B_desc, mbarrier[ko % 3], T.tvm_access_ptr(T.type_annotation("int8"), buf_dyn_shmem, 24576 + ko % 3 * 4096, 4096, 2), ko * 64, bx * 64, 0)
#             T.ptx_arrive_barrier(mbarrier[ko % 3])
#     else:
#         T.set_max_nreg(240, 1)
#         C_local_1 = T.Buffer((64,), data=C_local, scope="local")
#         for i in T.unroll(32):
#             C_local_1[i * 2:i * 2 + 2] = T.Broadcast(T.float32(0.0), 2)
#         for ko in T.serial(K // 64, annotations={"num_stages": 3}):
#             T.mbarrier_wait_parity(mbarrier[ko % 3], ko % 6 // 3)
#             for i in T.unroll(32):
#                 B_dq = T.Buffer((28672,), "float16", data=buf_dyn_shmem, scope="shared.dyn")
#                 B_q = T.Buffer((36864,), "int8", data=buf_dyn_shmem, scope="shared.dyn")
#                 Scale_1 = T.Buffer((4096,), "float16", data=Scale)
#                 B_dq[18432 + i * 128 + tx] = T.Cast("float16", B_q[24576 + ko % 3 * 4096 + i * 128 + tx]) * Scale_1[bx * 64 + tx % 64]
#             T.ptx_arrive_barrier(mbarrier[ko % 3 + 3])
#             desc_a_1 = T.Buffer((1,), "uint64", data=desc_a, scope="local.descriptor.wgmma")
#             T.initialize_wgmma_descriptor(desc_a_1[0], T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, ko % 3 * 4096, 4096, 1), 1, 1, 64)
#             desc_b_1 = T.Buffer((1,), "uint64", data=desc_b, scope="local.descriptor.wgmma")
#             T.initialize_wgmma_descriptor(desc_b_1[0], T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, 18432, 4096, 1), 1, 1, 64)
#             T.warpgroup_fence_operand("float32", C_local, 0, 64)
#             T.warpgroup_arrive()
#             T.fence_proxy_async()
#             for ki in T.unroll(4):
#                 T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(False), "fp16", "fp16", "fp32", desc_a, T.shift_right(ki * 32, 4), desc_b, T.shift_right(ki * 32, 4), C_local, 0, T.bool(True), 1, 1)
#             T.warpgroup_commit_batch()
#             T.warpgroup_wait(0)
#             T.warpgroup_fence_operand("float32", C_local, 0, 64)
#         for i in T.unroll(32):
#             C_1 = T.Buffer((1048576,), "float16", data=C)
#             C_1[by * 65536 + tx // 32 * 16384 + i // 2 * 1024 + tx % 32 // 4 * 128 + bx * 64 + i % 2 * 8 + tx % 4 * 2:by * 65536 + tx // 32 * 16384 + i // 2 * 1024 + tx % 32 // 4 * 128 + bx * 64 + i % 2 * 8 + tx % 4 * 2 + 2] = T.Cast("float16x2", C_local_1[i * 2:i * 2 + 2])
# ==== expect identity
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(A_desc: T.handle("uint8x128", "grid_constant"), B_desc: T.handle("uint8x128", "grid_constant"), C: T.handle("float16", "global"), Scale: T.handle("float16", "global"), K: T.int32):
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.is_global_func": T.bool(True), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 64)
#     buf_dyn_shmem = T.allocate([57344], "uint8", "shared.dyn")
#     C_local = T.allocate([64], "float32", "local")
#     desc_a = T.allocate([1], "uint64", "local.descriptor.wgmma")
#     desc_b = T.allocate([1], "uint64", "local.descriptor.wgmma")
#     by = T.launch_thread("blockIdx.y", 32)
#     tx = T.launch_thread("threadIdx.x", 256)
#     mbarrier = T.decl_buffer((6,), "uint64", scope="shared.barrier")
#     if T.tl_shuffle_elect(0):
#         T.call_extern("handle", "tl::prefetch_tma_descriptor", A_desc)
#         T.call_extern("handle", "tl::prefetch_tma_descriptor", B_desc)
#         T.ptx_init_barrier_thread_count(mbarrier[0], 128)
#         T.ptx_init_barrier_thread_count(mbarrier[1], 128)
#         T.ptx_init_barrier_thread_count(mbarrier[2], 128)
#         T.ptx_init_barrier_thread_count(mbarrier[3], 128)
#         T.ptx_init_barrier_thread_count(mbarrier[4], 128)
#         T.ptx_init_barrier_thread_count(mbarrier[5], 128)
#     T.ptx_fence_barrier_init()
#     T.tvm_storage_sync("shared")
#     T.attr([128, 128], "kWarpSpecializationScope", 0)
#     if tx >= 128:
#         T.set_max_nreg(24, 0)
#         for ko in T.serial(K // 64, annotations={"num_stages": 3}):
#             T.mbarrier_wait_parity(mbarrier[ko % 3 + 3], T.bitwise_xor(ko % 6 // 3, 1))
#             if T.tl_shuffle_elect(128):
#                 T.mbarrier_expect_tx(mbarrier[ko % 3], 12288)
#                 T.tma_load(A_desc, mbarrier[ko % 3], T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, ko % 3 * 4096, 4096, 2), ko * 64, by * 64, 0)
#                 T.tma_load(B_desc, mbarrier[ko % 3], T.tvm_access_ptr(T.type_annotation("int8"), buf_dyn_shmem, 24576 + ko % 3 * 4096, 4096, 2), ko * 64, bx * 64, 0)
#             T.ptx_arrive_barrier(mbarrier[ko % 3])
#     else:
#         T.set_max_nreg(240, 1)
#         C_local_1 = T.Buffer((64,), data=C_local, scope="local")
#         for i in T.unroll(32):
#             C_local_1[i * 2:i * 2 + 2] = T.Broadcast(T.float32(0.0), 2)
#         for ko in T.serial(K // 64, annotations={"num_stages": 3}):
#             T.mbarrier_wait_parity(mbarrier[ko % 3], ko % 6 // 3)
#             for i in T.unroll(32):
#                 B_dq = T.Buffer((28672,), "float16", data=buf_dyn_shmem, scope="shared.dyn")
#                 B_q = T.Buffer((36864,), "int8", data=buf_dyn_shmem, scope="shared.dyn")
#                 Scale_1 = T.Buffer((4096,), "float16", data=Scale)
#                 B_dq[18432 + i * 128 + tx] = T.Cast("float16", B_q[24576 + ko % 3 * 4096 + i * 128 + tx]) * Scale_1[bx * 64 + tx % 64]
#             T.ptx_arrive_barrier(mbarrier[ko % 3 + 3])
#             desc_a_1 = T.Buffer((1,), "uint64", data=desc_a, scope="local.descriptor.wgmma")
#             T.initialize_wgmma_descriptor(desc_a_1[0], T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, ko % 3 * 4096, 4096, 1), 1, 1, 64)
#             desc_b_1 = T.Buffer((1,), "uint64", data=desc_b, scope="local.descriptor.wgmma")
#             T.initialize_wgmma_descriptor(desc_b_1[0], T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, 18432, 4096, 1), 1, 1, 64)
#             T.warpgroup_fence_operand("float32", C_local, 0, 64)
#             T.warpgroup_arrive()
#             for ki in T.unroll(4):
#                 T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(False), "fp16", "fp16", "fp32", desc_a, T.shift_right(ki * 32, 4), desc_b, T.shift_right(ki * 32, 4), C_local, 0, T.bool(True), 1, 1)
#             T.warpgroup_commit_batch()
#             T.warpgroup_wait(0)
#             T.warpgroup_fence_operand("float32", C_local, 0, 64)
#         for i in T.unroll(32):
#             C_1 = T.Buffer((1048576,), "float16", data=C)
#             C_1[by * 65536 + tx // 32 * 16384 + i // 2 * 1024 + tx % 32 // 4 * 128 + bx * 64 + i % 2 * 8 + tx % 4 * 2:by * 65536 + tx // 32 * 16384 + i // 2 * 1024 + tx % 32 // 4 * 128 + bx * 64 + i % 2 * 8 + tx % 4 * 2 + 2] = T.Cast("float16x2", C_local_1[i * 2:i * 2 + 2])
