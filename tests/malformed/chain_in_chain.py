# from tvm.script import tir as T

@T.prim_func
def main(a: T.int32, A: T.Buffer((16,), "float16")):
    T.evaluate(1 < (a < 2 < 3) < 4)