/* pass_mutants.c: deliberately broken variants of the reference model
 * tilelang-9f25954, the measuring stick for the oracles and the fuzzers: a
 * fuzzer is as good as the mutants it catches.
 *
 * Each mutant is the reference engine (pass_proxy_state.c, same options as
 * pass_tilelang_9f25954.c) with ONE fault switched on, a single realistic
 * mistake a pass author could make; the fault is implemented at the one
 * place of the engine that owns the rule it breaks (grep `fault:` there).
 * Mutants are selected as `mutant:NAME` (pass_find); pass_models does not
 * list them, so golden tests and sweeps over "all models" stay about the
 * real ones.  tests/mutants_seed.c checks that the seed corpus tells every
 * mutant from the reference.
 */
#include <string.h>

#include "ir.h"
#include "pass.h"
#include "pass_proxy_state.h"

#define MUTANT_PREFIX "mutant:"

/* A mutant's finding is the reference's own when the reference (the engine
 * without the fault) has the same rule to blame at the witness; when the
 * reference did its part there, the fault is to blame. */
static const char *
explain_mutant(const PassModel *m, const Func *in, const Func *out, const PassQuery *q, Arena *a)
{
	static const ProxyStateOptions reference = {
		.column = PROXY_COLUMN_REF, .keep_loop_steps = 0, .min_sm = 0, .fault = FAULT_NONE,
	};
	int blameless;
	const char *r = pass_proxy_state_explain(in, q, &reference, a, &blameless);
	if (!blameless)
		return r;
	return pass_label(a, "mutant fault %s: %s", m->name + strlen(MUTANT_PREFIX), m->summary);
}

/* The reference's options with one fault. */
#define MUTANT(ident, nm, flt, sum) \
	static const ProxyStateOptions opt_##ident = { \
		.column = PROXY_COLUMN_REF, .keep_loop_steps = 0, .min_sm = 0, .fault = flt, \
	}; \
	static Func *run_##ident(const Func *in, Arena *a) \
	{ \
		return pass_proxy_state_run(in, a, &opt_##ident); \
	} \
	static Func *run_checked_##ident(const Func *in, Arena *a, unsigned versions) \
	{ \
		return pass_proxy_state_run_checked(in, a, &opt_##ident, versions); \
	} \
	static const PassModel mutant_##ident = { \
		.name = MUTANT_PREFIX nm, .summary = sum, .run = run_##ident, \
		.run_checked = run_checked_##ident, .explain = explain_mutant, \
		.versions = VV_SEED /* as the reference */};

MUTANT(no_if_union, "no-if-union", FAULT_NO_IF_UNION,
       "if join keeps the then-branch state only (else / fall-through state lost)")
MUTANT(hoist_without_generic, "hoist-without-generic", FAULT_HOIST_WITHOUT_GENERIC,
       "hoist check forgets that the entry must be generic: a fence before every pure-async region")
MUTANT(hoist_keeps_state, "hoist-keeps-state", FAULT_HOIST_KEEPS_STATE,
       "after a hoisted fence the region starts from the entry state, not {None} (extra fences)")
MUTANT(hoist_ignores_stores, "hoist-ignores-stores", FAULT_HOIST_IGNORES_STORES,
       "pure-async scan of the hoist ignores shared stores in the region")
MUTANT(no_loop_fixpoint, "no-loop-fixpoint", FAULT_NO_LOOP_FIXPOINT,
       "loop body analysed once from the entry state: loop-carried state lost")
MUTANT(zero_trip_ignored, "zero-trip-ignored", FAULT_ZERO_TRIP_IGNORED,
       "a for with a symbolic extent is assumed to run at least once")
MUTANT(while_nonzero, "while-nonzero", FAULT_WHILE_NONZERO,
       "a while loop is assumed to run at least once")
MUTANT(block_predicate_ignored, "block-predicate-ignored", FAULT_BLOCK_PREDICATE_IGNORED,
       "a block with a T.where predicate is treated as always executed")
MUTANT(fence_no_reset, "fence-no-reset", FAULT_FENCE_NO_RESET,
       "an existing fence_proxy_async does not reset the state (redundant fences)")
MUTANT(fence_after, "fence-after", FAULT_FENCE_AFTER,
       "the inserted fence is placed after the async op / hoisted region instead of before")
MUTANT(fence_dropped_flatten, "fence-dropped-flatten", FAULT_FENCE_DROPPED_FLATTEN,
       "an inserted fence is lost when its statement is a lone body, not a sequence item")
MUTANT(annotations_dropped, "annotations-dropped", FAULT_ANNOTATIONS_DROPPED,
       "a rebuilt for loop loses its annotations (as the step, but also pragmas)")
MUTANT(read_mask_is_write, "read-mask-is-write", FAULT_READ_MASK_IS_WRITE,
       "tvm_access_ptr with read-only rw_mask 1 counted as a shared write (extra fences)")
MUTANT(address_of_ignored, "address-of-ignored", FAULT_ADDRESS_OF_IGNORED,
       "address_of(shared[...]) in call arguments is not a generic write")
MUTANT(missing_tma_store, "async-set-missing-tma-store", FAULT_MISSING_TMA_STORE,
       "tma_store left out of the async set: no fence before a TMA store")
MUTANT(store_scope_exact, "store-scope-exact", FAULT_STORE_SCOPE_EXACT,
       "a buffer store is generic only into scope exactly \"shared\" (\"shared.dyn\" missed)")

/* Listing order of `fencefuzz models`: control flow, loops, fences, then
 * classification. */
static const PassModel *const mutants[] = {
	&mutant_no_if_union,
	&mutant_hoist_without_generic,
	&mutant_hoist_keeps_state,
	&mutant_hoist_ignores_stores,
	&mutant_no_loop_fixpoint,
	&mutant_zero_trip_ignored,
	&mutant_while_nonzero,
	&mutant_block_predicate_ignored,
	&mutant_fence_no_reset,
	&mutant_fence_after,
	&mutant_fence_dropped_flatten,
	&mutant_annotations_dropped,
	&mutant_read_mask_is_write,
	&mutant_address_of_ignored,
	&mutant_missing_tma_store,
	&mutant_store_scope_exact,
};

enum { NMUTANTS = sizeof mutants / sizeof mutants[0] };

const PassModel *
pass_find_mutant(const char *name)
{
	size_t plen = strlen(MUTANT_PREFIX);
	if (strncmp(name, MUTANT_PREFIX, plen) == 0)
		name += plen;
	for (int i = 0; i < NMUTANTS; i++)
		if (strcmp(mutants[i]->name + plen, name) == 0)
			return mutants[i];
	return NULL;
}

const PassModel *const *
pass_mutants(int *count)
{
	if (count)
		*count = NMUTANTS;
	return mutants;
}
