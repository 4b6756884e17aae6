/* repro.h: reproducers for reduced findings (issue 5): the TVMScript program
 * and a TileLang pytest in the style of TileLang's own transform tests. */
#ifndef FENCEFUZZ_REPRO_H
#define FENCEFUZZ_REPRO_H

#include <stddef.h>

#include "ir.h"

/* repro_pytest.c */

/* Which TileLang API a pytest is written for: the one of the version the
 * finding is about.  SEED: TileLang 9f25954 and the legacy pass (TVM's
 * `tvm.tir`, `tilelang.transform.InjectFenceProxy`, seed-era TVMScript);
 * HEAD: TileLang head (`tvm.tirx`, `tilelang.cuda.transform.InjectFenceProxy`,
 * head-era TVMScript, a dict target). */
typedef enum { PYTEST_API_SEED, PYTEST_API_HEAD } PytestApi;

const char *fz_pytest_api_name(PytestApi api);             /* "seed", "head" */
int fz_pytest_api_parse(const char *name, PytestApi *out); /* 0 ok, -1 unknown */
/* The API of the TileLang version a model stands for: HEAD for
 * tilelang-head, SEED for every other model (9f25954, legacy, mutants of
 * the reference). */
PytestApi fz_pytest_api_for_model(const char *model);

/* A test name that says what the test tests: test_<kind>_<what>, where
 * <what> is the root cause when there is one, else the shape (e.g. the
 * witness "generic write store -> async read tma_load"), each turned into
 * lower-case identifier words; a leading repetition of the kind is dropped.
 * At most n-1 characters (n >= 16), cut at a word boundary. */
void fz_pytest_test_name(char *out, size_t n, const char *kind, const char *root_cause,
                         const char *shape);

typedef struct PytestCase {
	PytestApi api;           /* the harness and TVMScript era of the file */
	const char *test_name;   /* e.g. "test_unsound_generic_write_store_to_async_read_tma_load";
	                            sanitised into a Python identifier */
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
 * prim_funcs, the test function) to sb, for c->api.  `before` and `after`
 * are read by TVM's own TVMScript parser of that era (`from tvm.script
 * import tir|tirx as T`), every tl op spelled T.call_intrin; the target is
 * bound on both sides before they are compared, as TileLang's own
 * `_check` does.  Returns 0, or -1 with a message in
 * err when a construct cannot be expressed for TileLang's frontend (the
 * message names it); sb is left as it was then. */
int fz_pytest_text(StrBuf *sb, const PytestCase *c, char *err, size_t errlen);

/* 1 for an op that is TileLang's (registered as tl.NAME), which TVM's
 * TVMScript parser does not know and the pytest spells
 * T.call_intrin("handle", tir.op.Op.get("tl.NAME"), ...); 0 for TVM's own
 * ops and unknown names.  Ops whose namespace depends on the arguments
 * (ptx_ldmatrix, ptx_cp_async: TVM's with a dtype string first, tl's
 * without) count as tl. */
int fz_pytest_needs_call_intrin(const char *op_name);

#endif
