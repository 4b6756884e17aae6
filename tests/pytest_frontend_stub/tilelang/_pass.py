"""The mock's InjectFenceProxy.

Every function it is given must carry a target (TileLang binds one before
this pass; at head the pass skips a function without an sm_90+ target).
The output keeps the input's attributes, as the pass does, so a test that
binds the target on one side only fails its equality check as TVM's would.

With a fencefuzz binary (mockcfg.PASS_BIN), the body is what fencefuzz's
model of the mock's version gives for the function's TVMScript (the
target bound into its text), and functions compare by their canonical
TVMScript (fencefuzz fmt): a reproducer then fails by its own assertion
when the model has the bug it reports.  Without one, the body is that of
the test's `after` (or the input when there is none), so a well-formed
reproducer passes."""
import subprocess

import mockcfg
from mockcfg import FrontendError
from tvm.ir import IRModule
from tvm.script.parser import PrimFunc, parsed_after, check_function  # noqa: F401

_HEADER = {"seed": "# from tvm.script import tir as T\n\n", "head": "# from tvm.script import tirx as T\n\n"}
_TARGET = 'T.target("cuda -arch=sm_90a")'


def _run(args, text):
    r = subprocess.run([mockcfg.PASS_BIN] + args, input=text, capture_output=True, text=True, timeout=60)
    if r.returncode != 0:
        raise FrontendError(f"fencefuzz {args[0]}: {r.stderr.strip().splitlines()[:1]}")
    return r.stdout


def _program_text(f):
    """f's source as a TVMScript program for fencefuzz: the era's header,
    the target a Python-level BindTarget gave it written in."""
    text = f.text
    if mockcfg.API == "head":
        text = text.replace("tirx.op.Op.get(", "tir.op.Op.get(")
    lines = text.splitlines()
    if "target" in f.attrs and not f.source_target:
        at = next(i for i, l in enumerate(lines) if l.lstrip().startswith("def "))
        # the body's indentation: the first non-empty line after the def
        body = next(l for l in lines[at + 1:] if l.strip())
        indent = body[:len(body) - len(body.lstrip())]
        merged = False
        for i, l in enumerate(lines):
            if l.startswith(indent + "T.func_attr({"):
                lines[i] = l.replace("T.func_attr({", 'T.func_attr({"target": ' + _TARGET + ", ", 1)
                merged = True
                break
        if not merged:
            lines.insert(at + 1, indent + 'T.func_attr({"target": ' + _TARGET + "})")
    return _HEADER[mockcfg.API] + "\n".join(lines) + "\n"


def canonical(f):
    """f's canonical TVMScript (the def renamed), or None without a binary."""
    if not mockcfg.PASS_BIN:
        return None
    if getattr(f, "_canon", None) is None:
        text = f.text if getattr(f, "from_model", False) else _program_text(f)
        out = _run(["fmt", "-"], text)
        f._canon = "\n".join("def f(" + l.split("(", 1)[1] if l.startswith("def ") else l
                             for l in out.splitlines())
    return f._canon


def _model_output(f):
    out = _run(["pass", "-", "--model", mockcfg.MODELS[mockcfg.VERSION]], _program_text(f))
    import ast

    fn = next(n for n in ast.parse(out).body if isinstance(n, ast.FunctionDef))
    ops = []
    for node in ast.walk(fn):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                isinstance(node.func.value, ast.Name) and node.func.value.id == "T":
            ops.append(("tl." if node.func.attr in mockcfg.ALL_TL else "tir.") + node.func.attr)
    g = PrimFunc(f.name, fn, ops, out, f.attrs, f.origin, f.source_target)
    g.from_model = True
    return g


def InjectFenceProxy():  # noqa: N802 (TileLang's name)
    def apply(mod):
        if not isinstance(mod, IRModule):
            raise TypeError("InjectFenceProxy is a module pass: it takes an IRModule")
        for name, f in mod.functions.items():
            if not f.has_target():
                raise FrontendError(f"function {name!r} reaches InjectFenceProxy without a target "
                                    "(TileLang binds one first; head skips such a function)")
        if mockcfg.PASS_BIN:
            return IRModule({n: _model_output(f) for n, f in mod.functions.items()}, name=mod.name, origin=mod.origin)
        if mod.name is not None:  # an @I.ir_module class
            after = parsed_after(mod.origin)
            if after is None:
                return mod
            return IRModule({n: PrimFunc(g.name, g.node, g._ops, g.text, mod[n].attrs, g.origin,
                                         mod[n].source_target) if n in mod.functions else g
                             for n, g in after.functions.items()}, name=mod.name, origin=mod.origin)
        before = mod["main"]
        after = parsed_after(before.origin)
        g = after if after is not None else before
        return IRModule({"main": PrimFunc(g.name, g.node, g._ops, g.text, before.attrs, g.origin,
                                          before.source_target)})

    return apply
