# fencefuzz regress: suboptimal-placement [tilelang-legacy, minimality.placement]: worst-path cost 5 (1 fence; costliest before ptx_tcgen05_mma_ss at 10:9 inside for i_1 at 8:5 with 5 trips) > optimum 1 (fence before 8:5)
# fencefuzz regress: cause 93532213520fdd33; finding 57 of /tmp/tmp.sT14Q6YjD3/seed.sqlite, promoted 2026-12-01
# verdict tilelang-9f25954: ok
# verdict tilelang-head: gated
# verdict tilelang-legacy: suboptimal-placement
# from tvm.script import tir as T

@T.prim_func
def main():
    B_shared = T.decl_buffer((8192,), "float16", scope="shared.dyn")
    C_shared = T.decl_buffer((8192,), "float16", scope="shared")
    B_shared[0] = T.float16(0.0)
    for i_1 in range(5):
        T.evaluate(C_shared[0])
        T.ptx_tcgen05_mma_ss("bf16", 0, 0, 0, 0, 0, 0, 0, T.bool(False), 0, 0, 0, 0)
# ==== expect tilelang-9f25954
# # from tvm.script import tir as T
#
# @T.prim_func
# def main():
#     B_shared = T.decl_buffer((8192,), "float16", scope="shared.dyn")
#     C_shared = T.decl_buffer((8192,), "float16", scope="shared")
#     B_shared[0] = T.float16(0.0)
#     T.fence_proxy_async()
#     for i_1 in range(5):
#         T.evaluate(C_shared[0])
#         T.ptx_tcgen05_mma_ss("bf16", 0, 0, 0, 0, 0, 0, 0, T.bool(False), 0, 0, 0, 0)
# ==== expect tilelang-head
# # from tvm.script import tir as T
#
# @T.prim_func
# def main():
#     B_shared = T.decl_buffer((8192,), "float16", scope="shared.dyn")
#     C_shared = T.decl_buffer((8192,), "float16", scope="shared")
#     B_shared[0] = T.float16(0.0)
#     for i_1 in range(5):
#         T.evaluate(C_shared[0])
#         T.ptx_tcgen05_mma_ss("bf16", 0, 0, 0, 0, 0, 0, 0, T.bool(False), 0, 0, 0, 0)
# ==== expect tilelang-legacy
# # from tvm.script import tir as T
#
# @T.prim_func
# def main():
#     B_shared = T.decl_buffer((8192,), "float16", scope="shared.dyn")
#     C_shared = T.decl_buffer((8192,), "float16", scope="shared")
#     B_shared[0] = T.float16(0.0)
#     for i_1 in range(5):
#         T.evaluate(C_shared[0])
#         T.fence_proxy_async()
#         T.ptx_tcgen05_mma_ss("bf16", 0, 0, 0, 0, 0, 0, 0, T.bool(False), 0, 0, 0, 0)
