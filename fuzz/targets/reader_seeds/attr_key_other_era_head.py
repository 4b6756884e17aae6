# from tvm.script import tirx as T

@T.prim_func
def main():
    T.func_attr({"tir.t": 1, "tirx.noalias": T.bool(True)})
    T.evaluate(0)
