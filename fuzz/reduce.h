/* reduce.h: the reducer (README, Reducer; issue 5) and what is built on it: cause
 * signatures, reproducers and the regression corpus.  Prototypes grouped by
 * the file that defines them. */
#ifndef FENCEFUZZ_REDUCE_H
#define FENCEFUZZ_REDUCE_H

#include <stdint.h>

#include "judge.h"
#include "oracle.h"
#include "pass.h"

/* What a reduction must keep: a finding of this kind, from this model (and,
 * for FK_DIFFERENTIAL, against `other`), with this raw signature (fl_sign:
 * kind, model, oracle, rule and the witness's end events, none of which name
 * buffers, lines or constants). */
typedef struct ReduceTarget {
	const PassModel *model;
	const PassModel *other;  /* FK_DIFFERENTIAL only */
	FindingKind kind;
	uint64_t raw_signature;  /* 0: any finding of the kind */
	OracleOptions oracles;   /* as the finding was judged (war, alias-aware ...) */
	/* With raw_signature 0 and these set: any finding of the kind from
	 * this oracle and rule (the reducer's canonicalising edits). */
	const char *oracle, *rule;
	/* The finding's root cause (Finding.root_cause) to keep; NULL: the one
	 * of the first matching finding, which fz_reduce then keeps. */
	const char *root_cause;
} ReduceTarget;

typedef struct ReduceLimits {
	double max_seconds;      /* wall-clock budget; 0 = REDUCE_DEFAULT_SECONDS */
	long max_trials;         /* candidate programs judged; 0 = REDUCE_DEFAULT_TRIALS */
} ReduceLimits;

#define REDUCE_DEFAULT_SECONDS 5.0
#define REDUCE_DEFAULT_TRIALS 20000L

typedef struct ReduceResult {
	Program *reduced;        /* in the arena given to fz_reduce; read back from its text */
	char *text;              /* its canonical TVMScript (malloc'd) */
	Finding finding;         /* the kept finding, judged on `reduced` (located) */
	FindingList findings;    /* owns finding's strings */
	uint64_t cause;          /* fz_cause_signature(reduced, finding) */
	long stmts_before, stmts_after;
	long trials, accepted;
	double seconds;
	int hit_limit;           /* stopped by time or trials, not at a fixed point */
} ReduceResult;

/* reduce.c */
/* 1 when some finding of orc_check(t->model) (orc_differential for
 * FK_DIFFERENTIAL) on p matches t (kind, signature or oracle and rule, root
 * cause when t has one); copies it into *out when out != NULL. */
int fz_shows(const ReduceTarget *t, const Program *p, FindingList *fl, Finding *out);
/* Reduces p (which must show t) to a program that still shows it and from
 * which no single edit of the reducer keeps it: statement and chunk
 * deletion, unwrapping compounds, trip counts to 1, conditions to True,
 * integer expressions to 0, values to typed zeros, dropping parameters,
 * attributes, annotations and functions.  Deterministic.  Returns 0, or -1
 * with err set when p does not show t. */
int fz_reduce(Arena *a, const Program *p, const ReduceTarget *t, const ReduceLimits *lim,
              ReduceResult *r, char *err, size_t errlen);
void fz_reduce_result_free(ReduceResult *r);
long fz_count_stmts(const Program *p);   /* statements of every function, no ST_SEQ */
/* Gives every statement in locs (a map IrPrintOptions.locs filled) the
 * location it maps to: the program's nodes are those of the text printed. */
struct PtrMap;
void fz_apply_locs(const struct PtrMap *locs);
/* The ORC_* bits an oracle finding of this kind needs (all for the rest). */
unsigned fz_oracles_for_kind(FindingKind k);

/* reduce_edits.c: one edit of a program, by pass and site number */
typedef enum {
	ED_DELETE_8, ED_DELETE_4, ED_DELETE_2, ED_DELETE_1, /* chunks of statement lists */
	ED_UNWRAP,      /* a compound replaced by its body, an if by a branch, an else dropped */
	ED_HEADER,      /* trip counts -> 1, steps/annotations dropped, conditions -> True */
	ED_EXPR,        /* an integer expression -> 0, a stored value -> a typed zero */
	ED_MERGE,       /* uses of a declared buffer renamed to an earlier one of its scope and dtype */
	ED_CANON,       /* a call writing a shared buffer -> a plain store to it (see reduce.c) */
	ED_FUNC,        /* a parameter, an attribute, a free var, a function dropped */
	ED_COUNT
} EditPass;
/* The candidate for site `site` of pass `pass`, built in arena a and
 * sharing unchanged nodes with p; NULL when p has no such site. */
Program *fz_edit(Arena *a, const Program *p, EditPass pass, int site);
const char *fz_edit_name(EditPass pass);

/* signature.c */
/* Groups findings by cause: kind, model, oracle, rule, root cause, and the shape of the
 * (reduced) program: statement kinds and nesting, call names, buffer scope
 * ranks, trip-count classes, the target arch; not names, constants or
 * locations. */
uint64_t fz_cause_signature(const Program *p, const Finding *f);

#endif
