# from tvm.script import tirx as T

@T.prim_func
def main():
    T.call_intrin("handle", tirx.op.get("tl.fence_proxy_async"))
