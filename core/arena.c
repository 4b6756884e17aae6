/* arena.c: one bump allocator per program; nothing is freed one by one.
 *
 * The bytes an allocation gets are zero already, so it needs no memset of
 * its own: large chunks are fresh pages from mmap; a smaller chunk is
 * zeroed ZERO_STEP bytes at a time as it is handed out (Arena.end is
 * where its zeroed bytes end), so that a small program read into a fresh
 * arena does not pay for zeroing a whole chunk; ar_reset zeroes again the
 * bytes it hands back.  The common case of
 * ar_alloc is inline (arena.h); a new chunk is ar_alloc_slow.  Large
 * chunks ask for transparent huge pages where the system has them: a big
 * program's IR then costs a few page faults instead of one per 4 KiB.
 * Allocations are 8-byte aligned (the IR holds pointers, int64 and double,
 * nothing wider): a 72-byte Expr takes 72 bytes, not 80.
 *
 * ar_alloc_uninit hands out bytes that are not zeroed from the other end
 * of the head chunk, downwards from its end (Arena.top): a chunk is
 * [zeroed allocations | zeroed room | room not zeroed yet | uninit
 * allocations], and the room ar_alloc zeroes stops at top. */
#define _DEFAULT_SOURCE /* MADV_HUGEPAGE, MAP_ANONYMOUS */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "ir.h"

typedef struct ArenaChunk {
	struct ArenaChunk *next;
	size_t used, cap;    /* used: set when the chunk stops being the head */
	size_t high;         /* bytes ar_alloc_uninit took at its end: set with used */
	size_t mapped;       /* bytes mapped with mmap, 0: from calloc */
	_Alignas(16) unsigned char data[];
} Chunk;

/* A block from malloc that the arena frees (ar_adopt). */
typedef struct ArenaBlock {
	struct ArenaBlock *next;
	void *p;
	size_t n; /* bytes in use: ar_owns */
} Block;

static void
free_blocks(Arena *a)
{
	for (Block *b = a->blocks, *next; b; b = next) {
		next = b->next;
		free(b->p);
		free(b);
	}
	a->blocks = NULL;
}

void *
ar_adopt(Arena *a, void *block, size_t n)
{
	Block *b = malloc(sizeof *b);
	if (!b)
		abort();
	b->p = block;
	b->n = n;
	b->next = a->blocks;
	a->blocks = b;
	a->done += n;
	return block;
}

/* CHUNK_KEEP: the largest chunk ar_reset keeps (a bigger one goes back to
 * the system rather than stay with a long-lived arena).  ZERO_STEP: 2 KiB,
 * half the calls of 1 KiB for a program's IR; glibc's memset switches to
 * rep stosb above 2 KiB, which costs more on small sizes. */
enum { CHUNK_MIN = 64 * 1024, CHUNK_MAP = 2 << 20, CHUNK_KEEP = 4 << 20, ZERO_STEP = 2048 };

static Chunk *
new_chunk(size_t cap)
{
	Chunk *c = NULL;
	size_t bytes = sizeof *c + cap;
	if (bytes >= CHUNK_MAP) {
		bytes = (bytes + CHUNK_MAP - 1) & ~(size_t)(CHUNK_MAP - 1);
		void *m = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (m != MAP_FAILED) {
#ifdef MADV_HUGEPAGE
			madvise(m, bytes, MADV_HUGEPAGE); /* a hint: without it, 4 KiB pages */
#endif
			c = m;
			c->mapped = bytes;
			c->cap = bytes - sizeof *c;
			return c;
		}
	}
	c = malloc(sizeof *c + cap); /* zeroed as handed out (zero_more) */
	if (!c)
		abort(); /* out of memory is not bad input: let fuzzers see it */
	c->next = NULL;
	c->used = 0;
	c->high = 0;
	c->mapped = 0;
	c->cap = cap;
	return c;
}

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/asan_interface.h>
#endif

static void
free_chunk(Chunk *c)
{
#if defined(__SANITIZE_ADDRESS__)
	/* Debug node tails are poisoned (ir.c): mapped pages would keep that. */
	ASAN_UNPOISON_MEMORY_REGION(c->data, c->cap);
#endif
	if (c->mapped)
		munmap(c, c->mapped);
	else
		free(c);
}

