"""A strict mock of TVM's TVMScript parser (`from tvm.script import tir as T`
with the seed API, `tirx as T` with the head API), for fencefuzz's pytest
reproducers (fuzz/repro_pytest.c).  It is NOT TVM: it builds no TIR.

@T.prim_func does not run the decorated function, as TVM's parser does not:
it reads the function's source with Python's ast and refuses what TVM's
parser of that API would refuse, or would read as another program:
* a T.NAME the API's TVMScript namespace does not have (tl ops among them:
  TVM's parser knows none; seed-only names such as T.allocate, T.block,
  T.LetStmt at head; T.sblock, T.bind at seed);
* T.call_intrin whose op is not tir.op.Op.get("tl.NAME") (tirx.op.Op.get at
  head) of an op that TileLang registers at the mock's version (the
  version's vocabulary: core/vocab.def);
* a dtype-first TVM op (T.call_extern, the TVM forms of T.ptx_ldmatrix and
  T.ptx_cp_async, ...) without a dtype string first;
* T.address_of of anything but a buffer element or buffer: TVM raises
  "Invalid object type";
* an `if` whose condition is Python literals only: the parser evaluates it
  in Python and keeps one branch, so the test would build another program;
* at head, T.target("cuda -arch=...") (the CLI string form is gone) and
  `with T.decl_buffer(...)` (a buffer, not a frame, at head);
* any other use of tir/tirx/tvm/tilelang inside the function.
A `while` over Python literals is read (TVM builds While(True) from it).
"""
import ast
import textwrap
import types

import mockcfg
import scriptast
from mockcfg import FrontendError
from scriptast import is_dtype, op_get, python_literal, t_attr
from tvm._tir import Call
from tvm.ir import Op

# Head's tirx parser: blocks became sblocks, LetStmt became Bind, Allocate,
# AllocateConst and BufferRealize are gone (TVM #18689, #18874, #18865).
_HEAD_REMOVED = set("block block_attr realize allocate allocate_const LetStmt".split())
_HEAD_ADDED = set("sblock sblock_attr sblock_alloc_buffer bind".split())

_SCRIPT = set(scriptast.TVM_TIR_SEED)
if mockcfg.API == "head":
    _SCRIPT = (_SCRIPT - _HEAD_REMOVED) | _HEAD_ADDED
NAMES = frozenset(_SCRIPT) | scriptast.dtype_names(scriptast.FLOAT_BASES)

DTYPE_FIRST = frozenset("""
call_extern call_pure_extern call_intrin call_llvm_intrin call_llvm_pure_intrin reinterpret ptx_mma
ptx_mma_sp ptx_ldmatrix ptx_cp_async ptx_cp_async_bulk mma_store mma_fill
""".split())
_DTYPE_RE = scriptast.dtype_re()
_MODULES = ("tir", "tirx", "tvm", "tilelang", "tl")


def _check_call(node, ops):
    name = t_attr(node.func)
    if name is None:
        return
    where = f"line {node.lineno}: T.{name}"
    args = node.args
    if name == "call_intrin":
        if node.keywords or len(args) < 2:
            raise FrontendError(f"{where}: takes (dtype, op, *args), no keywords")
        if not is_dtype(args[0], _DTYPE_RE):
            raise FrontendError(f"{where}: the first argument must be a dtype string")
        got = op_get(args[1])
        if got is None:
            raise FrontendError(f"{where}: the op must be {mockcfg.tir_module()}.op.Op.get(\"tl.NAME\")")
        module, op = got
        if module != mockcfg.tir_module():
            raise FrontendError(f"{where}: {module}.op.Op.get: the {mockcfg.API} API's TVM module is "
                                f"{mockcfg.tir_module()}")
        if not op.startswith("tl."):
            raise FrontendError(f"{where}: Op.get({op!r}): only tl ops are spelled through T.call_intrin")
        if op[3:] not in mockcfg.TL_OPS:
            known = "" if op[3:] not in mockcfg.ALL_TL else f" (TileLang {mockcfg.VERSION} does not have it)"
            raise FrontendError(f"{where}: Operator {op} is not registered{known}")
        ops.append(op)
        return
    if name == "address_of":
        if len(args) != 1 or not isinstance(args[0], (ast.Subscript, ast.Name)):
            raise FrontendError(f"{where}: ValueError: Invalid object type (address_of takes a buffer element)")
    if name == "target" and mockcfg.API == "head" and args and isinstance(args[0], ast.Constant) \
            and isinstance(args[0].value, str) and " " in args[0].value:
        raise FrontendError(f"{where}: CLI target string form {args[0].value!r} is no longer supported")
    if name in DTYPE_FIRST and not (args and is_dtype(args[0], _DTYPE_RE)):
        raise FrontendError(f"{where}: TVM's {name} takes the result dtype first")
    ops.append(("tirx." if mockcfg.API == "head" else "tir.") + name)


