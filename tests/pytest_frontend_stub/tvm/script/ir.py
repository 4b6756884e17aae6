"""Mock tvm.script.ir: ir_module turns a class of @T.prim_func into an IRModule."""
from tvm.ir import IRModule


def ir_module(cls):
    from tvm.script.parser import PrimFunc, register
    import mockcfg

    funcs = {name: f for name, f in vars(cls).items() if isinstance(f, PrimFunc)}
    if not funcs:
        raise mockcfg.FrontendError(f"class {cls.__name__}: no @T.prim_func")
    mod = IRModule(funcs, name=cls.__name__)
    register(mod)
    return mod
