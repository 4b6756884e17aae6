# from tvm.script import tir as T
"""module docstring"""

@T.prim_func()
def main(A: T.Buffer((16, 16), "float16"), n: T.int32, p: T.handle("float16", "global"), q: T.handle("float16"), d: T.handle("uint8x128", "grid_constant"), h: T.handle, h2: T.handle(), m2: T.int32(), B: T.Buffer[(8,), "float32"],) -> None:
    """docstring"""
    T.func_attr({"tir.noalias": T.bool(True), "global_symbol": "main"})
    T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda"})})
    m = T.int32()
    k, l = T.int32(), T.int32(is_size_var=True)
    C = T.match_buffer(h, (m, 16), "float16", strides=(16, 1))
    D = T.match_buffer(h2, [k], dtype="float32", elem_offset=0, align=64, offset_factor=1)
    # with T.block("root"):
    R = T.alloc_buffer((4,), "float16", scope="shared")
    tx = T.env_thread("threadIdx.x")
    bx = T.launch_thread("blockIdx.x", 8)
    T.launch_thread(tx, 128)
    x: T.int32 = n + 1
    y = x * 2
    z = T.float16(0)
    w = 1.5
    flag = x < y
    ptr: T.handle("float16", "shared.dyn") = p
    buf = T.allocate([49152], "uint8", "shared.dyn")
    buf2 = T.allocate([64], "float32", scope="local")
    S = T.decl_buffer((64,), "float16", scope="shared")
    S2 = T.decl_buffer([32], T.float16, data=buf, scope="shared.dyn")
    S3 = T.decl_buffer(8)
    Al = T.Buffer((1024,), "float16", data=buf, scope="local")
    assert x > 0, "positive"
    T.attr([128, 128], "kWarpSpecializationScope", 0)
    A[0, 0] = T.float16(1)
    A[()] = z
    Al[0:4] = T.Broadcast(z, 4)
    Al[0:8:2] = T.Broadcast(z, 4)
    Al[1 : 5] = Al[0:4]
    A[x, y] += T.float16(2)
    A[x, y] -= T.float16(2)
    A[x, y] *= T.float16(2)
    S[x] = T.Cast("float16", S3[0])
    T.evaluate(0)
    T.evaluate(T.tma_load(d, S[0], 0))
    T.tma_load(d, S[0], 0)
    T.shuffle_elect(0)
    T.call_extern("handle", "tl::prefetch", d)
    T.call_intrin("handle", tir.op.Op.get("tl.tl_gemm"), "x", 1)
    T.evaluate(T.call_intrin("handle", tvm.tir.op.Op.get("tl.ptx_ldmatrix"), 1))
    T.call_intrin("handle", "tir.ptx_cp_async", 1)
    for i in range(n):
        S[i] = T.float16(0)
    for i in range(2, 10):
        S[i] = T.float16(0)
    for i in range(0, 16, 2):
        S[i] = T.float16(0)
    for i in range(x, x + n):
        S[i] = T.float16(0)
    for i in T.serial(4, annotations={"num_stages": 3}):
        S[i] = T.float16(0)
    for i in T.serial(0, 16, 2):
        S[i] = T.float16(0)
    for i in T.serial(0, 16, step=1):
        S[i] = T.float16(0)
    for i in T.parallel(4):
        S[i] = T.float16(0)
    for i in T.vectorized(4):
        S[i] = T.float16(0)
    for i in T.unroll(2, 10, step=2):
        S[i] = T.float16(0)
    for i in T.thread_binding(128, thread="threadIdx.y"):
        S[i] = T.float16(0)
    for i in T.thread_binding(0, 32, "threadIdx.z"):
        S[i] = T.float16(0)
    for i in T.thread_binding(32, "threadIdx.z"):
        S[i] = T.float16(0)
    for i, j in T.grid(4, 8):
        A[i, j] = T.float16(0)
    for (i, j, kk) in T.grid(2, 2, 2):
        A[i, j + kk] = T.float16(0)
    for i in range(T.int64(16)):
        S[i] = T.float16(0)
    while S[0] < T.float16(4):
        S[0] = S[0] + T.float16(1)
    if x == 1:
        S[0] = T.float16(0)
    elif x == 2:
        S[1] = T.float16(0)
    elif x == 3:
        S[2] = T.float16(0)
    else:
        pass
    if x: S[5] = T.float16(0)
    with T.Assert(x < 10, "small"):
        S[3] = T.float16(0)
    with T.LetStmt(x + 1) as xx:
        S[xx] = T.float16(0)
    with T.LetStmt(p, T.handle("float16", "global")) as pp:
        T.evaluate(pp)
    with T.LetStmt(5, var=x):
        S[x] = T.float16(0)
    with T.allocate([4], "int32", "local") as al:
        T.evaluate(al)
    with T.decl_buffer((4,), "int32", scope="local") as dl:
        dl[0] = 1
    with T.launch_thread("threadIdx.y", 4) as ty:
        S[ty] = T.float16(0)
    with T.launch_thread(tx, 128):
        S[tx] = T.float16(0)
    with T.attr(0, "pragma", 1):
        S[0] = T.float16(0)
    with T.block("b1"):
        T.reads(S[0:4], A[0, 0:16])
        T.writes()
        T.where(x < 4)
        T.block_attr({"k": 1})
        bb = T.alloc_buffer((4,), "float16", scope="shared")
        sh = T.alloc_shared((16, 16), "float16")
        lo = T.alloc_local((4,), "float32")
        fr = T.alloc_fragment((4,), "float32")
        va = T.alloc_var("int32")
        ba = T.alloc_barrier([128, 128])
        bb[0] = sh[0, 0]
        va[0] = 1
    with T.block():
        S[0] = T.float16(0)
    T.evaluate(x + 1 if x > 0 else x - 1)
    T.evaluate(-x)
    T.evaluate(-5)
    T.evaluate(-2147483648)
    T.evaluate(2147483648)
    T.evaluate(-9223372036854775808)
    T.evaluate(T.int64(-5))
    T.evaluate(T.uint8(255))
    T.evaluate(T.int8(-128))
    T.evaluate(T.float32("inf"))
    T.evaluate(T.float32("-inf"))
    T.evaluate(T.float32("nan"))
    T.evaluate(T.float32(0.1))
    T.evaluate(T.float16(x))
    T.evaluate(T.cast(x, "float16"))
    T.evaluate(T.bool(True))
    T.evaluate(True)
    T.evaluate(x & 3 | 4 ^ 5)
    T.evaluate(~x << 2 >> 1)
    T.evaluate(x / 2 + x // 2 + x % 2)
    T.evaluate(T.Add(x, 0) + T.Sub(x, 1) + T.Mul(x, 1) + T.Div(x, 2) + T.truncdiv(x, 2) + T.FloorDiv(x, 2) + T.floordiv(x, 2) + T.FloorMod(x, 2) + T.floormod(x, 3))
    T.evaluate(T.LT(x, 1) and T.LE(x, 1) or T.EQ(x, 1) and T.NE(x, 1) or T.GT(x, 1) and T.GE(x, 1))
    T.evaluate(T.And(flag, flag) or T.Or(flag, flag))
    T.evaluate(not flag)
    T.evaluate(T.Not(flag))
    T.evaluate(T.Not(1))
    T.evaluate(0 < x < 10)
    T.evaluate(0 < x <= 10 == flag)
    T.evaluate(T.max(x, 1) + T.min(x, 2) + T.truncmod(x, 3))
    T.evaluate(T.Select(flag, x, 1))
    T.evaluate(T.if_then_else(flag, x, 1))
    T.evaluate(T.Ramp(0, 1, 4))
    T.evaluate(T.tvm_access_ptr(T.type_annotation(T.float16), S.data, 0, 64, 3))
    T.evaluate(T.tvm_access_ptr(T.type_annotation("float16"), S.data, 0, 64, 3))
    T.evaluate(T.address_of(S[0]))
    T.evaluate(T.iter_var(x, T.Range(0, n), "ThreadIndex", "threadIdx.x"))
    T.evaluate(T.pack_b16((1, 2), [3, 4], {"a": 1, "b": None}, key=None, other="s"))
    T.evaluate(metadata["tl.Layout"][0])
    T.evaluate('single' "double")
    T.evaluate(1e-5)
    T.evaluate(T.reinterpret("float32", x))
    y2 = x + \
        1
    T.evaluate(T.pack_b16(1,
                   2,
                   3,
    ))
    break
    continue
    return x
