"""A strict mock of `tilelang.language` (imported as T): TileLang's own eager
frontend, which fencefuzz's reproducers no longer use (they are read by
TVM's TVMScript parser, tvm/script/parser.py); kept to judge files written
for it.  It is NOT TileLang's frontend: it cannot build TIR.  Its
@T.prim_func runs Python control flow as TileLang's builder does: a `while`
over Python literals is refused ("Infinite while loop detected"), and an
`if` over them is folded, so the test would build another program than the
one judged (refused here).  T.address_of of a non-element raises "Invalid
object type".  Ops are checked against the mock's version.  What else it
checks:

* T.prim_func does not run the decorated function (TVMScript is parsed from
  source, not executed): it parses the function's source with Python's ast
  and rejects every `T.NAME` that tilelang.language does not have, every
  `tir.op.Op.get("tl.NAME")` of an op TileLang does not register, any other
  use of `tir`/`tvm` inside the function, and wrapper calls whose arguments
  the real wrapper would not turn into the printed call (a dtype-first
  wrapper given something else first, a wrapper that adds an argument).
* Attribute access on the module at run time (parameter annotations such as
  `T.Buffer((16,), "float16")` are evaluated when the def runs) fails for a
  name not in the list, as the real module would.

The lists are written from TileLang's and TVM's sources as read for the
emitter's table (see the comment above `spellings` in fuzz/repro_pytest.c),
independently of that table, so a wrong row there shows up here.
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

# tvm.script.parser.tir: `from ...ir_builder.tir import *` (the __all__ of
# tvm/script/ir_builder/tir/ir.py in TileLang's TVM fork) plus the parser's
# own Buffer, Ptr, bool, prim_func, macro.
_TVM_TIR = """
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
# Its dtype names: the float bases in every lane count 1..64, ints and uints
# in lanes 1, 4..64, bfloat16/tfloat32 in 1..64.
_LANES = ["", "x2", "x4", "x8", "x16", "x32", "x64"]
_FLOAT_BASES = ["float8_e3m4", "float8_e4m3", "float8_e4m3b11fnuz", "float8_e4m3fn", "float8_e4m3fnuz",
                "float8_e5m2", "float8_e5m2fnuz", "float8_e8m0fnu", "float6_e2m3fn", "float6_e3m2fn",
                "float4_e2m1fn", "float4_e2m1fn_unpacked", "float16", "float32", "float64",
                "bfloat16", "tfloat32"]
_DTYPES = ([b + l for b in _FLOAT_BASES for l in _LANES] +
           [f"{s}int{w}{l}" for s in ("", "u") for w in (8, 16, 32, 64) for l in _LANES if l != "x2"])

# TileLang's additions: tilelang/language/tir/ir.py (wrappers of its tir/op.py,
# among them ptx_fence_barrier_init and the dtype-first wgmma/tcgen05 ones),
# tilelang/language/__init__.py @9f25954, and tilelang/language/builtin.py.
_TILELANG = """
ptx_fence_barrier_init ptx_wgmma_ss ptx_wgmma_rs ptx_tcgen05_mma_ss ptx_tcgen05_mma_ts
ptx_tcgen05_mma_blockscaled_ss ptx_tcgen05_cp
Kernel Parallel Pipelined Persistent Serial Unroll Vectorized alloc_var alloc_local alloc_shared
alloc_fragment alloc_barrier alloc_tmem alloc_reducer alloc_descriptor alloc_wgmma_desc copy gemm
fill clear reduce reduce_max reduce_min reduce_sum cumsum atomic_add Tensor make_tensor
__ldg access_ptr deallocate_tmem create_tma_descriptor tma_load fence_proxy_async tma_store_arrive
tma_store_wait set_max_nreg inc_max_nreg dec_max_nreg no_set_max_nreg ptx_arrive_cluster_barrier
mbarrier_wait_parity mbarrier_arrive mbarrier_expect_tx warpgroup_arrive warpgroup_commit_batch
warpgroup_wait get_lane_idx get_warp_idx_sync get_warp_idx get_warp_group_idx shuffle_elect
warpgroup_fence_operand initialize_wgmma_descriptor initialize_tcgen05_descriptor
increase_descriptor_offset wait_wgmma barrier_wait barrier_arrive sync_threads sync_warp sync_grid
shfl_xor shfl_down shfl_up shfl_sync loop_break cp_async_barrier_noinc tcgen05_mma_arrive
"""
NAMES = frozenset(_TVM_TIR.split()) | frozenset(_DTYPES) | frozenset(_TILELANG.split())

