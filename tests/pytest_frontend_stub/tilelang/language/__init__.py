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

import mockcfg
import scriptast
from mockcfg import FrontendError
from scriptast import is_dtype, python_literal, t_attr

# TVM's TVMScript tir names (tvm.script.parser.tir, shared with the parser
# mock) and its dtypes, here with float4_e2m1fn_unpacked and tfloat32 too.
_TVM_TIR = scriptast.TVM_TIR_SEED
_DTYPES = scriptast.dtype_names(scriptast.FLOAT_BASES + ("float4_e2m1fn_unpacked", "tfloat32"))

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
NAMES = _TVM_TIR | _DTYPES | frozenset(_TILELANG.split())

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
_DTYPE_RE = scriptast.dtype_re("|tfloat32")

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


def _tir_op_get(node):
    """The string of tir.op.Op.get("...") / tvm.tir.op.Op.get("..."), else None."""
    got = scriptast.op_get(node)
    return got[1] if got is not None and got[0] == "tir" else None


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
        op = _tir_op_get(args[1])
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
        if not args or not is_dtype(args[0], _DTYPE_RE):
            raise FrontendError(f"{where}: the wrapper takes the result dtype first")
    ops.append("tir." + name)


def check_function(fn):
    """Checks a parsed FunctionDef; returns the ops of its calls."""
    ops = []
    op_gets = scriptast.op_get_roots(fn, ("tir",))
    for node in ast.walk(fn):
        name = t_attr(node)
        if name is not None and name not in NAMES:
            raise FrontendError(f"line {node.lineno}: T.{name} does not exist in tilelang.language")
        if isinstance(node, ast.Name) and node.id in ("tir", "tvm", "tilelang") and id(node) not in op_gets:
            raise FrontendError(f"line {node.lineno}: {node.id} used inside the prim_func other than as tir.op.Op.get")
        if isinstance(node, ast.While) and python_literal(node.test):
            raise FrontendError(f"line {node.lineno}: RuntimeError: Infinite while loop detected in TileLang")
        if isinstance(node, ast.If) and (python_literal(node.test) or t_attr(getattr(node.test, "func", None)) == "bool"):
            raise FrontendError(f"line {node.lineno}: TileLang's eager builder folds the constant condition: "
                                "the test builds another program than the one judged")
        if isinstance(node, ast.Call):
            _check_call(node, ops)
    return ops


from tvm.script.parser import PrimFunc as _ParsedFunc  # noqa: E402
from tvm.script.parser import parsed_after, register  # noqa: E402,F401


class PrimFunc(_ParsedFunc):
    def __init__(self, name, node, ops, attrs=None, origin=None):
        super().__init__(name, node, ops, None, attrs, origin, False)


def _parse(func):
    source, fn, where = scriptast.parse_decorated(func)
    try:
        ops = check_function(fn)
    except FrontendError as e:
        raise FrontendError(f"{where}: {e}") from None
    f = PrimFunc(func.__name__, fn, ops)
    f.text = source
    register(f)
    return f


def prim_func(func=None, *, private=False, check_well_formed=True):
    if func is None:
        return _parse
    return _parse(func)


__getattr__ = scriptast.module_getattr(NAMES, lambda: "tilelang.language")
