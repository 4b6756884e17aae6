# A head-era device function as TileLang a35008a's TVM prints it before
# InjectFenceProxy: flat Bind, AllocBuffer and DeclBuffer lines, a re-bind,
# structured asserts, tirx attribute keys, b.data pointer uses.
# from tvm.script import tirx as T

@T.prim_func
def main(A_desc: T.handle("uint8x128", "grid_constant"), n: T.int32):
    T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tirx.is_global_func": True, "tirx.noalias": True})
    bx = T.launch_thread("blockIdx.x", 8)
    buf_dyn_shmem = T.alloc_buffer((49152,), "uint8", scope="shared.dyn")
    mbar = T.alloc_buffer((2,), "uint64", scope="shared.barrier")
    flag = T.alloc_buffer((1,), "int32", scope="local.var", annotations={"tl.local_var_init": 0})
    i: T.int32 = bx * 2
    tx = T.launch_thread("threadIdx.x", 256)
    assert n == 4, ("ValueError", ["Argument ", "n", " must be 4"])
    assert n > 0, ("RuntimeError", ["n must be positive"])
    A_shared = T.decl_buffer((8192,), "float16", data=buf_dyn_shmem.data, scope="shared.dyn")
    C_local = T.alloc_buffer((32,), scope="local")
    C_local_2 = T.decl_buffer((32,), data=C_local.data, scope="local")
    A_shared[tx] = T.float16(0.0)
    flag[0] = 1
    i = i + 1
    for k in range(4):
        j: T.int32 = k * 64 + i
        A_shared[j] = T.float16(1.0)
        i = j
    T.tma_load(A_desc, mbar[0], T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem.data, 0, 8192, 2), i, 0)
    T.mbarrier_wait_parity(mbar[0], 0)
    T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", buf_dyn_shmem.data, 0, buf_dyn_shmem.data, 4096, C_local.data, 0, T.bool(True), 1, 1)
