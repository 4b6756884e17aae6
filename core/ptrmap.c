/* ptrmap.c: see ptrmap.h.  Linear probing, load factor at most 1/2. */
#include <stdlib.h>
#include <string.h>

#include "ptrmap.h"

void
pm_grow(PtrMap *m)
{
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

void
pm_free(PtrMap *m)
{
	free(m->keys);
	free(m->vals);
	memset(m, 0, sizeof *m);
}
