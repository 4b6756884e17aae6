# Rule: 9f25954 looks only at the outermost call of a CALL STATEMENT: calls nested in
#   an if condition, a store value (into a local buffer) or a loop bound are not
#   looked at, even when they write shared memory through address_of.
# 9f25954: wgmma -> {Async}; the if condition's extern is ignored: no fence inside
#   the if; the local store (value = shared atomic exchange) is not generic: no fence
#   before the next wgmma; the loop whose extent is an extern call is may-be-zero with
#   a pure-async body, but its entry holds no Generic: no hoist, no fence. No fence at
#   all (unsound by the ground truth: three generic shared writes reach wgmmas).
# legacy: the if is async (then = one wgmma) after an async wgmma: nothing; the local
#   store is generic -> wgmma (async): fence right before it; wgmma -> loop (async):
#   nothing. Total 1.
# head: same as 9f25954 (no fence).
# identity: unchanged.
# from tvm.script import tir as T

@T.prim_func
def main():
    T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
    bx = T.launch_thread("blockIdx.x", 132)
    tx = T.launch_thread("threadIdx.x", 128)
    A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
    claim = T.decl_buffer((1,), "int32", scope="shared")
    A_local = T.decl_buffer((1,), "float16", scope="local")
    C_local = T.decl_buffer((32,), scope="local")
    desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
    desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
    T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
    if T.call_extern("bool", "tl::try_claim", T.address_of(claim[0])):
        T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 2, desc_b.data, 2, C_local.data, 0, T.bool(True), 1, 1)
    A_local[0] = T.call_extern("float16", "atomicExch", T.address_of(A_shared[tx]), T.float16(0.0))
    T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
    for ki in range(T.call_extern("int32", "tl::claim_count", T.address_of(claim[0]))):
        T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, ki * 2, desc_b.data, ki * 2, C_local.data, 0, T.bool(True), 1, 1)

# ==== expect tilelang-9f25954
# # from tvm.script import tir as T
#
# @T.prim_func
# def main():
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     claim = T.decl_buffer((1,), "int32", scope="shared")
#     A_local = T.decl_buffer((1,), "float16", scope="local")
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
#     if T.call_extern("bool", "tl::try_claim", T.address_of(claim[0])):
#         T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 2, desc_b.data, 2, C_local.data, 0, T.bool(True), 1, 1)
#     A_local[0] = T.call_extern("float16", "atomicExch", T.address_of(A_shared[tx]), T.float16(0.0))
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
#     for ki in range(T.call_extern("int32", "tl::claim_count", T.address_of(claim[0]))):
#         T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, ki * 2, desc_b.data, ki * 2, C_local.data, 0, T.bool(True), 1, 1)
# ==== expect tilelang-head
# # from tvm.script import tir as T
#
# @T.prim_func
# def main():
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     claim = T.decl_buffer((1,), "int32", scope="shared")
#     A_local = T.decl_buffer((1,), "float16", scope="local")
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
#     if T.call_extern("bool", "tl::try_claim", T.address_of(claim[0])):
#         T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 2, desc_b.data, 2, C_local.data, 0, T.bool(True), 1, 1)
#     A_local[0] = T.call_extern("float16", "atomicExch", T.address_of(A_shared[tx]), T.float16(0.0))
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
#     for ki in range(T.call_extern("int32", "tl::claim_count", T.address_of(claim[0]))):
#         T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, ki * 2, desc_b.data, ki * 2, C_local.data, 0, T.bool(True), 1, 1)
# ==== expect tilelang-legacy
# # from tvm.script import tir as T
#
# @T.prim_func
# def main():
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     claim = T.decl_buffer((1,), "int32", scope="shared")
#     A_local = T.decl_buffer((1,), "float16", scope="local")
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
#     if T.call_extern("bool", "tl::try_claim", T.address_of(claim[0])):
#         T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 2, desc_b.data, 2, C_local.data, 0, T.bool(True), 1, 1)
#     A_local[0] = T.call_extern("float16", "atomicExch", T.address_of(A_shared[tx]), T.float16(0.0))
#     T.fence_proxy_async()
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
#     for ki in range(T.call_extern("int32", "tl::claim_count", T.address_of(claim[0]))):
#         T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, ki * 2, desc_b.data, ki * 2, C_local.data, 0, T.bool(True), 1, 1)
# ==== expect identity
# # from tvm.script import tir as T
#
# @T.prim_func
# def main():
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     claim = T.decl_buffer((1,), "int32", scope="shared")
#     A_local = T.decl_buffer((1,), "float16", scope="local")
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
#     if T.call_extern("bool", "tl::try_claim", T.address_of(claim[0])):
#         T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 2, desc_b.data, 2, C_local.data, 0, T.bool(True), 1, 1)
#     A_local[0] = T.call_extern("float16", "atomicExch", T.address_of(A_shared[tx]), T.float16(0.0))
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
#     for ki in range(T.call_extern("int32", "tl::claim_count", T.address_of(claim[0]))):
#         T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, ki * 2, desc_b.data, ki * 2, C_local.data, 0, T.bool(True), 1, 1)
