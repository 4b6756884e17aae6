# (cp.async) all threads cp.async into S, commit, wait_group 0, barrier, thread 0 bulk store, no fence
# from tvm.script import tir as T

@T.prim_func
def main(C: T.Buffer((2048,), "float16"), G: T.handle("float16", "global")):
    T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32})})
    bx = T.launch_thread("blockIdx.x", 264)
    tx = T.launch_thread("threadIdx.x", 128)
    S = T.decl_buffer((2048,), "float16", scope="shared.dyn")
    for it in T.serial(8):
        T.ptx_cp_async(T.tvm_access_ptr(T.type_annotation("float16"), S.data, tx * 16, 8, 2), T.tvm_access_ptr(T.type_annotation("float16"), G, tx * 16, 8, 1), 16)
        T.ptx_commit_group()
        T.ptx_wait_group(0)
        if tx == 0:
            T.tma_store(T.address_of(C[0]), T.tvm_access_ptr(T.type_annotation("float16"), S.data, 0, 2048, 1), 4096)
            T.tma_store_arrive()
            T.tma_store_wait()
