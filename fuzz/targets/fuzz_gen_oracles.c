/* fuzz_gen_oracles: every byte string is a program (fz_generate over a byte
 * Decider); every built-in model's output on it verifies and round-trips
 * through the printer and the reader; every oracle runs on it without
 * crashing.  Findings are not failures here (models have real bugs; the
 * campaigns report them); only the invariants below abort:
 *
 *   - identity's output equals its input;
 *   - the reference (PASS_DEFAULT_MODEL) only inserts statements: erasing
 *     them gives the input back, except for a dropped loop step, which it
 *     does today (a known, reported divergence, corpus/seed/16);
 *   - every model's output is structurally what it prints. */
#include "fuzz_common.h"
#include "gen.h"
#include "judge.h"
#include "oracle.h"
#include "pass.h"

static void
check_reference(const Program *p, const Program *q, Arena *a)
{
	FUZZ_ASSERT(p->nfuncs == q->nfuncs, "reference: function count changed");
	for (int i = 0; i < p->nfuncs; i++) {
		Loc where;
		const char *what = NULL;
		char why[400];
		if (orc_align_explain(p->funcs[i], q->funcs[i], a, NULL, NULL, &where, &what, why,
		                      sizeof why) == 0)
			continue;
		if (what && strcmp(what, "loop step dropped") == 0)
			continue;
		fprintf(stderr, "reference not preserved at %d:%d: %s (%s)\n", where.line, where.col,
		        what ? what : "?", why);
		FUZZ_ASSERT(0, "reference output is not its input plus insertions");
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	Arena *a = ar_new();
	Decider d;
	dz_init_bytes(&d, size ? data : NULL, size);
	GenOptions go = {0};
	Program *p = fz_generate(a, &d, &go);
	FUZZ_ASSERT(p != NULL, "generator returned no program");
	fuzz_check_roundtrip(a, p, "generated program");

	OracleOptions oo;
	orc_defaults(&oo);
	int n;
	const PassModel *const *models = pass_models(&n);
	for (int m = 0; m < n; m++) {
		if (!pass_accepts(models[m], p, NULL)) {
			/* An op the model's version lacks: refused, one finding saying so. */
			FindingList fl;
			fl_init(&fl, a);
			FUZZ_ASSERT(orc_check(models[m], p, &oo, &fl) == 1 && fl.items[0].kind == FK_MODEL_REJECTED,
			            "a refused program must give exactly one model-rejected finding");
			continue;
		}
		Program *q = pass_run(models[m], p);
		/* An output equal to the input has just been round-tripped. */
		int same = ir_equal_program(p, q);
		if (!same)
			fuzz_check_roundtrip(a, q, models[m]->name);
		else
			FUZZ_ASSERT(ir_verify_program(q, &(Diag){0}) == 0, models[m]->name);
		if (strcmp(models[m]->name, "identity") == 0)
			FUZZ_ASSERT(same, "identity changed its input");
		if (strcmp(models[m]->name, PASS_DEFAULT_MODEL) == 0)
			check_reference(p, q, a);
		FindingList fl;
		fl_init(&fl, a);
		int found = orc_check(models[m], p, &oo, &fl);
		FUZZ_ASSERT(found >= 0 && found == fl.n, "orc_check miscounted its findings");
		for (int i = 0; i < fl.n; i++)
			FUZZ_ASSERT(fl.items[i].message != NULL, "finding without a message");
	}
	ar_free(a);
	return 0;
}
