"""What the two strict mock frontends (tvm/script/parser.py: TVM's TVMScript
parser; tilelang/language/__init__.py: TileLang's eager frontend) read the
same way: the names TVM's TVMScript `tir` namespace exports, dtype names,
`T.NAME` and `MODULE.op.Op.get("...")` recognition, Python-literal
conditions, the parse of a decorated function's source, and the run-time
value of a `T.NAME` (only annotations are evaluated).  Neither mock builds
TIR; each keeps its own rules about what its frontend refuses."""
import ast
import inspect
import re
import textwrap

from mockcfg import FrontendError

# tvm.script.parser.tir at the seed API: the __all__ of its ir_builder plus
# the parser's own Buffer, Ptr, bool, prim_func, macro.
TVM_TIR_SEED = frozenset("""
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
""".split())

# TVM's dtype names: the float bases in every lane count 1..64, ints and
# uints in lanes 1, 4..64.
_LANES = ["", "x2", "x4", "x8", "x16", "x32", "x64"]
FLOAT_BASES = ("float8_e3m4", "float8_e4m3", "float8_e4m3b11fnuz", "float8_e4m3fn", "float8_e4m3fnuz",
               "float8_e5m2", "float8_e5m2fnuz", "float8_e8m0fnu", "float6_e2m3fn", "float6_e3m2fn",
               "float4_e2m1fn", "float16", "float32", "float64", "bfloat16")


def dtype_names(float_bases):
    """Every dtype name of those float bases and of the integer types."""
    return frozenset([b + l for b in float_bases for l in _LANES] +
                     [f"{s}int{w}{l}" for s in ("", "u") for w in (8, 16, 32, 64) for l in _LANES if l != "x2"])


def dtype_re(extra=""):
    """A regular expression of a dtype string (extra: more alternatives, '|a|b')."""
    return re.compile(r"^(bool|handle|void|u?int(8|16|32|64)|float(16|32|64)|bfloat16" + extra +
                      r"|float[468]_e\w+)(x\d+)?$")


def t_attr(node):
    """NAME for the expression T.NAME, else None."""
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "T":
        return node.attr
    return None


def op_get(node):
    """(module, op string) of MODULE.op.Op.get("...") / tvm.MODULE.op.Op.get("...")
    for MODULE tir or tirx, else None."""
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


def op_get_roots(fn, modules=("tir", "tirx")):
    """ids of the Names that start an Op.get chain of one of modules inside fn."""
    roots = set()
    for node in ast.walk(fn):
        got = op_get(node) if isinstance(node, ast.Call) else None
        if got is not None and got[0] in modules:
            f = node.func
            while isinstance(f, ast.Attribute):
                f = f.value
            roots.add(id(f))
    return roots


def python_literal(node):
    """An expression Python evaluates on its own (no T.*, no names)."""
    if isinstance(node, ast.Constant):
        return True
    if isinstance(node, (ast.Compare, ast.BinOp, ast.BoolOp, ast.UnaryOp)):
        return all(python_literal(c) for c in ast.iter_child_nodes(node) if isinstance(c, ast.expr))
    return False


def is_dtype(node, regex):
    return isinstance(node, ast.Constant) and isinstance(node.value, str) and bool(regex.match(node.value))


def parse_decorated(func):
    """(dedented source, FunctionDef, where-prefix for errors) of a decorated function."""
    text = textwrap.dedent(inspect.getsource(func))
    fns = [n for n in ast.parse(text).body if isinstance(n, ast.FunctionDef)]
    where = (f"{func.__name__} ({inspect.getsourcefile(func)}, function at line "
             f"{func.__code__.co_firstlineno})")
    if len(fns) != 1:
        raise FrontendError(f"{where}: expected one function definition")
    return text, fns[0], where


class Value:
    """What a T.NAME evaluates to at run time (only annotations are run)."""

    def __init__(self, name):
        self.name = name

    def __call__(self, *args, **kwargs):
        return Value(self.name)

    def __getattr__(self, attr):
        return Value(f"{self.name}.{attr}")


def module_getattr(names, module_name):
    """A module __getattr__ that knows exactly `names` (module_name(): for the error)."""
    def getattr_(name):
        if name in names:
            return Value(name)
        raise AttributeError(f"module '{module_name()}' has no attribute '{name}'")
    return getattr_
