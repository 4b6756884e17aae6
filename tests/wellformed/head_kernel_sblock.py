# What head's unit tests hand InjectFenceProxy directly: T.Kernel as
# thread_binding loops around the block "tilelang_root", with
# T.sblock_alloc_buffer, T.sblock_attr and a nested T.sblock; tl ops without
# a frontend wrapper spelled with tirx.op.Op.get.
# from tvm.script import tirx as T

@T.prim_func
def main(A_desc: T.handle("uint8x128", "grid_constant"), B: T.Buffer((1024,), "float16")):
    T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tirx.noalias": True})
    # with T.sblock("root"):
    for bx in T.thread_binding(8, thread="blockIdx.x"):
        for tx in T.thread_binding(128, thread="threadIdx.x"):
            for ty in T.thread_binding(1, thread="threadIdx.y"):
                for tz in T.thread_binding(1, thread="threadIdx.z"):
                    with T.sblock("tilelang_root"):
                        T.reads(B[0:1024])
                        T.writes()
                        T.sblock_attr({"pragma_import_c": "// prelude"})
                        A_shared = T.sblock_alloc_buffer((1024,), "float16", scope="shared.dyn")
                        mbar = T.sblock_alloc_buffer((1,), "uint64", scope="shared.barrier")
                        T.call_intrin("handle", tirx.op.Op.get("tl.prefetch_tma_descriptor"), A_desc)
                        A_shared[tx] = B[bx * 128 + tx]
                        with T.sblock("wg"):
                            T.where(tx < 64)
                            T.reads(A_shared[0:1024])
                            T.writes()
                            D = T.alloc_buffer((32,), scope="local")
                            T.fence_proxy_async()
                            T.tma_load(A_desc, mbar[0], T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 1024, 2), bx, 0)
                            D[0] = T.float32(0.0)
