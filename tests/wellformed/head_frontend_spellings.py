# Head-era text with the spellings head's TVMScript parser and TileLang's
# tests also accept: the import as code, T.Kernel, T.bind, a decl_buffer
# without data= (an AllocBuffer), T.Assert with an error kind, the seed
# T.block names, tvm.tirx.op.Op.get, string ops with tirx., and a module.
from tvm.script import ir as I
from tvm.script import tirx as T

@I.ir_module
class Module:
    @T.prim_func
    def main(A: T.Buffer((256,), "float16"), n: T.int32):
        T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda"}), "tirx.noalias": True})
        with T.Kernel(4, threads=128) as bx:
            S = T.decl_buffer((256,), T.float16, scope="shared.dyn")
            v = T.bind(n * 2)
            T.bind(v + 1, var=v)
            T.Assert(v > 0, ["v must be positive"], error_kind="ValueError")
            S[0] = A[v]
            T.evaluate(T.call_intrin("handle", tvm.tirx.op.Op.get("tl.tma_store_arrive")))
            T.call_intrin("handle", "tirx.ptx_cp_async_bulk", S.data, A.data, 256, 0)
            with T.block("inner"):
                T.block_attr({"k": 1})
                T.fence_proxy_async()

    @T.prim_func(private=True)
    def helper(x: T.int32):
        y: T.int32 = x + 1
        assert y > 0, "bad"
        T.evaluate(y)
