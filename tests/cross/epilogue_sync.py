# An epilogue: every thread stores its part of a tile with st.shared, a
# bar.sync, then thread 0 issues the TMA store.  The reference model puts
# the fence right before the store, after the barrier, in thread 0 only: on
# the causality path (program-order clean), not in the writers (writer).
# The input itself has no fence at all.
# expect identity program-order: unsound-cross@23
# expect tilelang-9f25954 program-order: ok
# expect tilelang-9f25954 writer: unsound-writer@23
# expect tilelang-legacy program-order: ok
# from tvm.script import tir as T

@T.prim_func
def main(C_desc: T.handle("uint8x128", "grid_constant")):
    T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.is_global_func": T.bool(True), "tir.noalias": T.bool(True)})
    bx = T.launch_thread("blockIdx.x", 8)
    buf = T.allocate([8192], "uint8", "shared.dyn")
    tx = T.launch_thread("threadIdx.x", 128)
    C_shared = T.Buffer((4096,), "float16", data=buf, scope="shared.dyn")
    for i in range(32):
        C_shared[tx * 32 + i] = T.float16(1.0)
    T.tvm_storage_sync("shared")
    if tx == 0:
        T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), buf, 0, 4096, 1), bx * 64, 0)
