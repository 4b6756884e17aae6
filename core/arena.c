/* arena.c: one bump allocator per program; nothing is freed one by one. */
#include <stdlib.h>
#include <string.h>

#include "ir.h"

typedef struct Chunk {
	struct Chunk *next;
	size_t used, cap;
	_Alignas(16) unsigned char data[];
} Chunk;

struct Arena {
	Chunk *head;
	size_t total;
};

enum { CHUNK_MIN = 64 * 1024 };

Arena *
ar_new(void)
{
	Arena *a = calloc(1, sizeof *a);
	if (!a)
		abort();
	return a;
}

void
ar_free(Arena *a)
{
	if (!a)
		return;
	for (Chunk *c = a->head, *next; c; c = next) {
		next = c->next;
		free(c);
	}
	free(a);
}

void *
ar_alloc(Arena *a, size_t n)
{
	n = (n + 15) & ~(size_t)15;
	Chunk *c = a->head;
	if (!c || c->cap - c->used < n) {
		size_t cap = n > CHUNK_MIN ? n : CHUNK_MIN;
		if (a->head && a->head->cap * 2 > cap && a->head->cap < (16u << 20))
			cap = a->head->cap * 2;
		c = malloc(sizeof *c + cap);
		if (!c)
			abort(); /* out of memory is not bad input: let fuzzers see it */
		c->next = a->head;
		c->used = 0;
		c->cap = cap;
		a->head = c;
	}
	void *p = c->data + c->used;
	c->used += n;
	a->total += n;
	memset(p, 0, n);
	return p;
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
	return a->total;
}

void **
ar_dup_array(Arena *a, void *const *items, int n)
{
	void **p = ar_alloc(a, sizeof *p * (size_t)(n > 0 ? n : 1));
	if (n > 0)
		memcpy(p, items, sizeof *p * (size_t)n);
	return p;
}
