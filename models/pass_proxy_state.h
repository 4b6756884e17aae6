/* pass_proxy_state.h: the state-set dataflow engine of InjectFenceProxy as
 * rewritten in TileLang 9f25954 (#1863), shared by the models
 * tilelang-9f25954 and tilelang-head (docs/semantics.md §4.2, §4.4).  The two differ only in the
 * options below; everything else is one implementation, so a behaviour
 * change between them is exactly an option. */
#ifndef FENCEFUZZ_PASS_PROXY_STATE_H
#define FENCEFUZZ_PASS_PROXY_STATE_H

#include "ir.h"
#include "pass.h"

/* Which column of the op table (ops.h) classifies a call statement. */
typedef enum { PROXY_COLUMN_REF, PROXY_COLUMN_HEAD } ProxyColumn;

/* One deliberate single fault, for the mutant models (pass_mutants.c): each
 * breaks one rule of docs/semantics.md §4.2 at the one place that implements it.  FAULT_NONE
 * (0, the default of a zero-initialised options struct) is the faithful
 * engine the real models use. */
typedef enum {
	FAULT_NONE = 0,
	FAULT_NO_IF_UNION,             /* if join: the then-branch state only */
	FAULT_HOIST_WITHOUT_GENERIC,   /* hoist also when the entry cannot be generic */
	FAULT_HOIST_KEEPS_STATE,       /* after a hoisted fence the region starts from the entry, not {None} */
	FAULT_HOIST_IGNORES_STORES,    /* pure-async scan does not count shared stores */
	FAULT_NO_LOOP_FIXPOINT,        /* loop body analysed once, from the entry */
	FAULT_ZERO_TRIP_IGNORED,       /* a for with a symbolic extent runs at least once */
	FAULT_WHILE_NONZERO,           /* a while runs at least once */
	FAULT_BLOCK_PREDICATE_IGNORED, /* a block with T.where always runs */
	FAULT_FENCE_NO_RESET,          /* an existing fence does not reset the state */
	FAULT_FENCE_AFTER,             /* the inserted fence goes after its statement */
	FAULT_FENCE_DROPPED_FLATTEN,   /* a fence before a lone (non-sequence) body is lost */
	FAULT_ANNOTATIONS_DROPPED,     /* a rebuilt For loses its annotations */
	FAULT_READ_MASK_IS_WRITE,      /* tvm_access_ptr: any rw_mask bit counts as a write */
	FAULT_ADDRESS_OF_IGNORED,      /* address_of(shared[...]) is not a generic write */
	FAULT_MISSING_TMA_STORE,       /* tma_store is not classified async */
	FAULT_STORE_SCOPE_EXACT        /* a store is generic only into scope exactly "shared" */
} ProxyFault;

typedef struct ProxyStateOptions {
	ProxyColumn column;
	int keep_loop_steps; /* 0: every visited For is rebuilt without its step */
	int min_sm;          /* >0: leave a function alone unless its target arch is sm_<min_sm> or newer */
	ProxyFault fault;    /* FAULT_NONE but in the mutant models */
} ProxyStateOptions;

/* Runs the model on one function; the result shares unchanged nodes with
 * `in`, which stays valid.  Linear in the size of the function. */
Func *pass_proxy_state_run(const Func *in, Arena *a, const ProxyStateOptions *opt);
/* The same, checking the body's vocabulary on the way (PassModel.run_checked):
 * NULL when the body calls an op outside `versions` (0: no check). */
Func *pass_proxy_state_run_checked(const Func *in, Arena *a, const ProxyStateOptions *opt,
                                   unsigned versions);

/* The engine's account of finding q on its output of `in` (PassModel.explain):
 * the label of its rule to blame, or NULL.  *blameless is set when the engine
 * did its part at the witness (it fences the async op, it does not fence
 * there, it keeps the statement): then another rule (a mutant's fault) is to
 * blame.  A program without locations gets NULL, blameless 0. */
const char *pass_proxy_state_explain(const Func *in, const PassQuery *q, const ProxyStateOptions *opt,
                                     Arena *a, int *blameless);

/* The arch number of the function's target ("sm_90a" -> 90), or -1 when the
 * function has no target, a target without an arch dict entry, or an arch
 * that is not sm_<digits>. */
int pass_target_sm(const Func *f);

#endif
