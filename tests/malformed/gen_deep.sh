#!/bin/sh
# gen_deep.sh OUTDIR: writes inputs too large to commit and prints their
# expected diagnostics, one "NAME LINE:COL substring" line each (the format
# of tests/malformed/EXPECTED; tests/malformed_generated.sh consumes it).
#   deep_brackets.py  10,000 nested parentheses in an expression
#   deep_blocks.py    10,000 nested ifs, one space of indentation per level
#   huge_literal.py   a 5,000-digit integer literal
#   flat_frames.py    2,000 flat lets: 2,000 levels of IR, one of text
#   deep_elif.py      10,000 elifs: each nests an If in the else branch
#   deep_calls.py     3,000 nested calls T.exp(T.exp(...))
# The bound is IR_MAX_DEPTH = 1000 levels; the first level past it is where
# the error must point.
out=${1:?usage: gen_deep.sh OUTDIR}
mkdir -p "$out" || exit 1
head='@T.prim_func
def main(a: T.int32):'

# The expression opens 1 + 10,000 parentheses; the 1,001st is at column
# 15 + 1000 ("    T.evaluate(" is 15 columns).
{ echo "$head"; awk 'BEGIN { s = "    T.evaluate("; for (i = 0; i < 10000; i++) s = s "(";
	s = s "a"; for (i = 0; i < 10000; i++) s = s ")"; print s ")" }'; } > "$out/deep_brackets.py"
echo "deep_brackets.py 3:1015 nesting deeper than 1000 levels"

# Line 2 + k holds the if indented k spaces, at level k; the lexer refuses
# the indent that would open level 1,001 (line 1003, column 1002).
{ echo "$head"; awk 'BEGIN { s = ""; for (i = 1; i <= 10000; i++) { s = s " "; print s "if a:" }
	print s " T.evaluate(a)" }'; } > "$out/deep_blocks.py"
echo "deep_blocks.py 1003:1002 nesting deeper than 1000 levels"

{ echo "$head"; awk 'BEGIN { s = "    T.evaluate("; for (i = 0; i < 5000; i++) s = s (i % 10);
	print s ")" }'; } > "$out/huge_literal.py"
echo "huge_literal.py 3:16 integer literal too large"

# Let k (from 1) is on line 2 + k and nests k deep: the 1,001st is refused.
{ echo "$head"; awk 'BEGIN { for (i = 1; i <= 2000; i++) printf "    x%d: T.int32 = a + %d\n", i, i;
	print "    T.evaluate(x2000)" }'; } > "$out/flat_frames.py"
echo "flat_frames.py 1003:5 nesting deeper than 1000 levels"

# If k (from 1: the `if`, then 9,999 elifs) is on line 1 + 2k and nests
# k deep, its body k + 1 deep: the body of the 1,000th (line 2002) is
# refused.
{ echo "$head"; awk 'BEGIN { print "    if a == 0:"; print "        T.evaluate(0)";
	for (i = 1; i < 10000; i++) { printf "    elif a == %d:\n        T.evaluate(%d)\n", i, i } }'; } > "$out/deep_elif.py"
echo "deep_elif.py 2002:9 nesting deeper than 1000 levels"

# "    T.evaluate(" then "T.exp(" x 3000: the lexer refuses the 1,001st open
# parenthesis, that of the 1,000th T.exp, at column 16 + 6 * 999 + 5.
{ echo "$head"; awk 'BEGIN { s = "    T.evaluate("; for (i = 0; i < 3000; i++) s = s "T.exp(";
	s = s "a"; for (i = 0; i < 3000; i++) s = s ")"; print s ")" }'; } > "$out/deep_calls.py"
echo "deep_calls.py 3:6015 nesting deeper than 1000 levels"
