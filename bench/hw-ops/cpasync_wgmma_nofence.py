# (cp.async) all 128 threads cp.async into A, commit, wait_group 0, wgmma reads it, no fence
# from tvm.script import tir as T

@T.prim_func
def main(G: T.handle("float16", "global")):
    T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32})})
    bx = T.launch_thread("blockIdx.x", 264)
    tx = T.launch_thread("threadIdx.x", 128)
    A = T.decl_buffer((1024,), "float16", scope="shared.dyn")
    B = T.decl_buffer((128,), "float16", scope="shared.dyn")
    C_local = T.decl_buffer((4,), scope="local")
    desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
    desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
    T.initialize_wgmma_descriptor(desc_a[0], T.tvm_access_ptr(T.type_annotation("float16"), A.data, 0, 1024, 1), 1, 1, 64)
    T.initialize_wgmma_descriptor(desc_b[0], T.tvm_access_ptr(T.type_annotation("float16"), B.data, 0, 128, 1), 1, 1, 64)
    B[tx] = T.float16(1.0)
    T.fence_proxy_async()
    for it in T.serial(8):
        T.ptx_cp_async(T.tvm_access_ptr(T.type_annotation("float16"), A.data, tx * 8, 8, 2), T.tvm_access_ptr(T.type_annotation("float16"), G, tx * 8, 8, 1), 16)
        T.ptx_commit_group()
        T.ptx_wait_group(0)
        T.warpgroup_arrive()
        T.ptx_wgmma_ss("m64n8k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
        T.warpgroup_commit_batch()
        T.warpgroup_wait(0)
