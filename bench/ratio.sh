#!/bin/sh
# ratio.sh: the benchmarks of docs/bench.md as ratios of two builds measured
# in one run on one machine.
#
#     bench/ratio.sh [options] [BASE_REV [HEAD_REV]]
#
# Builds Release binaries of BASE_REV (default cdfe203, the tree before the IR
# layer's rework) and of HEAD_REV (default: the working tree as it is now,
# uncommitted changes included) in separate directories, from `git archive`
# and a copy of the working tree's files (the checkout itself is only read),
# then runs every benchmark on both, interleaved (base then head, then head
# then base, ...), --repeats times, and prints one table: per figure the
# median and the range of each side and the ratio, >1 meaning head is better
# (faster, more programs per second, less memory).
#
# Options:
#   --base-build DIR  use an existing Release build directory of the base
#                     (DIR/fencefuzz, DIR/bench/...) instead of building one
#   --work DIR        keep sources, builds, inputs and logs in DIR (reused by
#                     the next run: the builds are incremental); default a
#                     temporary directory, removed at the end
#   --repeats N       runs per benchmark and side (default 3)
#   --seconds S       campaign length (default 5)
#   --statements N    body statements of the large program (default 1000000)
#   --oracle-programs N  programs bench_oracles judges a run (default 20000:
#                     about a second a run on the head; 2,000 runs are too
#                     short for a steady wall-time ratio)
#   --only LIST       comma-separated subset of: pass,fmt,read,campaign,
#                     oracles,reduce,ext (default all)
#   --jobs N          parallel compile jobs (default 2)
#   --markdown        print the table as Markdown, with the machine, the date
#                     and the commits above it (for docs/bench.md)
#
# Needs git, cmake, a C compiler, SQLite's development files (as the build
# does) and python3 for bench_ext's Python server row.  Exit 0 when every
# benchmark ran on both sides, 1 when one failed or the two builds printed
# different programs or judged differently (bench_oracles' digest), 2 on bad
# usage or a failed build. bench_read and bench_oracles, where a build lacks
# them, are the head's sources compiled against that build's libraries.
# What each row measures: docs/bench.md.
set -eu

usage() {
	sed -n '2,/^set -eu/p' "$0" | sed -e '/^set -eu/d' -e 's/^# \{0,1\}//' >&2
	exit 2
}
die() {
	echo "ratio.sh: $*" >&2
	exit 2
}

here=$(cd "$(dirname "$0")" && pwd)
root=$(git -C "$here" rev-parse --show-toplevel 2>/dev/null) || die "$here is not in a git checkout"
base_rev=cdfe203
head_rev=
base_build=
work=
repeats=3
seconds=5
statements=1000000
oracle_programs=20000
only=pass,fmt,read,campaign,oracles,reduce,ext
jobs=2
markdown=0
nrev=0
while [ $# -gt 0 ]; do
	case $1 in
	--base-build) [ $# -ge 2 ] || usage; base_build=$2; shift 2 ;;
	--work) [ $# -ge 2 ] || usage; work=$2; shift 2 ;;
	--repeats) [ $# -ge 2 ] || usage; repeats=$2; shift 2 ;;
	--seconds) [ $# -ge 2 ] || usage; seconds=$2; shift 2 ;;
	--statements) [ $# -ge 2 ] || usage; statements=$2; shift 2 ;;
	--oracle-programs) [ $# -ge 2 ] || usage; oracle_programs=$2; shift 2 ;;
	--only) [ $# -ge 2 ] || usage; only=$2; shift 2 ;;
	--jobs) [ $# -ge 2 ] || usage; jobs=$2; shift 2 ;;
	--markdown) markdown=1; shift ;;
	-h | --help) usage ;;
	--*=*) opt=${1%%=*}; val=${1#*=}; shift; set -- "$opt" "$val" "$@" ;;
	-*) echo "ratio.sh: unknown option '$1'" >&2; usage ;;
	*)
		nrev=$((nrev + 1))
		case $nrev in 1) base_rev=$1 ;; 2) head_rev=$1 ;; *) usage ;; esac
		shift
		;;
	esac
