/* ops.c: the op table of ops.h, and the models' lookup of a call's op by name.
 *
 * IR nodes carry no op index (the IR layer knows nothing of the models): a
 * model classifies a call by looking its name up here, in an open-addressing
 * index over the table, built once; the same lookup gives the TileLang
 * versions that have the name (vocab.def), which pass.c checks. */
#include <pthread.h>
#include <stdint.h>
#include <string.h>

#include "ir.h"
#include "opclass.h"
#include "vocab.h"

const OpInfo op_table[OP_COUNT] = {
#define OP(name, ref, head, leg) {#name, ref, head, leg},
#include "ops.h"
#undef OP
};

enum { OP_SLOTS = 256 }; /* a power of two, over twice the ops */

static signed char slots[OP_SLOTS]; /* op + 1; 0 = empty */
static pthread_once_t slots_once = PTHREAD_ONCE_INIT;

static unsigned
hash(const char *s)
{
	unsigned h = 2166136261u; /* FNV-1a */
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h & (OP_SLOTS - 1);
}

static void
build(void)
{
	_Static_assert(OP_COUNT < OP_SLOTS / 2 && OP_COUNT < 127, "ops.h outgrew the op index");
	for (int i = 0; i < OP_COUNT; i++) {
		unsigned h = hash(op_table[i].name);
		while (slots[h]) {
			if (strcmp(op_table[slots[h] - 1].name, op_table[i].name) == 0)
				__builtin_trap(); /* a name listed twice would shadow one of its lines */
			h = (h + 1) & (OP_SLOTS - 1);
		}
		slots[h] = (signed char)(i + 1);
	}
}

static int
lookup(const char *name)
{
	pthread_once(&slots_once, build);
	for (unsigned h = hash(name); slots[h]; h = (h + 1) & (OP_SLOTS - 1))
		if (strcmp(op_table[slots[h] - 1].name, name) == 0)
			return slots[h] - 1;
	return OP_UNKNOWN;
}

_Thread_local OpNameHit op_name_cache[1 << OP_NAME_CACHE_BITS];

/* op_name_info past its commonest hit: a hit by strcmp, else the lookup in
 * both tables, cached in h when one knows the name (where two busy names
 * share an entry each evicts the other, and where depends on the names'
 * addresses, that is on the build). */
OpName
op_name_miss(const char *name, OpNameHit *h)
{
	if (h->ptr == name && strcmp(name, h->canon) == 0)
		return h->info;
	const VocabEntry *e;
	const VocabAlias *al;
	OpName info;
	info.versions = vocab_resolve(name, &e, &al);
	info.op = lookup(name);
	const char *canon = e ? e->name : al ? al->spelling : info.op != OP_UNKNOWN ? op_table[info.op].name : NULL;
	if (canon)
		*h = (OpNameHit){name, canon, info};
	return info;
}

int
op_lookup(const char *name)
{
	return op_name_info(name).op;
}

const char *
op_name(int op)
{
	return op >= 0 && op < OP_COUNT ? op_table[op].name : "?";
}
