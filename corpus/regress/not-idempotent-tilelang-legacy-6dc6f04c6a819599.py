# fencefuzz regress: not-idempotent [tilelang-legacy, idempotence]: a second run inserts 2 more statements: tma_store_arrive(), tma_store_wait() at the end of the body of the allocate at 5:5
# fencefuzz regress: cause 6dc6f04c6a819599; finding 11 of /tmp/tmp.sT14Q6YjD3/seed.sqlite, promoted 2026-12-01
# verdict tilelang-9f25954: ok
# verdict tilelang-head: ok
# verdict tilelang-legacy: not-idempotent
# from tvm.script import tir as T

@T.prim_func
def main(C_desc: T.handle("uint8x128", "grid_constant")):
    buf_dyn_shmem = T.allocate([49152], "uint8", "shared.dyn")
    T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, 0, 8, 1), 0, 0)
# ==== expect tilelang-9f25954
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(C_desc: T.handle("uint8x128", "grid_constant")):
#     buf_dyn_shmem = T.allocate([49152], "uint8", "shared.dyn")
#     T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, 0, 8, 1), 0, 0)
# ==== expect tilelang-head
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(C_desc: T.handle("uint8x128", "grid_constant")):
#     buf_dyn_shmem = T.allocate([49152], "uint8", "shared.dyn")
#     T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, 0, 8, 1), 0, 0)
# ==== expect tilelang-legacy
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(C_desc: T.handle("uint8x128", "grid_constant")):
#     buf_dyn_shmem = T.allocate([49152], "uint8", "shared.dyn")
#     T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, 0, 8, 1), 0, 0)
#     T.tma_store_arrive()
#     T.tma_store_wait()
