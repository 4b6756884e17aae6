#!/bin/sh
# cli_options.sh FENCEFUZZ SRCDIR: the option parser (cli/options.c) as every
# command sees it: unknown options name the nearest one (exit 2), flags take
# no `=value`, values out of range are usage errors, `--` ends the options,
# and every option --help lists is one the command parses.
ff=$1 src=$2
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }
out=/tmp/ff_cli_options.$$
# Nothing here should write anything; if something does, it is in a scratch
# directory, not the caller's.
scratch=$(mktemp -d) && cd "$scratch" || exit 1
prog="$src/corpus/seed/01_store_then_wgmma.py"
cmds="fmt pass models check sweep gen campaign reduce repro findings triage promote replay report merge lower confirm"
for c in $cmds; do
	"$ff" $c --no-such-option-here >$out 2>&1
	[ $? -eq 2 ] && grep -q "fencefuzz $c: unknown option '--no-such-option-here'" $out && ok ||
		bad "$c: unknown option: $(head -n 2 $out)"
	# each option of the generated list parses: the unknown option is the
	# one after it (so that nothing runs), never the option itself
	for o in $("$ff" $c --help | sed -n 's/^  \(-[a-z], \)\{0,1\}\(--[a-z][a-z-]*\).*/\2/p'); do
		"$ff" $c $o 1 --zzz-end </dev/null >$out 2>&1
		[ $? -eq 2 ] && ! grep -q "unknown option '$o'" $out && ok ||
			bad "$c --help lists $o, which does not parse: $(head -n 1 $out)"
	done
done
"$ff" campaign --jbos 2 >$out 2>&1
[ $? -eq 2 ] && grep -q "did you mean --jobs?" $out && ok || bad "campaign --jbos: $(cat $out)"
"$ff" check --json=1 "$prog" >$out 2>&1
[ $? -eq 2 ] && grep -q "'--json' takes no value" $out && ok || bad "check --json=1: $(cat $out)"
"$ff" check --unknown-trips 0 "$prog" >$out 2>&1
[ $? -eq 2 ] && grep -q "takes a number in \[1, " $out && ok || bad "check --unknown-trips 0: $(cat $out)"
"$ff" check --model >$out 2>&1
[ $? -eq 2 ] && grep -q "option '--model' needs a value" $out && ok || bad "check --model: $(cat $out)"
"$ff" campaign --fail-on sometimes >$out 2>&1
[ $? -eq 2 ] && grep -q "bad --fail-on 'sometimes' (new, unsound, any)" $out && ok || bad "campaign --fail-on: $(cat $out)"
# options after the operand, the last of a repeated option, and `--`
[ "$("$ff" pass "$prog" --model identity --model tilelang-legacy)" = "$("$ff" pass --model=tilelang-legacy "$prog")" ] &&
	ok || bad "pass: options after FILE, or the last --model, not taken"
"$ff" fmt -- "$prog" >/dev/null 2>&1 && ok || bad "fmt -- FILE"
"$ff" fmt -- --check >$out 2>&1
[ $? -eq 2 ] && grep -q -- "--check" $out && ! grep -q "unknown option" $out && ok ||
	bad "fmt -- --check: not read as a file: $(cat $out)"
rm -rf $out "$scratch"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
