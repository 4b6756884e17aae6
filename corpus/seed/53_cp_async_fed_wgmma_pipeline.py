# Realistic: an Ampere-style cp.async double-buffered pipeline feeding wgmma (no TMA):
#   every iteration issues ptx_cp_async (generic proxy writes, rw_mask 2) for the next
#   stage, waits for the current one, and runs wgmma on it. The wgmma needs a fence
#   after the cp.async traffic in every iteration.
# 9f25954: the prologue cp.async loop -> {Generic}; the main loop (symbolic trip count)
#   is not pure async (cp.async inside): no hoist; fence right before ptx_wgmma_ss
#   inside the loop (entry and back edge both bring Generic). Out = {Generic, Async};
#   the epilogue writes global memory only. Total 1.
# legacy: in the loop body warpgroup_arrive (generic) -> ptx_wgmma_ss (async): a fence
#   at the same place. Same output as 9f25954.
# head: same as 9f25954.
# identity: unchanged.
# from tvm.script import tir as T

@T.prim_func
def main(A: T.handle("float16", "global"), B: T.handle("float16", "global"), C: T.handle("float32", "global"), K: T.int32):
    T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.is_global_func": T.bool(True), "tir.noalias": T.bool(True)})
    bx = T.launch_thread("blockIdx.x", 64)
    buf_dyn_shmem = T.allocate([32768], "uint8", "shared.dyn")
    C_local = T.allocate([32], "float32", "local")
    desc_a = T.allocate([1], "uint64", "local.descriptor.wgmma")
    desc_b = T.allocate([1], "uint64", "local.descriptor.wgmma")
    tx = T.launch_thread("threadIdx.x", 128)
    C_local_1 = T.Buffer((32,), data=C_local, scope="local")
    for i in T.unroll(8):
        C_local_1[i * 4:i * 4 + 4] = T.Broadcast(T.float32(0.0), 4)
    for i in T.unroll(4):
        T.ptx_cp_async(T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, i * 1024 + tx * 8, 8, 2), T.tvm_access_ptr(T.type_annotation("float16"), A, bx * 64 * K + i // 2 * 16 * K + tx // 4 * K + i % 2 * 16 + tx % 4 * 8, 8, 1), 16)
    T.ptx_commit_group()
    for ko in T.serial(K // 32, annotations={"num_stages": 2}):
        for i in T.unroll(4):
            T.ptx_cp_async(T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, (ko + 1) % 2 * 4096 + i * 1024 + tx * 8, 8, 2), T.tvm_access_ptr(T.type_annotation("float16"), B, (ko + 1) * 32 + i * 1024 + tx * 8, 8, 1), 16)
        T.ptx_commit_group()
        T.ptx_wait_group(1)
        T.tvm_storage_sync("shared")
        desc_a_1 = T.Buffer((1,), "uint64", data=desc_a, scope="local.descriptor.wgmma")
        T.initialize_wgmma_descriptor(desc_a_1[0], T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, ko % 2 * 4096, 2048, 1), 1, 1, 32)
        desc_b_1 = T.Buffer((1,), "uint64", data=desc_b, scope="local.descriptor.wgmma")
        T.initialize_wgmma_descriptor(desc_b_1[0], T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, ko % 2 * 4096 + 2048, 2048, 1), 1, 1, 32)
        T.warpgroup_arrive()
        T.ptx_wgmma_ss("m64n32k16", T.bool(True), T.bool(False), "fp16", "fp16", "fp32", desc_a, 0, desc_b, 0, C_local, 0, T.bool(True), 1, 1)
        T.warpgroup_commit_batch()
        T.warpgroup_wait(0)
    for i in T.unroll(16):
        C_1 = T.Buffer((262144,), data=C)
        C_1[bx * 4096 + tx // 32 * 1024 + i // 2 * 128 + tx % 32 // 4 * 32 + i % 2 * 8 + tx % 4 * 2:bx * 4096 + tx // 32 * 1024 + i // 2 * 128 + tx % 32 // 4 * 32 + i % 2 * 8 + tx % 4 * 2 + 2] = C_local_1[i * 2:i * 2 + 2]

# ==== expect tilelang-9f25954
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(A: T.handle("float16", "global"), B: T.handle("float16", "global"), C: T.handle("float32", "global"), K: T.int32):
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.is_global_func": T.bool(True), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 64)
#     buf_dyn_shmem = T.allocate([32768], "uint8", "shared.dyn")
#     C_local = T.allocate([32], "float32", "local")
#     desc_a = T.allocate([1], "uint64", "local.descriptor.wgmma")
#     desc_b = T.allocate([1], "uint64", "local.descriptor.wgmma")
#     tx = T.launch_thread("threadIdx.x", 128)
#     C_local_1 = T.Buffer((32,), data=C_local, scope="local")
#     for i in T.unroll(8):
#         C_local_1[i * 4:i * 4 + 4] = T.Broadcast(T.float32(0.0), 4)
#     for i in T.unroll(4):
#         T.ptx_cp_async(T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, i * 1024 + tx * 8, 8, 2), T.tvm_access_ptr(T.type_annotation("float16"), A, bx * 64 * K + i // 2 * 16 * K + tx // 4 * K + i % 2 * 16 + tx % 4 * 8, 8, 1), 16)
#     T.ptx_commit_group()
#     for ko in T.serial(K // 32, annotations={"num_stages": 2}):
#         for i in T.unroll(4):
#             T.ptx_cp_async(T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, (ko + 1) % 2 * 4096 + i * 1024 + tx * 8, 8, 2), T.tvm_access_ptr(T.type_annotation("float16"), B, (ko + 1) * 32 + i * 1024 + tx * 8, 8, 1), 16)
#         T.ptx_commit_group()
#         T.ptx_wait_group(1)
#         T.tvm_storage_sync("shared")
#         desc_a_1 = T.Buffer((1,), "uint64", data=desc_a, scope="local.descriptor.wgmma")
#         T.initialize_wgmma_descriptor(desc_a_1[0], T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, ko % 2 * 4096, 2048, 1), 1, 1, 32)
#         desc_b_1 = T.Buffer((1,), "uint64", data=desc_b, scope="local.descriptor.wgmma")
#         T.initialize_wgmma_descriptor(desc_b_1[0], T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, ko % 2 * 4096 + 2048, 2048, 1), 1, 1, 32)
#         T.warpgroup_arrive()
#         T.fence_proxy_async()
#         T.ptx_wgmma_ss("m64n32k16", T.bool(True), T.bool(False), "fp16", "fp16", "fp32", desc_a, 0, desc_b, 0, C_local, 0, T.bool(True), 1, 1)
#         T.warpgroup_commit_batch()
#         T.warpgroup_wait(0)
#     for i in T.unroll(16):
#         C_1 = T.Buffer((262144,), data=C)
#         C_1[bx * 4096 + tx // 32 * 1024 + i // 2 * 128 + tx % 32 // 4 * 32 + i % 2 * 8 + tx % 4 * 2:bx * 4096 + tx // 32 * 1024 + i // 2 * 128 + tx % 32 // 4 * 32 + i % 2 * 8 + tx % 4 * 2 + 2] = C_local_1[i * 2:i * 2 + 2]
# ==== expect tilelang-head
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(A: T.handle("float16", "global"), B: T.handle("float16", "global"), C: T.handle("float32", "global"), K: T.int32):
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.is_global_func": T.bool(True), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 64)
#     buf_dyn_shmem = T.allocate([32768], "uint8", "shared.dyn")
#     C_local = T.allocate([32], "float32", "local")
#     desc_a = T.allocate([1], "uint64", "local.descriptor.wgmma")
#     desc_b = T.allocate([1], "uint64", "local.descriptor.wgmma")
#     tx = T.launch_thread("threadIdx.x", 128)
#     C_local_1 = T.Buffer((32,), data=C_local, scope="local")
#     for i in T.unroll(8):
#         C_local_1[i * 4:i * 4 + 4] = T.Broadcast(T.float32(0.0), 4)
#     for i in T.unroll(4):
#         T.ptx_cp_async(T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, i * 1024 + tx * 8, 8, 2), T.tvm_access_ptr(T.type_annotation("float16"), A, bx * 64 * K + i // 2 * 16 * K + tx // 4 * K + i % 2 * 16 + tx % 4 * 8, 8, 1), 16)
#     T.ptx_commit_group()
#     for ko in T.serial(K // 32, annotations={"num_stages": 2}):
#         for i in T.unroll(4):
#             T.ptx_cp_async(T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, (ko + 1) % 2 * 4096 + i * 1024 + tx * 8, 8, 2), T.tvm_access_ptr(T.type_annotation("float16"), B, (ko + 1) * 32 + i * 1024 + tx * 8, 8, 1), 16)
#         T.ptx_commit_group()
#         T.ptx_wait_group(1)
#         T.tvm_storage_sync("shared")
#         desc_a_1 = T.Buffer((1,), "uint64", data=desc_a, scope="local.descriptor.wgmma")
#         T.initialize_wgmma_descriptor(desc_a_1[0], T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, ko % 2 * 4096, 2048, 1), 1, 1, 32)
#         desc_b_1 = T.Buffer((1,), "uint64", data=desc_b, scope="local.descriptor.wgmma")
#         T.initialize_wgmma_descriptor(desc_b_1[0], T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, ko % 2 * 4096 + 2048, 2048, 1), 1, 1, 32)
#         T.warpgroup_arrive()
#         T.fence_proxy_async()
#         T.ptx_wgmma_ss("m64n32k16", T.bool(True), T.bool(False), "fp16", "fp16", "fp32", desc_a, 0, desc_b, 0, C_local, 0, T.bool(True), 1, 1)
#         T.warpgroup_commit_batch()
#         T.warpgroup_wait(0)
#     for i in T.unroll(16):
#         C_1 = T.Buffer((262144,), data=C)
#         C_1[bx * 4096 + tx // 32 * 1024 + i // 2 * 128 + tx % 32 // 4 * 32 + i % 2 * 8 + tx % 4 * 2:bx * 4096 + tx // 32 * 1024 + i // 2 * 128 + tx % 32 // 4 * 32 + i % 2 * 8 + tx % 4 * 2 + 2] = C_local_1[i * 2:i * 2 + 2]
# ==== expect tilelang-legacy
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(A: T.handle("float16", "global"), B: T.handle("float16", "global"), C: T.handle("float32", "global"), K: T.int32):
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.is_global_func": T.bool(True), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 64)
#     buf_dyn_shmem = T.allocate([32768], "uint8", "shared.dyn")
#     C_local = T.allocate([32], "float32", "local")
#     desc_a = T.allocate([1], "uint64", "local.descriptor.wgmma")
#     desc_b = T.allocate([1], "uint64", "local.descriptor.wgmma")
#     tx = T.launch_thread("threadIdx.x", 128)
#     C_local_1 = T.Buffer((32,), data=C_local, scope="local")
#     for i in T.unroll(8):
#         C_local_1[i * 4:i * 4 + 4] = T.Broadcast(T.float32(0.0), 4)
#     for i in T.unroll(4):
#         T.ptx_cp_async(T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, i * 1024 + tx * 8, 8, 2), T.tvm_access_ptr(T.type_annotation("float16"), A, bx * 64 * K + i // 2 * 16 * K + tx // 4 * K + i % 2 * 16 + tx % 4 * 8, 8, 1), 16)
#     T.ptx_commit_group()
#     for ko in T.serial(K // 32, annotations={"num_stages": 2}):
#         for i in T.unroll(4):
#             T.ptx_cp_async(T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, (ko + 1) % 2 * 4096 + i * 1024 + tx * 8, 8, 2), T.tvm_access_ptr(T.type_annotation("float16"), B, (ko + 1) * 32 + i * 1024 + tx * 8, 8, 1), 16)
#         T.ptx_commit_group()
#         T.ptx_wait_group(1)
#         T.tvm_storage_sync("shared")
#         desc_a_1 = T.Buffer((1,), "uint64", data=desc_a, scope="local.descriptor.wgmma")
#         T.initialize_wgmma_descriptor(desc_a_1[0], T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, ko % 2 * 4096, 2048, 1), 1, 1, 32)
#         desc_b_1 = T.Buffer((1,), "uint64", data=desc_b, scope="local.descriptor.wgmma")
#         T.initialize_wgmma_descriptor(desc_b_1[0], T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, ko % 2 * 4096 + 2048, 2048, 1), 1, 1, 32)
#         T.warpgroup_arrive()
#         T.fence_proxy_async()
#         T.ptx_wgmma_ss("m64n32k16", T.bool(True), T.bool(False), "fp16", "fp16", "fp32", desc_a, 0, desc_b, 0, C_local, 0, T.bool(True), 1, 1)
#         T.warpgroup_commit_batch()
#         T.warpgroup_wait(0)
#     for i in T.unroll(16):
#         C_1 = T.Buffer((262144,), data=C)
#         C_1[bx * 4096 + tx // 32 * 1024 + i // 2 * 128 + tx % 32 // 4 * 32 + i % 2 * 8 + tx % 4 * 2:bx * 4096 + tx // 32 * 1024 + i // 2 * 128 + tx % 32 // 4 * 32 + i % 2 * 8 + tx % 4 * 2 + 2] = C_local_1[i * 2:i * 2 + 2]
# ==== expect identity
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(A: T.handle("float16", "global"), B: T.handle("float16", "global"), C: T.handle("float32", "global"), K: T.int32):
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.is_global_func": T.bool(True), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 64)
#     buf_dyn_shmem = T.allocate([32768], "uint8", "shared.dyn")
#     C_local = T.allocate([32], "float32", "local")
#     desc_a = T.allocate([1], "uint64", "local.descriptor.wgmma")
#     desc_b = T.allocate([1], "uint64", "local.descriptor.wgmma")
#     tx = T.launch_thread("threadIdx.x", 128)
#     C_local_1 = T.Buffer((32,), data=C_local, scope="local")
#     for i in T.unroll(8):
#         C_local_1[i * 4:i * 4 + 4] = T.Broadcast(T.float32(0.0), 4)
#     for i in T.unroll(4):
#         T.ptx_cp_async(T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, i * 1024 + tx * 8, 8, 2), T.tvm_access_ptr(T.type_annotation("float16"), A, bx * 64 * K + i // 2 * 16 * K + tx // 4 * K + i % 2 * 16 + tx % 4 * 8, 8, 1), 16)
#     T.ptx_commit_group()
#     for ko in T.serial(K // 32, annotations={"num_stages": 2}):
#         for i in T.unroll(4):
#             T.ptx_cp_async(T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, (ko + 1) % 2 * 4096 + i * 1024 + tx * 8, 8, 2), T.tvm_access_ptr(T.type_annotation("float16"), B, (ko + 1) * 32 + i * 1024 + tx * 8, 8, 1), 16)
#         T.ptx_commit_group()
#         T.ptx_wait_group(1)
#         T.tvm_storage_sync("shared")
#         desc_a_1 = T.Buffer((1,), "uint64", data=desc_a, scope="local.descriptor.wgmma")
#         T.initialize_wgmma_descriptor(desc_a_1[0], T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, ko % 2 * 4096, 2048, 1), 1, 1, 32)
#         desc_b_1 = T.Buffer((1,), "uint64", data=desc_b, scope="local.descriptor.wgmma")
#         T.initialize_wgmma_descriptor(desc_b_1[0], T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, ko % 2 * 4096 + 2048, 2048, 1), 1, 1, 32)
#         T.warpgroup_arrive()
#         T.ptx_wgmma_ss("m64n32k16", T.bool(True), T.bool(False), "fp16", "fp16", "fp32", desc_a, 0, desc_b, 0, C_local, 0, T.bool(True), 1, 1)
#         T.warpgroup_commit_batch()
#         T.warpgroup_wait(0)
#     for i in T.unroll(16):
#         C_1 = T.Buffer((262144,), data=C)
#         C_1[bx * 4096 + tx // 32 * 1024 + i // 2 * 128 + tx % 32 // 4 * 32 + i % 2 * 8 + tx % 4 * 2:bx * 4096 + tx // 32 * 1024 + i // 2 * 128 + tx % 32 // 4 * 32 + i % 2 * 8 + tx % 4 * 2 + 2] = C_local_1[i * 2:i * 2 + 2]
