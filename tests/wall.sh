#!/bin/sh
# wall.sh: the oracles cannot see the models, by the build (README "Layout").
#
#   sh wall.sh SRC CC ORACLE_LIB MODELS_LIB ORACLE_LINKS -- ORACLE_INCLUDE_DIRS...
#
# ORACLE_INCLUDE_DIRS are the oracle library's include directories as CMake
# computes them (its own and those of what it links); ORACLE_LINKS is what it
# links (colon-separated).  Checked:
#   - with those directories a one-line TU including ir.h or oracle.h
#     compiles, and one including a model header (ops.h, opclass.h, pass.h,
#     pass_proxy_state.h) or the judge's (judge.h) does not;
#   - the control: with models/ added, the ops.h and pass.h TUs compile, so
#     the failures above are the include path's, not the headers';
#   - the oracle library links the IR library and not the models', and no
#     symbol it needs is one the models' library defines.
. "$(dirname "$0")/lib.sh"
src=$1 cc=$2 olib=$3 mlib=$4 links=$5
shift 5
[ "$1" = -- ] && shift
inc=""
for d in "$@"; do
	inc="$inc -I$d"
done
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

# compiles HEADER [EXTRA-FLAGS]: 0 when `#include "HEADER"` compiles with the oracle's path
compiles() {
	# ops.h is an X-macro fragment: the probe defines its row macro first
	printf '#define OP(name, ref, head, leg) int op_##name;\n#include "%s"\nint wall_probe(void);\nint wall_probe(void) { return 0; }\n' \
		"$1" >"$tmp/probe.c"
	# shellcheck disable=SC2086
	"$cc" -std=c11 -D_POSIX_C_SOURCE=200809L $inc $2 -c "$tmp/probe.c" -o "$tmp/probe.o" 2>"$tmp/err"
}

for h in ir.h oracle.h effects.h; do
	if compiles "$h"; then ok; else bad "oracle path: #include \"$h\" does not compile: $(head -1 "$tmp/err")"; fi
done
for h in ops.h opclass.h pass.h pass_proxy_state.h pass_ext.h judge.h; do
	if compiles "$h"; then
		bad "oracle path: #include \"$h\" compiles: the oracles can see the models"
	elif grep -q "$h" "$tmp/err"; then
		echo "wall: #include \"$h\" in oracle/: $(grep -m1 "$h" "$tmp/err" | sed "s|$tmp/||")"
		ok
	else
		bad "oracle path: #include \"$h\" failed for another reason: $(head -1 "$tmp/err")"
	fi
done
# The control: the same TUs with the models' directory added.
for h in ops.h pass.h; do
	if compiles "$h" "-I$src/models"; then ok; else bad "control: \"$h\" does not compile even with models/: $(head -1 "$tmp/err")"; fi
done

case ":$links:" in
*":fencefuzz_ir:"*) ok ;;
*) bad "the oracle library does not link fencefuzz_ir (links: $links)" ;;
esac
case ":$links:" in
*models* | *fencefuzz_core* | *judge*) bad "the oracle library links a model library (links: $links)" ;;
*) ok ;;
esac

if command -v nm >/dev/null; then
	nm -u "$olib" | awk '{print $NF}' | sort -u >"$tmp/needs"
	nm --defined-only "$mlib" | awk '$2 ~ /^[TDRB]$/ {print $3}' | sort -u >"$tmp/models"
	[ -s "$tmp/models" ] || bad "no symbols read from $mlib"
	both=$(comm -12 "$tmp/needs" "$tmp/models")
	if [ -z "$both" ]; then
		echo "wall: the oracle library needs $(wc -l <"$tmp/needs") symbols, none of the models' $(wc -l <"$tmp/models")"
		ok
	else
		bad "the oracle library uses model symbols: $(echo "$both" | tr '\n' ' ')"
	fi
else
	echo "nm missing: symbol check skipped"
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
