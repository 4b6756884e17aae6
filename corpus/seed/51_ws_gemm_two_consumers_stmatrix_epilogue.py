# Realistic: warp-specialized GEMM with two consumer warpgroups (tx < 256) and one
#   producer warpgroup (tx >= 256), 384 threads; the epilogue writes C_shared with
#   ptx_stmatrix (generic, rw_mask 2) and thread 0 issues tma_store, already followed
#   by the tma_store_arrive(); tma_store_wait() handshake (as the copy lowering emits it).
# 9f25954: producer: no fence (entry {None}, only none-calls before tma_load). Consumer
#   main loop: pure-async wgmma body parts but no Generic ever reaches them: no fence.
#   Epilogue: stmatrix loop -> {Generic}; `if tx == 0:` (no else): fence right before
#   tma_store inside it. Total 1; the handshake left as it is.
# legacy: in the consumer loop body warpgroup_arrive (generic) -> `for ki` (async):
#   a fence right before `for ki`, executed every iteration; the stmatrix loop
#   (generic) -> the if (async): fence right before `if tx == 0`; a second
#   tma_store_arrive(); tma_store_wait() pair appended right after tma_store.
#   Total 2 fences.
# head: same as 9f25954.
# identity: unchanged.
# from tvm.script import tir as T

@T.prim_func
def main(A_desc: T.handle("uint8x128", "grid_constant"), B_desc: T.handle("uint8x128", "grid_constant"), C_desc: T.handle("uint8x128", "grid_constant")):
    T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.is_global_func": T.bool(True), "tir.noalias": T.bool(True)})
    bx = T.launch_thread("blockIdx.x", 32)
    buf_dyn_shmem = T.allocate([114688], "uint8", "shared.dyn")
    C_local = T.allocate([64], "float32", "local")
    desc_a = T.allocate([1], "uint64", "local.descriptor.wgmma")
    desc_b = T.allocate([1], "uint64", "local.descriptor.wgmma")
    by = T.launch_thread("blockIdx.y", 16)
    tx = T.launch_thread("threadIdx.x", 384)
    mbarrier = T.decl_buffer((8,), "uint64", scope="shared.barrier")
    if T.tl_shuffle_elect(0):
        T.call_extern("handle", "tl::prefetch_tma_descriptor", A_desc)
        T.call_extern("handle", "tl::prefetch_tma_descriptor", B_desc)
        for i in range(4):
            T.ptx_init_barrier_thread_count(mbarrier[i], 128)
            T.ptx_init_barrier_thread_count(mbarrier[i + 4], 256)
    T.ptx_fence_barrier_init()
    T.tvm_storage_sync("shared")
    T.attr([256, 128], "kWarpSpecializationScope", 0)
    if tx >= 256:
        T.set_max_nreg(40, 0)
        for ko in T.serial(32, annotations={"num_stages": 4}):
            T.mbarrier_wait_parity(mbarrier[ko % 4 + 4], T.bitwise_xor(ko % 8 // 4, 1))
            if T.tl_shuffle_elect(128):
                T.mbarrier_expect_tx(mbarrier[ko % 4], 24576)
                T.tma_load(A_desc, mbarrier[ko % 4], T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, ko % 4 * 8192, 8192, 2), ko * 64, by * 128, 0)
                T.tma_load(B_desc, mbarrier[ko % 4], T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, 32768 + ko % 4 * 4096, 4096, 2), bx * 64, ko * 64, 0)
            T.ptx_arrive_barrier(mbarrier[ko % 4])
    else:
        T.set_max_nreg(232, 1)
        for i in T.unroll(32):
            C_local_1 = T.Buffer((64,), data=C_local, scope="local")
            C_local_1[i * 2:i * 2 + 2] = T.Broadcast(T.float32(0.0), 2)
        for ko in T.serial(32, annotations={"num_stages": 4}):
            T.mbarrier_wait_parity(mbarrier[ko % 4], ko % 8 // 4)
            desc_a_1 = T.Buffer((1,), "uint64", data=desc_a, scope="local.descriptor.wgmma")
            T.initialize_wgmma_descriptor(desc_a_1[0], T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, ko % 4 * 8192 + tx // 128 * 4096, 4096, 1), 1, 1, 64)
            desc_b_1 = T.Buffer((1,), "uint64", data=desc_b, scope="local.descriptor.wgmma")
            T.initialize_wgmma_descriptor(desc_b_1[0], T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, 32768 + ko % 4 * 4096, 4096, 1), 1, 1, 64)
            T.warpgroup_fence_operand("float32", C_local, 0, 64)
            T.warpgroup_arrive()
            for ki in T.unroll(4):
                T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(False), "fp16", "fp16", "fp32", desc_a, T.shift_right(ki * 32, 4), desc_b, T.shift_right(ki * 32, 4), C_local, 0, T.bool(True), 1, 1)
            T.warpgroup_commit_batch()
            T.warpgroup_wait(0)
            T.warpgroup_fence_operand("float32", C_local, 0, 64)
            T.ptx_arrive_barrier(mbarrier[ko % 4 + 4])
        for i in T.unroll(8):
            C_pack = T.Buffer((32,), "uint32", data=C_local, scope="local")
            T.ptx_stmatrix(0, 4, T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, 49152 + tx // 128 * 4096 + tx % 128 // 16 * 512 + i * 64 + tx % 16 * 4, 32, 2), C_pack[i * 4], C_pack[i * 4 + 1], C_pack[i * 4 + 2], C_pack[i * 4 + 3])
        if tx == 0:
            T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, 49152, 8192, 1), bx * 64, by * 128)
            T.tma_store_arrive()
            T.tma_store_wait()

