"""Which TileLang the mock stands for, set by check.py before each file.

VERSION: the op vocabulary (legacy, seed = 9f25954, head); API: the Python
and TVMScript API (seed: TileLang 9f25954 and its TVM, head: TileLang head
and its tvm.tirx TVM); PASS_BIN: a fencefuzz binary whose model of VERSION
stands in for the compiled pass (None: the pass returns `after`)."""
import os

import vocab

VERSION = os.environ.get("FENCEFUZZ_MOCK_VERSION", "seed")
API = os.environ.get("FENCEFUZZ_MOCK_API", "head" if VERSION == "head" else "seed")
PASS_BIN = os.environ.get("FENCEFUZZ_BIN") or None
MODELS = {"legacy": "tilelang-legacy", "seed": "tilelang-9f25954", "head": "tilelang-head"}

OPS, ALIASES, VOCAB_PATH = vocab.load()
TL_OPS = vocab.names(OPS, "tl", VERSION)
TIR_OPS = vocab.names(OPS, "tir", VERSION)
ALL_TL = frozenset(n for n, (sp, _) in OPS.items() if "tl" in sp)
ALL_TIR = frozenset(n for n, (sp, _) in OPS.items() if "tir" in sp)


def tir_module():
    return "tirx" if API == "head" else "tir"


class FrontendError(Exception):
    """What the real frontend (TVM's parser, TileLang's imports) would refuse."""