done
for v in "$repeats" "$seconds" "$statements" "$oracle_programs" "$jobs"; do
	case $v in '' | *[!0-9]* | 0) die "--repeats, --seconds, --statements, --oracle-programs and --jobs take a positive integer, got '$v'" ;; esac
done
for b in $(echo "$only" | tr ',' ' '); do
	case $b in pass | fmt | read | campaign | oracles | reduce | ext) ;; *) die "--only: unknown benchmark '$b'" ;; esac
done
wants() { case ",$only," in *",$1,"*) return 0 ;; *) return 1 ;; esac; }

if [ -n "$work" ]; then
	mkdir -p "$work"
	work=$(cd "$work" && pwd)
	keep=1
else
	work=$(mktemp -d "${TMPDIR:-/tmp}/fencefuzz-ratio.XXXXXX")
	keep=0
fi
cleanup() { [ "$keep" = 1 ] || rm -rf "$work"; }
trap cleanup EXIT
trap 'exit 130' INT TERM
log=$work/log
mkdir -p "$log"

say() { echo "ratio.sh: $*" >&2; }

# ---- sources and builds -------------------------------------------------------

# export_rev REV DIR: the committed tree REV, as git archive gives it.
export_rev() {
	git -C "$root" rev-parse --verify -q "$1^{commit}" >/dev/null || die "no commit '$1' in $root"
	rm -rf "$2"
	mkdir -p "$2"
	git -C "$root" archive --format=tar "$1" | (cd "$2" && tar -xf -)
}

# export_worktree DIR: the working tree's tracked and untracked, not ignored
# files as they are on disk now.
export_worktree() {
	rm -rf "$1"
	mkdir -p "$1"
	(cd "$root" && git ls-files -co --exclude-standard | while IFS= read -r f; do
		[ -f "$f" ] && printf '%s\n' "$f"
	done | tar -cf - -T -) | (cd "$1" && tar -xf -)
}

# build SIDE SRC BUILD
build() {
	say "building $1 (Release) in $3"
	if ! cmake -S "$2" -B "$3" -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF \
		>"$log/build-$1.txt" 2>&1 ||
		! cmake --build "$3" -j "$jobs" >>"$log/build-$1.txt" 2>&1; then
		tail -n 30 "$log/build-$1.txt" >&2
		die "the $1 build failed (log above)"
	fi
}

if [ -n "$base_build" ]; then
	[ -x "$base_build/fencefuzz" ] || die "--base-build $base_build has no fencefuzz binary"
	base_bin=$(cd "$base_build" && pwd)
	base_desc="$("$base_bin/fencefuzz" --version 2>/dev/null | head -n 1), an existing build (--base-build)"
else
	export_rev "$base_rev" "$work/base-src"
	build base "$work/base-src" "$work/base-build"
	base_bin=$work/base-build
	base_desc="$(git -C "$root" rev-parse --short=12 "$base_rev") (committed $(git -C "$root" log -1 --format=%cs "$base_rev"))"
fi
if [ -n "$head_rev" ]; then
	export_rev "$head_rev" "$work/head-src"
	head_desc="$(git -C "$root" rev-parse --short=12 "$head_rev") (committed $(git -C "$root" log -1 --format=%cs "$head_rev"))"
else
	export_worktree "$work/head-src"
	head_desc="$(git -C "$root" rev-parse --short=12 HEAD)"
	if [ -n "$(git -C "$root" status --porcelain --untracked-files=normal)" ]; then
		head_desc="$head_desc + uncommitted changes (working tree)"
	else
		head_desc="$head_desc (working tree, clean)"
	fi
fi
build head "$work/head-src" "$work/head-build"
head_bin=$work/head-build

