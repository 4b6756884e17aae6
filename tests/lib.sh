# lib.sh: what the shell tests share (sourced: . "$(dirname "$0")/lib.sh").
# ok / bad count the checks (bad prints FAIL and its message); the script
# ends with `echo "$pass passed, $fail failed"` and its exit status.
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }
# need_sqlite3: the sqlite3 shell, or exit 1 saying who installs it
need_sqlite3() {
	command -v sqlite3 >/dev/null || { echo "sqlite3 shell missing (scripts/setup.sh installs it)"; exit 1; }
}
