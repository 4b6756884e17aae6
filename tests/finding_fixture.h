/* finding_fixture.h: a Finding for the store and report tests: a proved
 * soundness finding at 7:9 with a two-step witness (a generic write at 3:5,
 * then `what` at 7:9).  The witness steps are static: the last call's
 * `what` is what every returned Finding points at. */
#ifndef FENCEFUZZ_TESTS_FINDING_FIXTURE_H
#define FENCEFUZZ_TESTS_FINDING_FIXTURE_H

#include <stdint.h>
#include <string.h>

#include "store.h"

static inline Finding
fixture_finding(FindingKind kind, const char *model, uint64_t sig, const char *msg, const char *what)
{
	static WitnessStep steps[2];
	steps[0] = (WitnessStep){{3, 5}, "generic write smem[0]"};
	steps[1] = (WitnessStep){{7, 9}, what};
	Finding f;
	memset(&f, 0, sizeof f);
	f.kind = kind;
	f.model = model;
	f.oracle = "soundness";
	f.rule = "PTX ISA 8.6: proxy fence";
	f.loc = (Loc){7, 9};
	f.message = (char *)msg;
	f.witness = steps;
	f.nwitness = 2;
	f.strength = STRENGTH_PROVED;
	f.strength_note = (char *)"all paths";
	f.signature = sig;
	return f;
}

#endif