cc_=${CC:-cc}
"$cc_" -O2 -o "$work/runstat" "$here/runstat.c" 2>"$log/runstat.txt" ||
	{ cat "$log/runstat.txt" >&2; die "cannot compile bench/runstat.c with $cc_"; }
runstat=$work/runstat

# ---- measurements -------------------------------------------------------------

results=$work/results.txt # KEY SIDE VALUE
rows=$work/rows.txt       # KEY|label|unit|better (higher or lower)
notes=$work/notes.txt
: >"$results"
: >"$rows"
: >"$notes"
rm -f "$work"/digest-*
failed=0

# row KEY LABEL UNIT BETTER [TARGET]: TARGET is the project's bar for the figure, if any
row() { grep -q "^$1|" "$rows" || printf '%s|%s|%s|%s|%s\n' "$1" "$2" "$3" "$4" "${5:-}" >>"$rows"; }
record() { printf '%s %s %s\n' "$1" "$2" "$3" >>"$results"; }
note() { grep -qxF "$*" "$notes" || printf '%s\n' "$*" >>"$notes"; }
fail() {
	note "FAILED: $*"
	failed=1
}
bin() { if [ "$1" = base ]; then echo "$base_bin"; else echo "$head_bin"; fi; }

# stat FILE FIELD: wall=1 cpu=2 maxrss_kib=3 status=4
stat_of() { awk -v f="$2" '{ print $f }' "$1"; }

big=$work/big.py
if wants pass || wants fmt || wants read; then
	if [ ! -s "$big" ] || [ "$(head -n 1 "$big.n" 2>/dev/null)" != "$statements" ]; then
		say "generating the $statements-statement program"
		sh "$here/gen_straight.sh" "$statements" >"$big"
		echo "$statements" >"$big.n"
	fi
	big_bytes=$(wc -c <"$big" | tr -d ' ')
	big_mb=$(awk -v b="$big_bytes" 'BEGIN { printf "%.1f", b / 1e6 }')
fi

# The large program through COMMAND (pass or fmt): time, CPU, memory; the
# printed programs of the two sides must be the same bytes.
bench_text() { # CMD SIDE REP
	cmd=$1 side=$2
	out=$work/$cmd.$side.out
	if ! "$runstat" "$work/stat" "$(bin "$side")/fencefuzz" "$cmd" "$big" >"$out" 2>"$log/$cmd-$side.err"; then
		fail "fencefuzz $cmd on the $side side (status $(stat_of "$work/stat" 4)): $(head -c 300 "$log/$cmd-$side.err")"
		return
	fi
	w=$(stat_of "$work/stat" 1) c=$(stat_of "$work/stat" 2) m=$(stat_of "$work/stat" 3)
	if [ "$cmd" = pass ]; then
		record pass-wall "$side" "$w"
		record pass-cpu "$side" "$c"
		record pass-rss "$side" "$(awk -v k="$m" 'BEGIN { printf "%.1f", k / 1024 }')"
	else
		record fmt-mbs "$side" "$(awk -v b="$big_bytes" -v t="$w" 'BEGIN { printf "%.2f", b / 1e6 / t }')"
		record fmt-mbs-cpu "$side" "$(awk -v b="$big_bytes" -v t="$c" 'BEGIN { printf "%.2f", b / 1e6 / t }')"
		record fmt-rss "$side" "$(awk -v k="$m" 'BEGIN { printf "%.1f", k / 1024 }')"
		record fmt-rss-x "$side" "$(awk -v k="$m" -v b="$big_bytes" 'BEGIN { printf "%.2f", k * 1024 / b }')"
	fi
	if [ -s "$work/$cmd.base.out" ] && [ -s "$work/$cmd.head.out" ]; then
		if cmp -s "$work/$cmd.base.out" "$work/$cmd.head.out"; then
			note "fencefuzz $cmd: base and head printed the same $(wc -c <"$out" | tr -d ' ') bytes"
		else
			fail "fencefuzz $cmd: base and head printed different programs (kept in $work if --work)"
		fi
	fi
}

