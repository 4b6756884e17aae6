"""check.py: fencefuzz's pytest reproducers run against the mock frontend.

    check.py [--version legacy|seed|head] [--api seed|head] [--pass-bin FENCEFUZZ]
             [--expect pass|assert|any] [--list] FILE...
    check.py --db DB [--pass-bin FENCEFUZZ] [--expect ...] [--list]

Each file must parse as Python (ast.parse) and is run with this directory's
mock `tilelang`/`tvm` packages first on sys.path, standing for TileLang of
--version (its op vocabulary) with the --api (default: the version's).  Its
test_* functions are called, and each file's outcome is counted:
  passed              every test passed
  own count           a test failed by its own fence-count assertion
  own equality        a test failed by its own check of structural equality
                      of the function bodies
  one-sided target    structural equality failed on the target attribute
  op not at version   an op the version does not register
  not at the API      an import or name the API does not have
  refused             TVM's parser (the mock) refused the function
  error               anything else
--pass-bin: fencefuzz's model of the version stands for the compiled pass
(tilelang/_pass.py).  --db: every stored pytest of a campaign database, each
against the mock of its finding's model (head: tilelang-head; seed:
tilelang-9f25954; legacy: tilelang-legacy).  --expect: the outcomes every
file must have (default pass: passed; wellformed: passed or own count, what a
well-formed file gives when the pass returns `after`, which cannot hold a
fence count; assert: own count or own equality; any); exit 1 when one has
another, or when the self-test (what the mock must refuse) fails.
"""
import argparse
import ast
import collections
import importlib.util
import os
import sqlite3
import sys
import tempfile
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True  # no __pycache__ in the source tree

VERSION_OF_MODEL = {"tilelang-9f25954": "seed", "tilelang-legacy": "legacy", "tilelang-head": "head"}

HEADS = {
    "seed": "from tvm import tir\nfrom tvm.script import tir as T\n",
    "head": "from tvm import tirx\nfrom tvm.script import tirx as T\n",
}
TEMPLATE = '''{head}

def test_case():
    @T.prim_func
    def before(A: T.Buffer((16,), "float16")):
        {body}
'''

# (API, version, body line, should the mock accept it)
SELF_TEST = [
    ("seed", "seed", 'T.call_intrin("handle", tir.op.Op.get("tl.tma_store"), A.data, 0)', True),
    ("seed", "seed", 'T.call_intrin("handle", tir.op.Op.get("tl.fence_proxy_async"))', True),
    ("seed", "seed", 'T.ptx_cp_async_bulk("float16", A.data, 0)', True),
    ("seed", "seed", 'T.evaluate(T.address_of(A[0]))', True),
    ("seed", "seed", 'while 0 < 4:\n            T.evaluate(0)', True),        # TVM's parser: While(True)
    ("seed", "seed", 'if T.bool(True):\n            T.evaluate(0)', True),      # a PrimExpr: kept
    ("seed", "seed", 'T.func_attr({"target": T.target("cuda -arch=sm_90a")})', True),
    ("seed", "seed", 'x = T.allocate([16], "uint8", "shared.dyn")', True),
    ("seed", "seed", 'if 0 < 4:\n            T.evaluate(0)', False),           # folded by the parser
    ("seed", "seed", 'T.evaluate(T.address_of(0))', False),                      # Invalid object type
    ("seed", "seed", 'T.fence_proxy_async()', False),                            # a tl op: no T. name
    ("seed", "seed", 'T.tma_load(A.data, 0)', False),
    ("seed", "seed", 'T.call_intrin("handle", tir.op.Op.get("tl.tma_load_multicast"), A.data)', False),
    ("seed", "seed", 'T.call_intrin("handle", tir.op.Op.get("tl.ptx_wgmma_sp_ss"), A.data)', False),
    ("seed", "legacy", 'T.call_intrin("handle", tir.op.Op.get("tl.tma_load_multicast"), A.data)', False),
    ("seed", "seed", 'T.call_intrin("handle", tir.op.Op.get("tl.no_such_op"))', False),
    ("seed", "seed", 'T.call_intrin("handle", "tl.tma_store")', False),
    ("seed", "seed", 'T.call_intrin("handle", tirx.op.Op.get("tl.tma_store"))', False),
    ("seed", "seed", 'T.call_extern("f", 1)', False),                            # dtype first
    ("seed", "seed", 'with T.sblock("b"):\n            T.evaluate(0)', False),
    ("head", "head", 'T.call_intrin("handle", tirx.op.Op.get("tl.tma_load_multicast"), A.data)', True),
    ("head", "head", 'x = T.alloc_buffer((16,), "uint8", scope="shared.dyn")', True),
    ("head", "head", 'T.func_attr({"target": T.target({"kind": "cuda", "arch": "sm_90a"})})', True),
    ("head", "head", 'T.call_intrin("handle", tir.op.Op.get("tl.tma_store"), A.data)', False),
    ("head", "head", 'T.call_intrin("handle", tirx.op.Op.get("tl.tl_gemm"), A.data)', False),  # removed at head
    ("head", "head", 'x = T.allocate([16], "uint8", "shared.dyn")', False),
    ("head", "head", 'with T.block("b"):\n            T.evaluate(0)', False),
    ("head", "head", 'with T.decl_buffer((16,), "uint8", scope="shared") as b:\n            T.evaluate(0)', False),
    ("head", "head", 'T.func_attr({"target": T.target("cuda -arch=sm_90a")})', False),
]

