# reduced finding 117 (9f25954, unsound-war): ldmatrix by every thread, then every thread's tma_load overwrites the buffer
# from tvm.script import tir as T

@T.prim_func
def main(A_desc: T.handle("uint8x128", "grid_constant")):
    buf_dyn_shmem = T.allocate([49152], "uint8", "shared.dyn")
    C_local = T.decl_buffer((32,), scope="local")
    T.ptx_ldmatrix(0, 4, T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, 16384, 8, 1), C_local.data)
    T.tma_load(A_desc, 0, T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, 0, 4096, 2), 0, 0, 0)

