/* arena.h: the bump allocator of the IR (arena.c), its fast path inline.
 *
 * Included by ir.h; the fields of Arena are arena.c's alone, visible here
 * only so that ar_alloc's common case (room in the current chunk) is a
 * compare and an add in the caller. */
#ifndef FENCEFUZZ_ARENA_H
#define FENCEFUZZ_ARENA_H

#include <stddef.h>

typedef struct Arena Arena;
struct ArenaChunk;

struct Arena {
	unsigned char *next, *end;   /* zeroed free room of the current chunk (head) */
	unsigned char *top;          /* ar_alloc_uninit's: the head's bytes from top on are handed out */
	struct ArenaChunk *head;     /* newest first */
	size_t done;                 /* bytes handed out from the chunks after head */
	const struct ArenaChunk *hit; /* ar_owns: the chunk of the last pointer found */
	void *side;                  /* ar_side */
	void (*side_free)(void *);
	struct ArenaBlock *blocks;   /* ar_adopt */
};

Arena *ar_new(void);
void ar_free(Arena *a);
/* Drops everything a handed out (and its side data) but keeps its current
 * chunk for what comes next, zeroing only the bytes that were used: for
 * callers that make and drop programs one after another. */
void ar_reset(Arena *a);
void *ar_alloc_slow(Arena *a, size_t n); /* more zeroed room or a new chunk; n already rounded */
int ar_grow_room(Arena *a, size_t n);    /* ar_grow_last's: n zeroed bytes at next in the head chunk */

/* n zeroed bytes, 8-byte aligned; aborts on out of memory. */
static inline void *
ar_alloc(Arena *a, size_t n)
{
	n = (n + 7) & ~(size_t)7; /* no IR type needs more than 8 */
	/* n - 1 < room: n fits, and n == 0 takes the slow path (a chunk) */
	if (n - 1 < (size_t)(a->end - a->next)) {
		void *p = a->next;
		a->next += n;
		return p; /* zero: the arena zeroes its room before handing it out */
	}
	return ar_alloc_slow(a, n);
}

void *ar_alloc_uninit_slow(Arena *a, size_t n); /* room below top or a new chunk; n already rounded */

/* n bytes, 8-byte aligned, NOT zeroed: for a caller that writes every byte
 * itself (a node built field by field, an array filled at once).  Taken
 * from the top of the head chunk downwards, past the room that ar_alloc
 * zeroes, so that neither pays for the other's bytes. */
static inline void *
ar_alloc_uninit(Arena *a, size_t n)
{
	n = (n + 7) & ~(size_t)7;
	if (n - 1 < (size_t)(a->top - a->end)) {
		a->top -= n;
		return a->top;
	}
	return ar_alloc_uninit_slow(a, n);
}

/* Grows p, the allocation of old bytes that a handed out last, to n bytes
 * in place: when nothing was handed out after it and the chunk has room.
 * The bytes added are zero.  Returns p, or NULL (p unchanged) when it
 * cannot grow there: the caller then allocates anew. */
static inline void *
ar_grow_last(Arena *a, void *p, size_t old, size_t n)
{
	old = (old + 7) & ~(size_t)7;
	n = (n + 7) & ~(size_t)7;
	if ((unsigned char *)p + old != a->next || n < old)
		return NULL;
	if (n - old > (size_t)(a->end - a->next) && !ar_grow_room(a, n - old))
		return NULL;
	a->next += n - old;
	return p; /* zero past old: the arena zeroes room before it hands it out */
}

/* a takes block (from malloc; its first n bytes in use, counted by
 * ar_bytes) and frees it with what it handed out: an array built outside
 * the arena joins it without a copy.  Returns block. */
void *ar_adopt(Arena *a, void *block, size_t n);

char *ar_strndup(Arena *a, const char *s, size_t n);
char *ar_strdup(Arena *a, const char *s);
size_t ar_bytes(const Arena *a);
void **ar_dup_array(Arena *a, void *const *items, int n);
/* One slot of side data about the arena's nodes, freed (free_fn) with the
 * arena or when replaced: verify.c keeps its memo of verified statements
 * there, for the programs that share those nodes. */
void *ar_side(const Arena *a);
void ar_set_side(Arena *a, void *side, void (*free_fn)(void *));
int ar_owns(Arena *a, const void *p); /* p points into memory a handed out or adopted */

#endif
