/* pass.h: the pass-model interface.  A model is `program in -> program out`
 * (SPEC 5); every model is a named, documented implementation behind this
 * one interface, selected by name with --model. */
#ifndef FENCEFUZZ_PASS_H
#define FENCEFUZZ_PASS_H

#include "ir.h"

typedef struct PassModel {
	const char *name;    /* "tilelang-9f25954" */
	const char *summary; /* one line for `fencefuzz models` */
	/* Builds the transformed function in arena a (normally the input's own
	 * arena), sharing unchanged nodes with the input, which stays valid. */
	Func *(*run)(const Func *in, Arena *a);
} PassModel;

#define PASS_DEFAULT_MODEL "tilelang-9f25954"

/* pass.c */
const PassModel *pass_find(const char *name);          /* built-in or mutant:NAME; NULL if unknown */
const PassModel *const *pass_models(int *count);        /* built-in models, in listing order */
Program *pass_run(const PassModel *m, const Program *p); /* every function; in p->arena */

/* pass_mutants.c: deliberately broken variants of tilelang-9f25954, one
 * fault each, named "mutant:NAME", for measuring oracles and fuzzers. */
const PassModel *pass_find_mutant(const char *name);    /* "mutant:NAME" or "NAME"; NULL if none */
const PassModel *const *pass_mutants(int *count);       /* in listing order */

/* One declaration per built-in model file. */
extern const PassModel pass_tilelang_9f25954;
extern const PassModel pass_tilelang_legacy;
extern const PassModel pass_tilelang_head;
extern const PassModel pass_identity;

#endif
