"""check.py FILE...: each file must parse as Python (ast.parse)."""
import ast
import sys

failed = 0
for path in sys.argv[1:]:
    try:
        with open(path, encoding="utf-8") as f:
            ast.parse(f.read(), path)
    except (SyntaxError, ValueError) as e:
        print(f"FAIL {path}: {e}")
        failed += 1
print(f"check.py: {len(sys.argv) - 1} files, {failed} failed")
sys.exit(1 if failed else 0)
