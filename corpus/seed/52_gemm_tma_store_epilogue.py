# Realistic: single-warpgroup pipelined TMA GEMM (thread 0 issues the loads) with a
#   TMA-store epilogue in two halves: the consumer writes C_shared with
#   `C_shared[...] = T.Cast(...)` stores, then `if tx == 0:` tma_store; the first
#   half has NO handshake after the store, the second has tma_store_arrive();
#   tma_store_wait().
# 9f25954: main loop: tma_loads and wgmmas, never after a Generic: no fence. First
#   half: stores -> {Generic}: fence right before the first tma_store (inside its if,
#   no hoist: no else); nothing appended. Second half: stores -> {Generic}: fence
#   right before the second tma_store. Total 2 fences, both inside `if tx == 0`.
# legacy: main loop body: warpgroup_arrive (generic) -> `for ki` (async): fence right
#   before `for ki` (every iteration). Epilogue: each store loop (generic) is followed
#   by an async if (tma_store + handshake): fence right before each `if tx == 0`
#   (outside it). Handshake appended after BOTH tma_stores (so the second one has it
#   twice). Total 3 fences.
# head: same as 9f25954.
# identity: unchanged.
# from tvm.script import tir as T

@T.prim_func
def main(A_desc: T.handle("uint8x128", "grid_constant"), B_desc: T.handle("uint8x128", "grid_constant"), C_desc: T.handle("uint8x128", "grid_constant")):
    T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.is_global_func": T.bool(True), "tir.noalias": T.bool(True)})
    bx = T.launch_thread("blockIdx.x", 8)
    buf_dyn_shmem = T.allocate([65536], "uint8", "shared.dyn")
    C_local = T.allocate([64], "float32", "local")
    desc_a = T.allocate([1], "uint64", "local.descriptor.wgmma")
    desc_b = T.allocate([1], "uint64", "local.descriptor.wgmma")
    by = T.launch_thread("blockIdx.y", 16)
    tx = T.launch_thread("threadIdx.x", 128)
    mbarrier = T.decl_buffer((2,), "uint64", scope="shared.barrier")
    if tx == 0:
        T.ptx_init_barrier_thread_count(mbarrier[0], 1)
        T.ptx_init_barrier_thread_count(mbarrier[1], 1)
    T.ptx_fence_barrier_init()
    T.tvm_storage_sync("shared")
    C_local_1 = T.Buffer((64,), data=C_local, scope="local")
    for i in T.unroll(32):
        C_local_1[i * 2:i * 2 + 2] = T.Broadcast(T.float32(0.0), 2)
    for ko in T.serial(16, annotations={"num_stages": 2}):
        if tx == 0:
            T.mbarrier_expect_tx(mbarrier[ko % 2], 16384)
            T.tma_load(A_desc, mbarrier[ko % 2], T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, ko % 2 * 4096, 4096, 2), ko * 64, by * 64, 0)
            T.tma_load(B_desc, mbarrier[ko % 2], T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, 8192 + ko % 2 * 8192, 8192, 2), bx * 128, ko * 64, 0)
        T.mbarrier_wait_parity(mbarrier[ko % 2], ko // 2 % 2)
        desc_a_1 = T.Buffer((1,), "uint64", data=desc_a, scope="local.descriptor.wgmma")
        T.initialize_wgmma_descriptor(desc_a_1[0], T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, ko % 2 * 4096, 4096, 1), 1, 1, 64)
        desc_b_1 = T.Buffer((1,), "uint64", data=desc_b, scope="local.descriptor.wgmma")
        T.initialize_wgmma_descriptor(desc_b_1[0], T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, 8192 + ko % 2 * 8192, 8192, 1), 1, 1, 64)
        T.warpgroup_arrive()
        for ki in T.unroll(4):
            T.ptx_wgmma_ss("m64n128k16", T.bool(True), T.bool(False), "fp16", "fp16", "fp32", desc_a, T.shift_right(ki * 32, 4), desc_b, T.shift_right(ki * 32, 4), C_local, 0, T.bool(True), 1, 1)
        T.warpgroup_commit_batch()
        T.warpgroup_wait(0)
    C_shared = T.Buffer((8192,), "float16", data=buf_dyn_shmem, scope="shared.dyn")
    for i in T.unroll(16):
        C_shared[tx // 32 * 1024 + i // 2 * 128 + tx % 32 // 4 * 16 + i % 2 * 8 + tx % 4 * 2:tx // 32 * 1024 + i // 2 * 128 + tx % 32 // 4 * 16 + i % 2 * 8 + tx % 4 * 2 + 2] = T.Cast("float16x2", C_local_1[i * 2:i * 2 + 2])
    if tx == 0:
        T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, 0, 4096, 1), bx * 128, by * 64)
    for i in T.unroll(16):
        C_shared[4096 + tx // 32 * 1024 + i // 2 * 128 + tx % 32 // 4 * 16 + i % 2 * 8 + tx % 4 * 2:4096 + tx // 32 * 1024 + i // 2 * 128 + tx % 32 // 4 * 16 + i % 2 * 8 + tx % 4 * 2 + 2] = T.Cast("float16x2", C_local_1[32 + i * 2:32 + i * 2 + 2])
    if tx == 0:
        T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, 4096, 4096, 1), bx * 128 + 64, by * 64)
        T.tma_store_arrive()
        T.tma_store_wait()

