# A warp-specialized loop: the producer (tx >= 128) TMA-loads a stage, the
# consumers (tx < 128) write another buffer with st.shared.  One thread's
# program order never runs both arms, so no thread writes B_shared and then
# issues the TMA load: the single-thread oracle, following one class of
# threads at a time, reports nothing (it used to report the path through the
# back edge from the consumer's store to the producer's load).
# expect identity program-order --oracles soundness: ok
# expect identity program-order --oracles soundness --no-war: ok
# from tvm.script import tir as T

@T.prim_func
def main(A_desc: T.handle("uint8x128", "grid_constant")):
    T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.is_global_func": T.bool(True), "tir.noalias": T.bool(True)})
    bx = T.launch_thread("blockIdx.x", 8)
    buf = T.allocate([16384], "uint8", "shared.dyn")
    tx = T.launch_thread("threadIdx.x", 256)
    bar = T.decl_buffer((2,), "uint64", scope="shared.barrier")
    B_shared = T.Buffer((8192,), "float16", data=buf, scope="shared.dyn")
    for ko in range(8):
        if tx >= 128:
            T.tma_load(A_desc, bar[ko % 2], T.tvm_access_ptr(T.type_annotation("float16"), buf, 0, 4096, 2), ko * 64, bx * 64)
        else:
            B_shared[tx] = T.float16(0.0)
