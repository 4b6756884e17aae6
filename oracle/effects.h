/* effects.h: the oracles' ground-truth effect table (effects.def, docs/semantics.md §5.1)
 * and the shared-memory footprints the oracles compare.
 *
 * Independent of the pass models: the oracle library cannot include
 * models/ops.h (its include path does not have models/); calls are
 * classified by name against effects.def. */
#ifndef FENCEFUZZ_EFFECTS_H
#define FENCEFUZZ_EFFECTS_H

#include <stdint.h>

#include "ir.h"

typedef enum {
	EP_NONE,    /* no proxy access of its own */
	EP_GENERIC, /* st.shared, ld.shared, ldmatrix, stmatrix, cp.async, atom */
	EP_ASYNC,   /* cp.async.bulk*, cp.reduce.async.bulk*, wgmma / tcgen05 operands */
	EP_FENCE    /* fence.proxy.async */
} EffProxy;

typedef enum {
	ER_ACCESS,    /* reads rd / writes wr through its proxy */
	ER_FENCE,
	ER_COMMIT,    /* cp.async.bulk.commit_group */
	ER_WAIT,      /* cp.async.bulk.wait_group.read */
	ER_DESC_INIT, /* builds a matrix descriptor (arg 0) from a shared pointer */
	ER_BARRIER,   /* mbarrier op: `bar` args are barrier objects */
	ER_PURE,      /* expression op: pointers pass through */
	ER_PTR,       /* tvm_access_ptr, access_ptr, address_of */
	ER_EXTERN     /* call_extern: look the function name up */
} EffRole;

enum {
	EF_EXTERN = 1 << 0,     /* name is a call_extern function name */
	EF_DESC = 1 << 1,       /* matrix-descriptor args are read operands */
	EF_PTRS = 1 << 2,       /* every shared pointer arg is a read operand */
	EF_BULK_GROUP = 1 << 3  /* async read completed by commit/wait_group */
};

typedef struct Effect {
	const char *name;
	EffProxy proxy;
	EffRole role;
	uint32_t rd, wr, bar; /* bit i: argument i */
	unsigned flags;
	const char *cite;
} Effect;

/* A shared-memory footprint: bytes [lo, hi) of one allocation (the data Var
 * of a buffer; T.Buffer(..., data=p) aliases share p), the whole allocation
 * when !known, or any shared memory when alloc is NULL. */
typedef struct Foot {
	const Var *alloc;
	int64_t lo, hi;
	int known;
} Foot;

/* 1 unless provably disjoint (inline: the searches call it per node). */
static inline int
orc_foot_overlap(const Foot *a, const Foot *b)
{
	if (!a->alloc || !b->alloc)
		return 1;
	if (a->alloc != b->alloc)
		return 0; /* distinct data vars are distinct allocations (aliases share one) */
	if (!a->known || !b->known)
		return 1;
	return a->lo < b->hi && b->lo < a->hi;
}

/* effects.c */
const Effect *orc_effect(const char *name);        /* an op name; NULL if not in the table */
const Effect *orc_effect_extern(const char *name); /* a call_extern function name */
/* The effect of a call expression, resolving call_extern by its function
 * name; *argoff is where the callee's own arguments start (0, or 2 for an
 * extern).  NULL when unknown (an unknown extern too: *argoff is then 2). */
const Effect *orc_call_effect(const Expr *call, int *argoff);
const Effect *orc_effect_table(int *n);            /* every row, in file order */
const char *orc_proxy_name(EffProxy p);            /* "generic", "async", ... */
int orc_dtype_bytes(const char *dtype);            /* "float16" 2, "float16x2" 4; 0 unknown */

/* shared*, but not shared.barrier.  An mbarrier object lives in shared
 * memory but is only touched by mbarrier operations and TMA complete_tx,
 * which fence.proxy.async does not order (PTX 9.7.13.15; its init is
 * ordered by fence.mbarrier_init).  ir_scope_is_shared, spelt out and
 * inline: this runs for every access. */
static inline int
orc_scope_is_data_shared(const char *scope)
{
	if (!scope || scope[0] != 's' || scope[1] != 'h' || scope[2] != 'a' || scope[3] != 'r' ||
	    scope[4] != 'e' || scope[5] != 'd')
		return 0;
	if (scope[6] != '.' || scope[7] != 'b')
		return 1;
	static const char rest[] = "arrier"; /* scope + 8 against the rest of "barrier" */
	for (int k = 0; k < (int)sizeof rest; k++)
		if (scope[8 + k] != rest[k])
			return 1;
	return 0;
}

#endif
