#!/bin/sh
# cross.sh FENCEFUZZ SRCDIR: the cross-partition oracle on the programs of
# tests/cross/, each of which carries its expectations:
#   # expect MODEL PROFILE [FLAGS]: KIND@LINE ... | ok
# (the findings of `check --oracles cross --profile PROFILE FLAGS --model
# MODEL`, as kind@line of the async op, in any order; FLAGS may name other
# oracles, e.g. `--oracles soundness` for the single-thread oracle's view).
ff=$1 src=$2
. "$src/tests/lib.sh"
for f in "$src"/tests/cross/*.py; do
	grep '^# expect ' "$f" | while IFS= read -r line; do
		spec=${line#\# expect }
		args=${spec%%:*}
		want=$(echo "${spec#*: }" | tr ' ' '\n' | sort | tr '\n' ' ')
		set -- $args
		model=$1 profile=$2
		shift 2
		got=$("$ff" check "$f" --oracles cross --model "$model" --profile "$profile" "$@" |
			sed -n 's/^[^:]*:\([0-9]*\):[0-9]*: \([a-z-]*\) .*/\2@\1/p' | sort -u | tr '\n' ' ')
		[ -n "$got" ] || got="ok "
		if [ "$got" = "$want" ]; then
			echo "ok $(basename "$f"): $args"
		else
			echo "FAIL $(basename "$f"): $args: want '$want', got '$got'"
		fi
	done
done >"${TMPDIR:-/tmp}/cross.$$"
# A cross finding reduces (the reducer turns the cross oracle on for it).
out=$("$ff" reduce "$src/tests/cross/war_pipeline.py" --kind unsound-cross 2>&1)
if [ $? -eq 0 ] && printf '%s\n' "$out" | grep -q '^# fencefuzz: unsound-cross ' &&
   printf '%s\n' "$out" | grep -q '^#   reduced: '; then
	echo "ok reduce --kind unsound-cross" >>"${TMPDIR:-/tmp}/cross.$$"
else
	echo "FAIL reduce --kind unsound-cross: $out" | head -3 >>"${TMPDIR:-/tmp}/cross.$$"
fi
cat "${TMPDIR:-/tmp}/cross.$$"
n_ok=$(grep -c '^ok ' "${TMPDIR:-/tmp}/cross.$$")
n_bad=$(grep -c '^FAIL ' "${TMPDIR:-/tmp}/cross.$$")
rm -f "${TMPDIR:-/tmp}/cross.$$"
echo "$n_ok passed, $n_bad failed"
[ "$n_bad" -eq 0 ] && [ "$n_ok" -gt 0 ]
