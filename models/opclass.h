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

/* A call's name as the models see it: its op and the TileLang versions
 * (VV_* of vocab.h) that have it. */
typedef struct OpName {
	int op;            /* OP_UNKNOWN if not in the table */
	unsigned versions; /* vocab_versions(name): 0 if no version has it */
} OpName;

/* ops.c: a call's op, found by name (IR nodes hold no op index) */
OpName op_name_info(const char *name);     /* hashed, behind a per-thread cache */
int op_lookup(const char *name);           /* op_name_info(name).op */
const char *op_name(int op);

#endif
