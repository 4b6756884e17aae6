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

/* What the models ask of a call's name (its op, its versions) through one
 * small cache keyed by the name's address: a program names one op by one
 * string again and again (a literal in a generated program, a name interned
 * once per read), and every model asks both questions of it on every run.
 * A hit is checked against the table's own spelling (by address, else by
 * strcmp), so an arena string freed and reused for another name is never
 * taken for the old one.  Names neither table knows are not cached. */
typedef struct NameHit {
	const char *ptr;   /* the name as the caller passed it */
	const char *canon; /* its spelling in vocab.def or ops.h (static) */
	OpName info;
} NameHit;

/* Direct-mapped: far more entries than the names a program uses, so that
 * two busy names rarely share one (where they do, each evicts the other,
 * and where depends on the names' addresses, that is on the build). */
enum { NAME_CACHE_BITS = 10, NAME_CACHE = 1 << NAME_CACHE_BITS };

static _Thread_local NameHit name_cache[NAME_CACHE];

/* op_name_info past its commonest hit (a name spelled by the table's own
 * string): a hit by strcmp, else the lookup in both tables, cached in h
 * when one knows the name.  Out of line, so that the common hit costs no
 * more than its compares. */
static __attribute__((noinline)) OpName
name_miss(const char *name, NameHit *h)
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
		*h = (NameHit){name, canon, info};
	return info;
}

OpName
op_name_info(const char *name)
{
	if (!name)
		return (OpName){OP_UNKNOWN, 0};
	NameHit *h = &name_cache[((uintptr_t)name * 0x9E3779B97F4A7C15ull) >> (64 - NAME_CACHE_BITS)];
	if (h->ptr == name && h->canon == name)
		return h->info;
	return name_miss(name, h);
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