# bench_read: the reader alone (public API ir_read), on the big program.
bench_read_one() { # SIDE
	side=$1
	if ! "$runstat" "$work/stat" "$(tool_bin "$side" bench_read)" --runs 1 "$big" >"$log/read-$side.out" 2>&1; then
		fail "bench_read on the $side side: $(tail -n 3 "$log/read-$side.out")"
		return
	fi
	# "speed      41.3 MB/s", "peak RSS   +180.2 MB = 3.86x the input"
	v=$(sed -n 's/.*[^0-9.]\([0-9][0-9.]*\) *MB\/s.*/\1/p' "$log/read-$side.out" | head -n 1)
	[ -n "$v" ] || v=$(awk -v b="$big_bytes" -v t="$(stat_of "$work/stat" 1)" 'BEGIN { printf "%.2f", b / 1e6 / t }')
	record read-mbs "$side" "$v"
	x=$(sed -n 's/^peak RSS.* = *\([0-9][0-9.]*\)x the input.*/\1/p' "$log/read-$side.out" | head -n 1)
	if [ -n "$x" ]; then record read-rss-x "$side" "$x"; fi
	record read-rss "$side" "$(awk -v k="$(stat_of "$work/stat" 3)" 'BEGIN { printf "%.1f", k / 1024 }')"
}

# A bench tool for SIDE: the build's own bench/NAME, else the head's
# bench/NAME.c compiled against that side's libraries and headers (bench_read
# and bench_oracles call only interfaces older trees have, so that a build
# that predates them can be measured by the same source).
tool_bin() { # SIDE NAME
	if [ -x "$(bin "$1")/bench/$2" ]; then echo "$(bin "$1")/bench/$2"; else echo "$work/$2-$1"; fi
}
# the source directory of a CMake build directory
src_of() { sed -n 's/^CMAKE_HOME_DIRECTORY:INTERNAL=//p' "$1/CMakeCache.txt" 2>/dev/null; }
make_tool() { # SIDE NAME
	[ -x "$(bin "$1")/bench/$2" ] && return 0
	[ -f "$work/head-src/bench/$2.c" ] || return 1
	s=$(src_of "$(bin "$1")")
	[ -n "$s" ] && [ -f "$s/core/ir.h" ] || return 1
	incs='' libs=''
	for d in core models oracle fuzz reports; do
		if [ -d "$s/$d" ]; then incs="$incs -I$s/$d"; fi
	done
	for l in "$(bin "$1")"/lib*.a; do
		if [ -f "$l" ]; then libs="$libs $l"; fi
	done
	[ -n "$libs" ] || return 1
	# shellcheck disable=SC2086
	"$cc_" -std=c11 -O3 -DNDEBUG -D_POSIX_C_SOURCE=200809L $incs -o "$work/$2-$1" \
		"$work/head-src/bench/$2.c" -Wl,--start-group $libs -Wl,--end-group -lsqlite3 -lm -ldl -lpthread \
		>"$log/$2-$1.txt" 2>&1
}
# make_tools NAME: the tool on both sides; a note where one was compiled here
make_tools() {
	make_tool base "$1" && make_tool head "$1" || return 1
	for s in base head; do
		if [ ! -x "$(bin "$s")/bench/$1" ]; then
			note "$1: the $s build has none: the head's bench/$1.c compiled against the $s build's libraries"
		fi
	done
}

