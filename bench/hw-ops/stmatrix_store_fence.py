# (stmatrix/f) stmatrix into S, a fence in every writer, barrier, thread 0 tensor-map TMA store
# from tvm.script import tir as T

@T.prim_func
def main(C_desc: T.handle("uint8x128", "grid_constant")):
    T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32})})
    bx = T.launch_thread("blockIdx.x", 264)
    tx = T.launch_thread("threadIdx.x", 128)
    S = T.decl_buffer((2048,), "float16", scope="shared.dyn")
    for it in T.serial(8):
        T.ptx_stmatrix(0, 1, T.tvm_access_ptr(T.type_annotation("float16"), S.data, tx * 16, 16, 2), 0)
        T.fence_proxy_async()
        if tx == 0:
            T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), S.data, 0, 2048, 1), 0, 0)
            T.tma_store_arrive()
            T.tma_store_wait()
