#!/bin/sh
# function_length.sh SOURCE-DIR [LIMIT]: no function of the libraries and the
# CLI is longer than LIMIT lines (default 150), counted from the line after
# its opening brace (a `{` alone at the start of a line, as the style puts
# every function's) to the line before its closing `}` at the start of a
# line.  Prints every function over the limit with its length and file.
src=$1 limit=${2:-150}
[ -d "$src/core" ] || { echo "FAIL: $src is not the source tree"; exit 1; }
over=$(cd "$src" && for f in core/*.c models/*.c oracle/*.c oracle/cuda/*.c fuzz/*.c judge/*.c reports/*.c cli/*.c; do
	[ -f "$f" ] || continue
	awk -v file="$f" -v limit="$limit" '
		/^[A-Za-z_].*\(/ { name = $0 }
		/^\{/ { start = NR }
		/^\}/ && start { n = NR - start - 1; if (n > limit) printf "%d lines: %s: %s\n", n, file, name; start = 0 }
	' "$f"
done)
count=$(cd "$src" && cat core/*.c models/*.c oracle/*.c fuzz/*.c judge/*.c cli/*.c | grep -c '^{')
if [ -n "$over" ]; then
	echo "FAIL: functions over $limit lines:"
	echo "$over"
	exit 1
fi
[ "$count" -gt 500 ] || { echo "FAIL: only $count functions found: the count is broken"; exit 1; }
echo "ok: $count functions, none over $limit lines"