def check_function(fn):
    """Checks a parsed FunctionDef; returns the ops of its calls."""
    ops = []
    op_gets = scriptast.op_get_roots(fn)
    for node in ast.walk(fn):
        name = t_attr(node)
        if name is not None and name in mockcfg.ALL_TIR and name not in mockcfg.TIR_OPS:
            raise FrontendError(f"line {node.lineno}: T.{name}: Operator tir.{name} is not registered "
                                f"(the TVM of TileLang {mockcfg.VERSION} does not have it)")
        if name is not None and name not in NAMES:
            what = " (a tl op: TVM's parser knows none; spell it T.call_intrin)" if name in mockcfg.ALL_TL else ""
            raise FrontendError(f"line {node.lineno}: T.{name} does not exist in TVM's TVMScript "
                                f"({mockcfg.API} API){what}")
        if isinstance(node, ast.Name) and node.id in _MODULES and id(node) not in op_gets:
            raise FrontendError(f"line {node.lineno}: {node.id} used inside the prim_func other than as "
                                f"{mockcfg.tir_module()}.op.Op.get")
        if isinstance(node, ast.If) and python_literal(node.test):
            raise FrontendError(f"line {node.lineno}: the if condition {ast.unparse(node.test)!r} is Python "
                                f"literals only: TVM's parser evaluates it and keeps one branch, not the if")
        if isinstance(node, ast.With) and mockcfg.API == "head":
            for item in node.items:
                if isinstance(item.context_expr, ast.Call) and t_attr(item.context_expr.func) == "decl_buffer":
                    raise FrontendError(f"line {node.lineno}: T.decl_buffer is not a frame at head")
        if isinstance(node, ast.Call):
            _check_call(node, ops)
    return ops


def _has_target(fn):
    for node in ast.walk(fn):
        if isinstance(node, ast.Call) and t_attr(node.func) == "func_attr" and node.args \
                and isinstance(node.args[0], ast.Dict):
            if any(isinstance(k, ast.Constant) and k.value == "target" for k in node.args[0].keys):
                return True
    return False


_parsed = []  # every PrimFunc parsed so far, in order


class PrimFunc:
    """A parsed function: its source, ops, and Python-level attributes
    (with_attr, BindTarget); `text` is its TVMScript source (dedented)."""

    def __init__(self, name, node, ops, text, attrs=None, origin=None, source_target=None):
        self.name = name
        self.node = node
        self.text = text
        self.attrs = dict(attrs or {})
        self.origin = origin if origin is not None else self
        self.source_target = _has_target(node) if source_target is None else source_target
        self.body = types.SimpleNamespace(calls=[Call(Op(o)) for o in ops])
        self._ops = ops

    def with_attr(self, key, value):
        return PrimFunc(self.name, self.node, self._ops, self.text, {**self.attrs, key: value}, self.origin,
                        self.source_target)

    def has_target(self):
        return self.source_target or "target" in self.attrs

    def structure(self):
        import tilelang._pass as p  # the model's canonical text when a model stands in for the pass

        canon = p.canonical(self)
        if canon is not None:
            return canon
        node = ast.FunctionDef(name="", args=self.node.args, body=self.node.body, decorator_list=[],
                               returns=self.node.returns, type_comment=None)
        return ast.dump(node, include_attributes=False)


def register(program):
    _parsed.append(program)


def parsed_after(before):
    """The `after` function (`After` module) defined after `before` (`Before`)."""
    want = {"before": "after", "Before": "After"}.get(before.name)
    try:
        i = next(k for k, f in enumerate(_parsed) if f is before)
    except StopIteration:
        return None
    for f in _parsed[i + 1:]:
        if f.name == before.name:
            return None
        if f.name == want:
            return f
    return None


def _from_text(text, where):
    module = ast.parse(text)
    fns = [n for n in module.body if isinstance(n, ast.FunctionDef)]
    if len(fns) != 1:
        raise FrontendError(f"{where}: expected one function definition")
    try:
        ops = check_function(fns[0])
    except FrontendError as e:
        raise FrontendError(f"{where}: {e}") from None
    return PrimFunc(fns[0].name, fns[0], ops, text)


def _parse(func):
    text, fn, where = scriptast.parse_decorated(func)
    f = _from_text(text, where)
    register(f)
    return f


def prim_func(func=None, *, private=False, check_well_formed=True):
    if func is None:
        return _parse
    return _parse(func)


def from_source(text):
    f = _from_text(textwrap.dedent(text), "<from_source>")
    register(f)
    return f


__getattr__ = scriptast.module_getattr(NAMES, lambda: f"tvm.script.{mockcfg.tir_module()}")
