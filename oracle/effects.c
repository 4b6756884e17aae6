/* effects.c: the ground-truth effect table (effects.def) and footprints.
 *
 * Checks nothing by itself; the oracles (events.c and the files built on it)
 * read it.  Assumes only core/ir.h: calls are looked up by their name (or a
 * call_extern's function-name string), never through the models' op table,
 * so that a wrong row in models/ops.h cannot hide in the judge. */
#include <pthread.h>
#include <string.h>

#include "effects.h"

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
 * interned names), so most lookups are one string comparison against the
 * copy kept here (the text at an address may change when an arena is reused:
 * the comparison, not the address, decides).  Names longer than the copy
 * are not kept. */
enum { NAME_CACHE = 256, NAME_MAX_KEPT = 47 };
static struct NameEntry {
	const char *at;
	const Effect *eff;
	char text[NAME_MAX_KEPT + 1];
} name_cache[NAME_CACHE], ext_cache[NAME_CACHE];

static const Effect *
cached(struct NameEntry *cache, short *ix, const char *name)
{
	if (!name)
		return NULL;
	uintptr_t h = (uintptr_t)name;
	struct NameEntry *c = &cache[(h ^ h >> 9 ^ h >> 17) % NAME_CACHE];
	if (c->at == name && !strcmp(c->text, name))
		return c->eff;
	const Effect *e = lookup(ix, name);
	size_t n = strlen(name);
	if (n <= NAME_MAX_KEPT) {
		c->at = name;
		c->eff = e;
		memcpy(c->text, name, n + 1);
	}
	return e;
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

int
orc_scope_is_data_shared(const char *scope)
{
	/* An mbarrier object lives in shared memory but is only touched by
	 * mbarrier operations and TMA complete_tx, which fence.proxy.async does
	 * not order (PTX 9.7.13.15; its init is ordered by fence.mbarrier_init). */
	/* ir_scope_is_shared, spelt out: this runs for every access. */
	if (!scope || scope[0] != 's' || scope[1] != 'h' || scope[2] != 'a' || scope[3] != 'r' ||
	    scope[4] != 'e' || scope[5] != 'd')
		return 0;
	return scope[6] != '.' || scope[7] != 'b' || strcmp(scope + 7, "barrier") != 0;
}
