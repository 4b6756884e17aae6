# from tvm.script import tir as T

@T.prim_func
def main(a: T.int32, A: T.Buffer((16,), "float16")):
    n: T.int32 = a + 1
    B = T.match_buffer(a, (n,), "float16")