#!/bin/sh
# repro_pytest_frontend.sh SRCDIR DIR: every pytest file that repro_pytest
# wrote to DIR must parse as Python and pass when run against the mock of
# TileLang 9f25954's frontend (tests/pytest_frontend_stub/: a strict
# stand-in, not TileLang: TVM's TVMScript parser of that API, the version's
# op vocabulary, BindTarget's effect on equality; its self-test shows what
# it refuses).  Skips (77) without python3.
src=$1
dir=$2
command -v python3 >/dev/null 2>&1 || { echo "python3 not found: skipped"; exit 77; }
set -- "$dir"/*.py
[ -e "$1" ] || { echo "no files in $dir"; exit 1; }
# A program with a head-only op gets head's harness (it is head's finding):
# run those against the mock of head, the others against 9f25954's.
head=$(grep -l '^from tvm import tirx' "$@")
seed=$(grep -L '^from tvm import tirx' "$@")
rc=0
python3 "$src/tests/pytest_frontend_stub/language_selftest.py" || rc=1
[ -z "$seed" ] || python3 "$src/tests/pytest_frontend_stub/check.py" --version seed $seed || rc=1
[ -z "$head" ] || python3 "$src/tests/pytest_frontend_stub/check.py" --version head $head || rc=1
exit $rc
