"""Mock of the parts of tvm that fencefuzz's pytest reproducers use (not TVM).

tvm.tir exists only with the seed API, tvm.tirx only with the head API
(TileLang head's TVM renamed the namespace); see tvm/script/parser.py for
what the TVMScript parser mock checks."""
from . import ir, script, target  # noqa: F401
from .ir import IRModule  # noqa: F401
