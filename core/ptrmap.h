/* ptrmap.h: an open-addressing map from pointers to pointer-sized values,
 * used wherever a traversal needs side data per Var or Buffer (the nodes are
 * shared between programs, so their own scratch fields are not always safe). */
#ifndef FENCEFUZZ_PTRMAP_H
#define FENCEFUZZ_PTRMAP_H

#include <stddef.h>
#include <stdint.h>

typedef struct PtrMap {
	const void **keys;
	void **vals;
	size_t cap, n;
} PtrMap; /* zero-initialised = empty */

void pm_free(PtrMap *m);
/* The table doubled (from 64 slots), for one more key (pm_slot). */
void pm_grow(PtrMap *m);

/* The first slot a pointer key probes in a table of cap slots (a power of
 * two): bits 32 up of the address times 2^64 / phi (PtrMap, and the
 * verifier's own inline scope table).  Those bits depend on every bit of
 * the address below them, so aligned keys and keys a fixed stride apart
 * spread over the table. */
static inline size_t
pm_hash_slot(const void *k, size_t cap)
{
	uint64_t h = (uint64_t)(uintptr_t)k * 0x9E3779B97F4A7C15ULL;
	return (size_t)(h >> 32) & (cap - 1);
}

/* A source location as a map value (never NULL for a located node): line
 * in the high half, column in the low one. */
static inline void *
pm_loc_pack(int line, int col)
{
	return (void *)(((uintptr_t)(uint32_t)line << 32) | (uint32_t)col);
}
static inline void
pm_loc_unpack(const void *v, int *line, int *col)
{
	*line = (int)(uint32_t)((uintptr_t)v >> 32);
	*col = (int)(uint32_t)(uintptr_t)v;
}

/* The value of k, NULL when absent (inline: the traversals look up a Var or
 * Buffer per node they visit). */
static inline void *
pm_get(const PtrMap *m, const void *k)
{
	if (!m->n) /* (empty, or cleared: no probe) */
		return NULL;
	for (size_t i = pm_hash_slot(k, m->cap);; i = (i + 1) & (m->cap - 1)) {
		if (m->keys[i] == k)
			return m->vals[i];
		if (!m->keys[i])
			return NULL;
	}
}

/* The value slot of k, NULL inserted when absent. */
static inline void **
pm_slot(PtrMap *m, const void *k)
{
	if ((m->n + 1) * 2 > m->cap)
		pm_grow(m);
	size_t i = pm_hash_slot(k, m->cap);
	while (m->keys[i] && m->keys[i] != k)
		i = (i + 1) & (m->cap - 1);
	if (!m->keys[i]) {
		m->keys[i] = k;
		m->vals[i] = NULL;
		m->n++;
	}
	return &m->vals[i];
}

/* Sets the value of k; returns the old value. */
static inline void *
pm_put(PtrMap *m, const void *k, void *v)
{
	void **slot = pm_slot(m, k);
	void *old = *slot;
	*slot = v;
	return old;
}

/* A counter: adds d to k's value, returns the new count. */
static inline intptr_t
pm_add(PtrMap *m, const void *k, intptr_t d)
{
	void **slot = pm_slot(m, k);
	intptr_t n = (intptr_t)*slot + d;
	*slot = (void *)n;
	return n;
}

#endif
