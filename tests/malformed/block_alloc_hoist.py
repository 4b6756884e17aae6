# from tvm.script import tir as T

@T.prim_func
def main(a: T.int32, A: T.Buffer((16,), "float16")):
    with T.block("b"):
        n: T.int32 = a + 1
        S = T.alloc_buffer((n,), "float16")
        S[0] = T.float16(0)