/* ptrmap.c: see ptrmap.h.  Linear probing, load factor at most 1/2. */
#include <stdlib.h>
#include <string.h>

#include "ptrmap.h"

void **
pm_slot(PtrMap *m, const void *k)
{
	if ((m->n + 1) * 2 > m->cap) {
		PtrMap g = {0};
		g.cap = m->cap ? m->cap * 2 : 64;
		g.keys = calloc(g.cap, sizeof *g.keys);
		g.vals = calloc(g.cap, sizeof *g.vals);
		if (!g.keys || !g.vals)
			abort();
		for (size_t i = 0; i < m->cap; i++)
			if (m->keys[i])
				*pm_slot(&g, m->keys[i]) = m->vals[i];
		free(m->keys);
		free(m->vals);
		*m = g;
	}
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

void *
pm_put(PtrMap *m, const void *k, void *v)
{
	void **slot = pm_slot(m, k);
	void *old = *slot;
	*slot = v;
	return old;
}

intptr_t
pm_add(PtrMap *m, const void *k, intptr_t d)
{
	void **slot = pm_slot(m, k);
	intptr_t n = (intptr_t)*slot + d;
	*slot = (void *)n;
	return n;
}

void
pm_free(PtrMap *m)
{
	free(m->keys);
	free(m->vals);
	memset(m, 0, sizeof *m);
}
