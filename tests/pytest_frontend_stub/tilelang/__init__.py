"""Mock of TileLang's Python package for fencefuzz's pytest reproducers (not TileLang)."""
import tvm  # noqa: F401

from . import language, testing, transform  # noqa: F401
