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
import inspect
import re
import textwrap
import types

import mockcfg
from mockcfg import FrontendError
from tvm._tir import Call
from tvm.ir import Op

# tvm.script.parser.tir at the seed API: the __all__ of its ir_builder plus
# the parser's own Buffer, Ptr, bool, prim_func, macro.
_SEED = """
buffer buffer_decl prim_func arg func_name func_attr func_ret match_buffer block init where reads
writes block_attr alloc_buffer axis serial parallel vectorized unroll thread_binding grid Assert
realize allocate allocate_const attr While If Then Else decl_buffer launch_thread env_thread
buffer_store evaluate boolean handle void var ptr min max iter_var comm_reducer index_map target
buffer_var abs fabs acos acosh address_of asin asinh atan atan2 atanh bitwise_and bitwise_not
bitwise_or bitwise_xor ceil clz copysign cos cosh erf exp exp2 exp10 floor ceildiv floordiv floormod
fmod hypot if_then_else infinity isfinite isinf isnan isnullptr ldexp likely log log1p log2 log10
lookup_param max_value min_value nearbyint nextafter popcount pow q_multiply_shift
q_multiply_shift_per_axis ret reinterpret round rsqrt shift_left shift_right sigmoid sin sinh sqrt
tan tanh trunc truncdiv truncmod tvm_access_ptr tvm_throw_last_error tvm_stack_alloca
tvm_stack_make_shape tvm_stack_make_array call_packed call_cpacked call_packed_lowered
call_cpacked_lowered call_extern call_intrin call_llvm_intrin call_llvm_pure_intrin call_pure_extern
tvm_tuple tvm_struct_set tvm_struct_get tvm_thread_invariant tvm_thread_allreduce
tvm_load_matrix_sync tvm_mma_sync tvm_bmma_sync tvm_fill_fragment tvm_store_matrix_sync
tvm_storage_sync tvm_warp_shuffle tvm_warp_shuffle_up tvm_warp_shuffle_down tvm_warp_activemask
ptx_mma ptx_mma_sp ptx_ldmatrix ptx_cp_async ptx_cp_async_bulk ptx_wait_group ptx_commit_group
ptx_cp_async_barrier ptx_init_barrier_thread_count ptx_arrive_barrier ptx_arrive_barrier_expect_tx
ptx_wait_barrier create_barriers mma_store mma_fill vectorlow vectorhigh vectorcombine dp4a assume
undef meta_var type_annotation broadcast ramp cast
Var SizeVar Reduce FloatImm IntImm StringImm Cast Add Sub Mul Div Mod FloorDiv FloorMod Min Max EQ
NE LT LE GT GE And Or Not Select BufferLoad ProducerLoad Ramp Broadcast Shuffle Call CallEffectKind
let LetStmt Let IterVar CommReducer Range vscale
Buffer Ptr bool macro
"""
# Head's tirx parser: blocks became sblocks, LetStmt became Bind, Allocate,
# AllocateConst and BufferRealize are gone (TVM #18689, #18874, #18865).
_HEAD_REMOVED = set("block block_attr realize allocate allocate_const LetStmt".split())
_HEAD_ADDED = set("sblock sblock_attr sblock_alloc_buffer bind".split())

_LANES = ["", "x2", "x4", "x8", "x16", "x32", "x64"]
_FLOAT_BASES = ["float8_e3m4", "float8_e4m3", "float8_e4m3b11fnuz", "float8_e4m3fn", "float8_e4m3fnuz",
                "float8_e5m2", "float8_e5m2fnuz", "float8_e8m0fnu", "float6_e2m3fn", "float6_e3m2fn",
                "float4_e2m1fn", "float16", "float32", "float64", "bfloat16"]
_DTYPES = ([b + l for b in _FLOAT_BASES for l in _LANES] +
           [f"{s}int{w}{l}" for s in ("", "u") for w in (8, 16, 32, 64) for l in _LANES if l != "x2"])

_SCRIPT = set(_SEED.split())
if mockcfg.API == "head":
    _SCRIPT = (_SCRIPT - _HEAD_REMOVED) | _HEAD_ADDED
NAMES = frozenset(_SCRIPT) | frozenset(_DTYPES)

DTYPE_FIRST = frozenset("""
call_extern call_pure_extern call_intrin call_llvm_intrin call_llvm_pure_intrin reinterpret ptx_mma
ptx_mma_sp ptx_ldmatrix ptx_cp_async ptx_cp_async_bulk mma_store mma_fill
""".split())
_DTYPE_RE = re.compile(r"^(bool|handle|void|u?int(8|16|32|64)|float(16|32|64)|bfloat16|"
                       r"float[468]_e\w+)(x\d+)?$")
