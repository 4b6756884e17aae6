"""Mock of the parts of tvm that fencefuzz's pytest reproducers use (not TVM).

See tilelang/language/__init__.py for what the mock checks."""
from . import ir, script, target, tir  # noqa: F401
from .ir import IRModule  # noqa: F401
