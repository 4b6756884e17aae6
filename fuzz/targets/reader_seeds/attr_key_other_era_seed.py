# from tvm.script import tir as T

@T.prim_func
def main():
    T.func_attr({"tirx.t": 1, "tir.noalias": T.bool(True)})
    T.evaluate(0)