# Whole files: the harness (imports, BindTarget, target, pass path) of each API.
HARNESS_SEED = '''
import tilelang
from tilelang import tvm as tvm
from tvm import tir
from tvm.script import tir as T

def test_case():
    @T.prim_func
    def before():
        T.evaluate(0)

    @T.prim_func
    def after():
        T.evaluate(0)

    t = tvm.target.Target("cuda -arch=sm_90a")
    mod = tvm.IRModule.from_expr(before.with_attr("global_symbol", "main"))
    mod = tilelang.transform.InjectFenceProxy()({bind_before})
    expected = tvm.IRModule.from_expr(after.with_attr("global_symbol", "main"))
    tvm.ir.assert_structural_equal(mod["main"], ({bind_after})["main"], True)
'''
HARNESS = [
    ("seed", HARNESS_SEED.format(bind_before="tvm.tir.transform.BindTarget(t)(mod)",
                                 bind_after="tvm.tir.transform.BindTarget(t)(expected)"), "passed"),
    ("seed", HARNESS_SEED.format(bind_before="tvm.tir.transform.BindTarget(t)(mod)", bind_after="expected"),
     "one-sided target"),
    ("seed", HARNESS_SEED.format(bind_before="mod", bind_after="expected"), "refused"),  # no target at the pass
    ("head", HARNESS_SEED.format(bind_before="tvm.tir.transform.BindTarget(t)(mod)",
                                 bind_after="tvm.tir.transform.BindTarget(t)(expected)"), "not at the API"),
    ("head", '''
import tilelang as tl
from tilelang import tvm as tvm
from tvm import tirx
from tvm.script import tirx as T

def test_case():
    @T.prim_func
    def before():
        T.evaluate(0)

    t = tvm.target.Target("cuda -arch=sm_90a")
''', "not at the API"),  # head's TVM refuses the CLI target string
    ("head", '''
import tilelang as tl
from tilelang import tvm as tvm
from tvm import tirx
from tvm.script import tirx as T

def test_case():
    @T.prim_func
    def before():
        T.evaluate(0)

    t = tvm.target.Target({"kind": "cuda", "arch": "sm_90a"})
    mod = tvm.IRModule.from_expr(before.with_attr("global_symbol", "main"))
    mod = tl.cuda.transform.InjectFenceProxy()(tvm.tirx.transform.BindTarget(t)(mod))
    exp = tvm.tirx.transform.BindTarget(t)(tvm.IRModule.from_expr(before.with_attr("global_symbol", "main")))
    tvm.ir.assert_structural_equal(mod["main"], exp["main"], True)
''', "passed"),
    ("head", '''
import tilelang
from tilelang import tvm as tvm

def test_case():
    tilelang.transform.InjectFenceProxy
''', "not at the API"),
]


def configure(version, api, pass_bin):
    """A fresh mock for the next file."""
    os.environ["FENCEFUZZ_MOCK_VERSION"] = version
    os.environ["FENCEFUZZ_MOCK_API"] = api or ("head" if version == "head" else "seed")
    if pass_bin:
        os.environ["FENCEFUZZ_BIN"] = pass_bin
    else:
        os.environ.pop("FENCEFUZZ_BIN", None)
    for name in list(sys.modules):
        if name.split(".")[0] in ("tvm", "tilelang", "mockcfg") or name.startswith("repro_"):
            del sys.modules[name]


def run_file(path):
    with open(path, encoding="utf-8") as f:
        ast.parse(f.read(), path)
    name = "repro_" + os.path.splitext(os.path.basename(path))[0]
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    tests = [n for n in sorted(dir(module)) if n.startswith("test_") and callable(getattr(module, n))]
    if not tests:
        raise AssertionError("no test_* function")
    for n in tests:
        getattr(module, n)()
    return len(tests)


def outcome(path):
    """(outcome, detail) of running one file against the configured mock."""
    import mockcfg

    try:
        run_file(path)
        return "passed", ""
    except AssertionError as e:
        return "own count", str(e).splitlines()[0] if str(e) else "assert"
    except ValueError as e:
        msg = str(e)
        if msg.startswith("StructuralEqual") and '"target"' in msg:
            return "one-sided target", msg
        if msg.startswith("StructuralEqual"):
            return "own equality", msg
        if "CLI target string" in msg:
            return "not at the API", msg
        return "error", f"ValueError: {msg}"
    except mockcfg.FrontendError as e:
        msg = str(e)
        if "is not registered" in msg:
            return "op not at version", msg
        return "refused", msg
    except ImportError as e:
        return "not at the API", f"ImportError: {e}"
    except AttributeError as e:
        if str(e).startswith("module "):
            return "not at the API", f"AttributeError: {e}"
        return "error", traceback.format_exc(limit=4)
    except Exception:  # report it with its traceback
        return "error", traceback.format_exc(limit=4)


