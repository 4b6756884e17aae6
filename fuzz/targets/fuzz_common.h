/* fuzz_common.h: what every fuzz target shares: the libFuzzer entry point,
 * FUZZ_ASSERT, and the print/read-back round trip both targets check.
 *
 * A target is one file named after the property it checks and defines only
 * LLVMFuzzerTestOneInput.  Three mains drive it: libFuzzer's (clang
 * -fsanitize=fuzzer), afl_main.c (AFL++ persistent mode, stdin otherwise) and
 * replay_main.c (any compiler: replays files, so CI runs every seed).
 *
 * FUZZ_ASSERT is always on, whatever NDEBUG says: a broken property must
 * abort so that every engine records the input as a crash. */
#ifndef FENCEFUZZ_FUZZ_COMMON_H
#define FENCEFUZZ_FUZZ_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FUZZ_ASSERT(cond, msg)                                                          \
	do {                                                                            \
		if (!(cond)) {                                                          \
			fprintf(stderr, "%s:%d: FUZZ_ASSERT(%s) failed: %s\n", __FILE__,  \
			        __LINE__, #cond, (msg));                                \
			abort();                                                        \
		}                                                                       \
	} while (0)

/* The canonical text of p; the caller frees it. */
static inline char *
fuzz_print(const Program *p)
{
	StrBuf sb;
	sb_init(&sb);
	ir_print_program(&sb, p);
	return sb_take(&sb);
}

/* p as its text reads back: printing names TVM's func_attr keys in the
 * era printed (docs/tvmscript-eras.md: `tir.X` at seed, `tirx.X` at head),
 * so a key written in the other era's namespace comes back renamed.  A
 * shallow copy in a (p itself when no key is renamed). */
static inline const Program *
fuzz_as_printed(Arena *a, const Program *p)
{
	const char *from = p->era == ERA_HEAD ? "tir." : "tirx.";
	const char *to = p->era == ERA_HEAD ? "tirx." : "tir.";
	size_t nf = strlen(from);
	Program *c = NULL;
	for (int i = 0; i < p->nfuncs; i++) {
		const Expr *d = p->funcs[i]->attrs;
		int any = 0;
		for (int k = 0; d && d->kind == EX_DICT && k < d->u.dict.n; k++)
			any |= d->u.dict.keys[k]->kind == EX_STR && !strncmp(d->u.dict.keys[k]->u.s, from, nf);
		if (!any)
			continue;
		if (!c) {
			c = ar_alloc(a, sizeof *c);
			*c = *p;
			c->funcs = ar_alloc(a, sizeof *c->funcs * (size_t)p->nfuncs);
			memcpy(c->funcs, p->funcs, sizeof *c->funcs * (size_t)p->nfuncs);
		}
		int n = d->u.dict.n;
		Expr **keys = ar_alloc(a, sizeof *keys * (size_t)n), **vals = ar_alloc(a, sizeof *vals * (size_t)n);
		memcpy(vals, d->u.dict.vals, sizeof *vals * (size_t)n); /* ir_dict sorts both in place */
		for (int k = 0; k < n; k++) {
			Expr *key = d->u.dict.keys[k];
			if (key->kind == EX_STR && !strncmp(key->u.s, from, nf)) {
				size_t len = strlen(to) + strlen(key->u.s + nf) + 1;
				char *t = ar_alloc(a, len);
				snprintf(t, len, "%s%s", to, key->u.s + nf);
				key = ir_str(a, t);
			}
			keys[k] = key;
		}
		Func *f = ar_alloc(a, sizeof *f);
		*f = *p->funcs[i];
		f->attrs = ir_dict(a, keys, vals, n);
		c->funcs[i] = f;
	}
	return c ? c : p;
}

/* The printer/reader contract on a program that verifies: p verifies, its
 * text reads back structurally equal (with an equal hash) to p as printed
 * (fuzz_as_printed), and that reads back to the same text; printing leaves
 * p as it was.  what names the program in the abort message. */
static inline void
fuzz_check_roundtrip(Arena *a, const Program *p, const char *what)
{
	Diag d;
	FUZZ_ASSERT(ir_verify_program(p, &d) == 0, what);
	uint64_t before = ir_hash_program(p);
	char *t1 = fuzz_print(p);
	FUZZ_ASSERT(ir_hash_program(p) == before, "printing changed the program it printed");
	Program *p2 = ir_read(a, "<printed>", t1, strlen(t1), &d);
	if (!p2) {
		fprintf(stderr, "%s: printed text does not read back: %d:%d: %s\n---- text\n%s----\n",
		        what, d.line, d.col, d.msg, t1);
		FUZZ_ASSERT(p2 != NULL, what);
	}
	FUZZ_ASSERT(ir_verify_program(p2, &d) == 0, what);
	const Program *pp = fuzz_as_printed(a, p);
	FUZZ_ASSERT(ir_equal_program(pp, p2), what);
	FUZZ_ASSERT(ir_hash_program(pp) == ir_hash_program(p2), what);
	char *t2 = fuzz_print(p2);
	if (strcmp(t1, t2) != 0)
		fprintf(stderr, "%s: print is not a fixpoint\n---- first\n%s---- second\n%s----\n", what,
		        t1, t2);
	FUZZ_ASSERT(strcmp(t1, t2) == 0, what);
	free(t1);
	free(t2);
}

#endif
