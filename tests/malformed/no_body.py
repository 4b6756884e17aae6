@T.prim_func
def main():
@T.prim_func
def other():
    pass
