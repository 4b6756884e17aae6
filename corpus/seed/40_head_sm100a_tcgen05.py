# Rule: tcgen05 MMA (ptx_tcgen05_mma_ss / _ts) is async in all three models; head is
#   active on sm_100a (newer than sm_90).
# 9f25954: A_shared store -> {Generic}; tcgen05 descriptor init (rw_mask 1) is none:
#   fence right before ptx_tcgen05_mma_ss; the tcgen05_mma_arrive extern is none;
#   B_shared store -> {Generic}: fence right before ptx_tcgen05_mma_ts. Total 2.
# legacy: descriptor init (generic) -> mma_ss (async): fence right before it;
#   mma_ss -> extern (generic) -> store (generic) -> mma_ts (async): fence right
#   before mma_ts. Total 2, same places.
# head: same as 9f25954 (sm_100a >= sm_90).
# identity: unchanged.
# from tvm.script import tir as T

@T.prim_func
def main():
    T.func_attr({"target": T.target({"arch": "sm_100a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
    bx = T.launch_thread("blockIdx.x", 148)
    tx = T.launch_thread("threadIdx.x", 128)
    A_shared = T.decl_buffer((8192,), "bfloat16", scope="shared.dyn")
    B_shared = T.decl_buffer((8192,), "bfloat16", scope="shared.dyn")
    C_tmem = T.decl_buffer((1,), "uint32", scope="shared")
    A_tmem = T.decl_buffer((1,), "uint32", scope="shared")
    desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.tcgen05_smem")
    desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.tcgen05_smem")
    instr_desc = T.decl_buffer((1,), "uint32", scope="local.descriptor.tcgen05_instr")
    mbarrier = T.decl_buffer((1,), "uint64", scope="shared.barrier")
    A_shared[tx * 64:tx * 64 + 64] = T.Broadcast(T.bfloat16(0.0), 64)
    T.initialize_tcgen05_descriptor(desc_a[0], T.tvm_access_ptr(T.type_annotation("bfloat16"), A_shared.data, 0, 8192, 1), 1, 64, 0, T.bool(False), 2)
    T.initialize_tcgen05_descriptor(desc_b[0], T.tvm_access_ptr(T.type_annotation("bfloat16"), B_shared.data, 0, 8192, 1), 1, 64, 0, T.bool(False), 2)
    T.ptx_tcgen05_mma_ss("bf16", desc_a[0], 0, desc_b[0], 0, C_tmem[0], 0, instr_desc[0], T.bool(False), 0, 0, 0, 0)
    T.call_extern("handle", "tl::tcgen05_mma_arrive", mbarrier[0])
    B_shared[tx] = T.bfloat16(0.0)
    T.ptx_tcgen05_mma_ts("bf16", A_tmem[0], 0, desc_b[0], 0, C_tmem[0], 0, instr_desc[0], T.bool(True), 0, 0, 0, 0)

# ==== expect tilelang-9f25954
# # from tvm.script import tir as T
#
# @T.prim_func
# def main():
#     T.func_attr({"target": T.target({"arch": "sm_100a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 148)
#     tx = T.launch_thread("threadIdx.x", 128)
#     A_shared = T.decl_buffer((8192,), "bfloat16", scope="shared.dyn")
#     B_shared = T.decl_buffer((8192,), "bfloat16", scope="shared.dyn")
#     C_tmem = T.decl_buffer((1,), "uint32", scope="shared")
#     A_tmem = T.decl_buffer((1,), "uint32", scope="shared")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.tcgen05_smem")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.tcgen05_smem")
#     instr_desc = T.decl_buffer((1,), "uint32", scope="local.descriptor.tcgen05_instr")
#     mbarrier = T.decl_buffer((1,), "uint64", scope="shared.barrier")
#     A_shared[tx * 64:tx * 64 + 64] = T.Broadcast(T.bfloat16(0.0), 64)
#     T.initialize_tcgen05_descriptor(desc_a[0], T.tvm_access_ptr(T.type_annotation("bfloat16"), A_shared.data, 0, 8192, 1), 1, 64, 0, T.bool(False), 2)
#     T.initialize_tcgen05_descriptor(desc_b[0], T.tvm_access_ptr(T.type_annotation("bfloat16"), B_shared.data, 0, 8192, 1), 1, 64, 0, T.bool(False), 2)
#     T.fence_proxy_async()
#     T.ptx_tcgen05_mma_ss("bf16", desc_a[0], 0, desc_b[0], 0, C_tmem[0], 0, instr_desc[0], T.bool(False), 0, 0, 0, 0)
#     T.call_extern("handle", "tl::tcgen05_mma_arrive", mbarrier[0])
#     B_shared[tx] = T.bfloat16(0.0)
#     T.fence_proxy_async()
#     T.ptx_tcgen05_mma_ts("bf16", A_tmem[0], 0, desc_b[0], 0, C_tmem[0], 0, instr_desc[0], T.bool(True), 0, 0, 0, 0)
# ==== expect tilelang-head
# # from tvm.script import tir as T
#
# @T.prim_func
# def main():
#     T.func_attr({"target": T.target({"arch": "sm_100a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 148)
#     tx = T.launch_thread("threadIdx.x", 128)
#     A_shared = T.decl_buffer((8192,), "bfloat16", scope="shared.dyn")
#     B_shared = T.decl_buffer((8192,), "bfloat16", scope="shared.dyn")
#     C_tmem = T.decl_buffer((1,), "uint32", scope="shared")
#     A_tmem = T.decl_buffer((1,), "uint32", scope="shared")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.tcgen05_smem")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.tcgen05_smem")
#     instr_desc = T.decl_buffer((1,), "uint32", scope="local.descriptor.tcgen05_instr")
#     mbarrier = T.decl_buffer((1,), "uint64", scope="shared.barrier")
#     A_shared[tx * 64:tx * 64 + 64] = T.Broadcast(T.bfloat16(0.0), 64)
#     T.initialize_tcgen05_descriptor(desc_a[0], T.tvm_access_ptr(T.type_annotation("bfloat16"), A_shared.data, 0, 8192, 1), 1, 64, 0, T.bool(False), 2)
#     T.initialize_tcgen05_descriptor(desc_b[0], T.tvm_access_ptr(T.type_annotation("bfloat16"), B_shared.data, 0, 8192, 1), 1, 64, 0, T.bool(False), 2)
#     T.fence_proxy_async()
#     T.ptx_tcgen05_mma_ss("bf16", desc_a[0], 0, desc_b[0], 0, C_tmem[0], 0, instr_desc[0], T.bool(False), 0, 0, 0, 0)
#     T.call_extern("handle", "tl::tcgen05_mma_arrive", mbarrier[0])
#     B_shared[tx] = T.bfloat16(0.0)
#     T.fence_proxy_async()
#     T.ptx_tcgen05_mma_ts("bf16", A_tmem[0], 0, desc_b[0], 0, C_tmem[0], 0, instr_desc[0], T.bool(True), 0, 0, 0, 0)
# ==== expect tilelang-legacy
# # from tvm.script import tir as T
#
# @T.prim_func
# def main():
#     T.func_attr({"target": T.target({"arch": "sm_100a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 148)
#     tx = T.launch_thread("threadIdx.x", 128)
#     A_shared = T.decl_buffer((8192,), "bfloat16", scope="shared.dyn")
#     B_shared = T.decl_buffer((8192,), "bfloat16", scope="shared.dyn")
#     C_tmem = T.decl_buffer((1,), "uint32", scope="shared")
#     A_tmem = T.decl_buffer((1,), "uint32", scope="shared")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.tcgen05_smem")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.tcgen05_smem")
#     instr_desc = T.decl_buffer((1,), "uint32", scope="local.descriptor.tcgen05_instr")
#     mbarrier = T.decl_buffer((1,), "uint64", scope="shared.barrier")
#     A_shared[tx * 64:tx * 64 + 64] = T.Broadcast(T.bfloat16(0.0), 64)
#     T.initialize_tcgen05_descriptor(desc_a[0], T.tvm_access_ptr(T.type_annotation("bfloat16"), A_shared.data, 0, 8192, 1), 1, 64, 0, T.bool(False), 2)
#     T.initialize_tcgen05_descriptor(desc_b[0], T.tvm_access_ptr(T.type_annotation("bfloat16"), B_shared.data, 0, 8192, 1), 1, 64, 0, T.bool(False), 2)
#     T.fence_proxy_async()
#     T.ptx_tcgen05_mma_ss("bf16", desc_a[0], 0, desc_b[0], 0, C_tmem[0], 0, instr_desc[0], T.bool(False), 0, 0, 0, 0)
#     T.call_extern("handle", "tl::tcgen05_mma_arrive", mbarrier[0])
#     B_shared[tx] = T.bfloat16(0.0)
#     T.fence_proxy_async()
#     T.ptx_tcgen05_mma_ts("bf16", A_tmem[0], 0, desc_b[0], 0, C_tmem[0], 0, instr_desc[0], T.bool(True), 0, 0, 0, 0)
# ==== expect identity
# # from tvm.script import tir as T
#
# @T.prim_func
# def main():
#     T.func_attr({"target": T.target({"arch": "sm_100a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 148)
#     tx = T.launch_thread("threadIdx.x", 128)
#     A_shared = T.decl_buffer((8192,), "bfloat16", scope="shared.dyn")
#     B_shared = T.decl_buffer((8192,), "bfloat16", scope="shared.dyn")
#     C_tmem = T.decl_buffer((1,), "uint32", scope="shared")
#     A_tmem = T.decl_buffer((1,), "uint32", scope="shared")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.tcgen05_smem")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.tcgen05_smem")
#     instr_desc = T.decl_buffer((1,), "uint32", scope="local.descriptor.tcgen05_instr")
#     mbarrier = T.decl_buffer((1,), "uint64", scope="shared.barrier")
#     A_shared[tx * 64:tx * 64 + 64] = T.Broadcast(T.bfloat16(0.0), 64)
#     T.initialize_tcgen05_descriptor(desc_a[0], T.tvm_access_ptr(T.type_annotation("bfloat16"), A_shared.data, 0, 8192, 1), 1, 64, 0, T.bool(False), 2)
#     T.initialize_tcgen05_descriptor(desc_b[0], T.tvm_access_ptr(T.type_annotation("bfloat16"), B_shared.data, 0, 8192, 1), 1, 64, 0, T.bool(False), 2)
#     T.ptx_tcgen05_mma_ss("bf16", desc_a[0], 0, desc_b[0], 0, C_tmem[0], 0, instr_desc[0], T.bool(False), 0, 0, 0, 0)
#     T.call_extern("handle", "tl::tcgen05_mma_arrive", mbarrier[0])
#     B_shared[tx] = T.bfloat16(0.0)
#     T.ptx_tcgen05_mma_ts("bf16", A_tmem[0], 0, desc_b[0], 0, C_tmem[0], 0, instr_desc[0], T.bool(True), 0, 0, 0, 0)
