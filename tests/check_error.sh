#!/bin/sh
# check_error.sh FENCEFUZZ FILE LINE:COL SUBSTRING
# Bad input must give exit status 2 and a first stderr line
# "FILE:LINE:COL: ..." containing SUBSTRING; never a crash or a hang.
ff=$1 file=$2 where=$3 substr=$4
err=$(timeout 20 "$ff" fmt "$file" 2>&1 >/dev/null)
rc=$?
first=$(printf '%s\n' "$err" | head -n 1)
if [ "$rc" -ne 2 ]; then
	echo "FAIL $file: exit status $rc, want 2"; printf '%s\n' "$err" | head -n 5; exit 1
fi
case "$first" in
"$file:$where:"*) ;;
*) echo "FAIL $file: want '$file:$where: ...', got '$first'"; exit 1 ;;
esac
case "$first" in
*"$substr"*) ;;
*) echo "FAIL $file: message lacks '$substr': '$first'"; exit 1 ;;
esac
echo "ok $file: $first"
