# Rule: ptx_wgmma_sp_ss (sparse wgmma, reads A and B from shared through the async
#   proxy) exists only at head (added after 9f25954), and head's async set lacks it:
#   the missed fence of upstream issue #2634. ptx_wgmma_rs (A from registers, B
#   from shared) is async.
# head: A_shared/E stores -> {Generic}; warpgroup_arrive none; ptx_wgmma_sp_ss is
#   none: NO fence before it (unsound); the state stays {Generic}; the B_shared store;
#   fence right before ptx_wgmma_rs (the first async op the model sees). Total 1.
# 9f25954, legacy: refuse the program (neither version has ptx_wgmma_sp_ss).
# identity: unchanged.
# from tvm.script import tir as T

@T.prim_func
def main():
    T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
    bx = T.launch_thread("blockIdx.x", 132)
    tx = T.launch_thread("threadIdx.x", 128)
    A_shared = T.decl_buffer((2048,), "float16", scope="shared.dyn")
    B_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
    A_frag = T.decl_buffer((8,), "float16", scope="local")
    E_local = T.decl_buffer((4,), "uint32", scope="local")
    C_local = T.decl_buffer((32,), scope="local")
    desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
    desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
    A_shared[tx * 16:tx * 16 + 16] = T.Broadcast(T.float16(0.0), 16)
    T.warpgroup_arrive()
    T.ptx_wgmma_sp_ss("m64n64k32", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, E_local.data, 0, 0, T.bool(True), 1, 1)
    T.warpgroup_commit_batch()
    T.warpgroup_wait(0)
    B_shared[tx] = T.float16(0.0)
    T.warpgroup_arrive()
    T.ptx_wgmma_rs("m64n64k16", T.bool(True), "fp16", "fp16", "fp32", A_frag.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)

# ==== expect tilelang-9f25954
# refused at 26:5: TileLang 9f25954 has no op T.ptx_wgmma_sp_ss (it exists at head only): model tilelang-9f25954 refuses the program, not judged
# ==== expect tilelang-head
# # from tvm.script import tir as T
#
# @T.prim_func
# def main():
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     A_shared = T.decl_buffer((2048,), "float16", scope="shared.dyn")
#     B_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     A_frag = T.decl_buffer((8,), "float16", scope="local")
#     E_local = T.decl_buffer((4,), "uint32", scope="local")
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     A_shared[tx * 16:tx * 16 + 16] = T.Broadcast(T.float16(0.0), 16)
#     T.warpgroup_arrive()
#     T.ptx_wgmma_sp_ss("m64n64k32", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, E_local.data, 0, 0, T.bool(True), 1, 1)
#     T.warpgroup_commit_batch()
#     T.warpgroup_wait(0)
#     B_shared[tx] = T.float16(0.0)
#     T.warpgroup_arrive()
#     T.fence_proxy_async()
#     T.ptx_wgmma_rs("m64n64k16", T.bool(True), "fp16", "fp16", "fp32", A_frag.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
# ==== expect tilelang-legacy
# refused at 26:5: TileLang a60d619 has no op T.ptx_wgmma_sp_ss (it exists at head only): model tilelang-legacy refuses the program, not judged
# ==== expect identity
# # from tvm.script import tir as T
#
# @T.prim_func
# def main():
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     A_shared = T.decl_buffer((2048,), "float16", scope="shared.dyn")
#     B_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     A_frag = T.decl_buffer((8,), "float16", scope="local")
#     E_local = T.decl_buffer((4,), "uint32", scope="local")
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     A_shared[tx * 16:tx * 16 + 16] = T.Broadcast(T.float16(0.0), 16)
#     T.warpgroup_arrive()
#     T.ptx_wgmma_sp_ss("m64n64k32", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, E_local.data, 0, 0, T.bool(True), 1, 1)
#     T.warpgroup_commit_batch()
#     T.warpgroup_wait(0)
#     B_shared[tx] = T.float16(0.0)
#     T.warpgroup_arrive()
#     T.ptx_wgmma_rs("m64n64k16", T.bool(True), "fp16", "fp16", "fp32", A_frag.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
