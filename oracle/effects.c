/* effects.c: the ground-truth effect table (effects.def) and footprints.
 *
 * Checks nothing by itself; the oracles (events.c and the files built on it)
 * read it.  Assumes only core/ir.h: calls are looked up by their name (or a
 * call_extern's function-name string), never through the models' op table,
 * so that a wrong row in models/ops.h cannot hide in the judge. */
#include <pthread.h>
#include <string.h>

#include "effects.h"
#include "vocab.h"

#define A(i) (1u << (i))

static const Effect table[] = {
#define E(name, proxy, role, rd, wr, bar, flags, cite) {name, proxy, role, rd, wr, bar, flags, cite},
#include "effects.def"
#undef E
};

enum { NROWS = sizeof table / sizeof table[0], HSIZE = 512 };

/* Two open-addressing indexes (op names, extern names) built once: the
 * campaign looks up every call of every program, ~10^6 lookups a second. */
static short ops_index[HSIZE], ext_index[HSIZE]; /* row + 1; 0 = empty */
static pthread_once_t index_once = PTHREAD_ONCE_INIT;

static unsigned
hash(const char *s)
{
	uint32_t h = 2166136261u;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h & (HSIZE - 1);
}

static void
build_index(void)
{
	_Static_assert(NROWS < HSIZE / 2, "effect index too small");
	for (int i = 0; i < NROWS; i++) {
		short *ix = (table[i].flags & EF_EXTERN) ? ext_index : ops_index;
		unsigned h = hash(table[i].name);
		while (ix[h])
			h = (h + 1) & (HSIZE - 1);
		ix[h] = (short)(i + 1);
	}
}

static const Effect *
lookup(short *ix, const char *name)
{
	if (!name)
		return NULL;
	pthread_once(&index_once, build_index);
	for (unsigned h = hash(name); ix[h]; h = (h + 1) & (HSIZE - 1))
		if (!strcmp(table[ix[h] - 1].name, name))
			return &table[ix[h] - 1];
	return NULL;
}

/* The last names looked up, by the address of their text: programs build
 * their calls from a few name strings (a generator's literals, a reader's
 * interned names), so most lookups are one comparison against what is kept
 * here.  A name spelled by a static table's own string (canon: the row's
 * name, or for a name not in this table vocab.def's spelling of it) is
 * equal by address; any other is compared with the copy kept (the text at
 * an address may change when an arena is reused: the comparison, not the
 * address, decides).  Names longer than the copy are not kept.  Two ways a
 * set, the newer first: names of one program that share a set stay. */
enum { NAME_SETS_BITS = 7, NAME_SETS = 1 << NAME_SETS_BITS, NAME_MAX_KEPT = 47 };
typedef struct NameEntry {
	const char *at;
	const char *canon; /* static text equal to at's, or NULL */
	const Effect *eff;
	char text[NAME_MAX_KEPT + 1];
} NameEntry;
static NameEntry name_cache[NAME_SETS][2], ext_cache[NAME_SETS][2];

/* The set a name's address maps to. */
static inline NameEntry *
name_set(NameEntry (*cache)[2], const char *name)
{
	return cache[((uintptr_t)name * 0x9E3779B97F4A7C15ull) >> (64 - NAME_SETS_BITS)];
}

/* A static spelling of name's text: the row found, else vocab.def's. */
static const char *
static_spelling(const Effect *e, const char *name)
{
	if (e)
		return e->name;
	const VocabEntry *v;
	const VocabAlias *al;
	vocab_resolve(name, &v, &al);
	return v ? v->name : al ? al->spelling : NULL;
}

/* cached's way when no entry of the set answers by address: the texts
 * kept, else the index (and the set's newer entry filled in). */
static __attribute__((noinline)) const Effect *
cached_slow(NameEntry *set, short *ix, const char *name)
{
	for (int w = 0; w < 2; w++)
		if (set[w].at == name && !strcmp(set[w].text, name))
			return set[w].eff;
	const Effect *e = lookup(ix, name);
	size_t n = strlen(name);
	if (n <= NAME_MAX_KEPT) {
		set[1] = set[0];
		set[0].at = name;
		set[0].canon = static_spelling(e, name);
		set[0].eff = e;
		memcpy(set[0].text, name, n + 1);
	}
	return e;
}

static inline const Effect *
cached(NameEntry (*cache)[2], short *ix, const char *name)
{
	if (!name)
		return NULL;
	NameEntry *set = name_set(cache, name);
	/* a static text: the same at that address ever after */
	if (set[0].at == name && set[0].canon == name)
		return set[0].eff;
	if (set[1].at == name && set[1].canon == name)
		return set[1].eff;
	return cached_slow(set, ix, name);
}

const Effect *
orc_effect(const char *name)
{
	return cached(name_cache, ops_index, name);
}

const Effect *
orc_effect_extern(const char *name)
{
	return cached(ext_cache, ext_index, name);
}

const Effect *
orc_call_effect(const Expr *call, int *argoff)
{
	*argoff = 0;
	if (call->kind != EX_CALL)
		return NULL;
	const Effect *e = orc_effect(call->u.call.name);
	if (!e || e->role != ER_EXTERN)
		return e;
	*argoff = 2;
	if (call->u.call.nargs < 2 || call->u.call.args[1]->kind != EX_STR)
		return NULL;
	return orc_effect_extern(call->u.call.args[1]->u.s);
}

const Effect *
orc_effect_table(int *n)
{
	*n = NROWS;
	return table;
}

const char *
orc_proxy_name(EffProxy p)
{
	switch (p) {
	case EP_GENERIC: return "generic";
	case EP_ASYNC: return "async";
	case EP_FENCE: return "fence";
	default: return "none";
	}
}

int
orc_dtype_bytes(const char *dt)
{
	if (!dt)
		return 0;
	if (dt[0] == 'b' && !strcmp(dt, "bool"))
		return 1;
	const char *p = dt;
	while (*p && (*p < '0' || *p > '9'))
		p++;
	if (!*p || p == dt)
		return 0;
	/* int8, uint16, float32, bfloat16, float8_e4m3...: the first number is
	 * the width in bits; "x4" after it is the lane count. */
	long bits = 0;
	while (*p >= '0' && *p <= '9' && bits < 4096)
		bits = bits * 10 + (*p++ - '0');
	long lanes = 1;
	const char *x = p; /* the first 'x' after the width (a loop: no call per access) */
	while (*x && *x != 'x')
		x++;
	if (*x && x[1] >= '0' && x[1] <= '9') {
		lanes = 0;
		for (x++; *x >= '0' && *x <= '9' && lanes < 4096; x++)
			lanes = lanes * 10 + (*x - '0');
	}
	if (bits % 8 || bits == 0 || lanes == 0)
		return 0; /* sub-byte types: byte offsets are not whole numbers */
	return (int)(bits / 8 * lanes);
}
