/* opclass.h: the op enum and per-model proxy classes, expanded from ops.h, and
 * the models' lookup of an op by name. */
#ifndef FENCEFUZZ_OPCLASS_H
#define FENCEFUZZ_OPCLASS_H

#include <stdint.h>

typedef enum { PX_NONE, PX_GENERIC, PX_ASYNC, PX_NEUTRAL } ProxyClass;

enum {
	OP_UNKNOWN = -1,
#define OP(name, ref, head, leg) OP_##name,
#include "ops.h"
#undef OP
	OP_COUNT
};

typedef struct OpInfo {
	const char *name;
	ProxyClass ref, head, legacy;
} OpInfo;

extern const OpInfo op_table[OP_COUNT];

/* A call's name as the models see it: its op and the TileLang versions
 * (VV_* of vocab.h) that have it. */
typedef struct OpName {
	int op;            /* OP_UNKNOWN if not in the table */
	unsigned versions; /* vocab_versions(name): 0 if no version has it */
} OpName;

/* ops.c: a call's op, found by name (IR nodes hold no op index), through
 * one small cache keyed by the name's address: a program names one op by
 * one string again and again (a literal in a generated program, a name
 * interned once per read), and every model asks of it on every run.  A hit
 * is checked against the table's own spelling (by address here, else by
 * strcmp in op_name_miss), so an arena string freed and reused for another
 * name is never taken for the old one.  Names neither table knows are not
 * cached.  Direct-mapped: far more entries than the names a program uses. */
typedef struct OpNameHit {
	const char *ptr;   /* the name as the caller passed it */
	const char *canon; /* its spelling in vocab.def or ops.h (static) */
	OpName info;
} OpNameHit;

enum { OP_NAME_CACHE_BITS = 10 };
extern _Thread_local OpNameHit op_name_cache[1 << OP_NAME_CACHE_BITS];
OpName op_name_miss(const char *name, OpNameHit *h);

/* The cache entry of name (not NULL). */
static inline OpNameHit *
op_name_slot(const char *name)
{
	return &op_name_cache[((uintptr_t)name * 0x9E3779B97F4A7C15ull) >> (64 - OP_NAME_CACHE_BITS)];
}

/* Whether h holds name spelled by the table's own string: the commonest
 * hit, answered without a call. */
static inline int
op_name_static_hit(const OpNameHit *h, const char *name)
{
	return h->ptr == name && h->canon == name;
}

static inline OpName
op_name_info(const char *name)
{
	if (!name)
		return (OpName){OP_UNKNOWN, 0};
	OpNameHit *h = op_name_slot(name);
	return op_name_static_hit(h, name) ? h->info : op_name_miss(name, h);
}

int op_lookup(const char *name);           /* op_name_info(name).op */
const char *op_name(int op);

#endif
