#!/bin/sh
# engine_smoke.sh: runs one fuzzing engine on both fuzz targets for a few
# seconds each and checks that it found no crash.  Exit 77 (CTest: skipped)
# when the engine's toolchain is not installed.
#
#     engine_smoke.sh libfuzzer|afl SOURCE-DIR WORK-DIR [FENCEFUZZ]
#
# With FENCEFUZZ (the fencefuzz binary), then runs `fencefuzz campaign
# --engine ENGINE` on the fuzz_gen_oracles binary just built and checks that
# the campaign is recorded with its engine, programs harvested and findings.
#
# Builds only the two engine targets, in a build dir of its own under
# WORK-DIR (incremental on later runs).  SMOKE_SECONDS overrides the 5 s.
engine=$1 src=$2 work=$3 ff=$4
secs=${SMOKE_SECONDS:-5}
targets="$src/fuzz/targets"
jobs=$(nproc 2>/dev/null || echo 4)
skip() { echo "SKIP: $*"; exit 77; }
fail() { echo "FAIL: $*"; exit 1; }
mkdir -p "$work" || fail "cannot create $work"

# The libraries come in as sources, so the whole project is configured, but
# only the targets are built; tests off keeps the configure short.
configure_and_build() { # CC  CMAKE-OPTION  TARGET...
	cc=$1 opt=$2; shift 2
	CC=$cc cmake -S "$src" -B "$work/build" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
		-DBUILD_TESTING=OFF "$opt" >"$work/configure.log" 2>&1 ||
		{ cat "$work/configure.log"; fail "configure with $cc"; }
	cmake --build "$work/build" -j"$jobs" --target "$@" >"$work/build.log" 2>&1 ||
		{ tail -40 "$work/build.log"; fail "build"; }
}

case $engine in
libfuzzer)
	command -v clang >/dev/null 2>&1 || skip "clang not installed"
	probe="$work/probe.c"
	printf '%s\n' '#include <stddef.h>' '#include <stdint.h>' \
		'int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n);' \
		'int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) { return 0; }' >"$probe"
	clang -fsanitize=fuzzer "$probe" -o "$work/probe" >/dev/null 2>&1 ||
		skip "clang has no libFuzzer (apt-get install libclang-rt-14-dev)"
	configure_and_build clang -DFENCEFUZZ_LIBFUZZER=ON fuzz_reader fuzz_gen_oracles
	for t in reader gen_oracles; do
		corpus="$work/corpus-$t" artifacts="$work/artifacts-$t/"
		rm -rf "$corpus" "$artifacts" && mkdir -p "$corpus" "$artifacts"
		dict=""
		[ -f "$targets/$t.dict" ] && dict="-dict=$targets/$t.dict"
		seeds="$targets/${t%_oracles}_seeds"
		# A crash makes libFuzzer exit non-zero and leave crash-* in artifacts.
		"$work/build/fuzz/targets/fuzz_$t" -max_total_time="$secs" -print_final_stats=1 \
			-artifact_prefix="$artifacts" $dict "$corpus" "$seeds" >"$work/$t.log" 2>&1
		rc=$?
		execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/$t.log")
		rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$work/$t.log")
		echo "libfuzzer fuzz_$t: ${execs:-?} execs, ${rate:-?}/s, corpus $(ls "$seeds" | wc -l) -> $(ls "$corpus" | wc -l) new files"
		if [ $rc -ne 0 ] || [ -n "$(ls "$artifacts")" ]; then
			tail -40 "$work/$t.log"
			fail "fuzz_$t: crash (exit $rc): $(ls "$artifacts")"
		fi
	done
	;;
afl)
	command -v afl-clang-fast >/dev/null 2>&1 && command -v afl-fuzz >/dev/null 2>&1 ||
		skip "AFL++ not installed (apt-get install afl++)"
	configure_and_build afl-clang-fast -DFENCEFUZZ_AFL=ON fuzz_reader_afl fuzz_gen_oracles_afl
	export AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 AFL_NO_UI=1 \
		AFL_NO_AFFINITY=1
	for t in reader gen_oracles; do
		out="$work/afl-$t" seeds="$targets/${t%_oracles}_seeds"
		rm -rf "$out"
		dict=""
		[ -f "$targets/$t.dict" ] && dict="-x $targets/$t.dict"
		# The empty seed would be rejected by afl-fuzz: give it non-empty files only.
		in="$work/afl-in-$t"
		rm -rf "$in" && mkdir -p "$in"
		for f in "$seeds"/*; do [ -s "$f" ] && cp "$f" "$in/"; done
		# -t 5000+: a generous per-input timeout, and inputs that still time
		# out are skipped rather than fatal (CI machines are loaded).
		timeout $((secs + 60)) afl-fuzz -V "$secs" -t 5000+ -i "$in" -o "$out" $dict \
			-- "$work/build/fuzz/targets/fuzz_${t}_afl" >"$work/afl-$t.log" 2>&1
		rc=$?
		stats="$out/default/fuzzer_stats"
		[ $rc -eq 0 ] && [ -f "$stats" ] || { tail -30 "$work/afl-$t.log"; fail "afl-fuzz fuzz_${t}_afl exited $rc"; }
		execs=$(sed -n 's/^execs_done *: *//p' "$stats")
		rate=$(sed -n 's/^execs_per_sec *: *//p' "$stats")
		crashes=$(ls "$out/default/crashes" 2>/dev/null | grep -v README | wc -l)
		echo "afl fuzz_${t}_afl: $execs execs, $rate/s, queue $(ls "$in" | wc -l) -> $(ls "$out/default/queue" | wc -l), $crashes crashes"
		[ "$crashes" -eq 0 ] || fail "fuzz_${t}_afl: crashes in $out/default/crashes"
	done
	;;
*)
	fail "usage: engine_smoke.sh libfuzzer|afl SOURCE-DIR WORK-DIR [FENCEFUZZ]"
	;;
esac

# fencefuzz campaign --engine: the engine runs, its corpus is harvested into
# the store.
if [ -n "$ff" ]; then
	command -v sqlite3 >/dev/null 2>&1 || fail "sqlite3 shell missing (scripts/setup.sh installs it)"
	case $engine in
	libfuzzer) bin="$work/build/fuzz/targets/fuzz_gen_oracles" ;;
	afl) bin="$work/build/fuzz/targets/fuzz_gen_oracles_afl" ;;
	esac
	cw="$work/campaign"
	rm -rf "$cw" && mkdir -p "$cw"
	"$ff" campaign --engine "$engine" --fuzzer "$bin" --time "$secs" --db "$cw/db.sqlite" \
		--corpus "$cw/corpus" --seeds "$targets/gen_seeds" >"$cw/out.txt" 2>&1 ||
		{ cat "$cw/out.txt"; fail "fencefuzz campaign --engine $engine: exit $?"; }
	row=$(sqlite3 "$cw/db.sqlite" "select engine, execs, status from campaigns where id = 1")
	found=$(sqlite3 "$cw/db.sqlite" "select count(*) from occurrences where campaign_id = 1")
	echo "campaign --engine $engine: $row, $found findings; $(grep '^engine ' "$cw/out.txt")"
	case $row in
	"$engine|"*"|done") ;;
	*) cat "$cw/out.txt"; fail "campaigns row: '$row'" ;;
	esac
	execs=$(echo "$row" | cut -d'|' -f2)
	[ "$execs" -gt 0 ] || { cat "$cw/out.txt"; fail "no programs harvested"; }
	[ "$found" -gt 0 ] || { cat "$cw/out.txt"; fail "no findings recorded"; }
fi
echo "ok"
