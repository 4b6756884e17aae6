"""The stand-in TileLang (see tvm/__init__.py beside it)."""
import tvm  # noqa: F401

from . import transform  # noqa: F401

__version__ = "0.0.stub"
