"""Mock tvm.tir: TVM's TIR namespace of the seed API only."""
import mockcfg

if mockcfg.API != "seed":
    raise ImportError("No module named 'tvm.tir': TileLang head's TVM calls it tvm.tirx")

from tvm._tir import Call, op, stmt_functor, transform  # noqa: E402,F401