_MODULES = ("tir", "tirx", "tvm", "tilelang", "tl")


def _t_attr(node):
    """NAME for the expression T.NAME, else None."""
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "T":
        return node.attr
    return None


def _op_get(node):
    """(module, op string) of MODULE.op.Op.get("...") / tvm.MODULE.op.Op.get("..."), else None."""
    if not (isinstance(node, ast.Call) and len(node.args) == 1 and not node.keywords):
        return None
    chain, f = [], node.func
    while isinstance(f, ast.Attribute):
        chain.append(f.attr)
        f = f.value
    if not isinstance(f, ast.Name):
        return None
    chain.append(f.id)
    chain.reverse()
    if chain[0] == "tvm":
        chain = chain[1:]
    if len(chain) != 4 or chain[1:] != ["op", "Op", "get"] or chain[0] not in ("tir", "tirx"):
        return None
    arg = node.args[0]
    if not (isinstance(arg, ast.Constant) and isinstance(arg.value, str)):
        raise FrontendError(f"line {node.lineno}: Op.get needs a string")
    return chain[0], arg.value


def _python_literal(node):
    """An expression Python evaluates on its own (no T.*, no names)."""
    if isinstance(node, ast.Constant):
        return True
    if isinstance(node, ast.BinOp):
        return _python_literal(node.left) and _python_literal(node.right)
    if isinstance(node, ast.UnaryOp):
        return _python_literal(node.operand)
    if isinstance(node, ast.BoolOp):
        return all(_python_literal(v) for v in node.values)
    if isinstance(node, ast.Compare):
        return _python_literal(node.left) and all(_python_literal(c) for c in node.comparators)
    return False


def _is_dtype(node):
    return isinstance(node, ast.Constant) and isinstance(node.value, str) and bool(_DTYPE_RE.match(node.value))


def _check_call(node, ops):
    name = _t_attr(node.func)
    if name is None:
        return
    where = f"line {node.lineno}: T.{name}"
    args = node.args
    if name == "call_intrin":
        if node.keywords or len(args) < 2:
            raise FrontendError(f"{where}: takes (dtype, op, *args), no keywords")
        if not _is_dtype(args[0]):
            raise FrontendError(f"{where}: the first argument must be a dtype string")
        got = _op_get(args[1])
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
    if name in DTYPE_FIRST and not (args and _is_dtype(args[0])):
        raise FrontendError(f"{where}: TVM's {name} takes the result dtype first")
    ops.append(("tirx." if mockcfg.API == "head" else "tir.") + name)


def check_function(fn):
    """Checks a parsed FunctionDef; returns the ops of its calls."""
    ops = []
    op_gets = set()
    for node in ast.walk(fn):
        if isinstance(node, ast.Call) and _op_get(node) is not None:
            f = node.func
            while isinstance(f, ast.Attribute):
                f = f.value
            op_gets.add(id(f))
    for node in ast.walk(fn):
        name = _t_attr(node)
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
        if isinstance(node, ast.If) and _python_literal(node.test):
            raise FrontendError(f"line {node.lineno}: the if condition {ast.unparse(node.test)!r} is Python "
                                f"literals only: TVM's parser evaluates it and keeps one branch, not the if")
        if isinstance(node, ast.With) and mockcfg.API == "head":
            for item in node.items:
                if isinstance(item.context_expr, ast.Call) and _t_attr(item.context_expr.func) == "decl_buffer":
                    raise FrontendError(f"line {node.lineno}: T.decl_buffer is not a frame at head")
        if isinstance(node, ast.Call):
            _check_call(node, ops)
    return ops


def _has_target(fn):
    for node in ast.walk(fn):
        if isinstance(node, ast.Call) and _t_attr(node.func) == "func_attr" and node.args \
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
    text = textwrap.dedent(inspect.getsource(func))
    f = _from_text(text, f"{func.__name__} ({inspect.getsourcefile(func)}, function at line "
                         f"{func.__code__.co_firstlineno})")
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


class _Value:
    """What a T.NAME evaluates to at run time (only annotations are run)."""

    def __init__(self, name):
        self.name = name

    def __call__(self, *args, **kwargs):
        return _Value(self.name)

    def __getattr__(self, attr):
        return _Value(f"{self.name}.{attr}")


def __getattr__(name):
    if name in NAMES:
        return _Value(name)
    raise AttributeError(f"module 'tvm.script.{mockcfg.tir_module()}' has no attribute '{name}'")
