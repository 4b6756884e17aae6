# from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((16,), "float16")):
    tx = T.launch_thread("threadIdx.x", 128)
    T.evaluate(T.call_extern("handle", "f", T.ptx_wgmma_sss(A.data)))
