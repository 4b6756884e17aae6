"""Mock tvm.script.ir: ir_module turns a class of @T.prim_func into an IRModule."""
from tvm.ir import IRModule


def ir_module(cls):
    import tilelang.language as T  # the mock; its prim_func already checked each method

    funcs = {name: f for name, f in vars(cls).items() if isinstance(f, T.PrimFunc)}
    if not funcs:
        raise T.FrontendError(f"class {cls.__name__}: no @T.prim_func")
    mod = IRModule(funcs, name=cls.__name__)
    T.register(mod)
    return mod
