/* oracle.h: the judges of fencefuzz (docs/semantics.md §5), and every prototype of the
 * oracle layer, grouped by the file that defines it.
 *
 * The oracles hold the truth (PTX semantics).  They cannot include a model's
 * header (models/ops.h, opclass.h, pass.h) nor call a model's classifier: the
 * oracle library links only the IR layer and its include path has no models/
 * (tests/wall.sh proves it).  They read the IR (core/ir.h) and their own effect
 * table (oracle/effects.def), so that a mistake in a model cannot hide in its
 * judge.  Running a model and then the oracles on its output is the judge's
 * (judge/judge.h), a layer above both.
 *
 * Every finding explains itself: a kind, the oracle and the rule it rests on
 * (with the PTX ISA section), a location, a witness (the path of statement
 * locations from the first event to the last), and a strength (proved for all
 * paths of the program's control-flow graph, bounded and by what, or
 * undecided and why).
 */
#ifndef FENCEFUZZ_ORACLE_H
#define FENCEFUZZ_ORACLE_H

#include <stdint.h>
#include <stdio.h>

#include "ir.h"

typedef enum {
	FK_UNSOUND,            /* generic write -> async access with no fence on some path */
	FK_UNSOUND_WAR,        /* generic read -> async write with no fence (WAR across proxies) */
	/* Across warp-specialized partitions (happens-before through barriers),
	 * one kind per fence-placement profile: */
	FK_UNSOUND_CROSS,      /* program-order profile: no fence on the causality path */
	FK_UNSOUND_WRITER,     /* writer profile: the writing threads did not fence */
	FK_UNNECESSARY_FENCE,  /* minimality 1: an inserted fence removable, program still sound */
	FK_PLACEMENT,          /* minimality 2: executed-fence cost above the optimum placement */
	FK_ALIAS_FENCE,        /* minimality 3: a fence guarding only non-overlapping footprints */
	FK_NOT_PRESERVED,      /* erasing what the model inserted does not give the input back */
	FK_NOT_IDEMPOTENT,     /* M(M(P)) != M(P) */
	FK_HANDSHAKE,          /* tma_store source rewritten before arrive+wait */
	FK_DIFFERENTIAL,       /* two models disagree (classified in the message) */
	FK_GATED,              /* unsound only because the model's target gate skipped the
	                        * function (a program TileLang never hands the pass) */
	/* An external model (ext:COMMAND) gave no output to judge (PassError): */
	FK_MODEL_CRASH,        /* the command exited non-zero or was killed by a signal */
	FK_MODEL_TIMEOUT,      /* it ran past its timeout */
	FK_MODEL_UNREADABLE,   /* its output is not a program with the input's functions */
	FK_MODEL_REJECTED,     /* the model refused the program (its parser rejects it, or an
	                        * op its version does not have): not judged */
	/* Campaign watchdog (fuzz/campaign.c, cli/cmd_campaign.c): judging one
	 * program broke a limit or killed the worker; the program is kept. */
	FK_TIMEOUT,            /* past the time per case (--case-time) */
	FK_OOM,                /* past the memory per worker (--case-memory) */
	FK_CRASH,              /* the worker died of a signal while judging it */
	FK_COUNT
} FindingKind;

typedef enum {
	STRENGTH_PROVED,    /* holds for every path of the CFG (conditions unknown) */
	STRENGTH_BOUNDED,   /* holds within a bound, named in strength_note */
	STRENGTH_UNDECIDED  /* the oracle could not decide; strength_note says why */
} Strength;

typedef struct WitnessStep {
	Loc loc;          /* 0:0 for a node the model built (no source location) */
	const char *what; /* e.g. "generic write smem[3]", "fence", "async read ptx_wgmma_ss" */
} WitnessStep;

typedef struct Finding {
	FindingKind kind;
	const char *model;    /* model that produced the judged program */
	const char *oracle;   /* "soundness", "minimality.necessity", ... */
	const char *rule;     /* the rule and its source, e.g. "PTX ISA 8.6: ..." */
	Loc loc;              /* primary location (the async op, the fence, ...) */
	char *message;        /* one line: what is wrong */
	WitnessStep *witness; /* path, first event to last */
	int nwitness;
	Strength strength;
	char *strength_note;  /* "all paths", "loops unrolled 2x", "search capped at 20 gaps" */
	uint64_t signature;   /* groups findings by cause (kind, model, rule, ops involved) */
	const char *root_cause; /* the model's rule to blame, as the model explains it at the
	                         * witness ("async set: tma_load_multicast not async"); NULL: none */
} Finding;

