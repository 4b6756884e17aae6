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

/* Several models judged on one program p with options o (a campaign
 * worker's loop): between orc_share_begin and orc_share_end, an output
 * function identical (ir_identical_func) to an earlier model's output of the
 * same input function takes over that model's oracle verdicts, under its own
 * name, instead of being judged again: the oracles read nothing but the
 * input, the output and the options, so the findings are the ones judging
 * gives.  The rows that read the model (idempotence: its run on its own
 * output) and the model's explanation of each finding still run for it.
 * Every list judged in between must use one arena, alive until the end
 * (the verdicts' strings stay there); the judge is not reentrant.  p must
 * not change in between: the models' vocabulary check on p is made once
 * for all of them (pass_input_begin), and the oracles keep what they make
 * of p alone from one model to the next (orc_input_begin, oracles.h). */
void orc_share_begin(const Program *p, const OracleOptions *o);
void orc_share_end(void);
/* Output functions whose verdicts were taken over so far in this process;
 * *checked (when not NULL): 1 when FENCEFUZZ_JUDGE_SHARE=check judged each
 * of them too (and found them equal, or the process had aborted). */
long orc_share_taken(int *checked);

#endif
