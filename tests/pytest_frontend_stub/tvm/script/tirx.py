"""Mock of `from tvm.script import tirx as T` (TVM's TVMScript parser, head API)."""
import mockcfg

if mockcfg.API != "head":
    raise ImportError("cannot import name 'tirx' from 'tvm.script': TileLang 9f25954's TVM has tvm.script.tir")

from .parser import *  # noqa: E402,F401,F403
from .parser import __getattr__  # noqa: E402,F401
