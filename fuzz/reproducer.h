/* reproducer.h: what a reduced finding is handed over as (issue 5): the
 * TVMScript program headed by the finding, and a TileLang pytest case. */
#ifndef FENCEFUZZ_REPRODUCER_H
#define FENCEFUZZ_REPRODUCER_H

#include "reduce.h"
#include "repro.h"

/* reproducer.c */
/* The reduced program with a comment header: the finding (kind, model,
 * oracle, message, witness), its cause and raw signatures, and the
 * reduction's figures.  malloc'd. */
char *fz_repro_tvmscript(const ReduceResult *r);
/* A TileLang pytest file for the reduced finding (repro_pytest.c renders
 * it): before = the reduced program, after = what a correct pass gives where
 * that can be said (see reproducer.c).  malloc'd; NULL when the finding
 * cannot be expressed as a pytest case (the reason is in the TVMScript). */
char *fz_repro_pytest(const ReduceResult *r, const ReduceTarget *t);
/* The same for a given TileLang API (fz_repro_pytest: the API of the
 * finding's model, fz_pytest_api_for_model). */
char *fz_repro_pytest_api(const ReduceResult *r, const ReduceTarget *t, PytestApi api);
/* The pytest for a stored TVMScript reproducer (fz_repro_tvmscript's text:
 * its header becomes the pytest's), judged again for t (model, kind, other
 * model), for a given API.  NULL when the finding no longer shows on it or
 * has no pytest. */
char *fz_repro_pytest_stored(const char *stored, const ReduceTarget *t, uint64_t cause, PytestApi api);

/* A self-checking CUDA kernel for SM90 (oracle/cuda/lower.h) of the model's
 * output on the reduced program, for the race kinds (unsound, unsound-war,
 * handshake), headed by the finding; fencefuzz confirm runs such kernels.
 * malloc'd; NULL for the other kinds or when the lowering refuses. */
char *fz_repro_cuda(const ReduceResult *r, const ReduceTarget *t);

#endif