# Ops TileLang registers under tl. (TIR_DEFINE_TL_BUILTIN(NAME) in src/op/builtin.cc;
# looked up there for tma_load_multicast, tma_load_gather4, tma_store_cluster,
# ptx_wgmma_sp_ss, tl_gemm_sp, ptx_stmatrix, ptx_cp_async, mbarrier_*), as far
# as reproducers use them.
TL_OPS = frozenset("""
tma_load tma_load_im2col tma_load_multicast tma_load_gather4 tma_store tma_store_scatter4
tma_store_cluster tma_store_arrive tma_store_wait fence_proxy_async ptx_wgmma_ss ptx_wgmma_rs
ptx_wgmma_sp_ss ptx_wgmma_sp_rs ptx_tcgen05_mma_ss ptx_tcgen05_mma_ts ptx_tcgen05_mma_blockscaled_ss
tl_gemm tl_gemm_sp ptx_stmatrix ptx_ldmatrix ptx_cp_async tl_shuffle_elect mbarrier_wait_parity
mbarrier_expect_tx warpgroup_arrive warpgroup_commit_batch warpgroup_wait warpgroup_fence_operand
initialize_wgmma_descriptor initialize_tcgen05_descriptor set_max_nreg
""".split())

# Wrappers whose first parameter is the result dtype (_dtype_forward).
DTYPE_FIRST = frozenset("""
call_extern call_pure_extern call_intrin call_llvm_intrin call_llvm_pure_intrin reinterpret ptx_mma
ptx_mma_sp ptx_ldmatrix ptx_cp_async ptx_cp_async_bulk mma_store mma_fill ptx_wgmma_ss ptx_wgmma_rs
ptx_tcgen05_mma_ss ptx_tcgen05_mma_ts ptx_tcgen05_mma_blockscaled_ss
""".split())
_DTYPE_RE = re.compile(r"^(bool|handle|void|u?int(8|16|32|64)|float(16|32|64)|bfloat16|tfloat32|"
                       r"float[468]_e\w+)(x\d+)?$")

# tl wrappers as T.NAME: (number of positional arguments that rebuilds the
# printed call, whether the first must be a buffer element, the op it builds).
TL_WRAPPERS = {
    "fence_proxy_async": (0, False, "tl.fence_proxy_async"),
    "tma_store_arrive": (0, False, "tl.tma_store_arrive"),
    "tma_store_wait": (1, False, "tl.tma_store_wait"),  # count defaults to 0: always one argument
    "tma_load": (None, False, "tl.tma_load"),
    "mbarrier_wait_parity": (2, True, "tl.mbarrier_wait_parity"),
    "mbarrier_expect_tx": (2, True, "tl.mbarrier_expect_tx"),
    "warpgroup_arrive": (0, False, "tl.warpgroup_arrive"),
    "warpgroup_commit_batch": (0, False, "tl.warpgroup_commit_batch"),
    "warpgroup_wait": (1, False, "tl.warpgroup_wait"),
    "set_max_nreg": (2, False, "tl.set_max_nreg"),
    "shuffle_elect": (1, False, "tl.tl_shuffle_elect"),
}
# Wrappers that take other parameters than the printed call's arguments.
NOT_RAW = {
    "warpgroup_fence_operand": "its wrapper takes (buffer_or_ptr, offset, num_regs, dtype)",
    "initialize_wgmma_descriptor": "its wrapper int()s the byte offsets and returns an Evaluate",
    "initialize_tcgen05_descriptor": "its wrapper int()s its arguments and rebuilds the flags",
}


def _t_attr(node):
    """NAME for the expression T.NAME, else None."""
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "T":
        return node.attr
    return None


def _is_op_get(node):
    """The string of tir.op.Op.get("...") / tvm.tir.op.Op.get("..."), else None."""
    if not (isinstance(node, ast.Call) and len(node.args) == 1 and not node.keywords):
        return None
    chain, f = [], node.func
    while isinstance(f, ast.Attribute):
        chain.append(f.attr)
        f = f.value
    if not isinstance(f, ast.Name):
        return None
    chain.append(f.id)
    if list(reversed(chain)) not in (["tir", "op", "Op", "get"], ["tvm", "tir", "op", "Op", "get"]):
        return None
    arg = node.args[0]
    if not (isinstance(arg, ast.Constant) and isinstance(arg.value, str)):
        raise FrontendError(f"line {node.lineno}: Op.get needs a string")
    return arg.value