typedef struct FindingList {
	Finding *items;
	int n, cap;
	Arena *arena;         /* strings and witnesses live here */
	/* What an oracle could not decide (not a finding: it does not fail a
	 * run), e.g. "placement undecided: 70 candidate positions > cap 64". */
	char **notes;
	int nnotes;
	/* Set by a reader of the findings' kinds, signatures and root causes
	 * only (a campaign's probe): messages are left NULL and notes out. */
	int keys_only;
} FindingList;

/* The oracles' bits of OracleOptions.enabled, one per row of oracles.def:
 * ORC_SOUNDNESS, ORC_HANDSHAKE, ORC_CROSS (cross-partition soundness, opt-in),
 * ORC_PRESERVATION, ORC_IDEMPOTENCE, ORC_NECESSITY, ORC_PLACEMENT, ORC_ALIAS. */
enum {
#define ORACLE(id, name, group, entry, kinds, needs, on) ORC_BIT_##id,
#include "oracles.def"
#undef ORACLE
	ORC_NORACLES
};
enum {
#define ORACLE(id, name, group, entry, kinds, needs, on) ORC_##id = 1u << ORC_BIT_##id,
#include "oracles.def"
#undef ORACLE
	/* the default set ("all"): the rows marked on */
	ORC_ALL = 0
#define ORACLE(id, name, group, entry, kinds, needs, on) | ((on) ? ORC_##id : 0u)
#include "oracles.def"
#undef ORACLE
};

/* Fence-placement profiles of the cross-partition oracle (docs/cross-partition.md). */
enum { ORC_PROFILE_PROGRAM_ORDER, ORC_PROFILE_WRITER, ORC_PROFILE_BOTH };

typedef struct OracleOptions {
	unsigned enabled;        /* ORC_* mask */
	int war;                 /* generic read -> async write needs a fence (default 1) */
	int alias_aware;         /* soundness compares footprints instead of "any shared" */
	int unknown_trip_weight; /* placement cost of a loop with unknown trip count (16) */
	int placement_max_gaps;  /* exhaustive placement search limit (candidate positions) */
	int placement_worst_path; /* placement cost: 0 = sum over fences (both branches of an if
	                           * count), 1 = the most fences any one path executes */
	int profile;             /* ORC_PROFILE_*: which fences count across partitions */
} OracleOptions;

/* A fence or handshake call the model inserted into its output, as found by
 * aligning the output with the input (preserve.c). */
typedef struct Inserted {
	const Stmt *stmt;     /* the inserted ST_EVAL node in the output */
	const Stmt *parent;   /* the statement whose body holds it (NULL: function body) */
	const Stmt *next;     /* the next output item of its list not inserted; NULL at the end */
	const Stmt *p_next;   /* the input statement it stands before; NULL at the end of the list */
	const Stmt *p_parent; /* the input statement whose body holds it (NULL: function body) */
	int branch;           /* 1 in an else branch, 0 elsewhere */
	int index;            /* preorder number among the output's statement-list items (orc_erase) */
} Inserted;

/* What an oracle's entry point judges: one function of the input and of the
 * model's output (oracles.def). */
enum { ORC_IN_P = 1 << 0, ORC_IN_QQ = 1 << 1 };
/* What the rows judging one function share, built on first use: the event
 * graph of q and the alignment of q to p (oracles.c).  The judge makes one
 * and resets it before each function, naming the arena the alignment may
 * allocate in (living as long as the findings); one may serve any number of
 * functions and programs (its buffers are kept), and is freed at the end. */
