/* repro.h: reproducers for reduced findings (issue 5): the TVMScript program
 * and a TileLang pytest in the style of TileLang's own transform tests. */
#ifndef FENCEFUZZ_REPRO_H
#define FENCEFUZZ_REPRO_H

#include <stddef.h>

#include "ir.h"

/* repro_pytest.c */
typedef struct PytestCase {
	const char *test_name;   /* e.g. "test_fencefuzz_1a2b3c4d5e6f7788"; sanitised into a Python identifier */
	const char *comment;     /* one or more lines (the finding: kind, model, message, witness),
	                            emitted as # comments; may be NULL */
	const Program *before;   /* the reduced input program */
	const Program *after;    /* what the model under test produced for it; NULL: no expected program */
	const char *expect_mode; /* "equal": assert structural equality of the pass output with `after`;
	                            "fences": assert the count of fence_proxy_async calls in the pass
	                            output == expect_fences */
	int expect_fences;       /* for "fences" mode; also emitted as a comment in "equal" mode */
	const char *fence_note;  /* why that count (one line); may be NULL */
} PytestCase;

/* Appends the whole pytest file text (imports, helpers, before/after
 * prim_funcs, the test function) to sb.  Returns 0, or -1 with a message in
 * err when a construct cannot be expressed for TileLang's frontend (the
 * message names it); sb is left as it was then. */
int fz_pytest_text(StrBuf *sb, const PytestCase *c, char *err, size_t errlen);

/* The table of tl ops that have no Python wrapper in tilelang.language (or
 * one that does not rebuild the printed call from the printed arguments) and
 * must be spelled T.call_intrin("handle", tir.op.Op.get("tl.NAME"), ...).
 * 1 for such an op, else 0.  Ops whose spelling depends on the arguments
 * (ptx_ldmatrix, ptx_cp_async: tir form with a dtype string first, tl form
 * without) count as needing it. */
int fz_pytest_needs_call_intrin(const char *op_name);

#endif
