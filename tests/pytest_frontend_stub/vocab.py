"""Each modelled TileLang version's op vocabulary, read from core/vocab.def.

The file's lines are C X-macros:
    VOCAB(name, VN_TL|VN_TIR|VN_SCRIPT, VV_LEGACY | VV_SEED | VV_HEAD)
    VOCAB_ALIAS(spelling, printed_name, VV_...)
name is the bare printed name; VN_TL: registered by TileLang as tl.NAME,
VN_TIR: one of TVM's ops, VN_SCRIPT: a TVMScript construct; the versions
are those that have it.  Comments (/* */, //) and other lines are ignored.
$FENCEFUZZ_VOCAB names another file in that format.
"""
import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))
TREE_FILE = os.path.join(HERE, "..", "..", "core", "vocab.def")

VERSIONS = {"VV_LEGACY": "legacy", "VV_SEED": "seed", "VV_HEAD": "head"}
SPACES = {"VN_TL": "tl", "VN_TIR": "tir", "VN_SCRIPT": "script"}

_COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)
_ENTRY = re.compile(r"^\s*(VOCAB|VOCAB_ALIAS)\s*\(([^()]*)\)", re.M)


class VocabError(Exception):
    pass


def _flags(text, table, where):
    out = set()
    for part in text.split("|"):
        part = part.strip()
        if part in ("0", ""):
            continue
        if part not in table:
            raise VocabError(f"{where}: unknown flag {part!r}")
        out.add(table[part])
    return out


def parse(text, path="<vocab>"):
    """{name: (spaces, versions)} and {spelling: (printed_name, versions)}."""
    ops, aliases = {}, {}
    body = _COMMENT.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)
    for m in _ENTRY.finditer(body):
        line = body.count("\n", 0, m.start()) + 1
        where = f"{path}:{line}"
        args = [a.strip() for a in m.group(2).split(",")]
        if len(args) != 3 or not re.match(r"^[A-Za-z_][A-Za-z0-9_]*$", args[0]):
            raise VocabError(f"{where}: expected {m.group(1)}(name, flags, versions)")
        if m.group(1) == "VOCAB":
            if args[0] in ops:
                raise VocabError(f"{where}: {args[0]} listed twice")
            ops[args[0]] = (_flags(args[1], SPACES, where), _flags(args[2], VERSIONS, where))
        else:
            aliases[args[0]] = (args[1], _flags(args[2], VERSIONS, where))
    if not ops:
        raise VocabError(f"{path}: no VOCAB lines")
    return ops, aliases


_loaded = {}


def load(path=None):
    """(ops, aliases, path), read once per path."""
    path = path or os.environ.get("FENCEFUZZ_VOCAB") or TREE_FILE
    if path not in _loaded:
        with open(path, encoding="utf-8") as f:
            _loaded[path] = parse(f.read(), path) + (path,)
    return _loaded[path]


def names(ops, space, version):
    """The names of one namespace that exist at a version."""
    return frozenset(n for n, (sp, vv) in ops.items() if space in sp and version in vv)