/* Bytes handed out from the head chunk by ar_alloc (from its start). */
static size_t
head_used(const Arena *a)
{
	return a->head ? (size_t)(a->next - a->head->data) : 0;
}

/* Bytes handed out from the head chunk by ar_alloc_uninit (at its end). */
static size_t
head_high(const Arena *a)
{
	return a->head ? (size_t)(a->head->data + a->head->cap - a->top) : 0;
}

/* An arena that ar_free emptied for the next ar_new, with its first chunk
 * (CHUNK_MIN bytes from malloc, not zeroed: zero_more zeroes it as it is
 * handed out, as it does a fresh one): a caller that makes an arena per
 * program then pays malloc and free for neither.  Taken and put back by
 * atomic exchange, so any thread may take it.  Not with AddressSanitizer,
 * which is to see a freed arena's memory as freed. */
static _Atomic(Arena *) spare;

Arena *
ar_new(void)
{
	Arena *a = atomic_exchange_explicit(&spare, NULL, memory_order_acquire);
	if (a)
		return a;
	a = calloc(1, sizeof *a);
	if (!a)
		abort();
	return a;
}

static void
free_chunks(Chunk *c)
{
	for (Chunk *next; c; c = next) {
		next = c->next;
		free_chunk(c);
	}
}

/* Takes a's oldest chunk off its list when a spare arena may keep it: a
 * chunk of CHUNK_MIN bytes from malloc.  NULL: none to keep. */
static Chunk *
take_first_chunk(Arena *a)
{
#if defined(__SANITIZE_ADDRESS__)
	(void)a;
	return NULL;
#else
	Chunk **last = &a->head;
	if (!*last)
		return NULL;
	while ((*last)->next)
		last = &(*last)->next;
	Chunk *c = *last;
	if (c->mapped || c->cap != CHUNK_MIN)
		return NULL;
	*last = NULL;
	return c;
#endif
}

void
ar_free(Arena *a)
{
	if (!a)
		return;
	if (a->side_free)
		a->side_free(a->side);
	Chunk *keep = take_first_chunk(a);
	free_chunks(a->head);
	free_blocks(a);
	if (!keep) {
		free(a);
		return;
	}
	/* An empty arena whose head is keep, none of its bytes zeroed yet. */
	keep->used = keep->high = 0;
	*a = (Arena){0};
	a->head = keep;
	a->next = a->end = keep->data;
	a->top = keep->data + keep->cap;
	Arena *old = atomic_exchange_explicit(&spare, a, memory_order_acq_rel);
	if (old) {
		free_chunks(old->head);
		free(old);
	}
}

void
ar_reset(Arena *a)
{
	ar_set_side(a, NULL, NULL);
	free_blocks(a);
	a->hit = NULL;
	a->done = 0;
	Chunk *c = a->head;
	if (!c)
		return;
	if (c->cap > CHUNK_KEEP) {
		free_chunks(c);
		a->head = NULL;
		a->next = a->end = a->top = NULL;
		return;
	}
	free_chunks(c->next);
	c->next = NULL;
#if defined(__SANITIZE_ADDRESS__)
	ASAN_UNPOISON_MEMORY_REGION(c->data, c->cap); /* Debug node tails (ir.c) */
#endif
	memset(c->data, 0, head_used(a)); /* allocations are zero */
	if (c->mapped) /* zero_more takes the bytes past end of a mapped chunk as zero */
		memset(a->top, 0, head_high(a));
	c->used = c->high = 0;
	a->next = c->data;
	a->top = c->data + c->cap;
}

/* Zeroes more of the head chunk, so that at least need bytes from next
 * are zero: 0 when the chunk has no room for them below top. */
static int
zero_more(Arena *a, size_t need)
{
	Chunk *c = a->head;
	unsigned char *cap_end = a->top;
	if (need > (size_t)(cap_end - a->next))
		return 0;
	unsigned char *want = a->next + (need > ZERO_STEP ? need : ZERO_STEP);
	if (want > cap_end || c->mapped)
		want = cap_end; /* mapped pages are zero already */
	if (!c->mapped)
		memset(a->end, 0, (size_t)(want - a->end));
	a->end = want;
	return 1;
}

int
ar_grow_room(Arena *a, size_t n)
{
	return a->head && zero_more(a, n);
}

