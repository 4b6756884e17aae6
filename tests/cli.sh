#!/bin/sh
# cli.sh FENCEFUZZ SRCDIR: the command-line contract (exit codes, help, stdin).
ff=$1 src=$2
pass=0 fail=0
expect() { # expect WANT_RC DESCRIPTION CMD...
	want=$1 what=$2; shift 2
	"$@" >/tmp/ff_cli_out.$$ 2>&1
	rc=$?
	if [ "$rc" -eq "$want" ]; then pass=$((pass + 1)); else
		fail=$((fail + 1)); echo "FAIL $what: exit $rc, want $want"; head -n 5 /tmp/ff_cli_out.$$
	fi
}
prog="$src/corpus/golden-tilelang/p00000.in.py"
expect 0 "--help" "$ff" --help
expect 2 "no command" "$ff"
expect 2 "unknown command" "$ff" frobnicate
expect 0 "help fmt" "$ff" help fmt
expect 0 "help help" "$ff" help help
expect 2 "help of an unknown command" "$ff" help frobnicate
expect 0 "--version" "$ff" --version
case "$("$ff" --version)" in "fencefuzz "[0-9]*" (commit "?*")") pass=$((pass + 1)) ;;
*) fail=$((fail + 1)); echo "FAIL --version: $("$ff" --version)" ;; esac
for c in findings triage campaign reduce promote; do expect 0 "$c --help" "$ff" $c --help; done
# --opt=value wherever --opt value is taken, for every command
expect 0 "pass --model=identity" "$ff" pass --model=identity "$prog"
if [ "$("$ff" pass --model=tilelang-legacy "$prog")" = "$("$ff" pass --model tilelang-legacy "$prog")" ]; then
	pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL --model=M differs from --model M"; fi
expect 2 "pass --model=nope" "$ff" pass --model=nope "$prog"
expect 0 "check --oracles=soundness" "$ff" check --oracles=soundness "$src/corpus/seed/01_store_then_wgmma.py"
expect 2 "fmt --bogus=1" "$ff" fmt --bogus=1 "$prog"
for c in fmt pass models sweep check; do expect 0 "$c --help" "$ff" $c --help; done
expect 0 "fmt" "$ff" fmt "$prog"
expect 2 "fmt missing file" "$ff" fmt
expect 2 "fmt nonexistent file" "$ff" fmt /nonexistent/x.py
expect 2 "fmt unknown option" "$ff" fmt --bogus "$prog"
expect 0 "fmt --check on TVM-printed file" "$ff" fmt --check "$prog"
expect 0 "pass default model" "$ff" pass "$prog"
expect 2 "pass unknown model" "$ff" pass --model nope "$prog"
expect 0 "models" "$ff" models
# stdin
if "$ff" fmt - < "$prog" > /tmp/ff_cli_a.$$ && "$ff" fmt "$prog" > /tmp/ff_cli_b.$$ &&
	cmp -s /tmp/ff_cli_a.$$ /tmp/ff_cli_b.$$; then pass=$((pass + 1)); else
	fail=$((fail + 1)); echo "FAIL fmt - (stdin) differs from fmt FILE"; fi
# every built-in model is listed, the default marked
for m in tilelang-9f25954 tilelang-legacy tilelang-head identity; do
	if "$ff" models | grep -q -- " $m "; then pass=$((pass + 1)); else
		fail=$((fail + 1)); echo "FAIL models does not list $m"; fi
done
if "$ff" models | grep -q '^\* tilelang-9f25954'; then pass=$((pass + 1)); else
	fail=$((fail + 1)); echo "FAIL models does not mark the default"; fi
# legacy adds the handshake after tma_store, the reference does not
st="$src/corpus/golden-tilelang/p00003.in.py"
if [ "$("$ff" pass --model tilelang-legacy "$st" | grep -c tma_store_arrive)" -eq 1 ] &&
	[ "$("$ff" pass "$st" | grep -c tma_store_arrive)" -eq 0 ]; then pass=$((pass + 1)); else
	fail=$((fail + 1)); echo "FAIL handshake behaviour of pass on p00003"; fi
# check: exit 0 and `ok` when nothing is found, 1 with a located line per finding
seed="$src/corpus/seed"
expect 0 "check ok" "$ff" check "$seed/01_store_then_wgmma.py"
expect 1 "check finding" "$ff" check "$seed/28_let_bound_call_not_inspected.py"
expect 2 "check bad oracle list" "$ff" check --oracles bogus "$seed/01_store_then_wgmma.py"
expect 2 "check bad input" "$ff" check "$src/tests/malformed/empty.py"
expect 0 "check --help" "$ff" check --help
out=$("$ff" check "$seed/28_let_bound_call_not_inspected.py")
case "$out" in
*"28_let_bound_call_not_inspected.py:27:5: unsound [tilelang-9f25954, soundness]"*"witness: 26:5 generic write atomicAdd -> 27:5 async read ptx_wgmma_ss"*) pass=$((pass + 1)) ;;
*) fail=$((fail + 1)); echo "FAIL check text line: $out" ;;
esac
out=$("$ff" check --json "$seed/28_let_bound_call_not_inspected.py")
for key in '"kind": "unsound"' '"model": "tilelang-9f25954"' '"oracle": "soundness"' '"line": 27' '"witness": [' '"signature": "'; do
	case "$out" in *"$key"*) pass=$((pass + 1)) ;; *) fail=$((fail + 1)); echo "FAIL check --json lacks $key: $out" ;; esac
done
out=$("$ff" check --oracles soundness --differential tilelang-legacy "$seed/02_tma_load_not_async_for_legacy.py")
case "$out" in
*"differential [tilelang-9f25954, differential]"*"tilelang-legacy is unsound"*) pass=$((pass + 1)) ;;
*) fail=$((fail + 1)); echo "FAIL check --differential: $out" ;;
esac
if "$ff" models | grep -q "mutant:no-loop-fixpoint"; then pass=$((pass + 1)); else
	fail=$((fail + 1)); echo "FAIL models does not list the mutants"; fi
# nothing to reduce / promote: exit 1 (no such finding in FILE), not 2 (bad input)
expect 1 "reduce: nothing to reduce" "$ff" reduce "$seed/01_store_then_wgmma.py"
expect 1 "promote: nothing to promote" "$ff" promote --file "$seed/01_store_then_wgmma.py" --dir /tmp/ff_cli_reg.$$
expect 2 "reduce of bad input" "$ff" reduce "$src/tests/malformed/empty.py"
expect 0 "pass with a mutant" "$ff" pass --model mutant:fence-after "$seed/01_store_then_wgmma.py"
rm -rf /tmp/ff_cli_out.$$ /tmp/ff_cli_a.$$ /tmp/ff_cli_b.$$ /tmp/ff_cli_reg.$$
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
