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

void *pm_get(const PtrMap *m, const void *k);          /* NULL when absent */
void *pm_put(PtrMap *m, const void *k, void *v);        /* returns the old value */
void **pm_slot(PtrMap *m, const void *k);               /* inserts NULL when absent */
intptr_t pm_add(PtrMap *m, const void *k, intptr_t d);  /* counter: returns the new count */
void pm_free(PtrMap *m);

#endif
