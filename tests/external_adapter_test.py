#!/usr/bin/env python3
"""external_adapter_test.py ADAPTER OUTDIR FILE...: the TileLang adapter's
reading and printing path, in one process, with the stand-in TVM and
TileLang of tests/adapter_stub (on PYTHONPATH): every FILE respelled
(written to OUTDIR/NAME, for fencefuzz to read back) is accepted by the
stand-in parser, which refuses any tl op left in its printed spelling, and
comes back from an identity pass byte for byte.  Prints "N ok", exits 1 on
any difference."""
import importlib.util
import os
import sys


def main():
    adapter, outdir, files = sys.argv[1], sys.argv[2], sys.argv[3:]
    spec = importlib.util.spec_from_file_location("fencefuzz_tilelang", adapter)
    ad = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(ad)
    tl = ad.TileLang()
    bad = 0
    for path in files:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        respelled = "".join(ad.respell(src, tl.op_name, tl.tir_name) for _, src in ad.split_functions(text))
        with open(os.path.join(outdir, os.path.basename(path)), "w", encoding="utf-8") as f:
            f.write(respelled)
        try:
            out = ad.transform(tl, text)
        except Exception as e:  # noqa: BLE001
            print("FAIL %s: %s: %s" % (path, type(e).__name__, e))
            bad += 1
            continue
        if out != text:
            print("FAIL %s: the identity pass through the adapter changed it" % path)
            bad += 1
    print("%d ok, %d failed" % (len(files) - bad, bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
