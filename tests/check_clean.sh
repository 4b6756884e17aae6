#!/bin/sh
# check_clean.sh FENCEFUZZ SRCDIR: the oracles accept the reference's output on
# every seed listed in tests/reference_clean.txt (no false alarm), and report
# nothing for two models that agree (differential must not fire).
ff=$1 src=$2 pass=0 fail=0
while read -r name; do
	case "$name" in ''|'#'*) continue ;; esac
	if out=$("$ff" check "$src/corpus/seed/$name" 2>&1) && [ "$out" = ok ]; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1)); echo "FAIL $name: the reference's hand-checked output has findings:"; echo "$out"
	fi
done < "$src/tests/reference_clean.txt"
# 9f25954 and head agree on 01: no differential finding.
if out=$("$ff" check --oracles soundness --differential tilelang-head "$src/corpus/seed/01_store_then_wgmma.py") &&
	[ "$out" = ok ]; then pass=$((pass + 1)); else
	fail=$((fail + 1)); echo "FAIL differential fired on agreeing models: $out"; fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
