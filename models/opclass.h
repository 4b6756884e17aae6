/* opclass.h: the op enum and per-model proxy classes, expanded from ops.h, and
 * the models' lookup of an op by name. */
#ifndef FENCEFUZZ_OPCLASS_H
#define FENCEFUZZ_OPCLASS_H

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

/* ops.c: a call's op, found by name (IR nodes hold no op index) */
int op_lookup(const char *name);           /* OP_UNKNOWN if not in the table (hashed) */
const char *op_name(int op);

#endif