# ==== expect tilelang-9f25954
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(A_desc: T.handle("uint8x128", "grid_constant"), B_desc: T.handle("uint8x128", "grid_constant"), C_desc: T.handle("uint8x128", "grid_constant")):
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.is_global_func": T.bool(True), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 8)
#     buf_dyn_shmem = T.allocate([65536], "uint8", "shared.dyn")
#     C_local = T.allocate([64], "float32", "local")
#     desc_a = T.allocate([1], "uint64", "local.descriptor.wgmma")
#     desc_b = T.allocate([1], "uint64", "local.descriptor.wgmma")
#     by = T.launch_thread("blockIdx.y", 16)
#     tx = T.launch_thread("threadIdx.x", 128)
#     mbarrier = T.decl_buffer((2,), "uint64", scope="shared.barrier")
#     if tx == 0:
#         T.ptx_init_barrier_thread_count(mbarrier[0], 1)
#         T.ptx_init_barrier_thread_count(mbarrier[1], 1)
#     T.ptx_fence_barrier_init()
#     T.tvm_storage_sync("shared")
#     C_local_1 = T.Buffer((64,), data=C_local, scope="local")
#     for i in T.unroll(32):
#         C_local_1[i * 2:i * 2 + 2] = T.Broadcast(T.float32(0.0), 2)
#     for ko in T.serial(16, annotations={"num_stages": 2}):
#         if tx == 0:
#             T.mbarrier_expect_tx(mbarrier[ko % 2], 16384)
#             T.tma_load(A_desc, mbarrier[ko % 2], T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, ko % 2 * 4096, 4096, 2), ko * 64, by * 64, 0)
#             T.tma_load(B_desc, mbarrier[ko % 2], T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, 8192 + ko % 2 * 8192, 8192, 2), bx * 128, ko * 64, 0)
#         T.mbarrier_wait_parity(mbarrier[ko % 2], ko // 2 % 2)
#         desc_a_1 = T.Buffer((1,), "uint64", data=desc_a, scope="local.descriptor.wgmma")
#         T.initialize_wgmma_descriptor(desc_a_1[0], T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, ko % 2 * 4096, 4096, 1), 1, 1, 64)
#         desc_b_1 = T.Buffer((1,), "uint64", data=desc_b, scope="local.descriptor.wgmma")
#         T.initialize_wgmma_descriptor(desc_b_1[0], T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, 8192 + ko % 2 * 8192, 8192, 1), 1, 1, 64)
#         T.warpgroup_arrive()
#         for ki in T.unroll(4):
#             T.ptx_wgmma_ss("m64n128k16", T.bool(True), T.bool(False), "fp16", "fp16", "fp32", desc_a, T.shift_right(ki * 32, 4), desc_b, T.shift_right(ki * 32, 4), C_local, 0, T.bool(True), 1, 1)
#         T.warpgroup_commit_batch()
#         T.warpgroup_wait(0)
#     C_shared = T.Buffer((8192,), "float16", data=buf_dyn_shmem, scope="shared.dyn")
#     for i in T.unroll(16):
#         C_shared[tx // 32 * 1024 + i // 2 * 128 + tx % 32 // 4 * 16 + i % 2 * 8 + tx % 4 * 2:tx // 32 * 1024 + i // 2 * 128 + tx % 32 // 4 * 16 + i % 2 * 8 + tx % 4 * 2 + 2] = T.Cast("float16x2", C_local_1[i * 2:i * 2 + 2])
#     if tx == 0:
#         T.fence_proxy_async()
#         T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, 0, 4096, 1), bx * 128, by * 64)
#     for i in T.unroll(16):
#         C_shared[4096 + tx // 32 * 1024 + i // 2 * 128 + tx % 32 // 4 * 16 + i % 2 * 8 + tx % 4 * 2:4096 + tx // 32 * 1024 + i // 2 * 128 + tx % 32 // 4 * 16 + i % 2 * 8 + tx % 4 * 2 + 2] = T.Cast("float16x2", C_local_1[32 + i * 2:32 + i * 2 + 2])
#     if tx == 0:
#         T.fence_proxy_async()
#         T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, 4096, 4096, 1), bx * 128 + 64, by * 64)
#         T.tma_store_arrive()
#         T.tma_store_wait()
# ==== expect tilelang-head
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(A_desc: T.handle("uint8x128", "grid_constant"), B_desc: T.handle("uint8x128", "grid_constant"), C_desc: T.handle("uint8x128", "grid_constant")):
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.is_global_func": T.bool(True), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 8)
#     buf_dyn_shmem = T.allocate([65536], "uint8", "shared.dyn")
#     C_local = T.allocate([64], "float32", "local")
#     desc_a = T.allocate([1], "uint64", "local.descriptor.wgmma")
#     desc_b = T.allocate([1], "uint64", "local.descriptor.wgmma")
#     by = T.launch_thread("blockIdx.y", 16)
#     tx = T.launch_thread("threadIdx.x", 128)
#     mbarrier = T.decl_buffer((2,), "uint64", scope="shared.barrier")
#     if tx == 0:
#         T.ptx_init_barrier_thread_count(mbarrier[0], 1)
#         T.ptx_init_barrier_thread_count(mbarrier[1], 1)
#     T.ptx_fence_barrier_init()
#     T.tvm_storage_sync("shared")
#     C_local_1 = T.Buffer((64,), data=C_local, scope="local")
#     for i in T.unroll(32):
#         C_local_1[i * 2:i * 2 + 2] = T.Broadcast(T.float32(0.0), 2)
#     for ko in T.serial(16, annotations={"num_stages": 2}):
#         if tx == 0:
#             T.mbarrier_expect_tx(mbarrier[ko % 2], 16384)
#             T.tma_load(A_desc, mbarrier[ko % 2], T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, ko % 2 * 4096, 4096, 2), ko * 64, by * 64, 0)
#             T.tma_load(B_desc, mbarrier[ko % 2], T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, 8192 + ko % 2 * 8192, 8192, 2), bx * 128, ko * 64, 0)
#         T.mbarrier_wait_parity(mbarrier[ko % 2], ko // 2 % 2)
#         desc_a_1 = T.Buffer((1,), "uint64", data=desc_a, scope="local.descriptor.wgmma")
#         T.initialize_wgmma_descriptor(desc_a_1[0], T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, ko % 2 * 4096, 4096, 1), 1, 1, 64)
#         desc_b_1 = T.Buffer((1,), "uint64", data=desc_b, scope="local.descriptor.wgmma")
#         T.initialize_wgmma_descriptor(desc_b_1[0], T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, 8192 + ko % 2 * 8192, 8192, 1), 1, 1, 64)
#         T.warpgroup_arrive()
#         for ki in T.unroll(4):
#             T.ptx_wgmma_ss("m64n128k16", T.bool(True), T.bool(False), "fp16", "fp16", "fp32", desc_a, T.shift_right(ki * 32, 4), desc_b, T.shift_right(ki * 32, 4), C_local, 0, T.bool(True), 1, 1)
#         T.warpgroup_commit_batch()
#         T.warpgroup_wait(0)
#     C_shared = T.Buffer((8192,), "float16", data=buf_dyn_shmem, scope="shared.dyn")
#     for i in T.unroll(16):
#         C_shared[tx // 32 * 1024 + i // 2 * 128 + tx % 32 // 4 * 16 + i % 2 * 8 + tx % 4 * 2:tx // 32 * 1024 + i // 2 * 128 + tx % 32 // 4 * 16 + i % 2 * 8 + tx % 4 * 2 + 2] = T.Cast("float16x2", C_local_1[i * 2:i * 2 + 2])
#     if tx == 0:
#         T.fence_proxy_async()
#         T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, 0, 4096, 1), bx * 128, by * 64)
#     for i in T.unroll(16):
#         C_shared[4096 + tx // 32 * 1024 + i // 2 * 128 + tx % 32 // 4 * 16 + i % 2 * 8 + tx % 4 * 2:4096 + tx // 32 * 1024 + i // 2 * 128 + tx % 32 // 4 * 16 + i % 2 * 8 + tx % 4 * 2 + 2] = T.Cast("float16x2", C_local_1[32 + i * 2:32 + i * 2 + 2])
#     if tx == 0:
#         T.fence_proxy_async()
#         T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, 4096, 4096, 1), bx * 128 + 64, by * 64)
#         T.tma_store_arrive()
#         T.tma_store_wait()
# ==== expect tilelang-legacy
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(A_desc: T.handle("uint8x128", "grid_constant"), B_desc: T.handle("uint8x128", "grid_constant"), C_desc: T.handle("uint8x128", "grid_constant")):
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.is_global_func": T.bool(True), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 8)
#     buf_dyn_shmem = T.allocate([65536], "uint8", "shared.dyn")
#     C_local = T.allocate([64], "float32", "local")
#     desc_a = T.allocate([1], "uint64", "local.descriptor.wgmma")
#     desc_b = T.allocate([1], "uint64", "local.descriptor.wgmma")
#     by = T.launch_thread("blockIdx.y", 16)
#     tx = T.launch_thread("threadIdx.x", 128)
#     mbarrier = T.decl_buffer((2,), "uint64", scope="shared.barrier")
#     if tx == 0:
#         T.ptx_init_barrier_thread_count(mbarrier[0], 1)
#         T.ptx_init_barrier_thread_count(mbarrier[1], 1)
#     T.ptx_fence_barrier_init()
#     T.tvm_storage_sync("shared")
#     C_local_1 = T.Buffer((64,), data=C_local, scope="local")
#     for i in T.unroll(32):
#         C_local_1[i * 2:i * 2 + 2] = T.Broadcast(T.float32(0.0), 2)
#     for ko in T.serial(16, annotations={"num_stages": 2}):
#         if tx == 0:
#             T.mbarrier_expect_tx(mbarrier[ko % 2], 16384)
#             T.tma_load(A_desc, mbarrier[ko % 2], T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, ko % 2 * 4096, 4096, 2), ko * 64, by * 64, 0)
#             T.tma_load(B_desc, mbarrier[ko % 2], T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, 8192 + ko % 2 * 8192, 8192, 2), bx * 128, ko * 64, 0)
#         T.mbarrier_wait_parity(mbarrier[ko % 2], ko // 2 % 2)
#         desc_a_1 = T.Buffer((1,), "uint64", data=desc_a, scope="local.descriptor.wgmma")
#         T.initialize_wgmma_descriptor(desc_a_1[0], T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, ko % 2 * 4096, 4096, 1), 1, 1, 64)
#         desc_b_1 = T.Buffer((1,), "uint64", data=desc_b, scope="local.descriptor.wgmma")
#         T.initialize_wgmma_descriptor(desc_b_1[0], T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, 8192 + ko % 2 * 8192, 8192, 1), 1, 1, 64)
#         T.warpgroup_arrive()
#         T.fence_proxy_async()
#         for ki in T.unroll(4):
#             T.ptx_wgmma_ss("m64n128k16", T.bool(True), T.bool(False), "fp16", "fp16", "fp32", desc_a, T.shift_right(ki * 32, 4), desc_b, T.shift_right(ki * 32, 4), C_local, 0, T.bool(True), 1, 1)
#         T.warpgroup_commit_batch()
#         T.warpgroup_wait(0)
#     C_shared = T.Buffer((8192,), "float16", data=buf_dyn_shmem, scope="shared.dyn")
#     for i in T.unroll(16):
#         C_shared[tx // 32 * 1024 + i // 2 * 128 + tx % 32 // 4 * 16 + i % 2 * 8 + tx % 4 * 2:tx // 32 * 1024 + i // 2 * 128 + tx % 32 // 4 * 16 + i % 2 * 8 + tx % 4 * 2 + 2] = T.Cast("float16x2", C_local_1[i * 2:i * 2 + 2])
#     T.fence_proxy_async()
#     if tx == 0:
#         T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, 0, 4096, 1), bx * 128, by * 64)
#         T.tma_store_arrive()
#         T.tma_store_wait()
#     for i in T.unroll(16):
#         C_shared[4096 + tx // 32 * 1024 + i // 2 * 128 + tx % 32 // 4 * 16 + i % 2 * 8 + tx % 4 * 2:4096 + tx // 32 * 1024 + i // 2 * 128 + tx % 32 // 4 * 16 + i % 2 * 8 + tx % 4 * 2 + 2] = T.Cast("float16x2", C_local_1[32 + i * 2:32 + i * 2 + 2])
#     T.fence_proxy_async()
#     if tx == 0:
#         T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, 4096, 4096, 1), bx * 128 + 64, by * 64)
#         T.tma_store_arrive()
#         T.tma_store_wait()
#         T.tma_store_arrive()
#         T.tma_store_wait()
# ==== expect identity
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(A_desc: T.handle("uint8x128", "grid_constant"), B_desc: T.handle("uint8x128", "grid_constant"), C_desc: T.handle("uint8x128", "grid_constant")):
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.is_global_func": T.bool(True), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 8)
#     buf_dyn_shmem = T.allocate([65536], "uint8", "shared.dyn")
#     C_local = T.allocate([64], "float32", "local")
#     desc_a = T.allocate([1], "uint64", "local.descriptor.wgmma")
#     desc_b = T.allocate([1], "uint64", "local.descriptor.wgmma")
#     by = T.launch_thread("blockIdx.y", 16)
#     tx = T.launch_thread("threadIdx.x", 128)
#     mbarrier = T.decl_buffer((2,), "uint64", scope="shared.barrier")
#     if tx == 0:
#         T.ptx_init_barrier_thread_count(mbarrier[0], 1)
#         T.ptx_init_barrier_thread_count(mbarrier[1], 1)
#     T.ptx_fence_barrier_init()
#     T.tvm_storage_sync("shared")
#     C_local_1 = T.Buffer((64,), data=C_local, scope="local")
#     for i in T.unroll(32):
#         C_local_1[i * 2:i * 2 + 2] = T.Broadcast(T.float32(0.0), 2)
#     for ko in T.serial(16, annotations={"num_stages": 2}):
#         if tx == 0:
#             T.mbarrier_expect_tx(mbarrier[ko % 2], 16384)
#             T.tma_load(A_desc, mbarrier[ko % 2], T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, ko % 2 * 4096, 4096, 2), ko * 64, by * 64, 0)
#             T.tma_load(B_desc, mbarrier[ko % 2], T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, 8192 + ko % 2 * 8192, 8192, 2), bx * 128, ko * 64, 0)
#         T.mbarrier_wait_parity(mbarrier[ko % 2], ko // 2 % 2)
#         desc_a_1 = T.Buffer((1,), "uint64", data=desc_a, scope="local.descriptor.wgmma")
#         T.initialize_wgmma_descriptor(desc_a_1[0], T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, ko % 2 * 4096, 4096, 1), 1, 1, 64)
#         desc_b_1 = T.Buffer((1,), "uint64", data=desc_b, scope="local.descriptor.wgmma")
#         T.initialize_wgmma_descriptor(desc_b_1[0], T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, 8192 + ko % 2 * 8192, 8192, 1), 1, 1, 64)
#         T.warpgroup_arrive()
#         for ki in T.unroll(4):
#             T.ptx_wgmma_ss("m64n128k16", T.bool(True), T.bool(False), "fp16", "fp16", "fp32", desc_a, T.shift_right(ki * 32, 4), desc_b, T.shift_right(ki * 32, 4), C_local, 0, T.bool(True), 1, 1)
#         T.warpgroup_commit_batch()
#         T.warpgroup_wait(0)
#     C_shared = T.Buffer((8192,), "float16", data=buf_dyn_shmem, scope="shared.dyn")
#     for i in T.unroll(16):
#         C_shared[tx // 32 * 1024 + i // 2 * 128 + tx % 32 // 4 * 16 + i % 2 * 8 + tx % 4 * 2:tx // 32 * 1024 + i // 2 * 128 + tx % 32 // 4 * 16 + i % 2 * 8 + tx % 4 * 2 + 2] = T.Cast("float16x2", C_local_1[i * 2:i * 2 + 2])
#     if tx == 0:
#         T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, 0, 4096, 1), bx * 128, by * 64)
#     for i in T.unroll(16):
#         C_shared[4096 + tx // 32 * 1024 + i // 2 * 128 + tx % 32 // 4 * 16 + i % 2 * 8 + tx % 4 * 2:4096 + tx // 32 * 1024 + i // 2 * 128 + tx % 32 // 4 * 16 + i % 2 * 8 + tx % 4 * 2 + 2] = T.Cast("float16x2", C_local_1[32 + i * 2:32 + i * 2 + 2])
#     if tx == 0:
#         T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, 4096, 4096, 1), bx * 128 + 64, by * 64)
#         T.tma_store_arrive()
#         T.tma_store_wait()
