"""Mock tvm.script: `ir` (for @I.ir_module), `tir` (seed API) or `tirx`
(head API) for TVM's TVMScript parser, and from_source."""
from . import ir  # noqa: F401


def __getattr__(name):
    import importlib

    if name in ("tir", "tirx"):
        return importlib.import_module(f"tvm.script.{name}")
    if name == "from_source":
        from .parser import from_source

        return from_source
    raise AttributeError(f"module 'tvm.script' has no attribute '{name}'")
