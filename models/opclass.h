/* opclass.h: the op enum and per-model proxy classes, expanded from ops.h. */
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

#endif