/* A new head chunk with room for n bytes; the old head keeps what it
 * handed out. */
static void
push_chunk(Arena *a, size_t n)
{
	size_t cap = n > CHUNK_MIN ? n : CHUNK_MIN;
	if (a->head) {
		if (a->head->cap * 2 > cap && a->head->cap < (16u << 20))
			cap = a->head->cap * 2;
		a->head->used = head_used(a);
		a->head->high = head_high(a);
		a->done += a->head->used + a->head->high;
	}
	Chunk *c = new_chunk(cap);
	c->next = a->head;
	a->head = c;
	a->next = a->end = c->data;
	a->top = c->data + c->cap;
}

/* ar_alloc_slow's other cases: nothing to hand out, a mapped chunk, or
 * no room in the head chunk below top. */
static __attribute__((noinline)) void *
alloc_slower(Arena *a, size_t n)
{
	if (!n && a->head)
		return a->next; /* nothing to hand out: no new chunk for it */
	if (a->head && zero_more(a, n)) {
		void *p = a->next;
		a->next += n;
		return p;
	}
	push_chunk(a, n);
	zero_more(a, n);
	a->next = a->head->data + n;
	return a->head->data;
}

/* The common case first: room below top in a head chunk from malloc,
 * zeroed further (zero_more's step) and handed out; no register of the
 * caller's to save around the rest. */
void *
ar_alloc_slow(Arena *a, size_t n)
{
	Chunk *c = a->head;
	unsigned char *next = a->next;
	if (c && n && n <= (size_t)(a->top - next) && !c->mapped) {
		unsigned char *want = next + (n > ZERO_STEP ? n : ZERO_STEP);
		if (want > a->top)
			want = a->top;
		unsigned char *end = a->end;
		a->end = want;
		a->next = next + n;
		memset(end, 0, (size_t)(want - end));
		return next;
	}
	return alloc_slower(a, n);
}

void *
ar_alloc_uninit_slow(Arena *a, size_t n)
{
	if (!n && a->head)
		return a->top;
	if (!a->head || n > (size_t)(a->top - a->next))
		push_chunk(a, n);
	/* Room between next and top: what ar_alloc zeroed beyond next stays zero. */
	a->top -= n;
	if (a->end > a->top)
		a->end = a->top;
	return a->top;
}

char *
ar_strndup(Arena *a, const char *s, size_t n)
{
	char *p = ar_alloc(a, n + 1);
	memcpy(p, s, n);
	p[n] = 0;
	return p;
}

char *
ar_strdup(Arena *a, const char *s)
{
	return ar_strndup(a, s, strlen(s));
}

size_t
ar_bytes(const Arena *a)
{
	return a->done + head_used(a) + head_high(a);
}

void **
ar_dup_array(Arena *a, void *const *items, int n)
{
	void **p = ar_alloc(a, sizeof *p * (size_t)(n > 0 ? n : 1));
	if (n > 0)
		memcpy(p, items, sizeof *p * (size_t)n);
	return p;
}

void *
ar_side(const Arena *a)
{
	return a->side;
}

void
ar_set_side(Arena *a, void *side, void (*free_fn)(void *))
{
	if (a->side_free)
		a->side_free(a->side);
	a->side = side;
	a->side_free = free_fn;
}

int
ar_owns(Arena *a, const void *p)
{
	uintptr_t q = (uintptr_t)p;
	if (a->hit && (q - (uintptr_t)a->hit->data < a->hit->used ||
	               q - (uintptr_t)(a->hit->data + a->hit->cap - a->hit->high) < a->hit->high))
		return 1;
	/* the head's used and high are only kept in the chunk when it stops being the head */
	if (a->head && (q - (uintptr_t)a->head->data < head_used(a) ||
	                q - (uintptr_t)a->top < head_high(a)))
		return 1;
	for (const Chunk *c = a->head ? a->head->next : NULL; c; c = c->next)
		if (q - (uintptr_t)c->data < c->used ||
		    q - (uintptr_t)(c->data + c->cap - c->high) < c->high) {
			a->hit = c;
			return 1;
		}
	for (const Block *b = a->blocks; b; b = b->next) /* adopted arrays (few) */
		if (q - (uintptr_t)b->p < b->n)
			return 1;
	return 0;
}
