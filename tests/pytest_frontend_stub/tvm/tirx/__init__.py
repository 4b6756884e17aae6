"""Mock tvm.tirx: TVM's TIR namespace of the head API only."""
import mockcfg

if mockcfg.API != "head":
    raise ImportError("No module named 'tvm.tirx': TileLang 9f25954's TVM calls it tvm.tir")

from tvm._tir import Call, op, stmt_functor, transform  # noqa: E402,F401
