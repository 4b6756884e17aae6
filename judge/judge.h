/* judge.h: the layer above the models and the oracles: runs a model on a
 * program and then every enabled oracle on its output (`fencefuzz check`),
 * and the differential oracle on two models.
 *
 * The oracles (oracle/) never see a model; the models (models/) never see an
 * oracle; only this layer links both.  The functions keep the orc_ names
 * they had when they lived in oracle/. */
#ifndef FENCEFUZZ_JUDGE_H
#define FENCEFUZZ_JUDGE_H

#include "ir.h"
#include "oracle.h"
#include "pass.h"

/* judge.c: run a model and every enabled oracle on every function.  When the
 * model gives no output (an external model failed: pass_run_ex), orc_check
 * reports one FK_MODEL_CRASH / FK_MODEL_TIMEOUT / FK_MODEL_UNREADABLE finding
 * instead (also when only its run on its own output, for idempotence, fails);
 * orc_differential skips a pair in which a model failed.  Both return the
 * number of findings added to out. */
int orc_check(const PassModel *m, const Program *p, const OracleOptions *o, FindingList *out);
/* orc_check, asking hook->wanted(f, ctx) before the model explains finding
 * f (its root cause): 0 leaves f->root_cause NULL, for a caller that will
 * not use it (a campaign that has it already).  Nothing else changes. */
typedef struct OrcExplainHook {
	int (*wanted)(const Finding *f, void *ctx);
	void *ctx;
} OrcExplainHook;
int orc_check_hook(const PassModel *m, const Program *p, const OracleOptions *o,
                   FindingList *out, const OrcExplainHook *hook);
int orc_differential(const PassModel *a, const PassModel *b, const Program *p,
                     const OracleOptions *o, FindingList *out);

#endif
