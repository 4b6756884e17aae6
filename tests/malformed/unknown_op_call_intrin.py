# from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((16,), "float16")):
    tx = T.launch_thread("threadIdx.x", 128)
    T.evaluate(T.call_intrin("handle", tir.op.Op.get("tl.tma_sotre"), A.data))