bench_campaign_one() { # SIDE REP
	side=$1
	db=$work/campaign-$side-$2.sqlite
	rm -f "$db" "$db-wal" "$db-shm"
	if ! "$runstat" "$work/stat" "$(bin "$side")/fencefuzz" campaign --jobs 1 --no-reduce \
		--time "${seconds}s" --db "$db" --no-report >"$log/campaign-$side.out" 2>"$log/campaign-$side.err"; then
		fail "fencefuzz campaign on the $side side: $(tail -n 3 "$log/campaign-$side.err")"
		return
	fi
	rm -f "$db" "$db-wal" "$db-shm"
	# "campaign 1: 1408 programs in 3.2 s (444 programs/s, 1 job)"
	# shellcheck disable=SC2046
	set -- $(sed -n 's/^campaign [0-9]*: \([0-9]*\) programs in .*(\([0-9.]*\) programs\/s.*/\1 \2/p' "$log/campaign-$side.out" | head -n 1)
	if [ $# -ne 2 ]; then
		fail "fencefuzz campaign on the $side side printed no 'N programs in ... (R programs/s' line"
		return
	fi
	record campaign-rate "$side" "$2"
	record campaign-cpu "$side" "$(awk -v n="$1" -v c="$(stat_of "$work/stat" 2)" 'BEGIN { printf "%.0f", n / c }')"
}

# bench_oracles where both trees have it, else bench_campaign's throughput
# table (table 2 cut short with a tiny --cap).
oracles_tool=
bench_oracles_one() { # SIDE
	side=$1
	d=$(bin "$side")/bench
	if [ "$oracles_tool" = bench_oracles ]; then
		if ! "$(tool_bin "$side" bench_oracles)" --programs "$oracle_programs" --no-breakdown >"$log/oracles-$side.out" 2>&1; then
			fail "bench_oracles on the $side side: $(tail -n 3 "$log/oracles-$side.out")"
			return
		fi
		# "programs 2000  models 1  judged 1990  findings 5321  digest 0123456789abcdef  seconds 2.9  programs/s 690"
		v=$(sed -n 's/.*programs\/s \([0-9][0-9.]*\).*/\1/p' "$log/oracles-$side.out" | head -n 1)
		[ -n "$v" ] || { fail "bench_oracles on the $side side printed no 'programs/s N'"; return; }
		sed -n 's/.*\(findings [0-9]*  digest [0-9a-f]*\).*/\1/p' "$log/oracles-$side.out" | head -n 1 >"$work/digest-$side"
		if [ -s "$work/digest-base" ] && [ -s "$work/digest-head" ]; then
			if cmp -s "$work/digest-base" "$work/digest-head"; then
				note "bench_oracles: base and head judged alike ($(cat "$work/digest-head"))"
			else
				fail "bench_oracles: base and head judged differently: $(cat "$work/digest-base") against $(cat "$work/digest-head")"
			fi
		fi
		record oracles-all "$side" "$v"
		return
	fi
	secs=$(awk -v s="$seconds" 'BEGIN { printf "%g", s / 2 }')
	if ! "$d/bench_campaign" --seconds "$secs" --cap 0.001 >"$log/oracles-$side.out" 2>&1; then
		fail "bench_campaign on the $side side: $(tail -n 3 "$log/oracles-$side.out")"
		return
	fi
	for k in "generate:gen" "generate + 9f25954:ref" "+ soundness:sound" "+ all oracles:all" "all oracles, 3 models:all3"; do
		label=${k%:*} key=${k##*:}
		v=$(awk -F'|' -v l="$label" '{ x = $2; gsub(/^ +| +$/, "", x) } x == l { gsub(/ /, "", $3); print $3; exit }' "$log/oracles-$side.out")
		if [ -n "$v" ]; then record "oracles-$key" "$side" "$v"; fi
	done
}

bench_reduce_one() { # SIDE
	side=$1
	if ! "$(bin "$side")/bench/bench_reduce" --seeds 3 --budget 10 >"$log/reduce-$side.out" 2>&1; then
		fail "bench_reduce on the $side side: $(tail -n 3 "$log/reduce-$side.out")"
		return
	fi
	# "... fencefuzz median 5 (max 10), 62.3 ms median (max 112.7 ms);"
	v=$(sed -n 's/.*fencefuzz median [0-9]* (max [0-9]*), \([0-9.]*\) ms median.*/\1/p' "$log/reduce-$side.out")
	[ -n "$v" ] || { fail "bench_reduce on the $side side printed no median"; return; }
	record reduce-ms "$side" "$v"
	s=$(sed -n 's/.*fencefuzz median \([0-9]*\) (max.*/\1/p' "$log/reduce-$side.out")
	record reduce-size "$side" "$s"
}

bench_ext_one() { # SIDE
	side=$1
	if ! "$(bin "$side")/bench/bench_ext" --programs 3000 --ext-programs 20 >"$log/ext-$side.out" 2>&1; then
		fail "bench_ext on the $side side: $(tail -n 3 "$log/ext-$side.out")"
		return
	fi
	for k in "built-in identity:id" "print + read only:rt" "ext-server: identity server (Python):py" \
		"ext-server: identity server in C:c" "ext: the same script:ext"; do
		label=${k%:*} key=${k##*:}
		# | model | programs | failed | wall s | programs/s (wall) | CPU us/program | programs/s per busy core (CPU) |
		# shellcheck disable=SC2046
		set -- $(awk -F'|' -v l="$label" 'index($2, " " l) == 1 { if ($5 + 0 > 0 && $7 + 0 > 0) printf "%d %.1f %.1f\n", $4, $3 / $5, 1e6 / $7; exit }' "$log/ext-$side.out")
		[ $# -eq 3 ] || continue
		[ "$1" = 0 ] || note "bench_ext, $label, $side side: $1 programs failed"
		record "ext-$key" "$side" "$2"
		record "ext-$key-cpu" "$side" "$3"
		# The call alone (builds whose bench_ext has the columns): ... | call us (wall) | calls/s (wall) | call CPU us |
		v=$(awk -F'|' -v l="$label" 'index($2, " " l) == 1 { if (NF >= 12 && $10 + 0 > 0) printf "%.1f", $10 + 0; exit }' "$log/ext-$side.out")
		[ -z "$v" ] || record "ext-$key-call" "$side" "$v"
	done
	# "the protocol's own cost (call minus print + read back): 81.8 us/program with the Python server, 96.6 with the C one"
	# shellcheck disable=SC2046
	set -- $(sed -n "s/.*protocol's own cost (call minus print + read back): \([0-9.]*\) us\/program with the Python server, \([0-9.]*\) with the C one.*/\1 \2/p" "$log/ext-$side.out" | head -n 1)
	if [ $# -eq 2 ]; then
		record ext-py-proto "$side" "$1"
		record ext-c-proto "$side" "$2"
	fi
}

if wants pass; then
	row pass-wall "fencefuzz pass, $statements statements ($big_mb MB), wall" s lower "< 1 s"
	row pass-cpu "fencefuzz pass, $statements statements, CPU" s lower
	row pass-rss "fencefuzz pass, $statements statements, peak RSS" MiB lower
fi
if wants fmt; then
	row fmt-mbs "fencefuzz fmt (read + print), same file, wall" MB/s higher "(reader alone >= 100)"
	row fmt-mbs-cpu "fencefuzz fmt (read + print), same file, CPU" MB/s higher
	row fmt-rss "fencefuzz fmt, peak RSS" MiB lower
	row fmt-rss-x "fencefuzz fmt, peak RSS / input size" x lower "(reader alone <= 4)"
fi
read_ok=0
if wants read; then
	if make_tools bench_read; then
		read_ok=1
		row read-mbs "bench_read (ir_read alone), same file" MB/s higher ">= 100"
		row read-rss-x "bench_read, peak RSS growth while reading / input size" x lower "<= 4"
		row read-rss "bench_read, peak RSS (whole process)" MiB lower
	else
		note "bench_read: neither built in both trees nor buildable against both from the head's bench/bench_read.c: skipped (fencefuzz fmt measures the reader with the printer)"
	fi
fi
if wants campaign; then
	row campaign-rate "default campaign, --jobs 1 --no-reduce --time ${seconds}s (as printed)" "programs/s" higher ">= 5x base (aim 10,000)"
	row campaign-cpu "default campaign, programs per CPU second (all processes)" "programs/s" higher ">= 5x base"
fi
if wants oracles; then
	if make_tools bench_oracles; then
		oracles_tool=bench_oracles
		row oracles-all "generation + reference + all oracles (bench_oracles, CPU)" "programs/s" higher ">= 50,000"
	else
		oracles_tool=bench_campaign
		if [ -f "$work/head-src/bench/bench_oracles.c" ]; then
			note "bench_oracles: not buildable against both builds: oracles measured with bench_campaign's throughput table on both"
		fi
		row oracles-gen "generation alone (bench_campaign)" "programs/s" higher
		row oracles-ref "generation + reference model (bench_campaign)" "programs/s" higher
		row oracles-sound "+ soundness oracle (bench_campaign)" "programs/s" higher
		row oracles-all "generation + reference + all oracles (bench_campaign)" "programs/s" higher ">= 50,000"
		row oracles-all3 "all oracles on the 3 TileLang models (bench_campaign)" "programs/s" higher
	fi
fi
if wants reduce; then
	row reduce-ms "median reduction time (bench_reduce --seeds 3)" ms lower
	row reduce-size "median reduced size (bench_reduce; should not change)" statements lower
fi
if wants ext; then
	row ext-id "bench_ext: built-in identity, wall" "programs/s" higher
	row ext-rt "bench_ext: print + read only, wall" "programs/s" higher
	row ext-py "bench_ext: ext-server Python identity, wall (reading each input included)" "programs/s" higher
	row ext-c "bench_ext: ext-server C identity, wall (reading each input included)" "programs/s" higher
	row ext-ext "bench_ext: ext: one process per program, wall" "programs/s" higher
	row ext-py-call "bench_ext: ext-server Python identity, the call alone (input already read), wall" "calls/s" higher ">= 5,000"
	row ext-c-call "bench_ext: ext-server C identity, the call alone, wall" "calls/s" higher ">= 5,000"
	row ext-rt-call "bench_ext: print + read back alone, wall" "calls/s" higher
	row ext-py-proto "bench_ext: protocol's own cost (call minus print + read back), Python server" "us/program" lower "<= 200"
	row ext-c-proto "bench_ext: protocol's own cost, C server" "us/program" lower "<= 200"
	row ext-id-cpu "bench_ext: built-in identity, per busy core" "programs/s" higher
	row ext-rt-cpu "bench_ext: print + read only, per busy core" "programs/s" higher
	row ext-py-cpu "bench_ext: ext-server Python identity, per busy core" "programs/s" higher
	row ext-c-cpu "bench_ext: ext-server C identity, per busy core" "programs/s" higher
	row ext-ext-cpu "bench_ext: ext: one process per program, per busy core" "programs/s" higher
fi

load_before=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime | sed 's/.*load average[s]*: //')
started=$(date -u '+%Y-%m-%d %H:%M UTC')
t0=$(date +%s)
rep=1
while [ "$rep" -le "$repeats" ]; do
	if [ $((rep % 2)) = 1 ]; then order="base head"; else order="head base"; fi
	for b in pass fmt read campaign oracles reduce ext; do
		wants "$b" || continue
		[ "$b" != read ] || [ "$read_ok" = 1 ] || continue
		for side in $order; do
			say "run $rep/$repeats: $b on $side"
			case $b in
			pass | fmt) bench_text "$b" "$side" ;;
			read) bench_read_one "$side" ;;
			campaign) bench_campaign_one "$side" "$rep" ;;
			oracles) bench_oracles_one "$side" ;;
			reduce) bench_reduce_one "$side" ;;
			ext) bench_ext_one "$side" ;;
			esac
		done
	done
	rm -f "$work"/pass.*.out "$work"/fmt.*.out
	rep=$((rep + 1))
