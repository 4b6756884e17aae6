# from tvm.script import tir as T

@T.prim_func
def main(a: T.int32, A: T.Buffer((16,), "float16")):
    B = T.decl_buffer((4,), "float16", None, None, None, "shared", 64, 1, "auto", None, 7)
    B[0] = T.float16(0)