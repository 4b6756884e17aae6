/* pass_identity.c: the model that changes nothing.  A baseline for the
 * oracles (what does a program need that no pass gives it?) and for the
 * differential checks.  Requires nothing; returns a shallow copy of the
 * function with the same body. */
#include "ir.h"
#include "pass.h"

static Func *
run(const Func *in, Arena *a)
{
	return ir_func_with_body(a, in, in->body);
}

const PassModel pass_identity = {
	.name = "identity",
	.summary = "baseline: returns the program unchanged (no fences)",
	.run = run,
	.versions = 0, /* any program: identity knows no ops */
};