done
elapsed=$(($(date +%s) - t0))
load_after=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime | sed 's/.*load average[s]*: //')

# ---- the table ----------------------------------------------------------------

cpu=$(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo 2>/dev/null | head -n 1)
[ -n "$cpu" ] || cpu=$(uname -m)
ncpu=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo '?')
if [ "$markdown" = 1 ]; then
	echo "Measured $started by \`bench/ratio.sh\`, $repeats runs per side, interleaved, in ${elapsed} s;"
	echo "$(uname -s) $(uname -m), $ncpu online CPUs ($cpu), load average $load_before before, $load_after after."
	echo "Base: $base_desc. Head: $head_desc."
	echo
fi
awk -v md="$markdown" -v results="$results" '
	function median(a, n,    i, j, t) {
		for (i = 2; i <= n; i++)
			for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
		return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
	}
	function num(x) {
		if (x == "") return "-"
		if (x == int(x)) return sprintf("%d", x)
		if (x >= 100) return sprintf("%.0f", x)
		if (x >= 10) return sprintf("%.1f", x)
		if (x >= 1) return sprintf("%.2f", x)
		return sprintf("%.3f", x)
	}
	BEGIN {
		while ((getline line < results) > 0) {
			split(line, f, " ")
			k = f[1] SUBSEP f[2]
			n[k]++
			v[k, n[k]] = f[3] + 0
		}
		FS = "|"
	}
	{
		key = $1; label = $2; unit = $3; better = $4; target = $5
		for (s = 1; s <= 2; s++) {
			side = s == 1 ? "base" : "head"
			k = key SUBSEP side
			m[s] = ""; r[s] = ""
			if (!(k in n)) continue
			delete a
			lo = hi = v[k, 1]
			for (i = 1; i <= n[k]; i++) {
				a[i] = v[k, i]
				if (a[i] < lo) lo = a[i]
				if (a[i] > hi) hi = a[i]
			}
			m[s] = median(a, n[k])
			r[s] = n[k] > 1 ? num(lo) "-" num(hi) : "(1 run)"
		}
		ratio = "-"
		if (m[1] != "" && m[2] != "" && m[1] > 0 && m[2] > 0)
			ratio = sprintf("%.2f", better == "higher" ? m[2] / m[1] : m[1] / m[2])
		if (md) {
			if (!hdr++) {
				print "| benchmark | unit | base median | base range | head median | head range | head vs base (x, >1 better) | target |"
				print "|---|---|---:|---:|---:|---:|---:|---|"
			}
			printf "| %s | %s | %s | %s | %s | %s | %s | %s |\n", label, unit, num(m[1]), r[1], num(m[2]), r[2], ratio, target
		} else {
			if (!hdr++)
				printf "%-66s %-10s %10s %17s %10s %17s %7s  %s\n", "benchmark", "unit", "base", "(range)", "head", "(range)", "ratio", "target"
			printf "%-66s %-10s %10s %17s %10s %17s %7s  %s\n", substr(label, 1, 66), unit, num(m[1]), r[1], num(m[2]), r[2], ratio, target
		}
	}' "$rows"
echo
[ "$markdown" = 1 ] || echo "base: $base_desc"
[ "$markdown" = 1 ] || echo "head: $head_desc"
if [ "$markdown" = 1 ]; then
	echo "Ratio: head/base for rates, base/head for times and memory; ranges are min-max over the runs."
else
	echo "ratio: head/base for rates, base/head for times and memory (>1: head better); $repeats runs per side, ${elapsed} s, load $load_before -> $load_after"
fi
if [ -s "$notes" ]; then
	echo
	sed 's/^/- /' "$notes"
fi
[ "$keep" = 0 ] || echo "(sources, builds and logs kept in $work)" >&2
exit "$failed"
