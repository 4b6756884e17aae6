"""Mock of `from tvm.script import tir as T` (TVM's TVMScript parser, seed API)."""
import mockcfg

if mockcfg.API != "seed":
    raise ImportError("cannot import name 'tir' from 'tvm.script': head's TVM has tvm.script.tirx")

from .parser import *  # noqa: E402,F401,F403
from .parser import __getattr__  # noqa: E402,F401
