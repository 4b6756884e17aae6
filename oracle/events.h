/* events.h: the explicit event graph of one function, on which the
 * soundness and handshake oracles search (docs/semantics.md §5.2, §5.3).
 *
 * Nodes are events in execution order: generic and async shared-memory
 * accesses (each with one footprint), fences, bulk-group commits and waits,
 * and control nodes (entry, exit, branch, join, loop head, latch, exit of a
 * loop).  Edges are control flow of ONE thread in program order: both arms
 * of an `if` are possible, loops have back edges, a loop whose trip count is
 * not a constant may run zero times.  The graph is built from the IR and the
 * effect table alone (effects.def), never from a model's classifier. */
#ifndef FENCEFUZZ_EVENTS_H
#define FENCEFUZZ_EVENTS_H

#include "effects.h"
#include "oracle.h"
#include "ptrmap.h"

typedef enum {
	EV_NOP,    /* control node: op says which ("branch", "join", "loop", ...) */
	EV_GREAD,  /* generic-proxy read of shared memory */
	EV_GWRITE, /* generic-proxy write of shared memory */
	EV_AREAD,  /* async-proxy read (TMA store source, MMA operand) */
	EV_AWRITE, /* async-proxy write (TMA load destination) */
	EV_FENCE,  /* fence.proxy.async */
	EV_COMMIT, /* cp.async.bulk.commit_group (tma_store_arrive) */
	EV_WAIT    /* cp.async.bulk.wait_group.read (tma_store_wait) */
} EventKind;

enum {
	EVF_BULK_GROUP = 1 << 0, /* EV_AREAD completed through commit/wait_group */
	EVF_PARTIAL = 1 << 1,    /* EV_WAIT with N != 0 (or unknown): not every group */
	EVF_CAND = 1 << 2        /* EV_NOP standing for a fence that may be placed there
	                          * (orc_events_build_candidates): cand_at/cand_owner */
};

typedef struct Event {
	EventKind kind;
	int cand_branch;  /* EVF_CAND only: see cand_at (here: no padding) */
	Loc loc;          /* the statement it belongs to */
	const Stmt *stmt; /* that statement (the innermost being translated); NULL: none */
	const char *op;   /* op or extern name, "store"/"load", or the control node's role */
	const char *buf;  /* buffer or pointer name, for messages only; NULL if unknown */
	Foot foot;        /* accesses only */
	int site;         /* the call or store it came from (events of one op share it) */
	unsigned flags;   /* EVF_* */
	int succ[2];      /* successors, -1 = none */
	const Var *desc;  /* MMA operand read through this descriptor (resolved at the end) */
	/* EVF_CAND only: the body-list item it stands before, or (cand_at NULL)
	 * the statement whose body (cand_branch: 1 = else) it ends; both NULL:
	 * the end of the function body. */
	const Stmt *cand_at, *cand_owner;
} Event;

typedef struct Ival {
	int64_t lo, hi; /* inclusive */
	int ok;
} Ival;

typedef struct Leaf Leaf;
typedef struct DescInfo DescInfo;

typedef struct EventGraph {
	Event *ev;
	int n, cap;
	int entry, exit;
	int nsites;
	int overflow;     /* nesting deeper than IR_MAX_DEPTH: the graph is incomplete */
	struct OrcTx *tx; /* thread classes of the function (threads.c); scratch */
	/* Scratch of the builder, kept so that a reused graph allocates nothing. */
	PtrMap ranges, aliases, descs;
	Ival *ivals;
	const Var **ivar; /* the variable of each of ivals (capivals of them) */
	int nivals, capivals;
	/* Every alias bound in this build: the variable and its map value. */
	struct AliasBind *abind;
	int nabind, capabind;
	Leaf *leaves;
	int nleaves, capleaves;
	DescInfo *dinfo;
	int ndinfo, capdinfo;
	int *dix; /* nodes made with a descriptor (some since dropped or remade) */
	int ndix, capdix;
	/* With thread classes: what scanning a top-level expression gave in
	 * the first class's copy (events, leaves left, descriptor records),
	 * replayed in the other copies when nothing it read but its
	 * footprints' ranges depends on the class (events.c, scan_top). */
	PtrMap memo;
	struct ScanMemo *memos;
	int nmemos, capmemos;
	Event *mev;
	int nmev, capmev;
	Leaf *mleaves;
	int nmleaves, capmleaves;
	struct MemoDesc *mdesc;
	int nmdesc, capmdesc;
	const Var **mabs;
	int nmabs, capmabs;
	struct Recipe *mrec; /* footprints a kept scan makes again (events.c) */
	int nmrec, capmrec;
	struct Patch *mpatch; /* where they go */
	int nmpatch, capmpatch;
	Foot *rfoot; /* a replay's footprints made again */
	int caprfoot;
	/* Effects of the calls met in this build, by the addresses of their
	 * name (and second argument's) strings (events.c, call_effect); an
	 * entry holds only when its epoch is the build's (ecache_epoch). */
	struct {
		const char *name, *ext;
		const Effect *eff;
		int argoff;
		unsigned epoch;
	} ecache[128];
	unsigned ecache_epoch;
	/* Element sizes of the dtype strings met in this build, by address. */
	const char *dtk[4];
	int dtv[4];
	int ndt;
	/* The arms of thread predicates in the first class's copy, by body:
	 * what one left behind (sites, ranges, aliases, descriptor records),
	 * made again without translating it where another class skips it
	 * (events.c, arm_of). */
	PtrMap smemo;
	struct StmtMemo *smemos;
	int nsmemos, capsmemos;
	struct RangeRec *rlog;
	int nrlog, caprlog;
	struct AliasRec *alog;
	int nalog, capalog;
	struct ReadRec *rdlog; /* ranges read for the ranges set (arms' inputs) */
	int nrdlog, caprdlog;
	/* soundness.c's prepared queries on this graph, by options (war,
	 * alias_aware); made on first use, dropped when the graph is rebuilt. */
	struct OrcSoundPlan *plans[4];
	/* The same options' verdict once known (orc_soundness_graph found it):
	 * 1 sound, 0 not, -1 not known; dropped when the graph is rebuilt. */
	signed char sound[4];
} EventGraph;