# ==== expect tilelang-9f25954
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(A_desc: T.handle("uint8x128", "grid_constant"), B_desc: T.handle("uint8x128", "grid_constant"), C_desc: T.handle("uint8x128", "grid_constant")):
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.is_global_func": T.bool(True), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 32)
#     buf_dyn_shmem = T.allocate([114688], "uint8", "shared.dyn")
#     C_local = T.allocate([64], "float32", "local")
#     desc_a = T.allocate([1], "uint64", "local.descriptor.wgmma")
#     desc_b = T.allocate([1], "uint64", "local.descriptor.wgmma")
#     by = T.launch_thread("blockIdx.y", 16)
#     tx = T.launch_thread("threadIdx.x", 384)
#     mbarrier = T.decl_buffer((8,), "uint64", scope="shared.barrier")
#     if T.tl_shuffle_elect(0):
#         T.call_extern("handle", "tl::prefetch_tma_descriptor", A_desc)
#         T.call_extern("handle", "tl::prefetch_tma_descriptor", B_desc)
#         for i in range(4):
#             T.ptx_init_barrier_thread_count(mbarrier[i], 128)
#             T.ptx_init_barrier_thread_count(mbarrier[i + 4], 256)
#     T.ptx_fence_barrier_init()
#     T.tvm_storage_sync("shared")
#     T.attr([256, 128], "kWarpSpecializationScope", 0)
#     if tx >= 256:
#         T.set_max_nreg(40, 0)
#         for ko in T.serial(32, annotations={"num_stages": 4}):
#             T.mbarrier_wait_parity(mbarrier[ko % 4 + 4], T.bitwise_xor(ko % 8 // 4, 1))
#             if T.tl_shuffle_elect(128):
#                 T.mbarrier_expect_tx(mbarrier[ko % 4], 24576)
#                 T.tma_load(A_desc, mbarrier[ko % 4], T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, ko % 4 * 8192, 8192, 2), ko * 64, by * 128, 0)
#                 T.tma_load(B_desc, mbarrier[ko % 4], T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, 32768 + ko % 4 * 4096, 4096, 2), bx * 64, ko * 64, 0)
#             T.ptx_arrive_barrier(mbarrier[ko % 4])
#     else:
#         T.set_max_nreg(232, 1)
#         for i in T.unroll(32):
#             C_local_1 = T.Buffer((64,), data=C_local, scope="local")
#             C_local_1[i * 2:i * 2 + 2] = T.Broadcast(T.float32(0.0), 2)
#         for ko in T.serial(32, annotations={"num_stages": 4}):
#             T.mbarrier_wait_parity(mbarrier[ko % 4], ko % 8 // 4)
#             desc_a_1 = T.Buffer((1,), "uint64", data=desc_a, scope="local.descriptor.wgmma")
#             T.initialize_wgmma_descriptor(desc_a_1[0], T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, ko % 4 * 8192 + tx // 128 * 4096, 4096, 1), 1, 1, 64)
#             desc_b_1 = T.Buffer((1,), "uint64", data=desc_b, scope="local.descriptor.wgmma")
#             T.initialize_wgmma_descriptor(desc_b_1[0], T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, 32768 + ko % 4 * 4096, 4096, 1), 1, 1, 64)
#             T.warpgroup_fence_operand("float32", C_local, 0, 64)
#             T.warpgroup_arrive()
#             for ki in T.unroll(4):
#                 T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(False), "fp16", "fp16", "fp32", desc_a, T.shift_right(ki * 32, 4), desc_b, T.shift_right(ki * 32, 4), C_local, 0, T.bool(True), 1, 1)
#             T.warpgroup_commit_batch()
#             T.warpgroup_wait(0)
#             T.warpgroup_fence_operand("float32", C_local, 0, 64)
#             T.ptx_arrive_barrier(mbarrier[ko % 4 + 4])
#         for i in T.unroll(8):
#             C_pack = T.Buffer((32,), "uint32", data=C_local, scope="local")
#             T.ptx_stmatrix(0, 4, T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, 49152 + tx // 128 * 4096 + tx % 128 // 16 * 512 + i * 64 + tx % 16 * 4, 32, 2), C_pack[i * 4], C_pack[i * 4 + 1], C_pack[i * 4 + 2], C_pack[i * 4 + 3])
#         if tx == 0:
#             T.fence_proxy_async()
#             T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, 49152, 8192, 1), bx * 64, by * 128)
#             T.tma_store_arrive()
#             T.tma_store_wait()
# ==== expect tilelang-head
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(A_desc: T.handle("uint8x128", "grid_constant"), B_desc: T.handle("uint8x128", "grid_constant"), C_desc: T.handle("uint8x128", "grid_constant")):
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.is_global_func": T.bool(True), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 32)
#     buf_dyn_shmem = T.allocate([114688], "uint8", "shared.dyn")
#     C_local = T.allocate([64], "float32", "local")
#     desc_a = T.allocate([1], "uint64", "local.descriptor.wgmma")
#     desc_b = T.allocate([1], "uint64", "local.descriptor.wgmma")
#     by = T.launch_thread("blockIdx.y", 16)
#     tx = T.launch_thread("threadIdx.x", 384)
#     mbarrier = T.decl_buffer((8,), "uint64", scope="shared.barrier")
#     if T.tl_shuffle_elect(0):
#         T.call_extern("handle", "tl::prefetch_tma_descriptor", A_desc)
#         T.call_extern("handle", "tl::prefetch_tma_descriptor", B_desc)
#         for i in range(4):
#             T.ptx_init_barrier_thread_count(mbarrier[i], 128)
#             T.ptx_init_barrier_thread_count(mbarrier[i + 4], 256)
#     T.ptx_fence_barrier_init()
#     T.tvm_storage_sync("shared")
#     T.attr([256, 128], "kWarpSpecializationScope", 0)
#     if tx >= 256:
#         T.set_max_nreg(40, 0)
#         for ko in T.serial(32, annotations={"num_stages": 4}):
#             T.mbarrier_wait_parity(mbarrier[ko % 4 + 4], T.bitwise_xor(ko % 8 // 4, 1))
#             if T.tl_shuffle_elect(128):
#                 T.mbarrier_expect_tx(mbarrier[ko % 4], 24576)
#                 T.tma_load(A_desc, mbarrier[ko % 4], T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, ko % 4 * 8192, 8192, 2), ko * 64, by * 128, 0)
#                 T.tma_load(B_desc, mbarrier[ko % 4], T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, 32768 + ko % 4 * 4096, 4096, 2), bx * 64, ko * 64, 0)
#             T.ptx_arrive_barrier(mbarrier[ko % 4])
#     else:
#         T.set_max_nreg(232, 1)
#         for i in T.unroll(32):
#             C_local_1 = T.Buffer((64,), data=C_local, scope="local")
#             C_local_1[i * 2:i * 2 + 2] = T.Broadcast(T.float32(0.0), 2)
#         for ko in T.serial(32, annotations={"num_stages": 4}):
#             T.mbarrier_wait_parity(mbarrier[ko % 4], ko % 8 // 4)
#             desc_a_1 = T.Buffer((1,), "uint64", data=desc_a, scope="local.descriptor.wgmma")
#             T.initialize_wgmma_descriptor(desc_a_1[0], T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, ko % 4 * 8192 + tx // 128 * 4096, 4096, 1), 1, 1, 64)
#             desc_b_1 = T.Buffer((1,), "uint64", data=desc_b, scope="local.descriptor.wgmma")
#             T.initialize_wgmma_descriptor(desc_b_1[0], T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, 32768 + ko % 4 * 4096, 4096, 1), 1, 1, 64)
#             T.warpgroup_fence_operand("float32", C_local, 0, 64)
#             T.warpgroup_arrive()
#             for ki in T.unroll(4):
#                 T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(False), "fp16", "fp16", "fp32", desc_a, T.shift_right(ki * 32, 4), desc_b, T.shift_right(ki * 32, 4), C_local, 0, T.bool(True), 1, 1)
#             T.warpgroup_commit_batch()
#             T.warpgroup_wait(0)
#             T.warpgroup_fence_operand("float32", C_local, 0, 64)
#             T.ptx_arrive_barrier(mbarrier[ko % 4 + 4])
#         for i in T.unroll(8):
#             C_pack = T.Buffer((32,), "uint32", data=C_local, scope="local")
#             T.ptx_stmatrix(0, 4, T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, 49152 + tx // 128 * 4096 + tx % 128 // 16 * 512 + i * 64 + tx % 16 * 4, 32, 2), C_pack[i * 4], C_pack[i * 4 + 1], C_pack[i * 4 + 2], C_pack[i * 4 + 3])
#         if tx == 0:
#             T.fence_proxy_async()
#             T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, 49152, 8192, 1), bx * 64, by * 128)
#             T.tma_store_arrive()
#             T.tma_store_wait()
# ==== expect tilelang-legacy
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(A_desc: T.handle("uint8x128", "grid_constant"), B_desc: T.handle("uint8x128", "grid_constant"), C_desc: T.handle("uint8x128", "grid_constant")):
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.is_global_func": T.bool(True), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 32)
#     buf_dyn_shmem = T.allocate([114688], "uint8", "shared.dyn")
#     C_local = T.allocate([64], "float32", "local")
#     desc_a = T.allocate([1], "uint64", "local.descriptor.wgmma")
#     desc_b = T.allocate([1], "uint64", "local.descriptor.wgmma")
#     by = T.launch_thread("blockIdx.y", 16)
#     tx = T.launch_thread("threadIdx.x", 384)
#     mbarrier = T.decl_buffer((8,), "uint64", scope="shared.barrier")
#     if T.tl_shuffle_elect(0):
#         T.call_extern("handle", "tl::prefetch_tma_descriptor", A_desc)
#         T.call_extern("handle", "tl::prefetch_tma_descriptor", B_desc)
#         for i in range(4):
#             T.ptx_init_barrier_thread_count(mbarrier[i], 128)
#             T.ptx_init_barrier_thread_count(mbarrier[i + 4], 256)
#     T.ptx_fence_barrier_init()
#     T.tvm_storage_sync("shared")
#     T.attr([256, 128], "kWarpSpecializationScope", 0)
#     if tx >= 256:
#         T.set_max_nreg(40, 0)
#         for ko in T.serial(32, annotations={"num_stages": 4}):
#             T.mbarrier_wait_parity(mbarrier[ko % 4 + 4], T.bitwise_xor(ko % 8 // 4, 1))
#             if T.tl_shuffle_elect(128):
#                 T.mbarrier_expect_tx(mbarrier[ko % 4], 24576)
#                 T.tma_load(A_desc, mbarrier[ko % 4], T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, ko % 4 * 8192, 8192, 2), ko * 64, by * 128, 0)
#                 T.tma_load(B_desc, mbarrier[ko % 4], T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, 32768 + ko % 4 * 4096, 4096, 2), bx * 64, ko * 64, 0)
#             T.ptx_arrive_barrier(mbarrier[ko % 4])
#     else:
#         T.set_max_nreg(232, 1)
#         for i in T.unroll(32):
#             C_local_1 = T.Buffer((64,), data=C_local, scope="local")
#             C_local_1[i * 2:i * 2 + 2] = T.Broadcast(T.float32(0.0), 2)
#         for ko in T.serial(32, annotations={"num_stages": 4}):
#             T.mbarrier_wait_parity(mbarrier[ko % 4], ko % 8 // 4)
#             desc_a_1 = T.Buffer((1,), "uint64", data=desc_a, scope="local.descriptor.wgmma")
#             T.initialize_wgmma_descriptor(desc_a_1[0], T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, ko % 4 * 8192 + tx // 128 * 4096, 4096, 1), 1, 1, 64)
#             desc_b_1 = T.Buffer((1,), "uint64", data=desc_b, scope="local.descriptor.wgmma")
#             T.initialize_wgmma_descriptor(desc_b_1[0], T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, 32768 + ko % 4 * 4096, 4096, 1), 1, 1, 64)
#             T.warpgroup_fence_operand("float32", C_local, 0, 64)
#             T.warpgroup_arrive()
#             T.fence_proxy_async()
#             for ki in T.unroll(4):
#                 T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(False), "fp16", "fp16", "fp32", desc_a, T.shift_right(ki * 32, 4), desc_b, T.shift_right(ki * 32, 4), C_local, 0, T.bool(True), 1, 1)
#             T.warpgroup_commit_batch()
#             T.warpgroup_wait(0)
#             T.warpgroup_fence_operand("float32", C_local, 0, 64)
#             T.ptx_arrive_barrier(mbarrier[ko % 4 + 4])
#         for i in T.unroll(8):
#             C_pack = T.Buffer((32,), "uint32", data=C_local, scope="local")
#             T.ptx_stmatrix(0, 4, T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, 49152 + tx // 128 * 4096 + tx % 128 // 16 * 512 + i * 64 + tx % 16 * 4, 32, 2), C_pack[i * 4], C_pack[i * 4 + 1], C_pack[i * 4 + 2], C_pack[i * 4 + 3])
#         T.fence_proxy_async()
#         if tx == 0:
#             T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, 49152, 8192, 1), bx * 64, by * 128)
#             T.tma_store_arrive()
#             T.tma_store_wait()
#             T.tma_store_arrive()
#             T.tma_store_wait()
# ==== expect identity
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(A_desc: T.handle("uint8x128", "grid_constant"), B_desc: T.handle("uint8x128", "grid_constant"), C_desc: T.handle("uint8x128", "grid_constant")):
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.is_global_func": T.bool(True), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 32)
#     buf_dyn_shmem = T.allocate([114688], "uint8", "shared.dyn")
#     C_local = T.allocate([64], "float32", "local")
#     desc_a = T.allocate([1], "uint64", "local.descriptor.wgmma")
#     desc_b = T.allocate([1], "uint64", "local.descriptor.wgmma")
#     by = T.launch_thread("blockIdx.y", 16)
#     tx = T.launch_thread("threadIdx.x", 384)
#     mbarrier = T.decl_buffer((8,), "uint64", scope="shared.barrier")
#     if T.tl_shuffle_elect(0):
#         T.call_extern("handle", "tl::prefetch_tma_descriptor", A_desc)
#         T.call_extern("handle", "tl::prefetch_tma_descriptor", B_desc)
#         for i in range(4):
#             T.ptx_init_barrier_thread_count(mbarrier[i], 128)
#             T.ptx_init_barrier_thread_count(mbarrier[i + 4], 256)
#     T.ptx_fence_barrier_init()
#     T.tvm_storage_sync("shared")
#     T.attr([256, 128], "kWarpSpecializationScope", 0)
#     if tx >= 256:
#         T.set_max_nreg(40, 0)
#         for ko in T.serial(32, annotations={"num_stages": 4}):
#             T.mbarrier_wait_parity(mbarrier[ko % 4 + 4], T.bitwise_xor(ko % 8 // 4, 1))
#             if T.tl_shuffle_elect(128):
#                 T.mbarrier_expect_tx(mbarrier[ko % 4], 24576)
#                 T.tma_load(A_desc, mbarrier[ko % 4], T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, ko % 4 * 8192, 8192, 2), ko * 64, by * 128, 0)
#                 T.tma_load(B_desc, mbarrier[ko % 4], T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, 32768 + ko % 4 * 4096, 4096, 2), bx * 64, ko * 64, 0)
#             T.ptx_arrive_barrier(mbarrier[ko % 4])
#     else:
#         T.set_max_nreg(232, 1)
#         for i in T.unroll(32):
#             C_local_1 = T.Buffer((64,), data=C_local, scope="local")
#             C_local_1[i * 2:i * 2 + 2] = T.Broadcast(T.float32(0.0), 2)
#         for ko in T.serial(32, annotations={"num_stages": 4}):
#             T.mbarrier_wait_parity(mbarrier[ko % 4], ko % 8 // 4)
#             desc_a_1 = T.Buffer((1,), "uint64", data=desc_a, scope="local.descriptor.wgmma")
#             T.initialize_wgmma_descriptor(desc_a_1[0], T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, ko % 4 * 8192 + tx // 128 * 4096, 4096, 1), 1, 1, 64)
#             desc_b_1 = T.Buffer((1,), "uint64", data=desc_b, scope="local.descriptor.wgmma")
#             T.initialize_wgmma_descriptor(desc_b_1[0], T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, 32768 + ko % 4 * 4096, 4096, 1), 1, 1, 64)
#             T.warpgroup_fence_operand("float32", C_local, 0, 64)
#             T.warpgroup_arrive()
#             for ki in T.unroll(4):
#                 T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(False), "fp16", "fp16", "fp32", desc_a, T.shift_right(ki * 32, 4), desc_b, T.shift_right(ki * 32, 4), C_local, 0, T.bool(True), 1, 1)
#             T.warpgroup_commit_batch()
#             T.warpgroup_wait(0)
#             T.warpgroup_fence_operand("float32", C_local, 0, 64)
#             T.ptx_arrive_barrier(mbarrier[ko % 4 + 4])
#         for i in T.unroll(8):
#             C_pack = T.Buffer((32,), "uint32", data=C_local, scope="local")
#             T.ptx_stmatrix(0, 4, T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, 49152 + tx // 128 * 4096 + tx % 128 // 16 * 512 + i * 64 + tx % 16 * 4, 32, 2), C_pack[i * 4], C_pack[i * 4 + 1], C_pack[i * 4 + 2], C_pack[i * 4 + 3])
#         if tx == 0:
#             T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, 49152, 8192, 1), bx * 64, by * 128)
#             T.tma_store_arrive()
#             T.tma_store_wait()