def _check_call(node, ops):
    name = _t_attr(node.func)
    if name is None:
        return
    where = f"line {node.lineno}: T.{name}"
    args = node.args
    if name == "call_intrin":
        if node.keywords or len(args) < 2:
            raise FrontendError(f"{where}: takes (dtype, op, *args), no keywords")
        if not (isinstance(args[0], ast.Constant) and isinstance(args[0].value, str) and _DTYPE_RE.match(args[0].value)):
            raise FrontendError(f"{where}: the first argument must be a dtype string")
        op = _is_op_get(args[1])
        if op is None:
            raise FrontendError(f"{where}: the op must be tir.op.Op.get(\"tl.NAME\")")
        if not (op.startswith("tl.") and op[3:] in TL_OPS):
            raise FrontendError(f"{where}: Op.get({op!r}) is not a registered tl op")
        if op[3:] not in mockcfg.TL_OPS:
            raise FrontendError(f"{where}: Operator {op} is not registered (TileLang {mockcfg.VERSION})")
        ops.append(op)
        return
    if name == "address_of" and (len(args) != 1 or not isinstance(args[0], (ast.Subscript, ast.Name))):
        raise FrontendError(f"{where}: ValueError: Invalid object type")
    if name in NOT_RAW:
        raise FrontendError(f"{where}: {NOT_RAW[name]}, not the printed arguments; use T.call_intrin")
    if name in TL_WRAPPERS:
        n, first_load, op = TL_WRAPPERS[name]
        if node.keywords or (n is not None and len(args) != n):
            raise FrontendError(f"{where}: the wrapper rebuilds the printed call only from {n} positional arguments")
        if first_load and not isinstance(args[0], ast.Subscript):
            raise FrontendError(f"{where}: the wrapper needs a buffer element first")
        ops.append(op)
        return
    if name in DTYPE_FIRST:
        if not args or not (isinstance(args[0], ast.Constant) and isinstance(args[0].value, str)
                            and _DTYPE_RE.match(args[0].value)):
            raise FrontendError(f"{where}: the wrapper takes the result dtype first")
    ops.append("tir." + name)


def check_function(fn):
    """Checks a parsed FunctionDef; returns the ops of its calls."""
    ops = []
    op_gets = set()
    for node in ast.walk(fn):
        if isinstance(node, ast.Call) and _is_op_get(node) is not None:
            f = node.func
            while isinstance(f, ast.Attribute):
                f = f.value
            op_gets.add(id(f))
    for node in ast.walk(fn):
        name = _t_attr(node)
        if name is not None and name not in NAMES:
            raise FrontendError(f"line {node.lineno}: T.{name} does not exist in tilelang.language")
        if isinstance(node, ast.Name) and node.id in ("tir", "tvm", "tilelang") and id(node) not in op_gets:
            raise FrontendError(f"line {node.lineno}: {node.id} used inside the prim_func other than as tir.op.Op.get")
        if isinstance(node, ast.While) and _literal(node.test):
            raise FrontendError(f"line {node.lineno}: RuntimeError: Infinite while loop detected in TileLang")
        if isinstance(node, ast.If) and (_literal(node.test) or _t_attr(getattr(node.test, "func", None)) == "bool"):
            raise FrontendError(f"line {node.lineno}: TileLang's eager builder folds the constant condition: "
                                "the test builds another program than the one judged")
        if isinstance(node, ast.Call):
            _check_call(node, ops)
    return ops


def _literal(node):
    return isinstance(node, ast.Constant) or (
        isinstance(node, (ast.Compare, ast.BinOp, ast.BoolOp, ast.UnaryOp)) and
        all(_literal(c) for c in ast.iter_child_nodes(node) if isinstance(c, ast.expr)))


from tvm.script.parser import PrimFunc as _ParsedFunc  # noqa: E402
from tvm.script.parser import parsed_after, register  # noqa: E402,F401


class PrimFunc(_ParsedFunc):
    def __init__(self, name, node, ops, attrs=None, origin=None):
        super().__init__(name, node, ops, None, attrs, origin, False)


def _parse(func):
    source = textwrap.dedent(inspect.getsource(func))
    module = ast.parse(source)
    fn = module.body[0]
    if not isinstance(fn, ast.FunctionDef):
        raise FrontendError(f"{func.__name__}: not a function definition")
    try:
        ops = check_function(fn)
    except FrontendError as e:
        raise FrontendError(f"{func.__name__} ({inspect.getsourcefile(func)}, function at line "
                            f"{func.__code__.co_firstlineno}): {e}") from None
    f = PrimFunc(func.__name__, fn, ops)
    f.text = source
    register(f)
    return f


def prim_func(func=None, *, private=False, check_well_formed=True):
    if func is None:
        return _parse
    return _parse(func)


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
    raise AttributeError(f"module 'tilelang.language' has no attribute '{name}'")
