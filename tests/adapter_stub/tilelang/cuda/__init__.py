import os

if os.environ.get("STUB_ERA") != "head":
    raise ImportError("stub tilelang: no tilelang.cuda before head")
