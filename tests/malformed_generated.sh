#!/bin/sh
# malformed_generated.sh FENCEFUZZ SRCDIR WORKDIR
# Generates the inputs too large to commit (10,000-deep nesting, a 5,000-digit
# literal) and checks each gives a located error with exit status 2.
ff=$1 src=$2 work=$3
mkdir -p "$work" || exit 1
sh "$src/tests/malformed/gen_deep.sh" "$work" > "$work/EXPECTED" || exit 1
fail=0 n=0
while read -r name where substr; do
	[ -n "$name" ] || continue
	n=$((n + 1))
	sh "$src/tests/check_error.sh" "$ff" "$work/$name" "$where" "$substr" || fail=$((fail + 1))
done < "$work/EXPECTED"
echo "$((n - fail)) passed, $fail failed"
[ "$n" -gt 0 ] && [ "$fail" -eq 0 ]
