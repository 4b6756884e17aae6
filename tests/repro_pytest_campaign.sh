#!/bin/sh
# repro_pytest_campaign.sh FENCEFUZZ SRCDIR WORKDIR: the pytest reproducers a
# campaign stores, run against the frontend mock of their finding's version
# (tests/pytest_frontend_stub/check.py --db):
# - a tilelang-head finding's file uses head's names only (tvm.tirx,
#   tl.cuda.transform, a dict target), the others 9f25954's (tvm.tir,
#   tilelang.transform);
# - every 9f25954/legacy file runs and passes against the mock whose pass
#   returns `after`, or fails there only at its fence count, which `after`
#   cannot hold (well formed: imports, parser, ops of the version, the
#   target bound on both sides), and fails by its own assertion when
#   fencefuzz's model of the version stands for the pass;
# - no head file fails for its imports, its target or its ops;
# - repro --api head writes a 9f25954 finding's pytest for head; --api tip
#   is a usage error.
# Skips (77) without python3.
ff=$1 src=$2 work=$3
. "$src/tests/lib.sh"
need_sqlite3
command -v python3 >/dev/null 2>&1 || { echo "python3 not found: skipped"; exit 77; }
rm -rf "$work" && mkdir -p "$work" || exit 1
db=$work/p.sqlite
"$ff" campaign --programs 80 --seed 7 --size 20 --db "$db" >"$work/campaign.txt" 2>&1 || { bad "campaign: exit $?"; cat "$work/campaign.txt"; }
q() { sqlite3 "$db" "$1"; }
py='from findings f join reproducers r on r.finding_id = f.id where r.pytest_text is not null'
[ "$(q "select count(*) $py and f.model <> 'tilelang-head'")" -gt 0 ] && ok || bad "no 9f25954/legacy pytest"
[ "$(q "select count(*) $py and f.model = 'tilelang-head'")" -gt 0 ] && ok || bad "no head pytest"
[ "$(q "select count(*) $py and f.model = 'tilelang-head' and (r.pytest_text like '%tvm.tir.%'
   or r.pytest_text like '%tilelang.transform%' or r.pytest_text like '%from tvm import tir
%' or r.pytest_text like '%tir.op.Op.get%' or r.pytest_text not like '%tl.cuda.transform.InjectFenceProxy%')")" = 0 ] &&
	ok || bad "a head pytest uses a name of 9f25954's API"
[ "$(q "select count(*) $py and f.model <> 'tilelang-head' and (r.pytest_text like '%tirx%'
   or r.pytest_text not like '%tilelang.transform.InjectFenceProxy%')")" = 0 ] &&
	ok || bad "a 9f25954/legacy pytest uses a name of head's API"
[ "$(q "select count(*) $py and r.pytest_text like '%def test_fencefuzz_%'")" = 0 ] && ok || bad "a test named by a hash"

check=$src/tests/pytest_frontend_stub/check.py
python3 "$check" --db "$db" --expect any >"$work/mock.txt" 2>&1 || { bad "check.py (well formed): exit $?"; cat "$work/mock.txt"; }
python3 "$check" --db "$db" --expect any --pass-bin "$ff" >"$work/model.txt" 2>&1 || { bad "check.py (model): exit $?"; cat "$work/model.txt"; }
# the count lines: "  MODEL  OUTCOME  N"
others=$(grep -E '^  tilelang-(9f25954|legacy) ' "$work/mock.txt" | grep -Ev ' (passed|own count) ')
[ -z "$others" ] && ok || bad "9f25954/legacy files not well formed against the mock: $others"
others=$(grep -E '^  tilelang-(9f25954|legacy) ' "$work/model.txt" | grep -Ev ' own (count|equality) ')
[ -z "$others" ] && ok || bad "9f25954/legacy files that do not fail by their own assertion under the model: $others"
others=$(grep -E '^  tilelang-head ' "$work/mock.txt" | grep -E 'not at the API|one-sided target|op not at version|error')
[ -z "$others" ] && ok || bad "head files failing for their harness: $others"

id=$(q "select f.id $py and f.model = 'tilelang-9f25954' limit 1")
if [ -n "$id" ]; then
	"$ff" repro "$id" --db "$db" --pytest --api head >"$work/head.py" 2>"$work/err.txt" && ok || bad "repro --api head: exit $?"
	grep -q 'tl.cuda.transform.InjectFenceProxy' "$work/head.py" && grep -q '^from tvm.script import tirx as T$' "$work/head.py" &&
		! grep -q 'tvm.tir\.' "$work/head.py" && ok || bad "repro --api head: not head's API"
	"$ff" repro "$id" --db "$db" --pytest --api seed | grep -q 'tilelang.transform.InjectFenceProxy' && ok || bad "repro --api seed"
fi
"$ff" repro 1 --db "$db" --api tip >/dev/null 2>&1; rc=$?
[ $rc = 2 ] && ok || bad "repro --api tip: exit $rc, expected 2"
echo "$pass passed, $fail failed"
[ $fail = 0 ]