VOCAB_SAMPLE = """/* a comment with VOCAB(not_an_entry, VN_TL, VV_HEAD) */
VOCAB(tma_load,            VN_TL,     VV_LEGACY | VV_SEED | VV_HEAD)
VOCAB(tl_gemm,             VN_TL,     VV_LEGACY | VV_SEED)   // gone at head
VOCAB(tma_load_multicast,  VN_TL,     VV_HEAD)
VOCAB(call_extern,         VN_TIR,    VV_LEGACY | VV_SEED | VV_HEAD)
VOCAB(evaluate,            VN_SCRIPT, VV_LEGACY | VV_SEED | VV_HEAD)
VOCAB_ALIAS(shuffle_elect, tl_shuffle_elect, VV_LEGACY | VV_SEED | VV_HEAD)
"""


def vocab_test():
    """The vocabulary parser on a sample of core/vocab.def's format."""
    import vocab

    ops, aliases = vocab.parse(VOCAB_SAMPLE)
    bad = 0
    checks = [
        (len(ops), 5), (sorted(vocab.names(ops, "tl", "seed")), ["tl_gemm", "tma_load"]),
        (sorted(vocab.names(ops, "tl", "head")), ["tma_load", "tma_load_multicast"]),
        (sorted(vocab.names(ops, "tir", "legacy")), ["call_extern"]),
        (aliases.get("shuffle_elect", (None,))[0], "tl_shuffle_elect"),
    ]
    for got, want in checks:
        if got != want:
            print(f"SELF-TEST FAIL (vocab): {got!r}, expected {want!r}")
            bad += 1
    for text in ("VOCAB(x, VN_TL)\n", "VOCAB(x, VN_NOPE, VV_SEED)\n", "VOCAB(x, VN_TL, VV_SEED)\nVOCAB(x, VN_TL, VV_HEAD)\n"):
        try:
            vocab.parse(text)
            print(f"SELF-TEST FAIL (vocab): accepted {text!r}")
            bad += 1
        except vocab.VocabError:
            pass
    return bad


def self_test():
    bad = vocab_test()
    with tempfile.TemporaryDirectory() as tmp:
        for i, (api, version, line, ok) in enumerate(SELF_TEST):
            path = os.path.join(tmp, f"case{i}.py")
            with open(path, "w") as f:
                f.write(TEMPLATE.format(head=HEADS[api], body=line))
            configure(version, api, None)
            got, why = outcome(path)
            if (got == "passed") != ok:
                print(f"SELF-TEST FAIL ({api} API, {version}): mock {got} {line!r} {why}")
                bad += 1
        for i, (api, text, want) in enumerate(HARNESS):
            path = os.path.join(tmp, f"harness{i}.py")
            with open(path, "w") as f:
                f.write(text)
            configure(api, api, None)
            got, why = outcome(path)
            if got != want:
                print(f"SELF-TEST FAIL (harness {i}, {api} API): {got}, expected {want}: {why}")
                bad += 1
    return bad


def db_files(db, tmp):
    """(path, version) for every stored pytest of a campaign database."""
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    rows = con.execute("select f.id, f.model, r.pytest_text from findings f join reproducers r "
                       "on r.finding_id = f.id where r.pytest_text is not null order by f.id").fetchall()
    con.close()
    out = []
    for fid, model, text in rows:
        path = os.path.join(tmp, f"finding_{fid}.py")
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        out.append((path, VERSION_OF_MODEL.get(model, "seed"), model))
    return out


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--version", default="seed", choices=["legacy", "seed", "head"])
    ap.add_argument("--api", choices=["seed", "head"])
    ap.add_argument("--pass-bin")
    ap.add_argument("--db")
    ap.add_argument("--expect", default="pass", choices=["pass", "wellformed", "assert", "any"])
    ap.add_argument("--list", action="store_true", help="print every file's outcome")
    ap.add_argument("files", nargs="*")
    args = ap.parse_args(argv)
    pass_bin = os.path.abspath(args.pass_bin) if args.pass_bin else None
    failed = self_test()
    counts = collections.Counter()
    with tempfile.TemporaryDirectory() as tmp:
        jobs = db_files(args.db, tmp) if args.db else [(p, args.version, args.version) for p in args.files]
        for path, version, label in jobs:
            configure(version, args.api, pass_bin)
            got, why = outcome(path)
            counts[(label, got)] += 1
            want = {"pass": ("passed",), "wellformed": ("passed", "own count"),
                    "assert": ("own count", "own equality")}.get(args.expect)
            wrong = want is not None and got not in want
            shown = os.path.basename(path) if args.db else path
            if args.list or wrong:
                print(f"{'FAIL ' if wrong else ''}{shown} [{label}]: {got}"
                      + (f": {why.splitlines()[0] if why else ''}" if why else ""))
                if wrong and got == "error":
                    print(why)
            if wrong:
                failed += 1
    for (label, got), n in sorted(counts.items()):
        print(f"  {label:18} {got:18} {n}")
    print(f"check.py: {len(SELF_TEST) + len(HARNESS)} self-test cases, {sum(counts.values())} files, "
          f"{failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
