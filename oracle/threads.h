/* threads.h: thread classes of a block (threads.c), shared by the oracles
 * that follow one class of threads at a time. */
#ifndef FENCEFUZZ_THREADS_H
#define FENCEFUZZ_THREADS_H

#include <stdint.h>

#include "ir.h"

enum {
	ORC_TX_MAX_THREADS = 1024,
	ORC_TX_MAX_CLASSES = 16,
	ORC_TX_MAX_PREDS = 64,
	ORC_TX_MAX_ENV = 256,
	ORC_TX_MAX_DEPTH = 200,
	ORC_TX_DEC = 64 /* decisions kept: classes times predicates */
};

typedef struct OrcIval {
	int64_t lo, hi;
	int ok;
} OrcIval;

typedef struct OrcTxClass {
	int first, last, count; /* its threads: the first, the last, how many */
} OrcTxClass;

typedef struct OrcTx {
	const Var *tx;          /* the threadIdx.x variable; NULL: none */
	int64_t nthreads;
	const Expr *preds[ORC_TX_MAX_PREDS];
	int npreds;
	OrcTxClass cls[ORC_TX_MAX_CLASSES];
	int ncls;
	int too_many;           /* more classes than ORC_TX_MAX_CLASSES: ncls = 0 */
	/* evaluation: tx is tx_pt in decisions, [tx_lo, tx_hi] in footprints */
	int64_t tx_pt, tx_lo, tx_hi;
	const Var *env_v[ORC_TX_MAX_ENV];
	OrcIval env_x[ORC_TX_MAX_ENV];
	int nenv;               /* bindings; the caller may truncate back to a saved count */
	int loop_depth, preds_in_loops; /* (scan) predicates inside a loop that is not a thread binding */
	int overflow;           /* a binding did not fit */
	int ranging;            /* (find_classes) tx is a range of threads being classified */
	int sel;                /* the class orc_tx_select selected; -1: none */
	/* How the classes decide the predicates (when they fit, else ndec 0):
	 * predicate i for class k at dec[k * npreds + i], 1 / 0, 2 undecided. */
	unsigned char dec[ORC_TX_DEC];
	int ndec;
} OrcTx;

/* Finds tx, its predicates and the classes of f: the number of classes, 0
 * when the function has no thread predicates (or no constant tx extent of at
 * most ORC_TX_MAX_THREADS, or too many classes).  only_if_paths_differ: also
 * 0 when the classes cannot change which paths one thread can take (a
 * single predicate, outside every loop). */
int orc_tx_find(OrcTx *t, const Func *f, int only_if_paths_differ);
void orc_tx_select(OrcTx *t, int cls);          /* tx := that class; bindings cleared */
OrcIval orc_tx_eval(OrcTx *t, const Expr *e, int hull);
int orc_tx_decide(OrcTx *t, const Expr *cond);  /* 1 / 0 for the selected class, -1 unknown */
int orc_tx_mentions(const OrcTx *t, const Expr *e);
/* orc_tx_mentions(t, cond), and *d orc_tx_decide(t, cond) when it does
 * (else -1): for one of the predicates orc_tx_find found, in the class
 * orc_tx_select selected with no bindings since, the decision the classes
 * were found by (that thread's, evaluated alike). */
int orc_tx_pred(OrcTx *t, const Expr *cond, int *d);
void orc_tx_bind(OrcTx *t, const Var *v, OrcIval x);

#endif