typedef struct OracleShared OracleShared;
OracleShared *orc_shared_new(void);
void orc_shared_reset(OracleShared *s, Arena *scratch);
void orc_shared_free(OracleShared *s);
typedef struct OracleCase {
	const Func *p;            /* the input function (rows needing ORC_IN_P) */
	const Func *q;            /* the model's output: what is judged */
	const Func *qq;           /* the model run on its own output (ORC_IN_QQ); NULL when
	                           * that run gave nothing (the judge reports why) */
	const OracleOptions *o;
	const char *model;        /* names the model in findings and notes */
	OracleShared *shared;     /* NULL: each row builds what it needs itself */
} OracleCase;

typedef struct OracleInfo {
	const char *name, *group; /* --oracles names */
	unsigned bit;             /* ORC_* */
	int (*run)(const OracleCase *c, FindingList *out); /* findings added */
	uint32_t kinds;           /* 1u << FindingKind it can emit */
	unsigned needs;           /* ORC_IN_* */
	int on;                   /* in the default set */
} OracleInfo;

/* oracles.c: the registry (oracles.def) and what reads it */
extern const OracleInfo orc_oracles[ORC_NORACLES];
int orc_parse_oracles(const char *list, unsigned *mask); /* 0 ok, -1 bad name */
/* The entry points of oracles.def (adapters over the functions below). */
int orc_run_soundness(const OracleCase *c, FindingList *out);
int orc_run_handshake(const OracleCase *c, FindingList *out);
int orc_run_cross(const OracleCase *c, FindingList *out);
int orc_run_preservation(const OracleCase *c, FindingList *out);
int orc_run_idempotence(const OracleCase *c, FindingList *out);
int orc_run_minimality(const OracleCase *c, FindingList *out);

/* findings.c */
void orc_defaults(OracleOptions *o);
void fl_init(FindingList *fl, Arena *a);
Finding *fl_add(FindingList *fl, FindingKind kind, const char *model, const char *oracle,
                const char *rule, Loc loc);                      /* zeroed except those */
