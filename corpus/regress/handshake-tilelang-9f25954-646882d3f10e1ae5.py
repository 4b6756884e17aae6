# fencefuzz regress: handshake [tilelang-9f25954, handshake]: async read tma_store of buf_dyn_shmem (line 6) is followed by generic write store of A_shared (line 8) with no tma_store_arrive then tma_store_wait on some path
# fencefuzz regress: cause 646882d3f10e1ae5; finding 22 of /tmp/tmp.sT14Q6YjD3/seed.sqlite, promoted 2026-12-01
# verdict tilelang-9f25954: handshake
# verdict tilelang-head: handshake
# verdict tilelang-legacy: not-idempotent
# from tvm.script import tir as T

@T.prim_func
def main(C_desc: T.handle("uint8x128", "grid_constant")):
    buf_dyn_shmem = T.allocate([49152], "uint8", "shared.dyn")
    T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, 0, 4096, 1), 0, 0)
    A_shared = T.Buffer((8192,), "float16", data=buf_dyn_shmem, scope="shared.dyn")
    A_shared[0] = T.float16(0.0)
# ==== expect tilelang-9f25954
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(C_desc: T.handle("uint8x128", "grid_constant")):
#     buf_dyn_shmem = T.allocate([49152], "uint8", "shared.dyn")
#     T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, 0, 4096, 1), 0, 0)
#     A_shared = T.Buffer((8192,), "float16", data=buf_dyn_shmem, scope="shared.dyn")
#     A_shared[0] = T.float16(0.0)
# ==== expect tilelang-head
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(C_desc: T.handle("uint8x128", "grid_constant")):
#     buf_dyn_shmem = T.allocate([49152], "uint8", "shared.dyn")
#     T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, 0, 4096, 1), 0, 0)
#     A_shared = T.Buffer((8192,), "float16", data=buf_dyn_shmem, scope="shared.dyn")
#     A_shared[0] = T.float16(0.0)
# ==== expect tilelang-legacy
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(C_desc: T.handle("uint8x128", "grid_constant")):
#     buf_dyn_shmem = T.allocate([49152], "uint8", "shared.dyn")
#     T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, 0, 4096, 1), 0, 0)
#     T.tma_store_arrive()
#     T.tma_store_wait()
#     A_shared = T.Buffer((8192,), "float16", data=buf_dyn_shmem, scope="shared.dyn")
#     A_shared[0] = T.float16(0.0)
