# 9f25954 rebuilds every for loop without its step.
# root cause tilelang-9f25954 not-preserved: loop step dropped: For rebuilt without its step

@T.prim_func
def main():
    C_shared = T.decl_buffer((8192,), "float16", scope="shared.dyn")
    for i in range(0, 16, 2):
        C_shared[i] = T.float16(0.0)
