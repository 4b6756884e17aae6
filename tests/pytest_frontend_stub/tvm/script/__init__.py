"""Mock tvm.script: `from tvm.script import ir as I` for @I.ir_module."""
from . import ir  # noqa: F401
