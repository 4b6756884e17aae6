#!/bin/sh
# root_causes.sh FENCEFUZZ SRCDIR: the models' explanations (PassModel.explain).
#
# 1. Each tests/root-causes/*.py carries lines
#      # root cause MODEL KIND: LABEL
#    and `fencefuzz check --json --model MODEL` on it must report a KIND
#    finding with that root cause (one small program per rule of a model).
# 2. Every mutant's fault is the root cause of one of its findings on the
#    seed program that tells it from the reference.
# 3. No finding of a built-in model on the seed corpus is without a root
#    cause (a program its version refuses is not judged: model-rejected).
. "$(dirname "$0")/lib.sh"
ff=$1 src=$2
tmp=${TMPDIR:-/tmp}/root-causes.$$
trap 'rm -f "$tmp"' EXIT

for f in "$src"/tests/root-causes/*.py; do
	grep '^# root cause ' "$f" | while IFS= read -r line; do
		rest=${line#\# root cause }
		model=${rest%% *}
		rest=${rest#* }
		kind=${rest%%: *}
		label=${rest#*: }
		"$ff" check "$f" --model "$model" --json >"$tmp" 2>&1
		if grep -F "\"kind\": \"$kind\"" "$tmp" | grep -qF "\"root_cause\": \"$label\""; then
			echo ok
		else
			echo "FAIL $(basename "$f"): no $kind finding of $model with root cause '$label'; got:" >&2
			sed -n 's/.*"kind": "\([^"]*\)".*"root_cause": \([^,]*\),.*/  \1: \2/p' "$tmp" >&2
			echo bad
		fi
	done
done >"$tmp.r"
pass=$((pass + $(grep -c '^ok' "$tmp.r")))
fail=$((fail + $(grep -c '^bad' "$tmp.r")))
rm -f "$tmp.r"

# mutant -> the seed program on which its fault is to blame
while read -r mutant file; do
	if "$ff" check "$src/corpus/seed/$file" --model "mutant:$mutant" 2>/dev/null |
		grep -qF "root cause: mutant fault $mutant: "; then
		ok
	else
		bad "mutant:$mutant on $file: no finding blamed on its fault"
	fi
done <<'LIST'
no-if-union 03_cp_async_bulk_not_async_for_legacy.py
hoist-without-generic 09_entry_without_generic_no_hoist.py
hoist-keeps-state 04_if_else_hoist_pure_async.py
hoist-ignores-stores 15_for_symbolic_vs_constant_trip.py
no-loop-fixpoint 14_for_loop_carried_generic_at_end.py
zero-trip-ignored 15_for_symbolic_vs_constant_trip.py
while-nonzero 60_mutant_while_nonzero.py
block-predicate-ignored 21_block_predicate.py
fence-no-reset 32_existing_fence_neutral.py
fence-after 01_store_then_wgmma.py
fence-dropped-flatten 05_if_without_else_no_hoist.py
annotations-dropped 50_ws_gemm_dequant_fence_in_loop.py
read-mask-is-write 23_access_ptr_rw_masks.py
address-of-ignored 24_address_of_shared_vs_local.py
async-set-missing-tma-store 07_if_else_generic_call_or_nested_no_hoist.py
store-scope-exact 01_store_then_wgmma.py
LIST

# A mutant's finding that the reference has too is the reference's rule.
if "$ff" check "$src/corpus/seed/28_let_bound_call_not_inspected.py" --model mutant:fence-after 2>/dev/null |
	grep -qF "root cause: generic write unseen: call inside a let value"; then
	ok
else
	bad "mutant:fence-after: the reference's own let-value finding not blamed on the reference's rule"
fi

for model in tilelang-9f25954 tilelang-head tilelang-legacy; do
	for f in "$src"/corpus/seed/*.py; do
		# a program the model's version refuses is not judged: no root cause
		"$ff" check "$f" --model "$model" 2>/dev/null | grep -E '^[^ ]+:[0-9]+:[0-9]+: ' |
			grep -v '; root cause: ' | grep -v ': model-rejected \['
	done >"$tmp"
	if [ -s "$tmp" ]; then
		bad "$model: findings on the seed corpus without a root cause:"
		head -3 "$tmp"
	else
		ok
	fi
done

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
