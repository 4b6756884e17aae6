/* fuzz_find: a benchmark target, not a property check.  Every byte string is
 * a program (fz_generate over a byte Decider, swarm mask from the bytes, as
 * in fuzz_gen_oracles); the target aborts when that program shows the
 * behaviour named by the environment variable FENCEFUZZ_FIND, so that an
 * engine stops (libFuzzer) or records a crash (AFL++) at its first finding:
 *
 *   mutant:NAME     the oracles report some finding kind more often for the
 *                   mutant than for PASS_DEFAULT_MODEL (bench_campaign's
 *                   shows_mutant);
 *   diff:A,B        models A and B give structurally different outputs.
 *
 * Unset, it never aborts.  bench/bench_engines.sh drives it; it is built only
 * with FENCEFUZZ_LIBFUZZER / FENCEFUZZ_AFL and is no CTest test. */
#include "fuzz_common.h"
#include "gen.h"
#include "judge.h"
#include "oracle.h"
#include "pass.h"

static int configured;
static const PassModel *model_a, *model_b;
static int is_mutant;

static void
configure(void)
{
	configured = 1;
	const char *want = getenv("FENCEFUZZ_FIND");
	if (!want || !*want)
		return;
	if (strncmp(want, "mutant:", 7) == 0) {
		is_mutant = 1;
		model_a = pass_find(want);
		model_b = pass_find(PASS_DEFAULT_MODEL);
	} else if (strncmp(want, "diff:", 5) == 0) {
		char buf[256];
		const char *comma = strchr(want + 5, ',');
		size_t n = comma ? (size_t)(comma - (want + 5)) : 0;
		if (comma && n < sizeof buf) {
			memcpy(buf, want + 5, n);
			buf[n] = 0;
			model_a = pass_find(buf);
			model_b = pass_find(comma + 1);
		}
	}
	if (!model_a || !model_b) {
		fprintf(stderr, "fuzz_find: bad FENCEFUZZ_FIND '%s' (mutant:NAME or diff:A,B)\n", want);
		exit(2);
	}
}

static int
shows_mutant(const Program *p)
{
	int cm[FK_COUNT] = {0}, cr[FK_COUNT] = {0};
	OracleOptions o;
	orc_defaults(&o);
	FindingList fl;
	fl_init(&fl, p->arena);
	orc_check(model_a, p, &o, &fl);
	for (int i = 0; i < fl.n; i++)
		cm[fl.items[i].kind]++;
	fl_init(&fl, p->arena);
	orc_check(model_b, p, &o, &fl);
	for (int i = 0; i < fl.n; i++)
		cr[fl.items[i].kind]++;
	for (int k = 0; k < FK_COUNT; k++)
		if (cm[k] > cr[k])
			return 1;
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (!configured)
		configure();
	if (!model_a)
		return 0;
	Arena *a = ar_new();
	Decider d;
	dz_init_bytes(&d, size ? data : NULL, size);
	GenOptions go = {0};
	Program *p = fz_generate(a, &d, &go);
	int hit = !pass_accepts(model_a, p, NULL) || !pass_accepts(model_b, p, NULL) ? 0
	          : is_mutant ? shows_mutant(p)
	                      : !ir_equal_program(pass_run(model_a, p), pass_run(model_b, p));
	ar_free(a);
	if (hit) {
		fprintf(stderr, "fuzz_find: %s shown\n", getenv("FENCEFUZZ_FIND"));
		abort();
	}
	return 0;
}