/* events.c */
void orc_events_init(EventGraph *g);
/* Builds the graph of f (replacing what g held).  0, or -1 when f nests
 * deeper than IR_MAX_DEPTH (g->overflow set; the graph is then partial). */
int orc_events_build(EventGraph *g, const Func *f);
/* The same, and an EVF_CAND node (an EV_NOP) before every item of every body
 * list and at the end of every body list: the graph of f with a fence at a
 * set of those positions is this graph with those nodes read as fences
 * (orc_is_sound_graph).  Depth is counted as if every body were a sequence,
 * so without overflow here no placement of fences into f overflows. */
int orc_events_build_candidates(EventGraph *g, const Func *f);
void orc_events_free(EventGraph *g);
/* "generic write store", "async read ptx_wgmma_ss", "branch", ...: event
 * classes and op names only (no buffer names), for witnesses and signatures. */
void orc_event_describe(const Event *e, char *buf, size_t n);
void orc_events_dump(FILE *out, const EventGraph *g); /* debugging */
/* Appends to f the witness of a path of node ids, first event first: one
 * step per statement (its last node on the path), joins left out. */
void orc_events_witness(const EventGraph *g, const int *path, int len, FindingList *fl, Finding *f);

/* soundness.c: orc_is_sound of the function g was built from, with every
 * node v with on[v] != 0 read the other way round: an EVF_CAND node as a
 * fence (a fence placed there), an EV_FENCE node as no fence (that fence
 * statement erased).  on: NULL, or g->n entries.  scratch: NULL, or
 * 3 * g->n ints (unused: the graph keeps a prepared query per options). */
int orc_is_sound_graph(const EventGraph *g, const OracleOptions *o, const unsigned char *on,
                       int *scratch);
/* orc_is_sound_graph(g, o, on, NULL) for many `on` on one graph: what does
 * not depend on `on` is found once.  g must outlive the plan. */
typedef struct OrcSoundPlan OrcSoundPlan;
OrcSoundPlan *orc_sound_plan(const EventGraph *g, const OracleOptions *o);
int orc_is_sound_plan(OrcSoundPlan *plan, const unsigned char *on);
void orc_sound_plan_free(OrcSoundPlan *plan);
/* The async accesses (EV_AREAD, EV_AWRITE) with a site of g, in node order,
 * when the soundness oracle has them at hand (its cut of g at every fence: a
 * count, and *list set), else -1. */
int orc_sound_async_sites(const EventGraph *g, const int **list);
/* orc_soundness on the graph of q (built by orc_events_build(g, q)). */
int orc_soundness_graph(const EventGraph *g, const Func *q, const OracleOptions *o,
                        const char *model, FindingList *out);

/* handshake.c: orc_handshake on the graph of q (orc_events_build(g, q)). */
int orc_handshake_graph(const EventGraph *g, const char *model, FindingList *out);

/* orc_align(p, q, ...) done once for the oracles that need it: preserved
 * is 1 when it returned 0 (ins, nins: its insertions), else 0.  When not
 * preserved, ins and nins hold the shape alignment (orc_align_shape's) if q
 * aligns with p by shape, else NULL and 0; minimality reads it there. */
typedef struct OrcAlignment {
	int preserved;
	Inserted *ins;
	int nins;
} OrcAlignment;

/* minimality.c: orc_minimality_status with q's graph (orc_events_build(gq,
 * q)) given, so that q's soundness and each "is q still sound without this
 * inserted fence" query is a search on it, not a rebuild, and with the
 * alignment of q to p given; gq, al NULL: computed here. */
int orc_minimality_graph(const Func *p, const Func *q, const EventGraph *gq,
                         const OrcAlignment *al, const OracleOptions *o, const char *model,
                         FindingList *out, MinimalityStatus *status);

#endif
