/* ops.c: lookup in the op table of ops.h, and the reader's spelling aliases. */
#include <string.h>

#include "ir.h"
#include "opclass.h"
#include "vocab.h"

const OpInfo op_table[OP_COUNT] = {
#define OP(name, ref, head, leg) {#name, ref, head, leg},
#include "ops.h"
#undef OP
};

int
op_lookup(const char *name)
{
	/* The table is small; a linear scan keeps adding an op a one-line change. */
	for (int i = 0; i < OP_COUNT; i++)
		if (strcmp(op_table[i].name, name) == 0)
			return i;
	return OP_UNKNOWN;
}

const char *
op_name(int op)
{
	return op >= 0 && op < OP_COUNT ? op_table[op].name : "?";
}

/* Spellings the frontend (tilelang.language) uses for ops TVM prints
 * differently (docs/tvmscript.md §8): the VOCAB_ALIAS lines of vocab.def. */
const char *
op_canonical_name(const char *name)
{
	return vocab_canonical(name);
}