void fl_set_message(FindingList *fl, Finding *f, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void fl_add_step(FindingList *fl, Finding *f, Loc loc, const char *what);
void fl_add_note(FindingList *fl, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void fl_add_note_text(FindingList *fl, const char *text); /* fl_add_note(fl, "%s", text) */
void fl_sign(Finding *f);                                         /* sets signature */
const char *orc_kind_name(FindingKind k);                         /* "unsound", ... */
int orc_kind_parse(const char *name);                             /* FindingKind, -1 if unknown */
/* One line: file:L:C: kind [model, oracle]: message; witness: ...; strength[; root cause: ...].
 * verbose adds the rule and the signature on lines of their own. */
void orc_print_finding(FILE *out, const Finding *f, const char *file, int verbose);
void orc_print_finding_json(FILE *out, const Finding *f, const char *file);

/* soundness.c: event-graph reachability (not the pass's dataflow) */
/* Adds one finding per unfenced (source event, async op) pair class. */
int orc_soundness(const Func *q, const OracleOptions *o, const char *model, FindingList *out);
/* 1 when sound (no finding would be reported), without building findings. */
int orc_is_sound(const Func *q, const OracleOptions *o);

/* cross.c: soundness across thread partitions (warp specialization): thread
 * classes from the predicates on threadIdx.x, happens-before through
 * mbarrier phases and bar.sync, one finding per unfenced (access, async op)
 * pair of statements, FK_UNSOUND_CROSS (program-order profile) or
 * FK_UNSOUND_WRITER (writer profile).  Returns the number added. */
int orc_cross(const Func *q, const OracleOptions *o, const char *model, FindingList *out);
/* "program-order", "writer", "both" -> ORC_PROFILE_*; -1 if unknown. */
int orc_profile_parse(const char *name);

/* handshake.c */
int orc_handshake(const Func *q, const OracleOptions *o, const char *model, FindingList *out);

/* preserve.c: alignment of output to input, preservation */
/* Aligns q (a model's output) with p (its input).  Returns 0 and the list of
 * inserted fence/handshake statements when q is p plus insertions, or -1 with
 * *where set to the first point of divergence.  Inserted = an ST_EVAL of a
 * call NAMED fence_proxy_async, tma_store_arrive or tma_store_wait that does
 * not match the next input item (greedy: an equal input item is matched
 * first).  Any out-pointer may be NULL. */
int orc_align(const Func *p, const Func *q, Arena *a, Inserted **ins, int *nins, Loc *where);
/* The same, and on -1 also a location-free category (*what: "loop step
 * dropped", "statement lost", ...) and a one-line explanation (why). */
int orc_align_explain(const Func *p, const Func *q, Arena *a, Inserted **ins, int *nins,
                      Loc *where, const char **what, char *why, size_t whylen);
/* orc_align_explain, and when it returns -1 but q aligns by shape, that
 * alignment's insertions (orc_align_shape's) in *shape_ins, *shape_nins
 * (else untouched; NULL: not asked). */
int orc_align_explain_shape(const Func *p, const Func *q, Arena *a, Inserted **ins, int *nins,
                            Loc *where, const char **what, char *why, size_t whylen,
                            Inserted **shape_ins, int *shape_nins);
/* Shape-only alignment (statement kinds, not contents): 0 when q's statements
 * are p's plus insertions even if headers changed (a dropped loop step), so
 * minimality can judge the fences of an output that is not preserved. */
int orc_align_shape(const Func *p, const Func *q, Arena *a, Inserted **ins, int *nins);
/* q without the given inserted items (by Inserted.index); shares the rest. */
Func *orc_erase(const Func *q, const Inserted *ins, int nins, Arena *a);
int orc_is_insertable(const Stmt *s);        /* fence/arrive/wait call statement, by name */
/* 1 when b is a copy of a (the nodes a model or orc_erase rebuilt on the way
 * to a change, and no change): then ir_equal_func(a, b) is 1 without its
 * walk.  0 says nothing (ask ir_equal_func). */
int orc_func_is_copy(const Func *a, const Func *b);
char *orc_stmt_brief(Arena *a, const Stmt *s); /* first printed line, at most 80 chars */
Loc orc_inserted_loc(const Inserted *x);     /* input statement it precedes, else output's, else parent */
/* Adds FK_NOT_PRESERVED when erasing q's insertions does not give p back. */
int orc_preservation(const Func *p, const Func *q, const char *model, FindingList *out);
/* The finding orc_preservation adds for what orc_align_explain said (where,
 * what, why) of an output that does not align: 1. */
int orc_preservation_report(Loc where, const char *what, const char *why, const char *model,
                            FindingList *out);

/* idempotence.c */
/* Adds FK_NOT_IDEMPOTENT when qq = M(q) differs from q = M(p): at the first
 * difference, naming what the second run inserts when it only inserts. */
int orc_idempotence(const Func *q, const Func *qq, const char *model, FindingList *out);

/* minimality.c: three levels, each enabled by its bit of o->enabled:
 * necessity (FK_UNNECESSARY_FENCE), placement (FK_PLACEMENT), alias
 * (FK_ALIAS_FENCE).  Returns the number of findings added. */
int orc_minimality(const Func *p, const Func *q, const OracleOptions *o, const char *model,
                   FindingList *out);
/* What minimality could and could not decide, for `check` to say so.  The
 * placement level reports a finding only when decided; above
 * o->placement_max_gaps candidate positions (or past its internal query
 * budget) it is ORC_PLACEMENT_UNDECIDED and note says why, e.g.
 * "undecided: 31 candidate positions > cap 20". */
enum { ORC_PLACEMENT_SKIPPED, ORC_PLACEMENT_DECIDED, ORC_PLACEMENT_UNDECIDED };
typedef struct MinimalityStatus {
	int aligned;           /* the output's statements align with the input's */
	int q_sound;           /* orc_is_sound(q, o) */
	int necessity_skipped; /* the output is unsound: necessity/alias not judged */
	int inserted_fences;
	int placement;         /* ORC_PLACEMENT_* */
	int gaps;              /* candidate positions in the input */
	int64_t cost_q;        /* executed-fence cost of the inserted fences */
	int64_t cost_opt;      /* optimum, when decided */
	long queries;          /* soundness queries spent */
	char note[200];        /* "exact: ...", "undecided: ...", "skipped: ..." */
} MinimalityStatus;
int orc_minimality_status(const Func *p, const Func *q, const OracleOptions *o,
                          const char *model, FindingList *out, MinimalityStatus *status);

#endif
