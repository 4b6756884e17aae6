import os

if os.environ.get("STUB_ERA") != "head":
    raise ImportError("stub tvm: no tirx before TileLang head")
from ..tir import op, transform  # noqa: F401,E402
