/* minimality.c: the minimality oracle (docs/semantics.md §5.4), three levels reported
 * separately, each enabled by its bit of OracleOptions.enabled:
 *
 * 1. necessity (ORC_NECESSITY, FK_UNNECESSARY_FENCE): an inserted fence
 *    whose removal leaves the output sound (orc_is_sound, same options).
 * 2. placement (ORC_PLACEMENT, FK_PLACEMENT): the executed-fence cost of the
 *    output is above the exact optimum over all placements of fences into
 *    the input.
 * 3. alias (ORC_ALIAS, FK_ALIAS_FENCE): an inserted fence that is needed when
 *    any shared access counts (alias_aware = 0) but not when footprints are
 *    compared (alias_aware = 1).
 *
 * Levels 1 and 3 judge only a sound output (soundness reports the rest) and
 * cost one or two soundness queries per inserted fence.
 *
 * Level 2, the cost.  A fence weighs the product of its enclosing loops'
 * trip-count weights: a for loop with constant trip count n weighs n (0 when
 * it never runs; ceil(extent/step) with a constant step), a thread-binding
 * loop 1, an unknown trip count (symbolic extent or step, while) weighs
 * unknown_trip_weight.  Default (placement_worst_path = 0): the cost is the
 * sum of the weights, both branches of an if counting (weight 1 each).  With
 * placement_worst_path = 1: the most weighted fences any one path executes
 * (an if costs the max of its branches).  Only inserted fences count; fences
 * already in the input are in both.  Weights come from the input's loops,
 * so an output that changed a loop header (a dropped step) is still costed
 * against the input.
 *
 * Level 2, the candidates.  Before every item of every statement list, and
 * at the end of every loop body.  The end of another body (an if branch,
 * let, attr, decl, ...) is the same program point as the position right
 * after that statement on every path through it, and weighs the same, so
 * under the sum it is never better and is left out; under worst-path the
 * end of an if branch or block body is kept (it is on fewer paths).  A
 * position inside a loop that never runs (weight 0) orders nothing and is
 * no candidate; the end of the function body orders nothing either.
 *
 * Level 2, the search.  Soundness is assumed monotone (one more fence never
 * makes a sound program unsound), so the sound placements are an up-closed
 * family and the optimum is found exactly by an implicit hitting set search:
 * keep a list of "cuts" (sets of positions every sound placement must use);
 * solve min-cost hitting set over the cuts exactly (branch and bound); if
 * that placement is sound it is optimal; if not, extend it to a maximal
 * unsound placement T, whose complement is a new cut (a sound placement is
 * never a subset of T), and repeat.  Each round adds a cut the last
 * candidate missed, so it terminates; the extension splits the remaining
 * positions in halves, so a round costs about |cut| * log K queries, not K.
 * Bounds: at most placement_max_gaps candidate positions, MAX_QUERIES
 * soundness queries, MAX_NODES hitting-set nodes, MAX_ROUNDS cuts; beyond
 * any of them nothing is reported and the status says "undecided"
 * (orc_minimality_status).  Fast path first: when the output is the input
 * plus fences only and sound, its placement is a sound one (optimum <= its
 * cost), and when the input is unsound every sound placement costs at least
 * the cheapest candidate; an output costing no more than that is decided
 * optimal with one query.  A query does not rebuild the program: the event
 * graph of the input is built once with a no-op node at every position
 * (orc_events_build_candidates) and a placement is judged by reading the
 * chosen positions' nodes as fences (orc_is_sound_graph); when that graph
 * overflows the depth limit each query rebuilds the program with its fences.
 * With at most 64 candidates (always, at the default cap) the search runs
 * on sets of one machine word (search_small), step for step the search on
 * bitsets over every position, with the cost of the hitting-set node kept
 * up to date as candidates come and go instead of recomputed, and its
 * queries go to the candidate graph cut at the candidates' nodes
 * (orc_sound_cut: a search over those nodes alone, the same verdicts).
 * Before any of this, one walk of the input (the survey) finds the
 * candidates, the cheapest and the output's cost; positions and maps are
 * made only when a search follows.
 * Built with FENCEFUZZ_PLACEMENT_SELFCHECK, every search decided with at
 * most 14 candidates is checked against brute force, every query on the
 * candidate graph against the rebuilt program (the same answer when the input
 * has no thread classes; with them, the one-copy candidate graph may only be
 * stricter: never sound where the rebuilt program is not), and every cost of
 * the compiled cost walk (the set program) against the tree walk.
 *
 * The output is related to the input by preserve.c's alignment; when the
 * output is not preserved but has the same statement shape (the reference
 * drops loop steps), the shape alignment is used.  Input statements are
 * assumed not shared between two places of the input tree (the reader never
 * shares them).
 */
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "events.h"
#include "oracle.h"
#include "oracles.h"
#include "ptrmap.h"
#include "threads.h"

enum {
	MAX_QUERIES = 20000,  /* soundness queries per placement search */
	MAX_NODES = 2000000,  /* hitting-set branch-and-bound nodes per search */
	MAX_ROUNDS = 5000     /* cuts learned per search */
};

static const int64_t WMAX = (int64_t)1 << 40; /* weights and costs saturate here */

static const char RULE_NECESSITY[] =
	"minimality.necessity (docs/semantics.md \u00a75.4): no inserted fence can be removed while the program "
	"stays sound (PTX ISA 8.6 proxies: a fence is needed only between a generic access and "
	"a later async-proxy access)";
static const char RULE_PLACEMENT[] =
	"minimality.placement (docs/semantics.md \u00a75.4): the executed-fence cost (loop trip counts as weights, "
	"unknown trips weighted) must equal the optimum over all sound placements";
static const char RULE_ALIAS[] =
	"minimality.alias (docs/semantics.md \u00a75.4): no fence guards an async op whose footprint cannot "
	"overlap the preceding generic accesses";

/* A string built piece by piece into buf of n > 0 bytes, cut as snprintf
 * cuts (n - 1 characters): the notes and messages made for every output,
 * without format parsing. */
typedef struct Fmt {
	char *buf;
	size_t n, k;
} Fmt;

static void
fmt_s(Fmt *F, const char *s)
{
	if (!s)
		s = "(null)"; /* as glibc's %s */
	size_t len = strlen(s), room = F->n - 1 - F->k;
	if (len > room)
		len = room;
	memcpy(F->buf + F->k, s, len);
	F->k += len;
	F->buf[F->k] = 0;
}

static inline void
fmt_i(Fmt *F, long long v)
{
	char d[24];
	const char *s = orc_decimal(d, v);
	/* fmt_s of it, its length known (it ends at d[23]) and short: a loop */
	size_t len = (size_t)(d + 23 - s), room = F->n - 1 - F->k;
	if (len > room)
		len = room;
	char *o = F->buf + F->k;
	for (size_t i = 0; i < len; i++)
		o[i] = s[i];
	F->k += len;
	F->buf[F->k] = 0;
}

/* snprintf(buf, n, "%s", s) */
static void
fmt_put(char *buf, size_t n, const char *s)
{
	Fmt F = {buf, n, 0};
	buf[0] = 0;
	fmt_s(&F, s);
}

/* "exact: exhaustive over %d candidate positions (implicit hitting set, %d
 * cuts, %ld soundness queries)" */
static void
exact_note(char *note, size_t notelen, int ncand, int ncuts, long queries)
{
	Fmt F = {note, notelen, 0};
	fmt_s(&F, "exact: exhaustive over ");
	fmt_i(&F, ncand);
	fmt_s(&F, " candidate positions (implicit hitting set, ");
	fmt_i(&F, ncuts);
	fmt_s(&F, " cuts, ");
	fmt_i(&F, queries);
	fmt_s(&F, " soundness queries)");
}

/* ---- weights ------------------------------------------------------------------ */

static int64_t
sat_add(int64_t a, int64_t b)
{
	return a > WMAX - b ? WMAX : a + b;
}

static int64_t
sat_mul(int64_t a, int64_t b)
{
	/* a factor 1 (the weight of most bodies): the answer of the lines
	 * below without their division */
	if (b == 1)
		return a > WMAX ? WMAX : a;
	if (a == 1)
		return (uint64_t)b > (uint64_t)WMAX ? WMAX : b;
	if (a == 0 || b == 0)
		return 0;
	if (a > WMAX / b)
		return WMAX;
	return a * b;
}

/* Trip-count weight of a statement's body relative to the statement. */
static inline int64_t
loop_weight(const Stmt *s, const OracleOptions *o, int *unknown)
{
	int64_t ext, step = 1;
	int64_t unknown_w = o->unknown_trip_weight > 0 ? o->unknown_trip_weight : 1;
	*unknown = 0;
	if (s->kind == ST_WHILE) {
		*unknown = 1;
		return unknown_w;
	}
	if (s->kind != ST_FOR || s->u.for_.kind == FOR_THREAD_BINDING)
		return 1;
	if (!ir_is_const_int(s->u.for_.extent, &ext) ||
	    (s->u.for_.step && (!ir_is_const_int(s->u.for_.step, &step) || step <= 0))) {
		*unknown = 1;
		return unknown_w;
	}
	if (ext <= 0)
		return 0;
	int64_t trips = ext / step + (ext % step != 0);
	return trips > WMAX ? WMAX : trips;
}

static inline int64_t
weight_of(const Stmt *s, const OracleOptions *o)
{
	if (s->kind != ST_FOR && s->kind != ST_WHILE)
		return 1; /* loop_weight's answer for any other statement */
	int unknown;
	return loop_weight(s, o, &unknown);
}

static int
is_loop(const Stmt *s)
{
	return s && (s->kind == ST_FOR || s->kind == ST_WHILE);
}

/* By statement kind: the number of its FB fields (2 for if: then, else;
 * 1 for the other compounds; a sequence's items are no bodies here), and
 * their offsets in Stmt. */
static const unsigned char NBODIES[] = {
#define FB(m) +1
#define STMT(kind, name, word, fields) [kind] = 0 fields,
#include "nodes.def"
};
static const unsigned short BODY_OFF[][2] = {
#define FB(m) offsetof(Stmt, u.m),
#define STMT(kind, name, word, fields) [kind] = {fields},
#include "nodes.def"
};

/* Number of bodies of s (ir_stmt_nbodies, without the walk of every
 * segment). */
static inline int
nbodies(const Stmt *s)
{
	return NBODIES[s->kind];
}

/* The body of s number k < nbodies(s) (if: 0 then, 1 else). */
static inline Stmt *
body_at(const Stmt *s, int k)
{
	return *(Stmt *const *)((const char *)s + BODY_OFF[s->kind][k]);
}

static Stmt *const *
items_of(Stmt *const *slot, int *n)
{
	if (!*slot) {
		*n = 0;
		return slot;
	}
	if ((*slot)->kind == ST_SEQ) {
		*n = (*slot)->u.seq.n;
		return (*slot)->u.seq.items;
	}
	*n = 1;
	return slot;
}

/* ---- positions ----------------------------------------------------------------- */

/* Every gap of every statement list of the input, numbered in one preorder
 * (before item 0, item 0's bodies, before item 1, ..., end of the list) that
 * collect, place_list and tree_cost all follow. */
typedef struct Pos {
	const Stmt *owner;  /* input statement whose body holds it (NULL: function body) */
	int branch;         /* 1: the else branch of an if */
	int kidx;           /* candidates before it in position order when a candidate, else -1 */
	const Stmt *before; /* the input item it stands before; NULL: the end of the list */
	int64_t weight;
	int candidate;      /* the search may put a fence here */
	const Stmt *loop;   /* the innermost input loop holding its list (owner when a loop), NULL: none */
} Pos;

/* Input statement -> position id + 1 (0: none), the last put winning (as
 * pm_put): open addressing over the statements' addresses, one block of
 * keys and values; cap a power of two (0: empty), at most half full. */
typedef struct IdMap {
	const Stmt **keys;
	int *vals;
	unsigned cap, n;
} IdMap;

static unsigned
idmap_home(const Stmt *s, unsigned mask)
{
	return (unsigned)(((uintptr_t)s >> 4) * 0x9e3779b1u) & mask;
}

static int
idmap_get(const IdMap *m, const Stmt *k)
{
	if (!m->cap)
		return 0;
	unsigned mask = m->cap - 1, h = idmap_home(k, mask);
	while (m->keys[h] && m->keys[h] != k)
		h = (h + 1) & mask;
	return m->keys[h] ? m->vals[h] : 0;
}

static inline int idmap_put(IdMap *m, const Stmt *k, int v);

/* m with room for cap slots (a power of two), its entries kept. */
static void
idmap_grow(IdMap *m, unsigned cap)
{
	IdMap g = {NULL, NULL, cap, 0};
	g.keys = calloc(cap, sizeof *g.keys + sizeof *g.vals);
	if (!g.keys)
		abort();
	g.vals = (int *)(g.keys + cap);
	for (unsigned h = 0; h < m->cap; h++)
		if (m->keys[h])
			idmap_put(&g, m->keys[h], m->vals[h]);
	free(m->keys);
	*m = g;
}

/* Returns 0 when k was there already (its value replaced), else 1. */
static inline int
idmap_put(IdMap *m, const Stmt *k, int v)
{
	if (2 * (m->n + 1) > m->cap)
		idmap_grow(m, m->cap ? 2 * m->cap : 64);
	unsigned mask = m->cap - 1, h = idmap_home(k, mask);
	while (m->keys[h] && m->keys[h] != k)
		h = (h + 1) & mask;
	int fresh = !m->keys[h];
	if (fresh) {
		m->keys[h] = k;
		m->n++;
	}
	m->vals[h] = v;
	return fresh;
}

/* Room for n entries without growing. */
static void
idmap_reserve(IdMap *m, unsigned n)
{
	unsigned cap = m->cap ? m->cap : 64;
	while (2 * (n + 1) > cap)
		cap *= 2;
	if (cap > m->cap)
		idmap_grow(m, cap);
}

typedef struct Mn {
	const Func *p;
	const OracleOptions *o;
	Arena *scratch; /* candidate programs; reset at the end (scratch_arena) */
	Pos *pos;
	int npos, cap;
	int ncand;
	IdMap before_id; /* input statement -> id + 1 of the position before it */
	IdMap end_id[2]; /* input statement -> id + 1 of the end of its body (then/else) */
	int fn_end_id;
	long queries;
	int depth_overflow;
	/* Placement queries on one graph of p with a fence candidate at every
	 * position (orc_events_build_candidates), built at the first query;
	 * gstate 0 not built, 1 in use, -1 not usable (queries rebuild). */
	int gstate;
	EventGraph *g;                  /* kept_graph(1) */
	int *cnode, *cpos, ncand_nodes; /* candidate nodes and their position ids */
	size_t cnode_bytes;             /* the block of cnode, cpos and on */
	unsigned char *on;              /* by node: read as a fence */
	OrcSoundPlan *plan;             /* the queries on it (orc_sound_plan) */
	int has_classes;                /* (selfcheck) p has thread classes: the graph is stricter */
	/* The walk of tc_list compiled for sets of candidate positions only
	 * (set_cost): a flat program over the positions, so that the
	 * hitting-set search costs a set without walking the tree, the ops
	 * that can add nothing to such a set's cost left out (collect_list).
	 * tcdepth: the stack the full walk would take (tc_run's bound). */
	struct TcOp *tcs;
	int ntcs, captcs, tcdepth, tcs_ok;
	/* The search over at most 64 candidates (search_small): candidate k is
	 * position kpos[k] (in position order), its candidate graph nodes are
	 * knode[kstart[k] .. kstart[k + 1]); its queries go to the candidate
	 * graph cut at those nodes (kcut), bit j of a query's word standing for
	 * knode[j] (kone: one node per candidate, so that bit k is candidate k;
	 * small_init). */
	int *kpos, *kstart, *knode;
	OrcSoundCut *kcut; /* NULL: the queries go to the plan */
	int kcut_tried, kone;
	const unsigned char *isf; /* by inserted item: a fence (is_fence), for this output */
	unsigned long epoch;      /* orc_input_epoch(p) */
	int collected; /* pos .. depth_overflow made (collect_list) */
	int end_twice; /* collect_list met a statement with a body twice (shared in p) */
	const Stmt *loop_now; /* collect_list: the innermost loop around the list it is in */
	int cand_pos[64]; /* position id of candidate k, for the first 64 candidates (collect_list) */
	int npos_hint; /* the survey's count of positions (0: none yet) */
	int compiled;  /* tcs made (compile_costs) */
	int mapped;    /* cnode and cpos made (graph_map) */
	/* loop_of's answers so far: loop_x[i] -> loop_in[i] (the messages ask
	 * for the same statements again) */
	const Stmt *loop_x[8], *loop_in[8];
	int nloops;
} Mn;

static inline int
add_pos(Mn *M, const Stmt *owner, int branch, const Stmt *before, int64_t w, int candidate)
{
	int id = M->npos; /* a local: the store of the Pos (ints) would reload M->npos */
	if (id == M->cap) {
		M->cap = M->cap ? 2 * M->cap : 32;
		M->pos = realloc(M->pos, sizeof *M->pos * (size_t)M->cap);
		if (!M->pos)
			abort();
	}
	candidate = candidate && w > 0;
	int nc = M->ncand;
	if (nc < 64)
		M->cand_pos[nc] = id; /* no candidate: the next one's slot, overwritten */
	M->ncand = nc + candidate;
	M->pos[id] = (Pos){owner, branch, candidate ? nc : -1, before, w, candidate, M->loop_now};
	M->npos = id + 1;
	return id;
}

/* By cost model (1: worst-path) and statement kind: is the end of the
 * statement's body a candidate (a loop's; under worst-path an if's or a
 * block's as well)? */
static const unsigned char END_CAND[2][sizeof NBODIES] = {
	{[ST_FOR] = 1, [ST_WHILE] = 1},
	{[ST_FOR] = 1, [ST_WHILE] = 1, [ST_IF] = 1, [ST_BLOCK] = 1},
};

static int
end_is_candidate(const Mn *M, const Stmt *owner)
{
	return owner && END_CAND[M->o->placement_worst_path != 0][owner->kind];
}

static void collect_list(Mn *M, const Stmt *owner, int branch, Stmt *body, int64_t w, int depth,
                         int tdepth);

/* Into *found the innermost loop holding the body of input statement x
 * (x itself when it is a loop), as collect_list walks the lists: the last
 * time x is met with a loop around or in it. */
static void
find_loop(const Stmt *x, Stmt *body, const Stmt *loop, int depth, const Stmt **found)
{
	if (!body || depth > IR_MAX_DEPTH)
		return;
	int n;
	Stmt *const *items = items_of(&body, &n);
	for (int k = 0; k < n; k++) {
		const Stmt *s = items[k];
		int nb = nbodies(s);
		if (!nb)
			continue;
		const Stmt *cloop = is_loop(s) ? s : loop;
		if (s == x && cloop)
			*found = cloop;
		for (int b = 0; b < nb; b++)
			find_loop(x, body_at(s, b), cloop, depth + 1, found);
	}
}

/* The innermost loop holding the body of input statement x, NULL: none
 * (for messages only: a walk of p). */
static const Stmt *
loop_of(Mn *M, const Stmt *x)
{
	/* A loop met in the walk is its own answer (find_loop sets it at every
	 * meeting); collect_list put an end of its body when it met it. */
	if (M->collected && is_loop(x) && (idmap_get(&M->end_id[0], x) || idmap_get(&M->end_id[1], x)))
		return x;
	/* Met once (no statement put twice), with a body: the loop around
	 * that body's list, as collect_list saw it (find_loop's answer). */
	int end = M->collected && !M->end_twice ? idmap_get(&M->end_id[0], x) : 0;
	if (M->collected && !M->end_twice && !end)
		end = idmap_get(&M->end_id[1], x);
	if (end)
		return M->pos[end - 1].loop;
	for (int i = 0; i < M->nloops; i++)
		if (M->loop_x[i] == x)
			return M->loop_in[i];
	const Stmt *found = NULL;
	find_loop(x, M->p->body, NULL, 0, &found);
	if (M->nloops < 8) {
		M->loop_x[M->nloops] = x;
		M->loop_in[M->nloops++] = found;
	}
	return found;
}

/* The position an inserted item stands at, or -1. */
static int
pos_of(const Mn *M, const Inserted *x)
{
	intptr_t v;
	if (x->p_next)
		v = idmap_get(&M->before_id, x->p_next);
	else if (x->p_parent)
		v = idmap_get(&M->end_id[x->branch ? 1 : 0], x->p_parent);
	else
		v = M->fn_end_id + 1;
	return (int)v - 1;
}

/* ---- building placements --------------------------------------------------------- */

typedef struct Pl {
	Arena *a;
	const unsigned char *chosen; /* by position id */
	int next;
} Pl;

static Stmt *
new_fence(Arena *a)
{
	return ir_eval(a, ir_call(a, "fence_proxy_async", NULL, 0));
}

static Stmt *place_list(Pl *P, Stmt *body);

static Stmt *
place_item(Pl *P, Stmt *s)
{
	int nb = nbodies(s);
	if (!nb)
		return s;
	if (s->kind == ST_IF) {
		Stmt *t = place_list(P, s->u.if_.then_);
		Stmt *e = place_list(P, s->u.if_.else_);
		if (t == s->u.if_.then_ && e == s->u.if_.else_)
			return s;
		Stmt *c = ir_copy_stmt(P->a, s);
		c->u.if_.then_ = t;
		c->u.if_.else_ = e;
		return c;
	}
	Stmt *b = body_at(s, 0);
	Stmt *nbody = place_list(P, b);
	return nbody == b ? s : ir_with_body(P->a, s, nbody);
}

static Stmt *
place_list(Pl *P, Stmt *body)
{
	if (!body)
		return NULL;
	int n;
	Stmt *const *items = items_of(&body, &n);
	Stmt **out = ar_alloc(P->a, sizeof *out * (size_t)(2 * n + 1));
	int m = 0, changed = 0;
	for (int k = 0; k < n; k++) {
		if (P->chosen[P->next++]) {
			out[m++] = new_fence(P->a);
			changed = 1;
		}
		Stmt *c = place_item(P, items[k]);
		changed |= c != items[k];
		out[m++] = c;
	}
	if (P->chosen[P->next++]) {
		out[m++] = new_fence(P->a);
		changed = 1;
	}
	return changed ? ir_seq(P->a, out, m) : body;
}

/* ---- cost of a placement ------------------------------------------------------------ */

typedef struct Tc {
	const Mn *M;
	const int *count; /* fences per position id */
	int next;
} Tc;

static int64_t tc_list(Tc *T, Stmt *body);

static int64_t
tc_item(Tc *T, const Stmt *s)
{
	int nb = nbodies(s);
	if (!nb)
		return 0;
	if (s->kind == ST_IF) {
		int64_t a = tc_list(T, s->u.if_.then_), b = tc_list(T, s->u.if_.else_);
		return T->M->o->placement_worst_path ? (a > b ? a : b) : sat_add(a, b);
	}
	return sat_mul(weight_of(s, T->M->o), tc_list(T, body_at(s, 0)));
}

static int64_t
tc_list(Tc *T, Stmt *body)
{
	if (!body)
		return 0;
	int n;
	Stmt *const *items = items_of(&body, &n);
	int64_t c = 0;
	for (int k = 0; k < n; k++) {
		c = sat_add(c, T->count[T->next++]);
		c = sat_add(c, tc_item(T, items[k]));
	}
	return sat_add(c, T->count[T->next++]);
}

/* The compiled walk: a stack machine whose ops mirror tc_list and tc_item
 * (same additions, same saturation, same order). */
typedef struct TcOp {
	enum { TC_PUSH, TC_POS, TC_IF, TC_MUL } op;
	int pos;        /* TC_POS: position id */
	int64_t weight; /* TC_MUL; TC_POS: the position's candidate number (Pos.kidx) */
} TcOp;

/* Appends an op to a growable op array. */
static void
tc_append(TcOp **v, int *n, int *cap, int op, int pos, int64_t w)
{
	if (*n == *cap) {
		*cap = *cap ? 2 * *cap : 64;
		*v = realloc(*v, sizeof **v * (size_t)*cap);
		if (!*v)
			abort();
	}
	(*v)[(*n)++] = (TcOp){op, pos, w};
}

static void
tcs_emit(Mn *M, int op, int pos, int64_t w)
{
	tc_append(&M->tcs, &M->ntcs, &M->captcs, op, pos, w);
}

/* Drops op i of the set program (the PUSH of a frame being flattened). */
static void
tcs_drop(Mn *M, int i)
{
	memmove(M->tcs + i, M->tcs + i + 1, sizeof *M->tcs * (size_t)(M->ntcs - i - 1));
	M->ntcs--;
}

/* The walk of tc_list for a set of candidate positions, compiled as
 * collect_list numbers the positions: ops that add tc_list(body)'s value
 * to the frame on top of the stack.  Exact for such sets: costs are
 * in [0, WMAX], where sat_add is min(a + b, WMAX), associative, with 0 as
 * its unit, and sat_mul(w, 0) = 0.  So a position that is no candidate
 * adds 0 and is left out, a body with no candidate adds 0 and is left out
 * with its statement, a body of weight 0 likewise, a body of weight 1 is
 * added in its parent's frame (no frame of its own), and so is an if with
 * candidates in one branch only (max(a, 0) = a), or in both under the sum.
 * tcs_close_if ends an if's frames (pushed at start and mid), tcs_close_body
 * another compound's (pushed at start; w its body's weight). */
static void
tcs_close_if(Mn *M, int start, int mid)
{
	int na = mid - start - 1, nb = M->ntcs - mid - 1;
	if (!na && !nb) {
		M->ntcs = start;
	} else if (!na || !nb || !M->o->placement_worst_path) {
		tcs_drop(M, mid);
		tcs_drop(M, start);
	} else {
		tcs_emit(M, TC_IF, 0, 0);
	}
}

static void
tcs_close_body(Mn *M, int start, int64_t w)
{
	if (M->ntcs == start + 1 || w == 0)
		M->ntcs = start;
	else if (w == 1)
		tcs_drop(M, start);
	else
		tcs_emit(M, TC_MUL, 0, w);
}

/* Would tcs_close_if keep the frames of if statement s, its branches of
 * weight cw collected at depth + 1?  Only under worst-path, and only when
 * both branches hold a candidate: a branch does when it is there, weighs
 * more than 0 and is not too deep (the end of an if branch is a candidate
 * under worst-path), and never otherwise.  So a frame pushed is kept, and
 * no frame need be pushed to be dropped again. */
static int
tcs_frames_if(const Mn *M, const Stmt *s, int64_t cw, int depth)
{
	return M->o->placement_worst_path && cw > 0 && depth + 1 <= IR_MAX_DEPTH && s->u.if_.then_ &&
	       s->u.if_.else_;
}

/* Every position of the list body (collect_list's numbering), its map
 * entries, and its part of the set program (tcs); tdepth: the depth of
 * the full cost walk's stack (tcdepth: a frame for a list, one for an if). */
static void
collect_list(Mn *M, const Stmt *owner, int branch, Stmt *body, int64_t w, int depth, int tdepth)
{
	if (tdepth + 2 > M->tcdepth)
		M->tcdepth = tdepth + 2;
	if (!body)
		return;
	if (depth > IR_MAX_DEPTH) {
		M->depth_overflow = 1;
		return;
	}
	int n;
	Stmt *const *items = items_of(&body, &n);
	int cand = w > 0; /* add_pos's candidate for the positions before the items */
	for (int k = 0; k < n; k++) {
		const Stmt *s = items[k];
		int id = add_pos(M, owner, branch, s, w, 1);
		idmap_put(&M->before_id, s, id + 1);
		if (cand) /* its candidate number: the last one counted */
			tcs_emit(M, TC_POS, id, M->ncand - 1);
		if (!nbodies(s))
			continue;
		int64_t sw = weight_of(s, M->o), cw = sat_mul(w, sw);
		int start = M->ntcs;
		const Stmt *around = M->loop_now;
		if (is_loop(s))
			M->loop_now = s;
		if (s->kind == ST_IF) {
			/* Frames only where both branches will hold candidates (see
			 * tcs_frames_if); else the branches' ops go to the parent's. */
			int framed = tcs_frames_if(M, s, cw, depth);
			if (framed)
				tcs_emit(M, TC_PUSH, 0, 0);
			collect_list(M, s, 0, s->u.if_.then_, cw, depth + 1, tdepth + 1);
			int mid = M->ntcs;
			if (framed)
				tcs_emit(M, TC_PUSH, 0, 0);
			collect_list(M, s, 1, s->u.if_.else_, cw, depth + 1, tdepth + 2);
			if (framed)
				tcs_close_if(M, start, mid);
		} else if (sw == 1) { /* tcs_close_body would drop its frame */
			collect_list(M, s, 0, body_at(s, 0), cw, depth + 1, tdepth + 1);
		} else {
			tcs_emit(M, TC_PUSH, 0, 0);
			collect_list(M, s, 0, body_at(s, 0), cw, depth + 1, tdepth + 1);
			tcs_close_body(M, start, sw);
		}
		M->loop_now = around;
	}
	int id = add_pos(M, owner, branch, NULL, w, end_is_candidate(M, owner));
	if (M->pos[id].candidate)
		tcs_emit(M, TC_POS, id, M->ncand - 1);
	if (owner)
		M->end_twice |= !idmap_put(&M->end_id[branch], owner, id + 1);
	else
		M->fn_end_id = id;
}

static int bit(const uint64_t *s, int i);

/* The cost with one fence at each position of set, a set of candidate
 * positions (the set program of collect_list). */
static int64_t
tc_run(const Mn *M, const uint64_t *set)
{
	int64_t stack[2 * IR_MAX_DEPTH + 8];
	int sp = 0;
	int worst = M->o->placement_worst_path;
	const TcOp *ops = M->tcs;
	int nops = M->ntcs;
	stack[sp++] = 0; /* the set program adds to one frame of its own */
	for (int i = 0; i < nops; i++) {
		const TcOp *x = &ops[i];
		switch (x->op) {
		case TC_PUSH:
			stack[sp++] = 0;
			break;
		case TC_POS:
			stack[sp - 1] = sat_add(stack[sp - 1], (int64_t)bit(set, x->pos));
			break;
		case TC_IF: {
			int64_t b = stack[--sp], a = stack[--sp];
			stack[sp - 1] = sat_add(stack[sp - 1], worst ? (a > b ? a : b) : sat_add(a, b));
			break;
		}
		case TC_MUL: {
			int64_t a = stack[--sp];
			stack[sp - 1] = sat_add(stack[sp - 1], sat_mul(x->weight, a));
			break;
		}
		}
	}
	return stack[0];
}

static int64_t
tree_cost(const Mn *M, const int *count)
{
	Tc T = {M, count, 0};
	return tc_list(&T, M->p->body);
}

/* ---- bitsets ---------------------------------------------------------------------- */

typedef uint64_t Word;

static int
bit(const Word *s, int i)
{
	unsigned u = (unsigned)i; /* positions are never negative: shifts, not divisions */
	return (int)((s[u >> 6] >> (u & 63)) & 1);
}

static void
set_bit(Word *s, int i, int v)
{
	if (v)
		s[i / 64] |= (Word)1 << (i % 64);
	else
		s[i / 64] &= ~((Word)1 << (i % 64));
}

static int rebuild_sound_with(Mn *M, const Word *set);

/* The event graphs built here (0: q's when none is given, 1: p's candidate
 * graph), kept from call to call so that a build reuses their buffers (one
 * per process, as the memo); a graph grown past KEEP_GRAPH events by a large
 * program is freed instead. */
enum { KEEP_GRAPH = 1 << 16 };
static EventGraph kept_graphs[2];
static int kept_graphs_init;

static EventGraph *
kept_graph(int i)
{
	if (!kept_graphs_init) {
		orc_events_init(&kept_graphs[0]);
		orc_events_init(&kept_graphs[1]);
		kept_graphs_init = 1;
	}
	return &kept_graphs[i];
}

static void
graph_release(EventGraph *g)
{
	if (g->cap > KEEP_GRAPH) {
		orc_events_free(g);
		orc_events_init(g);
	}
}

/* The candidate graph of p (gstate 1), or gstate -1 when it overflows. */
static void
graph_build(Mn *M)
{
	M->g = kept_graph(1);
	if (orc_events_build_candidates(M->g, M->p) != 0) {
		M->gstate = -1;
		return;
	}
	M->gstate = 1; /* M->plan at the first query (a memo hit asks none) */
#ifdef FENCEFUZZ_PLACEMENT_SELFCHECK
	OrcTx *tx = malloc(sizeof *tx);
	if (!tx)
		abort();
	M->has_classes = orc_tx_find(tx, M->p, 1) >= 2; /* as orc_events_build splits them */
	free(tx);
#endif
}

/* The arrays of p's state that p_state_free let go of last (positions,
 * set program, candidate nodes), kept for the next input's state instead
 * of freed and allocated again; one grown past KEEP_ARRAY bytes is freed. */
enum { KEEP_ARRAY = 1 << 20 };
static struct {
	Pos *pos;
	int cap;
	struct TcOp *tcs;
	int captcs;
	int *cnode;
	size_t cnode_bytes;
} kept_arrays;

/* The candidate nodes of the graph and the positions they stand for
 * (the positions collected). */
static void
graph_map(Mn *M)
{
	M->mapped = 1;
	int n = M->g->n;
	size_t bytes = sizeof *M->cnode * 2 * (size_t)n + (size_t)n + 1; /* and cpos, on */
	if (kept_arrays.cnode && kept_arrays.cnode_bytes >= bytes) {
		M->cnode = kept_arrays.cnode;
		M->cnode_bytes = kept_arrays.cnode_bytes;
		kept_arrays.cnode = NULL;
	} else {
		M->cnode = malloc(bytes);
		M->cnode_bytes = bytes;
	}
	if (!M->cnode)
		abort();
	M->cpos = M->cnode + n;
	M->on = (unsigned char *)(M->cpos + n);
	memset(M->on, 0, (size_t)n + 1);
	/* in locals: the stores to cnode and cpos (ints) would reload M's fields */
	const Event *ev = M->g->ev;
	int *cnode = M->cnode, *cpos = M->cpos, nc = 0, npos = M->npos, fn_end_id = M->fn_end_id;
	for (int v = 0; v < n; v++) {
		const Event *e = &ev[v];
		if (!(e->flags & EVF_CAND))
			continue;
		intptr_t id;
		if (e->cand_at)
			id = idmap_get(&M->before_id, e->cand_at) - 1;
		else if (e->cand_owner)
			id = idmap_get(&M->end_id[e->cand_branch ? 1 : 0], e->cand_owner) - 1;
		else
			id = fn_end_id;
		if (id < 0 || id >= npos)
			continue; /* no position of collect_list (inside a nested sequence) */
		cnode[nc] = v;
		cpos[nc++] = (int)id;
	}
	M->ncand_nodes = nc;
}

/* The candidate graph built and (when usable) mapped to the positions. */
static void
graph_init(Mn *M)
{
	if (!M->gstate)
		graph_build(M);
	if (M->gstate > 0 && !M->mapped)
		graph_map(M);
}

static int
sound_with(Mn *M, const Word *set)
{
	int empty = 1;
	for (int x = 0; x <= M->npos / 64; x++)
		empty &= set[x] == 0;
	if (!M->gstate)
		graph_build(M);
	if (M->gstate > 0 && !empty)
		graph_init(M);
	if (M->gstate > 0) {
		M->queries++;
		int ok;
		if (empty) { /* the graph as it is: one search, no plan */
			ok = orc_is_sound_graph(M->g, M->o, NULL, NULL);
		} else {
			for (int j = 0; j < M->ncand_nodes; j++)
				M->on[M->cnode[j]] = (unsigned char)bit(set, M->cpos[j]);
			if (!M->plan)
				M->plan = orc_sound_plan(M->g, M->o);
			ok = orc_is_sound_plan(M->plan, M->on);
		}
#ifndef FENCEFUZZ_PLACEMENT_SELFCHECK
		return ok;
#else
		/* The candidate graph is one copy for all threads (events.c): its
		 * verdict is never looser than the rebuilt program's, and the same
		 * when that program has no thread classes that take other paths. */
		M->queries--; /* not counted twice */
		int rebuilt = rebuild_sound_with(M, set);
		if (ok && !rebuilt) {
			fprintf(stderr, "placement selfcheck: sound on the candidate graph, unsound rebuilt\n");
			abort();
		}
		if (!ok && rebuilt && !M->has_classes) {
			fprintf(stderr, "placement selfcheck: candidate graph and rebuild disagree\n");
			abort();
		}
		return ok;
#endif
	}
	return rebuild_sound_with(M, set);
}

/* The program p with fences at set, built and judged (no candidate graph). */
static int
rebuild_sound_with(Mn *M, const Word *set)
{
	unsigned char *chosen = ar_alloc(M->scratch, (size_t)M->npos + 1);
	for (int i = 0; i < M->npos; i++)
		chosen[i] = (unsigned char)bit(set, i);
	Pl P = {M->scratch, chosen, 0};
	Stmt *body = place_list(&P, M->p->body);
	Func *f = body == M->p->body ? (Func *)M->p : ir_func_with_body(M->scratch, M->p, body);
	M->queries++;
	return orc_is_sound(f, M->o);
}

static int64_t
set_cost(const Mn *M, const Word *set, int *count)
{
	if (!M->o->placement_worst_path) {
		int64_t c = 0;
		for (int i = 0; i < M->npos; i++)
			if (bit(set, i))
				c = sat_add(c, M->pos[i].weight);
		return c;
	}
#ifndef FENCEFUZZ_PLACEMENT_SELFCHECK
	if (M->tcs_ok && M->tcdepth <= 2 * IR_MAX_DEPTH + 8)
		return tc_run(M, set);
#endif
	for (int i = 0; i < M->npos; i++)
		count[i] = bit(set, i);
#ifdef FENCEFUZZ_PLACEMENT_SELFCHECK
	if (M->tcs_ok && M->tcdepth <= 2 * IR_MAX_DEPTH + 8 && tc_run(M, set) != tree_cost(M, count)) {
		fprintf(stderr, "placement selfcheck: the set program and the walk disagree\n");
		abort();
	}
#endif
	return tree_cost(M, count);
}

/* ---- exact min-cost hitting set ---------------------------------------------------- */

typedef struct Hs {
	const Mn *M;
	int K, W;
	const Word *cuts; /* ncuts * W words */
	int ncuts;
	int *count;       /* scratch for set_cost */
	Word *cur, *excl, *best_set;
	int64_t best;
	long nodes;
	int aborted;
} Hs;

/* Cost is monotone in the set under both cost models, so a partial set that
 * already costs as much as the best is pruned.  Under the sum each cut also
 * adds at least its cheapest free element (a lower bound); under worst-path
 * an element may add nothing, so that bound is 0. */
static void
hs_search(Hs *H)
{
	if (H->aborted)
		return;
	int64_t cost = set_cost(H->M, H->cur, H->count);
	if (cost >= H->best)
		return;
	if (++H->nodes > MAX_NODES) {
		H->aborted = 1;
		return;
	}
	int pick = -1, pick_n = INT_MAX;
	int64_t lb = 0;
	for (int c = 0; c < H->ncuts; c++) {
		const Word *cut = H->cuts + (size_t)c * (size_t)H->W;
		int hit = 0, avail = 0;
		int64_t minw = WMAX;
		for (int x = 0; x < H->W && !hit; x++)
			hit = (cut[x] & H->cur[x]) != 0;
		if (hit)
			continue;
		for (int i = 0; i < H->K; i++)
			if (bit(cut, i) && !bit(H->excl, i)) {
				avail++;
				if (H->M->pos[i].weight < minw)
					minw = H->M->pos[i].weight;
			}
		if (!avail)
			return; /* this cut can no longer be hit */
		if (minw > lb)
			lb = minw;
		if (avail < pick_n) {
			pick_n = avail;
			pick = c;
		}
	}
	if (pick < 0) {
		H->best = cost;
		memcpy(H->best_set, H->cur, sizeof *H->cur * (size_t)H->W);
		return;
	}
	if (!H->M->o->placement_worst_path && sat_add(cost, lb) >= H->best)
		return;
	const Word *cut = H->cuts + (size_t)pick * (size_t)H->W;
	int *el = malloc(sizeof *el * (size_t)pick_n);
	if (!el)
		abort();
	int ne = 0;
	for (int i = 0; i < H->K; i++)
		if (bit(cut, i) && !bit(H->excl, i))
			el[ne++] = i;
	/* Cheapest first (insertion sort: cuts are short), so good bounds come early. */
	for (int i = 1; i < ne; i++)
		for (int j = i; j > 0 && H->M->pos[el[j]].weight < H->M->pos[el[j - 1]].weight; j--) {
			int t = el[j];
			el[j] = el[j - 1];
			el[j - 1] = t;
		}
	for (int i = 0; i < ne; i++) {
		set_bit(H->cur, el[i], 1);
		hs_search(H);
		set_bit(H->cur, el[i], 0);
		set_bit(H->excl, el[i], 1); /* later branches do without it */
	}
	for (int i = 0; i < ne; i++)
		set_bit(H->excl, el[i], 0);
	free(el);
}

/* ---- the placement search over at most 64 candidates -------------------------------- */

/* search_run with each set of candidate positions one word (bit k:
 * candidate k, M->kpos[k]): the same search step by step (same cuts in the
 * same order, same branching order, same queries), so the same optimum,
 * the same positions and the same counts, without a bitset over every
 * position.  Used when the candidate graph answers the queries and the
 * set's cost has a compiled walk (or is the sum of weights). */
typedef uint64_t Kset;

typedef struct Ks {
	Mn *M;
	int K;
	Kset all;
	int64_t w[64];  /* weight of candidate k */
	const TcOp *tcs; /* the set program (M's; a TC_POS's candidate number is its weight) */
	int ntcs;
	/* The set's cost kept up to date as candidates come and go (ks_add):
	 * the set program (collect_list) as a tree of frames.  A frame's value
	 * is min(WMAX, raw), raw the exact sum of its terms: the one bit of each
	 * candidate it holds, and what each child frame adds (sat_mul(w, value)
	 * for a loop body, max of the two values for an if).  That is tc_run's
	 * chain of sat_add (terms in [0, WMAX]: the chain is min(WMAX, sum)).
	 * Under the sum, frame 0 alone, each candidate adding its weight. */
	int nfr;
	struct Kf {
		int64_t raw;
		int64_t contrib; /* what it adds to its parent now (if: in the then frame) */
		int parent;      /* -1: the root */
		int partner;     /* if: the other branch's frame; -1: a loop body (MUL) */
		int first;       /* if: 1 in the then frame */
		int64_t w;       /* loop body: its weight */
	} *fr;
	int leaf[64];   /* frame of candidate k, -1: adds nothing */
	/* The candidates by weight: lev_m[l] those of weight lev_w[l], the
	 * levels in ascending weight. */
	int nlev;
	int64_t lev_w[64];
	Kset lev_m[64];
	int64_t lw[64]; /* what candidate k adds to its frame's raw */
	Kset *cuts;
	int ncuts, cap;
	/* hitting set */
	Kset cur, excl, best_set;
	int64_t best;
	long nodes;
	int aborted;    /* hitting set: MAX_NODES */
	int qaborted;   /* grow: MAX_QUERIES */
} Ks;

/* The candidate graph with fences at the nodes of the candidates of set,
 * on the plan of its queries (orc_sound_plan); not counted as a query. */
static int
plan_query_small(Mn *M, Kset set)
{
	for (int j = 0; j < M->ncand_nodes; j++)
		M->on[M->cnode[j]] = 0;
	for (Kset x = set; x; x &= x - 1) {
		int k = __builtin_ctzll(x);
		for (int j = M->kstart[k]; j < M->kstart[k + 1]; j++)
			M->on[M->knode[j]] = 1;
	}
	if (!M->plan)
		M->plan = orc_sound_plan(M->g, M->o);
	return orc_is_sound_plan(M->plan, M->on);
}

/* Whether p with fences at the candidates of set is sound, on the cut of
 * the candidate graph at the candidates' nodes (the same verdict as
 * sound_with on the set's positions); not counted as a query. */
static int
small_cut_query(Mn *M, Kset set)
{
	int K = M->ncand, nvar = M->kstart[K];
	if (!M->kcut_tried) {
		M->kcut_tried = 1;
		M->kcut = orc_sound_cut(M->g, M->knode, nvar);
	}
	if (!M->kcut)
		return plan_query_small(M, set);
	if (M->kone)
		return orc_sound_cut_query(M->kcut, M->o, &set);
	uint64_t flip = 0;
	for (Kset x = set; x; x &= x - 1) {
		int k = __builtin_ctzll(x);
		for (int j = M->kstart[k]; j < M->kstart[k + 1]; j++)
			flip |= (uint64_t)1 << j;
	}
	return orc_sound_cut_query(M->kcut, M->o, &flip);
}

static inline int
sound_small(Mn *M, Kset set)
{
#ifdef FENCEFUZZ_PLACEMENT_SELFCHECK
	int W = M->npos / 64 + 1;
	Word *full = calloc((size_t)W, sizeof *full);
	if (!full)
		abort();
	for (Kset x = set; x; x &= x - 1)
		set_bit(full, M->kpos[__builtin_ctzll(x)], 1);
	int ok = sound_with(M, full);
	free(full);
	if (small_cut_query(M, set) != ok) {
		fprintf(stderr, "placement selfcheck: the cut graph and the candidate graph disagree\n");
		abort();
	}
	return ok;
#else
	M->queries++;
	if (M->kone && M->kcut) /* small_cut_query's common case, without its call */
		return orc_sound_cut_query(M->kcut, M->o, &set);
	return small_cut_query(M, set);
#endif
}

static int64_t
fr_value(const struct Kf *f)
{
	return f->raw < WMAX ? f->raw : WMAX;
}

/* Candidate k into the set (d = 1) or out of it (d = -1). */
static inline void
ks_add(Ks *S, int k, int d)
{
	int f = S->leaf[k];
	if (f < 0)
		return;
	S->fr[f].raw += d * S->lw[k];
	for (;;) {
		struct Kf *x = &S->fr[f];
		if (x->parent < 0)
			return;
		struct Kf *holder = x;
		int64_t c;
		if (x->partner < 0) {
			c = sat_mul(x->w, fr_value(x));
		} else {
			struct Kf *y = &S->fr[x->partner];
			int64_t a = fr_value(x), b = fr_value(y);
			c = a > b ? a : b;
			if (!x->first)
				holder = y;
		}
		if (c == holder->contrib)
			return;
		S->fr[x->parent].raw += c - holder->contrib;
		holder->contrib = c;
		f = x->parent;
	}
}

/* The cost of the set with candidate k added (ks_add's new value of frame
 * 0), the frames left as they are. */
static int64_t
ks_peek(const Ks *S, int k)
{
	int f = S->leaf[k];
	if (f < 0)
		return fr_value(&S->fr[0]);
	int64_t raw = S->fr[f].raw + S->lw[k]; /* frame f's new raw */
	for (;;) {
		const struct Kf *x = &S->fr[f];
		int64_t v = raw < WMAX ? raw : WMAX;
		if (x->parent < 0)
			return v;
		const struct Kf *holder = x;
		int64_t c;
		if (x->partner < 0) {
			c = sat_mul(x->w, v);
		} else {
			const struct Kf *y = &S->fr[x->partner];
			int64_t b = fr_value(y);
			c = v > b ? v : b;
			if (!x->first)
				holder = y;
		}
		if (c == holder->contrib)
			return fr_value(&S->fr[0]); /* nothing above changes */
		raw = S->fr[x->parent].raw + (c - holder->contrib);
		f = x->parent;
	}
}

/* search_small's arrays (M->kpos's block, the set program, its frames,
 * the cuts), kept from call to call (grown, never shrunk). */
static _Thread_local struct {
	int *kpos;
	struct Kf *fr;
	Kset *cuts;
	size_t nkpos, nfr;
	int ncuts;
} ks_scratch;

/* Frames of the set program (see Ks). */
static void
ks_frames(Ks *S)
{
	Mn *M = S->M;
	for (int k = 0; k < 64; k++)
		S->leaf[k] = -1;
	S->fr = ks_scratch.fr = orc_scratch_grow(ks_scratch.fr, &ks_scratch.nfr,
	                                         sizeof *S->fr * (size_t)(M->ntcs + 1));
	S->fr[0] = (struct Kf){0, 0, -1, -1, 0, 0};
	S->nfr = 1;
	if (!M->o->placement_worst_path) {
		for (int k = 0; k < S->K; k++) {
			S->leaf[k] = 0;
			S->lw[k] = S->w[k];
		}
		return;
	}
	int stack[2 * IR_MAX_DEPTH + 8], sp = 0;
	stack[sp++] = 0;
	for (int i = 0; i < S->ntcs; i++) {
		const TcOp *x = &S->tcs[i];
		switch (x->op) {
		case TC_PUSH:
			S->fr[S->nfr] = (struct Kf){0, 0, stack[sp - 1], -1, 0, 0};
			stack[sp++] = S->nfr++;
			break;
		case TC_POS:
			S->leaf[x->weight] = stack[sp - 1];
			S->lw[x->weight] = 1;
			break;
		case TC_IF: {
			int b = stack[--sp], a = stack[--sp];
			S->fr[a].partner = b, S->fr[a].first = 1;
			S->fr[b].partner = a;
			S->fr[b].parent = S->fr[a].parent; /* pushed on top of a */
			break;
		}
		case TC_MUL:
			S->fr[stack[--sp]].w = x->weight;
			break;
		}
	}
}

#ifdef FENCEFUZZ_PLACEMENT_SELFCHECK
/* The cost of set by the set program (tc_run), to check the frames. */
static int64_t
ks_cost(const Ks *S, Kset set)
{
	if (!S->M->o->placement_worst_path) {
		int64_t c = 0;
		for (Kset x = set; x; x &= x - 1)
			c = sat_add(c, S->w[__builtin_ctzll(x)]);
		return c;
	}
	/* tc_run on the set program */
	int64_t stack[2 * IR_MAX_DEPTH + 8];
	int sp = 0;
	stack[sp++] = 0;
	for (int i = 0; i < S->ntcs; i++) {
		const TcOp *x = &S->tcs[i];
		switch (x->op) {
		case TC_PUSH:
			stack[sp++] = 0;
			break;
		case TC_POS:
			stack[sp - 1] = sat_add(stack[sp - 1], (int64_t)(set >> x->weight & 1));
			break;
		case TC_IF: {
			int64_t b = stack[--sp], a = stack[--sp];
			stack[sp - 1] = sat_add(stack[sp - 1], a > b ? a : b);
			break;
		}
		case TC_MUL: {
			int64_t a = stack[--sp];
			stack[sp - 1] = sat_add(stack[sp - 1], sat_mul(x->weight, a));
			break;
		}
		}
	}
	return stack[0];
}
#endif

static int
popcount64(uint64_t x)
{
	x = x - ((x >> 1) & 0x5555555555555555ULL);
	x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
	x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
	return (int)((x * 0x0101010101010101ULL) >> 56);
}

/* hs_search on words; the frames hold the cost of cur. */
static void
ks_hs(Ks *S)
{
	if (S->aborted)
		return;
	int64_t cost = fr_value(&S->fr[0]);
#ifdef FENCEFUZZ_PLACEMENT_SELFCHECK
	if (cost != ks_cost(S, S->cur)) {
		fprintf(stderr, "placement selfcheck: the kept cost and the set program disagree\n");
		abort();
	}
#endif
	if (cost >= S->best)
		return;
	if (++S->nodes > MAX_NODES) {
		S->aborted = 1;
		return;
	}
	int pick = -1, pick_n = INT_MAX, worst = S->M->o->placement_worst_path;
	int64_t lb = 0;
	for (int c = 0; c < S->ncuts; c++) {
		Kset cut = S->cuts[c];
		if (cut & S->cur)
			continue;
		Kset av = cut & ~S->excl;
		if (!av)
			return; /* this cut can no longer be hit */
		if (!worst) { /* the bound is used under the sum only */
			int64_t minw = WMAX;
			for (Kset x = av; x; x &= x - 1) {
				int64_t w = S->w[__builtin_ctzll(x)];
				if (w < minw)
					minw = w;
			}
			if (minw > lb)
				lb = minw;
		}
		if (pick_n > 1) { /* a cut of one is never beaten (av is never empty here) */
			int avail = popcount64(av);
			if (avail < pick_n) {
				pick_n = avail;
				pick = c;
			}
		}
	}
	if (pick < 0) {
		S->best = cost;
		S->best_set = S->cur;
		return;
	}
	if (!worst && sat_add(cost, lb) >= S->best)
		return;
	/* The free elements of the pick, cheapest first, ties in position order
	 * (hs_search's insertion sort): level by level of weight, each level's
	 * in bit order.  The cost is monotone and a candidate alone costs its
	 * weight, so cur with it costs at least that: from the first one as
	 * costly as the best on, the branches would return at once, before
	 * counting a node. */
	Kset av = S->cuts[pick] & ~S->excl, taken = 0, left = av;
	for (int l = 0; left && l < S->nlev; l++) { /* the levels with free elements of the pick */
		Kset at = left & S->lev_m[l];
		left &= ~at;
		for (Kset x = at; x; x &= x - 1) {
			if (S->lev_w[l] >= S->best)
				goto pruned;
			int e = __builtin_ctzll(x);
			Kset b = (Kset)1 << e;
			/* a branch costing as much as the best returns at once,
			 * before counting a node: its cost without entering it */
#ifdef FENCEFUZZ_PLACEMENT_SELFCHECK
			if (ks_peek(S, e) != ks_cost(S, S->cur | b)) {
				fprintf(stderr, "placement selfcheck: the peeked cost and the set program disagree\n");
				abort();
			}
#endif
			if (ks_peek(S, e) < S->best) {
				S->cur |= b;
				ks_add(S, e, 1);
				ks_hs(S);
				ks_add(S, e, -1);
				S->cur &= ~b;
			}
			S->excl |= b; /* later branches do without it */
			taken |= b;
		}
	}
pruned:
#ifdef FENCEFUZZ_PLACEMENT_SELFCHECK
	for (Kset x = av & ~taken; x; x &= x - 1)
		if (ks_cost(S, S->cur | (x & -x)) < S->best) {
			fprintf(stderr, "placement selfcheck: a branch costs less than its weight\n");
			abort();
		}
#endif
	S->excl &= ~taken;
}

/* sound_small(M, set) for a set holding known, a set found sound: on the
 * cut graph a query is a search through the candidates' nodes that are no
 * fence, so one more fence never makes a sound set unsound and the answer
 * is 1 without a search (counted as a query all the same, so that the
 * counts and the bounds stay those of the search asking every query). */
static int
sound_small_above(Mn *M, Kset set, Kset known)
{
	if (!M->kcut || (known & ~set))
		return sound_small(M, set);
#ifdef FENCEFUZZ_PLACEMENT_SELFCHECK
	if (!sound_small(M, set)) {
		fprintf(stderr, "placement selfcheck: a superset of a sound placement is unsound\n");
		abort();
	}
#else
	M->queries++;
#endif
	return 1;
}

/* sound_small(M, set) for a set whose verdict, sound, is known: counted
 * as a query all the same (the counts and bounds stay those of the search
 * asking every query). */
static int
sound_small_known(Mn *M, Kset set, int sound)
{
#ifdef FENCEFUZZ_PLACEMENT_SELFCHECK
	if (sound_small(M, set) != sound) {
		fprintf(stderr, "placement selfcheck: a query answered otherwise the second time\n");
		abort();
	}
#else
	(void)set;
	M->queries++;
#endif
	return sound;
}

/* The h lowest of the candidates of r (0 < h < their number): by bytes,
 * the running sums of the bytes' counts find the byte where the h-th one
 * lies, and the bits below it in that byte are counted off one by one. */
static Kset
low_bits(Kset r, int h)
{
	const uint64_t ones = 0x0101010101010101ULL, tops = 0x8080808080808080ULL;
	if (h < 8) { /* few: one by one */
		Kset later = r;
		for (int i = 0; i < h; i++)
			later &= later - 1;
		return r ^ later;
	}
	uint64_t b = r - ((r >> 1) & 0x5555555555555555ULL);
	b = (b & 0x3333333333333333ULL) + ((b >> 2) & 0x3333333333333333ULL);
	b = (b + (b >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
	uint64_t c = b * ones; /* byte i: the candidates in bytes 0 .. i (at most 64) */
	/* the top bit of each byte whose running sum is above h */
	uint64_t above = ((c | tops) - (uint64_t)(h + 1) * ones) & tops;
	int i = __builtin_ctzll(above) >> 3; /* above is never 0: r holds more than h */
	int below = i ? (int)(c >> (8 * i - 8) & 0xff) : 0;
	Kset low = i ? r & (~(Kset)0 >> (64 - 8 * i)) : 0;
	Kset x = r >> (8 * i) & 0xff, y = x;
	for (int k = below; k < h; k++)
		y &= y - 1;
	return low | (x ^ y) << (8 * i);
}

/* grow on words: the n candidates of range (grow's idx[0 .. n), in
 * position order, halved as grow halves them); known: a sound set (the
 * caller's, which the second half's set holds whenever the first half went
 * into t whole). */
static void
ks_grow(Ks *S, Kset *t, Kset range, int n, Kset known)
{
	if (n == 0 || S->qaborted)
		return;
	if (S->M->queries >= MAX_QUERIES) {
		S->qaborted = 1;
		return;
	}
	Kset u = *t | range;
	if (!sound_small_above(S->M, u, known)) {
		*t = u;
	} else if (n > 1) {
		int h = n / 2;
		Kset first = low_bits(range, h), later = range ^ first;
		ks_grow(S, t, first, h, u);
		ks_grow(S, t, later, n - h, u);
	}
}

/* Can search_small stand for search_run on M? */
static int
small_ok(const Mn *M)
{
	if (M->gstate <= 0 || M->ncand > 64 || M->ncand < 1)
		return 0;
	return !M->o->placement_worst_path || (M->tcs_ok && M->tcdepth <= 2 * IR_MAX_DEPTH + 8);
}

/* The search's verdict so far undecided: the hitting-set search gave up
 * (aborted) or the soundness queries ran out.  Writes why into note. */
static int
search_undecided(const Mn *M, int aborted, int ncuts, char *note, size_t notelen)
{
	if (aborted)
		snprintf(note, notelen, "undecided: hitting-set search over %d cuts exceeded %d nodes",
		         ncuts, MAX_NODES);
	else if (M->queries >= MAX_QUERIES)
		snprintf(note, notelen, "undecided: more than %d soundness queries", MAX_QUERIES);
	else
		return 0;
	return 1;
}

static void
small_init(Mn *M, Ks *S)
{
	int K = M->ncand;
	/* One block: kpos, kstart, knode (M's until the end of the call), then
	 * the scratch fill. */
	M->kpos = ks_scratch.kpos = orc_scratch_grow(
		ks_scratch.kpos, &ks_scratch.nkpos,
		sizeof *M->kpos * ((size_t)(4 * K + 1) + (size_t)M->ncand_nodes) + 1);
	M->kstart = M->kpos + K;
	M->knode = M->kstart + K + 1;
	int *fill = M->knode + M->ncand_nodes;
	memset(M->kstart, 0, sizeof *M->kstart * (size_t)(K + 1));
	/* in locals: the stores (ints) would reload M's and S's fields */
	const Pos *pos = M->pos;
	const int *cpos = M->cpos, *cnode = M->cnode;
	int *kpos = M->kpos, *kstart = M->kstart, *knode = M->knode;
	int64_t *w = S->w;
	int nc = M->ncand_nodes;
	memcpy(kpos, M->cand_pos, sizeof *kpos * (size_t)K);
	/* the weights and their levels: a run of neighbours of one weight
	 * (the common case) is one mask, added to its level where it ends */
	int64_t *lw = S->lev_w, runw = 0;
	Kset *lm = S->lev_m, run = 0;
	int nlev = 0, at = 0;
	for (int k = 0; k <= K; k++) {
		int64_t wk = k < K ? (w[k] = pos[kpos[k]].weight) : -1;
		if (run && wk == runw) {
			run |= (Kset)1 << k;
			continue;
		}
		if (run)
			lm[at] |= run;
		if (k == K)
			break;
		int l = 0;
		while (l < nlev && lw[l] < wk)
			l++;
		if (l == nlev || lw[l] != wk) {
			for (int i = nlev; i > l; i--)
				lw[i] = lw[i - 1], lm[i] = lm[i - 1];
			lw[l] = wk, lm[l] = 0;
			nlev++;
		}
		at = l, runw = wk, run = (Kset)1 << k;
	}
	S->nlev = nlev;
	/* Mostly the nodes of the candidates come one each, in candidate
	 * order: then kstart[k] is k and knode the nodes in graph order, one
	 * pass; else counted, summed and placed (two more passes). */
	int m = 0, j = 0;
	for (; j < nc; j++) {
		int k = pos[cpos[j]].kidx;
		if (k < 0)
			continue;
		if (k != m)
			break;
		knode[m++] = cnode[j];
	}
	M->kone = j == nc && m == K;
	if (M->kone) {
		for (int k = 0; k <= K; k++)
			kstart[k] = k;
	} else {
		for (int i = 0; i < nc; i++)
			if (pos[cpos[i]].kidx >= 0)
				kstart[pos[cpos[i]].kidx + 1]++;
		for (int k = 0; k < K; k++)
			kstart[k + 1] += kstart[k];
		memcpy(fill, kstart, sizeof *fill * (size_t)K);
		for (int i = 0; i < nc; i++) {
			int k = pos[cpos[i]].kidx;
			if (k >= 0)
				knode[fill[k]++] = cnode[i];
		}
		M->kone = kstart[K] == K;
		for (int k = 0; k < K; k++)
			M->kone &= kstart[k + 1] - kstart[k] == 1;
	}
	S->tcs = M->tcs; /* its TC_POS name candidates (collect_list) */
	S->ntcs = M->ntcs;
	S->K = K;
	S->all = K == 64 ? ~(Kset)0 : ((Kset)1 << K) - 1;
	ks_frames(S);
}

static int
search_small(Mn *M, int64_t *opt, Word *best, char *note, size_t notelen, int *ncuts)
{
	/* Not zeroed whole (its arrays are most of it): small_init and
	 * ks_frames write what the search reads, the rounds the rest. */
	Ks S;
	S.M = M, S.cuts = ks_scratch.cuts, S.cap = ks_scratch.ncuts, S.ncuts = 0;
	S.aborted = S.qaborted = 0;
	small_init(M, &S);
	/* the cut at the candidates' nodes, as the first query would make it */
	M->kcut_tried = 1;
	M->kcut = orc_sound_cut(M->g, M->knode, M->kstart[M->ncand]);
	int decided = 0;
	Kset bestk = 0;
	if (sound_small(M, 0)) {
		*opt = 0;
		decided = 1;
		goto done;
	}
	if (!sound_small(M, S.all)) {
		snprintf(note, notelen, "undecided: no placement of fences makes the input sound");
		goto done;
	}
	for (int round = 0; round < MAX_ROUNDS; round++) {
		S.cur = S.excl = S.best_set = 0;
		S.best = WMAX + 1;
		S.nodes = 0;
		ks_hs(&S);
		int64_t cost = S.best;
		bestk = S.best_set;
		if (search_undecided(M, S.aborted, S.ncuts, note, notelen))
			goto done;
		/* with no cut yet the placement is the empty one, found unsound above */
		if (S.ncuts ? sound_small(M, bestk) : sound_small_known(M, bestk, 0)) {
			*opt = cost;
			decided = 1;
			goto done;
		}
		/* Extend to a maximal unsound placement; its complement is a new cut. */
		Kset t = bestk, rest = S.all & ~t;
		ks_grow(&S, &t, rest, popcount64(rest), S.all); /* all: sound (asked above) */
		if (S.qaborted) {
			snprintf(note, notelen, "undecided: more than %d soundness queries", MAX_QUERIES);
			goto done;
		}
		Kset cut = S.all & ~t;
		if (!cut) { /* every candidate yet unsound: soundness is not monotone */
			snprintf(note, notelen, "undecided: soundness answered non-monotonically");
			goto done;
		}
		if (S.ncuts == S.cap) {
			S.cap = S.cap ? 2 * S.cap : 16;
			S.cuts = ks_scratch.cuts = realloc(S.cuts, sizeof *S.cuts * (size_t)S.cap);
			if (!S.cuts)
				abort();
			ks_scratch.ncuts = S.cap;
		}
		S.cuts[S.ncuts++] = cut;
	}
	snprintf(note, notelen, "undecided: more than %d search rounds", MAX_ROUNDS);
done:
	memset(best, 0, sizeof *best * (size_t)(M->npos / 64 + 1));
	for (Kset x = bestk; x; x &= x - 1)
		set_bit(best, M->kpos[__builtin_ctzll(x)], 1);
	if (decided)
		exact_note(note, notelen, M->ncand, S.ncuts, M->queries);
	*ncuts = S.ncuts; /* the arrays are ks_scratch's */
	return decided;
}

/* ---- the placement search ------------------------------------------------------------ */

typedef struct Search {
	Mn *M;
	int K, W;
	Word *cuts;
	int ncuts, cap;
	int aborted;
} Search;

/* Adds to t (unsound) every position of idx[0..n) that keeps it unsound,
 * halving ranges that would make it sound: t ends maximal unsound. */
static void
grow(Search *S, Word *t, const int *idx, int n)
{
	if (n == 0 || S->aborted)
		return;
	if (S->M->queries >= MAX_QUERIES) {
		S->aborted = 1;
		return;
	}
	Word *u = malloc(sizeof *u * (size_t)S->W);
	if (!u)
		abort();
	memcpy(u, t, sizeof *u * (size_t)S->W);
	for (int i = 0; i < n; i++)
		set_bit(u, idx[i], 1);
	if (!sound_with(S->M, u)) {
		memcpy(t, u, sizeof *u * (size_t)S->W);
	} else if (n > 1) {
		grow(S, t, idx, n / 2);
		grow(S, t, idx + n / 2, n - n / 2);
	}
	free(u);
}

/* The last search's outcome, by everything it read: the models of one
 * program share its input, so the second and third models' placement
 * searches (the optimum is the input's) are a comparison.  Exact whatever
 * the addresses: the search reads only the candidate graph (kinds, edges,
 * flags, sites, footprints), which of its nodes stand for which position,
 * the positions' weights and candidacy, the compiled cost walk and the
 * options, and all of them are compared.  Within an input scope the input
 * function and the options name all of that (p does not change there):
 * a search there keeps only its scope and function (full 0), and a later
 * one matches by them, without the copy and the comparison. */
typedef struct SearchMemo {
	int valid, full;
	const Func *p;       /* full 0: the function and its scope */
	unsigned long epoch;
	OracleOptions o;
	int npos, ncand, n, ncand_nodes, ntcs, tcdepth;
	struct MemoEv *ev;   /* of each event, the fields the search reads */
	int *cnode, *cpos;
	int64_t *weight;
	unsigned char *cand;
	TcOp *tcs;
	/* the outcome */
	int decided, ncuts;
	int64_t opt;
	Word *best;
	long queries;
	char note[200];
} SearchMemo;

static SearchMemo memo; /* one per process, as threads.c's class cache */

/* Mn.scratch, kept from call to call and reset at the end of each: a fresh
 * arena would zero a new 64 KiB chunk for every call (one per process, as
 * the memo). */
static Arena *scratch_arena;

/* Mn's maps, kept emptied from call to call so that a call neither
 * allocates nor regrows them (a map grown past KEEP_MAP slots by a large
 * program is freed instead of being cleared for every later call). */
enum { KEEP_MAP = 8192 };
static IdMap kept_maps[3];

static void
map_take(IdMap *m, int i)
{
	*m = kept_maps[i];
	memset(&kept_maps[i], 0, sizeof kept_maps[i]);
}

static void
map_keep(IdMap *m, int i)
{
	if (m->cap > KEEP_MAP) {
		free(m->keys); /* and vals: one block */
		memset(m, 0, sizeof *m);
	} else if (m->n) {
		memset(m->keys, 0, sizeof *m->keys * m->cap); /* empty slots: NULL keys */
		m->n = 0;
	}
	kept_maps[i] = *m;
}

typedef struct MemoEv {
	EventKind kind;
	int site;
	unsigned flags;
	int succ[2];
	Foot foot;
} MemoEv;

static MemoEv
memo_event(const Event *e)
{
	MemoEv x = {e->kind, e->site, e->flags, {e->succ[0], e->succ[1]}, e->foot};
	return x;
}

static int
same_options(const OracleOptions *a, const OracleOptions *b)
{
	return a->enabled == b->enabled && a->war == b->war && a->alias_aware == b->alias_aware &&
	       a->unknown_trip_weight == b->unknown_trip_weight &&
	       a->placement_max_gaps == b->placement_max_gaps &&
	       a->placement_worst_path == b->placement_worst_path && a->profile == b->profile;
}

static int
memo_matches(const Mn *M)
{
	const SearchMemo *m = &memo;
	if (!m->valid || !same_options(&m->o, M->o))
		return 0;
	if (M->epoch || !m->full)
		return M->epoch && m->epoch == M->epoch && m->p == M->p;
	if (m->npos != M->npos || m->ncand != M->ncand ||
	    m->n != M->g->n || m->ncand_nodes != M->ncand_nodes || m->ntcs != M->ntcs ||
	    m->tcdepth != M->tcdepth)
		return 0;
	for (int i = 0; i < M->npos; i++)
		if (m->weight[i] != M->pos[i].weight || m->cand[i] != M->pos[i].candidate)
			return 0;
	for (int j = 0; j < M->ncand_nodes; j++)
		if (m->cnode[j] != M->cnode[j] || m->cpos[j] != M->cpos[j])
			return 0;
	for (int i = 0; i < M->ntcs; i++)
		if (m->tcs[i].op != M->tcs[i].op || m->tcs[i].pos != M->tcs[i].pos ||
		    m->tcs[i].weight != M->tcs[i].weight)
			return 0;
	for (int v = 0; v < M->g->n; v++) {
		MemoEv x = memo_event(&M->g->ev[v]);
		const MemoEv *y = &m->ev[v];
		if (x.kind != y->kind || x.site != y->site || x.flags != y->flags ||
		    x.succ[0] != y->succ[0] || x.succ[1] != y->succ[1] || x.foot.alloc != y->foot.alloc ||
		    x.foot.known != y->foot.known || x.foot.lo != y->foot.lo || x.foot.hi != y->foot.hi)
			return 0;
	}
	return 1;
}

/* The memo's block of all its arrays and its size, kept from one memo to
 * the next (grown, never shrunk). */
static struct {
	void *p;
	size_t cap;
} memo_block;

static void memo_copy_inputs(const Mn *M);

static void
memo_store(const Mn *M, int decided, int ncuts, int64_t opt, const Word *best, long queries,
           const char *note)
{
	memset(&memo, 0, sizeof memo);
	SearchMemo *m = &memo;
	m->o = *M->o;
	m->full = !M->epoch;
	m->p = M->p, m->epoch = M->epoch;
	size_t nw = (size_t)(M->npos / 64 + 1);
	if (!m->full) { /* the outcome alone */
		m->best = memo_block.p = orc_scratch_grow(memo_block.p, &memo_block.cap, sizeof *m->best * nw);
	} else {
		memo_copy_inputs(M);
	}
	memcpy(m->best, best, sizeof *m->best * nw);
	m->decided = decided, m->ncuts = ncuts, m->opt = opt, m->queries = queries;
	Fmt F = {m->note, sizeof m->note, 0}; /* as snprintf "%s" */
	fmt_s(&F, note);
	m->valid = 1;
}

/* Into the memo, everything the search read (full memo); its best array
 * laid out in the same block. */
static void
memo_copy_inputs(const Mn *M)
{
	SearchMemo *m = &memo;
	m->npos = M->npos, m->ncand = M->ncand, m->n = M->g->n;
	m->ncand_nodes = M->ncand_nodes, m->ntcs = M->ntcs, m->tcdepth = M->tcdepth;
	/* One block, widest members first: weight, best, tcs, ev, cnode, cpos, cand. */
	size_t nw = (size_t)(M->npos / 64 + 1), nc = (size_t)M->ncand_nodes;
	size_t bytes = sizeof *m->weight * (size_t)M->npos + sizeof *m->best * nw +
	               sizeof *m->tcs * (size_t)M->ntcs + sizeof *m->ev * (size_t)M->g->n +
	               2 * sizeof *m->cnode * nc + (size_t)M->npos + 1;
	m->weight = memo_block.p = orc_scratch_grow(memo_block.p, &memo_block.cap, bytes);
	m->best = (Word *)(m->weight + M->npos);
	m->tcs = (TcOp *)(m->best + nw);
	m->ev = (MemoEv *)(m->tcs + M->ntcs);
	m->cnode = (int *)(m->ev + M->g->n);
	m->cpos = m->cnode + nc;
	m->cand = (unsigned char *)(m->cpos + nc);
	for (int v = 0; v < M->g->n; v++)
		m->ev[v] = memo_event(&M->g->ev[v]);
	for (int i = 0; i < M->npos; i++) {
		m->weight[i] = M->pos[i].weight;
		m->cand[i] = (unsigned char)M->pos[i].candidate;
	}
	if (nc) {
		memcpy(m->cnode, M->cnode, sizeof *m->cnode * nc);
		memcpy(m->cpos, M->cpos, sizeof *m->cpos * nc);
	}
	if (M->ntcs)
		memcpy(m->tcs, M->tcs, sizeof *m->tcs * (size_t)M->ntcs);
}

static int search_run(Mn *M, int64_t *opt, Word *best, char *note, size_t notelen, int *ncuts);

/* The compiled cost walk (collect_list makes it with the positions), for
 * the search only: q's cost, computed once, is the tree walk. */
static void
compile_costs(Mn *M)
{
	if (M->compiled)
		return;
	M->compiled = 1;
	M->tcs_ok = M->collected && !M->depth_overflow;
}
static int search_general(Mn *M, int64_t *opt, Word *best, char *note, size_t notelen, int *ncuts);

/* The optimum cost into *opt and its positions into best.  Returns 1
 * decided, 0 undecided (note says why). */
static int
search_optimum(Mn *M, int64_t *opt, Word *best, char *note, size_t notelen)
{
	compile_costs(M);
	graph_init(M);
	if (M->gstate < 0 || !M->tcs_ok) /* no candidate graph: nothing to compare by */
		return search_run(M, opt, best, note, notelen, &(int){0});
	if (memo_matches(M)) {
		M->queries += memo.queries;
		*opt = memo.opt;
		memcpy(best, memo.best, sizeof *best * (size_t)(M->npos / 64 + 1));
		if (memo.decided)
			exact_note(note, notelen, M->ncand, memo.ncuts, M->queries);
		else
			fmt_put(note, notelen, memo.note);
		return memo.decided;
	}
	long q0 = M->queries;
	int ncuts = 0;
	int decided = search_run(M, opt, best, note, notelen, &ncuts);
	memo_store(M, decided, ncuts, decided ? *opt : 0, best, M->queries - q0, note);
	return decided;
}

static int
search_run(Mn *M, int64_t *opt, Word *best, char *note, size_t notelen, int *ncuts)
{
	graph_init(M);
	if (!small_ok(M))
		return search_general(M, opt, best, note, notelen, ncuts);
	return search_small(M, opt, best, note, notelen, ncuts);
}

/* The search on bitsets over every position (search_small's general case). */
static int
search_general(Mn *M, int64_t *opt, Word *best, char *note, size_t notelen, int *ncuts)
{
	Search S = {.M = M, .K = M->npos, .W = M->npos / 64 + 1};
	Word *all = calloc((size_t)S.W, sizeof *all);
	Word *t = calloc((size_t)S.W, sizeof *t);
	int *idx = malloc(sizeof *idx * (size_t)S.K);
	int *count = malloc(sizeof *count * (size_t)S.K);
	if (!all || !t || !idx || !count)
		abort();
	for (int i = 0; i < S.K; i++)
		set_bit(all, i, M->pos[i].candidate);
	int decided = 0;
	memset(best, 0, sizeof *best * (size_t)S.W);
	if (sound_with(M, best)) {
		*opt = 0;
		decided = 1;
		goto done;
	}
	if (!sound_with(M, all)) {
		snprintf(note, notelen, "undecided: no placement of fences makes the input sound");
		goto done;
	}
	for (int round = 0; round < MAX_ROUNDS; round++) {
		Hs H = {.M = M, .K = S.K, .W = S.W, .cuts = S.cuts, .ncuts = S.ncuts, .count = count,
		        .best = WMAX + 1};
		H.cur = calloc((size_t)S.W, sizeof *H.cur);
		H.excl = calloc((size_t)S.W, sizeof *H.excl);
		H.best_set = calloc((size_t)S.W, sizeof *H.best_set);
		if (!H.cur || !H.excl || !H.best_set)
			abort();
		hs_search(&H);
		int64_t cost = H.best;
		memcpy(best, H.best_set, sizeof *best * (size_t)S.W);
		free(H.cur);
		free(H.excl);
		free(H.best_set);
		if (search_undecided(M, H.aborted, S.ncuts, note, notelen))
			goto done;
		if (sound_with(M, best)) {
			*opt = cost;
			decided = 1;
			goto done;
		}
		/* Extend to a maximal unsound placement; its complement is a new cut. */
		memcpy(t, best, sizeof *t * (size_t)S.W);
		int n = 0;
		for (int i = 0; i < S.K; i++)
			if (!bit(t, i) && bit(all, i))
				idx[n++] = i;
		grow(&S, t, idx, n);
		if (S.aborted) {
			snprintf(note, notelen, "undecided: more than %d soundness queries", MAX_QUERIES);
			goto done;
		}
		if (S.ncuts == S.cap) {
			S.cap = S.cap ? 2 * S.cap : 16;
			S.cuts = realloc(S.cuts, sizeof *S.cuts * (size_t)S.cap * (size_t)S.W);
			if (!S.cuts)
				abort();
		}
		Word *cut = S.cuts + (size_t)S.ncuts * (size_t)S.W;
		int empty = 1;
		for (int x = 0; x < S.W; x++) {
			cut[x] = all[x] & ~t[x];
			empty &= cut[x] == 0;
		}
		if (empty) { /* every candidate yet unsound: soundness is not monotone */
			snprintf(note, notelen, "undecided: soundness answered non-monotonically");
			goto done;
		}
		S.ncuts++;
	}
	snprintf(note, notelen, "undecided: more than %d search rounds", MAX_ROUNDS);
done:
	if (decided)
		exact_note(note, notelen, M->ncand, S.ncuts, M->queries);
	*ncuts = S.ncuts;
	free(S.cuts);
	free(all);
	free(t);
	free(idx);
	free(count);
	return decided;
}

#ifdef FENCEFUZZ_PLACEMENT_SELFCHECK
/* Brute force over every subset of the candidates (small K only): the
 * implicit hitting set search must find the same optimum. */
static void
selfcheck(Mn *M, int64_t opt)
{
	if (M->ncand > 14)
		return;
	int cand[14], nc = 0;
	for (int i = 0; i < M->npos; i++)
		if (M->pos[i].candidate)
			cand[nc++] = i;
	int W = M->npos / 64 + 1;
	Word *set = calloc((size_t)W, sizeof *set);
	int *count = malloc(sizeof *count * (size_t)M->npos);
	if (!set || !count)
		abort();
	int64_t best = WMAX + 1;
	for (uint32_t mask = 0; mask < (1u << nc); mask++) {
		memset(set, 0, sizeof *set * (size_t)W);
		for (int i = 0; i < nc; i++)
			set_bit(set, cand[i], mask >> i & 1);
		int64_t cost = set_cost(M, set, count);
		if (cost < best && sound_with(M, set))
			best = cost;
	}
	free(set);
	free(count);
	if (best != opt) {
		fprintf(stderr, "placement selfcheck: search %lld, brute force %lld\n", (long long)opt,
		        (long long)best);
		abort();
	}
}
#endif

/* ---- messages ---------------------------------------------------------------------------- */

static const char *
loop_phrase(Arena *a, const Stmt *loop, const OracleOptions *o)
{
	char buf[IR_MAX_NAME + 128];
	int unknown;
	int64_t w = loop_weight(loop, o, &unknown);
	char name[IR_MAX_NAME + 8] = "while";
	if (loop->kind == ST_FOR) { /* "for %s" */
		Fmt N = {name, sizeof name, 0};
		fmt_s(&N, "for ");
		fmt_s(&N, loop->u.for_.var ? loop->u.for_.var->name : "?");
	}
	/* "inside %s at %d:%d with unknown trip count", or "... with %lld trip%s" */
	Fmt F = {buf, sizeof buf, 0};
	fmt_s(&F, "inside ");
	fmt_s(&F, name);
	fmt_s(&F, " at ");
	fmt_i(&F, loop->loc.line);
	fmt_s(&F, ":");
	fmt_i(&F, loop->loc.col);
	if (unknown) {
		fmt_s(&F, " with unknown trip count");
	} else {
		fmt_s(&F, " with ");
		fmt_i(&F, (long long)w);
		fmt_s(&F, w == 1 ? " trip" : " trips");
	}
	return ar_strdup(a, buf);
}

static Loc
pos_loc(const Pos *x)
{
	if (x->before)
		return x->before->loc;
	return x->owner ? x->owner->loc : (Loc){0, 0};
}

static const char *
pos_phrase(Arena *a, Mn *M, const Pos *x)
{
	char buf[IR_MAX_NAME + 300];
	Loc l = pos_loc(x);
	Fmt F = {buf, sizeof buf, 0};
	if (x->before) { /* "before %d:%d%s%s" */
		fmt_s(&F, "before ");
	} else if (is_loop(x->owner)) { /* "inside for ko at ..." -> "for ko at ..." */
		fmt_s(&F, "at the end of the body of ");
		fmt_s(&F, loop_phrase(a, x->owner, M->o) + strlen("inside "));
		return ar_strdup(a, buf);
	} else { /* "at the end of the %s of the %s at %d:%d%s%s" */
		fmt_s(&F, "at the end of the ");
		fmt_s(&F, x->branch ? "else branch" : x->owner->kind == ST_IF ? "then branch" : "body");
		fmt_s(&F, " of the ");
		fmt_s(&F, x->owner->kind == ST_IF ? "if" : is_loop(x->owner) ? "loop" : "statement");
		fmt_s(&F, " at ");
	}
	fmt_i(&F, l.line);
	fmt_s(&F, ":");
	fmt_i(&F, l.col);
	const Stmt *loop = x->owner ? loop_of(M, x->owner) : NULL;
	if (loop) {
		fmt_s(&F, " ");
		fmt_s(&F, loop_phrase(a, loop, M->o));
	}
	return ar_strdup(a, buf);
}

/* What the statement after a fence does, for "fence before <op>". */
static const char *
op_phrase(Arena *a, const Stmt *s)
{
	if (!s)
		return "the end of its body";
	switch (s->kind) {
	case ST_EVAL:
		if (s->u.eval.value->kind == EX_CALL) {
			const Expr *c = s->u.eval.value;
			if ((!strcmp(c->u.call.name, "call_extern") || !strcmp(c->u.call.name, "call_intrin")) &&
			    c->u.call.nargs > 1 && c->u.call.args[1]->kind == EX_STR)
				return c->u.call.args[1]->u.s;
			if (!strcmp(c->u.call.name, "call_intrin") && c->u.call.nargs > 1 &&
			    c->u.call.args[1]->kind == EX_CALL && c->u.call.args[1]->u.call.nargs > 0 &&
			    c->u.call.args[1]->u.call.args[0]->kind == EX_STR)
				return c->u.call.args[1]->u.call.args[0]->u.s;
			return c->u.call.name;
		}
		return "an evaluate";
	case ST_STORE: {
		char buf[IR_MAX_NAME + 16];
		Fmt F = {buf, sizeof buf, 0}; /* "a store to %s" */
		fmt_s(&F, "a store to ");
		fmt_s(&F, s->u.store.buf->name);
		return ar_strdup(a, buf);
	}
	default: {
		const char *w = ir_stmt_word(s->kind);
		char buf[64];
		Fmt F = {buf, sizeof buf, 0}; /* "%s %s" */
		fmt_s(&F, strchr("aeiou", w[0]) ? "an " : "a ");
		fmt_s(&F, w);
		return ar_strdup(a, buf);
	}
	}
}

static const Stmt *
fence_next(const Inserted *x)
{
	return x->p_next ? x->p_next : x->next;
}

/* ---- the oracle ---------------------------------------------------------------------------- */

static int
is_fence(const Stmt *s)
{
	return ir_stmt_is_call(s, "fence_proxy_async");
}

static void
report_removable(FindingList *out, const Inserted *x, const char *model, int alias)
{
	Loc l = orc_inserted_loc(x);
	const Stmt *nx = fence_next(x);
	const char *op = op_phrase(out->arena, nx);
	Finding *f = fl_add(out, alias ? FK_ALIAS_FENCE : FK_UNNECESSARY_FENCE, model,
	                    alias ? "minimality.alias" : "minimality.necessity",
	                    alias ? RULE_ALIAS : RULE_NECESSITY, l);
	/* fl_set_message's text, made without its format */
	char msg[1024];
	Fmt F = {msg, sizeof msg, 0};
	fmt_s(&F, alias || nx ? "fence before " : "fence at the end of the body at ");
	if (alias || nx) {
		fmt_s(&F, op);
		fmt_s(&F, " at ");
	}
	fmt_i(&F, l.line);
	fmt_s(&F, ":");
	fmt_i(&F, l.col);
	fmt_s(&F, alias ? " guards only non-overlapping footprints: it is needed when any shared access "
	                  "counts, not when footprints are compared"
	                : " can be removed; the program stays sound");
	if (!out->keys_only)
		f->message = ar_strdup(out->arena, msg);
	char what[IR_MAX_NAME + 64];
	Fmt W = {what, sizeof what, 0}; /* "%s fence before %s" */
	fmt_s(&W, alias ? "alias-only" : "unnecessary");
	fmt_s(&W, " fence before ");
	fmt_s(&W, op);
	fl_add_step(out, f, l, what);
	f->strength_note = ar_strdup(out->arena, alias ? "soundness without this fence, footprints "
	                                                 "compared vs any shared access"
	                                               : "soundness of the output without this fence");
	fl_sign(f);
}

/* ---- the survey ---------------------------------------------------------------------------- */

/* What placement reads before it searches (the number of candidates, the
 * cheapest, the depth, and q's cost), found in one walk of p as
 * collect_list and tc_list walk it, without positions or maps: an output
 * whose input has more candidates than the cap, or whose placement is
 * decided by the cost alone, needs nothing else.  The inserted fences are
 * counted where pos_of puts them; a place met twice (a statement shared
 * in the input, which the maps would give the last position of) makes the
 * survey give way to collect_list and tree_cost (conflict). */
typedef struct SvKey {
	const Stmt *s; /* the statement a fence stands before (tag 0), or ends a body of (tag 1 + branch) */
	int tag, count, seen;
} SvKey;

typedef struct Sv {
	const Mn *M;
	SvKey *keys;  /* open addressing, mask + 1 slots; NULL: no inserted fence */
	unsigned mask;
	uint64_t home; /* bit sv_hash >> 26 of each key: most places hold no fence */
	const OracleOptions *o; /* M->o */
	int worst;    /* o->placement_worst_path != 0 */
	int fn_end;   /* fences at the end of the function body */
	int npos, ncand, overflow, conflict;
	int64_t cheapest;
} Sv;

/* The hash of a place: its low bits (& mask) the home slot, its top six
 * the bit of the filter S->home (all 64 bits in use at any table size). */
static unsigned
sv_hash(const Stmt *s, int tag)
{
	return (unsigned)((((uintptr_t)s >> 4) + (uintptr_t)tag) * 0x9e3779b1u);
}

static int
sv_count(Sv *S, const Stmt *s, int tag)
{
	if (!S->keys)
		return 0;
	unsigned x = sv_hash(s, tag);
	if (!(S->home >> (x >> 26) & 1))
		return 0;
	for (unsigned h = x & S->mask; S->keys[h].s; h = (h + 1) & S->mask) {
		SvKey *k = &S->keys[h];
		if (k->s == s && k->tag == tag) {
			S->conflict |= k->seen;
			k->seen = 1;
			return k->count;
		}
	}
	return 0;
}

static void
sv_pos(Sv *S, int64_t w, int candidate)
{
	S->npos++;
	if (candidate && w > 0) {
		S->ncand++;
		if (w < S->cheapest)
			S->cheapest = w;
	}
}

/* collect_list's positions and tc_list's cost of body at once. */
static int64_t
sv_list(Sv *S, const Stmt *owner, int branch, Stmt *body, int64_t w, int depth)
{
	if (!body)
		return 0;
	if (depth > IR_MAX_DEPTH) {
		S->overflow = 1;
		return 0;
	}
	int n;
	Stmt *const *items = items_of(&body, &n);
	int64_t c = 0;
	/* the n positions before the items (sv_pos n times) */
	S->npos += n;
	if (n && w > 0) {
		S->ncand += n;
		if (w < S->cheapest)
			S->cheapest = w;
	}
	int keyed = S->keys != NULL;
	for (int k = 0; k < n; k++) {
		const Stmt *s = items[k];
		if (keyed) {
			int f = sv_count(S, s, 0);
			if (f) /* c <= WMAX: sat_add(c, 0) is c */
				c = sat_add(c, f);
		}
		int nb = nbodies(s);
		if (!nb)
			continue; /* tc_item is 0 */
		int64_t sw = weight_of(s, S->o), cw = sat_mul(w, sw), x;
		if (s->kind == ST_IF) {
			int64_t a = sv_list(S, s, 0, s->u.if_.then_, cw, depth + 1);
			int64_t b = sv_list(S, s, 1, s->u.if_.else_, cw, depth + 1);
			x = S->worst ? (a > b ? a : b) : sat_add(a, b);
		} else {
			x = sat_mul(sw, sv_list(S, s, 0, body_at(s, 0), cw, depth + 1));
		}
		c = sat_add(c, x);
	}
	sv_pos(S, w, owner && END_CAND[S->worst][owner->kind]); /* end_is_candidate(S->M, owner) */
	return sat_add(c, owner ? sv_count(S, owner, 1 + branch) : S->fn_end);
}

/* The survey of M->p with the inserted fences of ins; returns q's cost. */
static int64_t
survey(const Mn *M, const Inserted *ins, int nins, Sv *S)
{
	SvKey small[64];
	memset(S, 0, sizeof *S);
	S->M = M;
	S->o = M->o;
	S->worst = M->o->placement_worst_path != 0;
	S->cheapest = WMAX;
	int nf = 0;
	for (int i = 0; i < nins; i++)
		nf += M->isf[i];
	if (nf) {
		unsigned size = 16;
		while (size < 2u * (unsigned)nf)
			size *= 2;
		S->keys = size <= 64 ? small : malloc(sizeof *S->keys * size);
		if (!S->keys)
			abort();
		memset(S->keys, 0, sizeof *S->keys * size);
		S->mask = size - 1;
	}
	for (int i = 0; i < nins; i++) {
		const Inserted *x = &ins[i];
		if (!M->isf[i])
			continue;
		const Stmt *key = x->p_next ? x->p_next : x->p_parent;
		int tag = x->p_next ? 0 : 1 + (x->branch ? 1 : 0);
		if (!key) {
			S->fn_end++;
			continue;
		}
		unsigned hx = sv_hash(key, tag), h = hx & S->mask;
		S->home |= (uint64_t)1 << (hx >> 26);
		while (S->keys[h].s && !(S->keys[h].s == key && S->keys[h].tag == tag))
			h = (h + 1) & S->mask;
		S->keys[h].s = key, S->keys[h].tag = tag;
		S->keys[h].count++;
	}
	int64_t cost = sv_list(S, NULL, 0, M->p->body, 1, 0);
	if (S->keys != small)
		free(S->keys);
	S->keys = NULL;
	return cost;
}

/* Positions, maps and weights of p (collect_list), made once; the arrays
 * sized for the positions the survey counted (npos_hint, 0: unknown) and
 * twice as many ops of the set program (they grow past that as ever). */
static void
ensure_collected(Mn *M)
{
	if (!M->collected) {
		int n = M->npos_hint;
		if (n > M->cap) {
			M->cap = n;
			M->pos = realloc(M->pos, sizeof *M->pos * (size_t)n);
			if (!M->pos)
				abort();
		}
		if (2 * n > M->captcs) {
			M->captcs = 2 * n;
			M->tcs = realloc(M->tcs, sizeof *M->tcs * (size_t)(2 * n));
			if (!M->tcs)
				abort();
		}
		if (n > 0)
			idmap_reserve(&M->before_id, (unsigned)n); /* one entry per item at most */
		collect_list(M, NULL, 0, M->p->body, 1, 0, 0);
		M->collected = 1;
	}
}

/* Is p itself sound (no fence placed)?  One query on its candidate graph. */
static int
input_sound(Mn *M)
{
#ifndef FENCEFUZZ_PLACEMENT_SELFCHECK
	if (!M->gstate)
		graph_build(M);
	if (M->gstate > 0) {
		M->queries++;
		return orc_is_sound_graph(M->g, M->o, NULL, NULL);
	}
#endif
	ensure_collected(M);
	Word *none = calloc((size_t)(M->npos / 64 + 1), sizeof *none);
	if (!none)
		abort();
	int ok = sound_with(M, none);
	free(none);
	return ok;
}

/* q's cost by collect_list's positions and the tree walk (the survey's
 * cost unless a place is met twice). */
static int64_t
collected_cost(Mn *M, const Inserted *ins, int nins)
{
	ensure_collected(M);
	int *count = calloc((size_t)M->npos + 1, sizeof *count);
	if (!count)
		abort();
	for (int i = 0; i < nins; i++) {
		int id = M->isf[i] ? pos_of(M, &ins[i]) : -1;
		if (id >= 0)
			count[id]++;
	}
	int64_t cost = tree_cost(M, count);
	free(count);
	return cost;
}

/* exact: 1 when q is p plus fences only (so q's fences are a placement). */
static void
placement(Mn *M, const Inserted *ins, int nins, const char *model, FindingList *out,
          MinimalityStatus *st, int q_sound, int exact)
{
	Arena *a = out->arena;
	Sv S;
	int64_t cost_q = survey(M, ins, nins, &S);
	M->npos_hint = S.npos;
	if (S.overflow) {
		st->placement = ORC_PLACEMENT_UNDECIDED;
		fmt_put(st->note, sizeof st->note, "undecided: nesting too deep");
		return;
	}
	if (S.conflict)
		cost_q = collected_cost(M, ins, nins);
	st->cost_q = cost_q;
	st->gaps = S.ncand;
	if (cost_q == 0) {
		st->placement = ORC_PLACEMENT_DECIDED;
		st->cost_opt = 0;
		fmt_put(st->note, sizeof st->note, "no inserted fence executes: nothing to improve");
		return;
	}
	/* Fast path: when q is p plus fences and sound, its placement is a sound
	 * one, so the optimum is at most cost(q); when p is unsound every sound
	 * placement holds a fence, costing at least the cheapest candidate.  A q
	 * costing no more than that is optimal: one soundness query, no search. */
	if (exact && q_sound && cost_q <= S.cheapest && !input_sound(M)) {
		st->placement = ORC_PLACEMENT_DECIDED;
		st->cost_opt = cost_q;
		Fmt F = {st->note, sizeof st->note, 0};
		fmt_s(&F, "exact: the input needs a fence and the output pays only the cheapest position (");
		fmt_i(&F, (long long)cost_q);
		fmt_s(&F, ")");
		return;
	}
	if (S.ncand > M->o->placement_max_gaps) {
		st->placement = ORC_PLACEMENT_UNDECIDED;
		Fmt F = {st->note, sizeof st->note, 0};
		fmt_s(&F, "undecided: ");
		fmt_i(&F, S.ncand);
		fmt_s(&F, " candidate positions > cap ");
		fmt_i(&F, M->o->placement_max_gaps);
		return;
	}
	ensure_collected(M);
	Word best_small[8];
	size_t nbest = (size_t)(M->npos / 64 + 1);
	Word *best = nbest <= 8 ? best_small : malloc(sizeof *best * nbest);
	if (!best)
		abort();
	memset(best, 0, sizeof *best * nbest);
	int64_t opt = 0;
	int decided = search_optimum(M, &opt, best, st->note, sizeof st->note);
	if (!decided) {
		st->placement = ORC_PLACEMENT_UNDECIDED;
		if (best != best_small)
			free(best);
		return;
	}
	st->placement = ORC_PLACEMENT_DECIDED;
	st->cost_opt = opt;
#ifdef FENCEFUZZ_PLACEMENT_SELFCHECK
	selfcheck(M, opt);
#endif
	if (cost_q > opt) {
		const Inserted *costliest = NULL;
		int64_t costliest_w = -1;
		int nfences = 0;
		for (int i = 0; i < nins; i++) {
			int id = M->isf[i] ? pos_of(M, &ins[i]) : -1;
			if (id < 0)
				continue; /* cannot happen for an aligned output */
			nfences++;
			if (M->pos[id].weight > costliest_w) {
				costliest_w = M->pos[id].weight;
				costliest = &ins[i];
			}
		}
		const Stmt *cnext = fence_next(costliest);
		const Stmt *loop = costliest->p_parent ? loop_of(M, costliest->p_parent) : NULL;
		Loc ql = orc_inserted_loc(costliest);
		char qdesc[600], odesc[1200] = "";
		/* "%d fence%s; costliest before %s at %d:%d%s%s" */
		Fmt Q = {qdesc, sizeof qdesc, 0};
		fmt_i(&Q, nfences);
		fmt_s(&Q, nfences == 1 ? " fence" : " fences");
		fmt_s(&Q, "; costliest before ");
		fmt_s(&Q, op_phrase(a, cnext));
		fmt_s(&Q, " at ");
		fmt_i(&Q, ql.line);
		fmt_s(&Q, ":");
		fmt_i(&Q, ql.col);
		if (loop) {
			fmt_s(&Q, " ");
			fmt_s(&Q, loop_phrase(a, loop, M->o));
		}
		Fmt O = {odesc, sizeof odesc, 0};
		int nopt = 0;
		Loc first = ql;
		for (int i = 0; i < M->npos; i++) {
			if (!bit(best, i))
				continue;
			if (!nopt++)
				first = pos_loc(&M->pos[i]);
			if (nopt > 4)
				continue;
			/* "%sfence %s" at odesc + len: cut there, the list ends */
			const char *sep = nopt > 1 ? ", " : "", *phrase = pos_phrase(a, M, &M->pos[i]);
			size_t n = strlen(sep) + strlen("fence ") + strlen(phrase), room = sizeof odesc - O.k;
			fmt_s(&O, sep);
			fmt_s(&O, "fence ");
			fmt_s(&O, phrase);
			if (n >= room)
				break;
		}
		if (!nopt)
			fmt_put(odesc, sizeof odesc, "no inserted fence needed");
		Finding *f = fl_add(out, FK_PLACEMENT, model, "minimality.placement", RULE_PLACEMENT, ql);
		if (!out->keys_only) { /* "%scost %lld (%s) > optimum %lld (%s%s)%s" */
			char msg[1024];
			Fmt F = {msg, sizeof msg, 0};
			msg[0] = 0;
			if (M->o->placement_worst_path)
				fmt_s(&F, "worst-path ");
			fmt_s(&F, "cost ");
			fmt_i(&F, (long long)cost_q);
			fmt_s(&F, " (");
			fmt_s(&F, qdesc);
			fmt_s(&F, ") > optimum ");
			fmt_i(&F, (long long)opt);
			fmt_s(&F, " (");
			fmt_s(&F, odesc);
			if (nopt > 4)
				fmt_s(&F, ", ...");
			fmt_s(&F, ")");
			if (!q_sound)
				fmt_s(&F, "; the output is also unsound");
			f->message = ar_strdup(a, msg);
		}
		fl_add_step(out, f, ql, costliest_w > 1 ? "output fence inside a loop" : "output fence");
		fl_add_step(out, f, first, nopt ? "optimal fence position" : "no fence needed");
		char note[200];
		Fmt N = {note, sizeof note, 0}; /* "exact: exhaustive over %d candidate positions" */
		fmt_s(&N, "exact: exhaustive over ");
		fmt_i(&N, M->ncand);
		fmt_s(&N, " candidate positions");
		f->strength_note = ar_strdup(a, note);
		fl_sign(f);
	}
	if (best != best_small)
		free(best);
}

/* The necessity queries "is q sound without inserted fence x" on q's own
 * graph: erasing x's statement (an ST_EVAL of one fence call, no argument)
 * removes exactly its EV_FENCE nodes, one per class of threads whose path
 * reaches it (events.c builds nothing else from it, and the thread classes
 * do not depend on it), so the query is q's graph with those nodes read as
 * no fence.  Usable when q's graph is complete and x's statement is one
 * node of q's tree; otherwise the query rebuilds q without x.  The graph is
 * cut once at the nodes of every usable fence (orc_sound_cut), and each
 * query flips one fence's nodes on the cut. */
typedef struct Nq {
	const EventGraph *g;
	int nins;
	int *slot;      /* by inserted index: its fence's slot, -1: not answerable on the graph */
	int nslots;
	int *vstart;    /* slot s's nodes: var[vstart[s] .. vstart[s + 1]) */
	int *var, nvar;
	void *block;         /* slot, vstart and var live in it (nq_scratch) */
	OrcSoundCut *cut;    /* NULL: the queries go to orc_is_sound_graph with flip */
	unsigned char *flip; /* by node: read as no fence (zero between queries) */
} Nq;

/* The block of nq_prepare, kept from call to call (grown, never shrunk). */
static _Thread_local struct {
	void *p;
	size_t cap;
} nq_scratch;

static int
fence_nodes_only(const Stmt *s)
{
	return s->kind == ST_EVAL && s->u.eval.value->kind == EX_CALL &&
	       s->u.eval.value->u.call.nargs == 0 && s->u.eval.value->u.call.nkw == 0;
}

/* The hash of statement s in a table of nq_prepare (size mask + 1, open
 * addressing): its low bits (& mask) the home slot, its top six the bit
 * of the table's filter. */
static unsigned
nq_hash(const Stmt *s)
{
	return (unsigned)(((uintptr_t)s >> 4) * 0x9e3779b1u);
}

/* A table of nq_prepare with a filter: bit nq_hash >> 26 set for each key
 * (most statements looked up are not keys). */
typedef struct NqTab {
	const Stmt **keys;
	int *vals;
	unsigned mask;
	uint64_t home;
} NqTab;

static void
nqt_put(NqTab *T, const Stmt *s, int v)
{
	unsigned x = nq_hash(s), h = x & T->mask;
	T->home |= (uint64_t)1 << (x >> 26);
	while (T->keys[h] && T->keys[h] != s)
		h = (h + 1) & T->mask;
	T->keys[h] = s, T->vals[h] = v;
}

/* Value of statement s in table T, -1: none. */
static inline int
nqt_get(const NqTab *T, const Stmt *s)
{
	unsigned x = nq_hash(s), h = x & T->mask;
	if (!(T->home >> (x >> 26) & 1))
		return -1;
	while (T->keys[h] && T->keys[h] != s)
		h = (h + 1) & T->mask;
	return T->keys[h] ? T->vals[h] : -1;
}

static inline void
nqt_count(NqTab *T, const Stmt *s)
{
	unsigned x = nq_hash(s), h = x & T->mask;
	if (!(T->home >> (x >> 26) & 1))
		return;
	while (T->keys[h] && T->keys[h] != s)
		h = (h + 1) & T->mask;
	if (T->keys[h])
		T->vals[h]++;
}

/* Occurrences in the tree of s of the statements of the table (values:
 * counts; the counted statements are fences, ST_EVALs). */
static void
count_stmts(NqTab *T, const Stmt *s, int depth)
{
	if (!s || depth > IR_MAX_DEPTH)
		return;
	if (s->kind == ST_EVAL) {
		nqt_count(T, s);
		return;
	}
	if (s->kind == ST_SEQ) {
		if (depth + 1 > IR_MAX_DEPTH)
			return;
		for (int i = 0; i < s->u.seq.n; i++) {
			const Stmt *x = s->u.seq.items[i];
			if (!x)
				continue;
			if (x->kind == ST_EVAL) {
				nqt_count(T, x);
			} else if (x->kind == ST_SEQ) {
				count_stmts(T, x, depth + 1);
			} else { /* x's bodies, as count_stmts(T, x, depth + 1) (depth + 1 is in range) */
				int nb = nbodies(x); /* other leaves hold no statement */
				for (int b = 0; b < nb; b++)
					count_stmts(T, body_at(x, b), depth + 2);
			}
		}
		return;
	}
	int nb = nbodies(s);
	for (int b = 0; b < nb; b++)
		count_stmts(T, body_at(s, b), depth + 1);
}

/* Finds the inserted fences the graph can answer for (each once in q's
 * tree: one walk of it), their nodes (one pass over the graph), and cuts
 * the graph at all of them. */
static void
nq_prepare(Nq *N, const Func *q, const Inserted *ins, const unsigned char *isf, int nins)
{
	const EventGraph *g = N->g;
	int n = g->n;
	N->nins = nins;
	unsigned size = 8;
	while (size < 2u * (unsigned)nins + 2u)
		size *= 2;
	/* One block: the two tables' keys, then the ints (slot, vstart, var
	 * kept; the tables' values, node_slot, hit, cnt), then ok. */
	size_t nints = (size_t)nins + (size_t)(nins + 1) + (size_t)n + 2 * (size_t)size + 2 * (size_t)n +
	               (size_t)(nins + 1);
	N->block = nq_scratch.p = orc_scratch_grow(nq_scratch.p, &nq_scratch.cap,
	                                           sizeof(const Stmt *) * 2 * (size_t)size +
	                                               sizeof(int) * nints + (size_t)nins + 1);
	const Stmt **keys = N->block, **ukeys = keys + size;
	memset(keys, 0, sizeof *keys * 2 * (size_t)size);
	N->slot = (int *)(keys + 2 * (size_t)size);
	N->vstart = N->slot + nins;
	N->var = N->vstart + nins + 1;
	int *vals = N->var + n, *uses = vals + size, *node_slot = uses + size, *hit = node_slot + n;
	int *cnt = hit + n;
	unsigned char *ok = (unsigned char *)(cnt + nins + 1);
	memset(cnt, 0, sizeof *cnt * (size_t)(nins + 1));
	NqTab U = {ukeys, uses, size - 1, 0}, T = {keys, vals, size - 1, 0};
	for (int i = 0; i < nins; i++)
		if (isf[i])
			nqt_put(&U, ins[i].stmt, 0);
	count_stmts(&U, q->body, 0);
	N->nslots = 0;
	for (int i = 0; i < nins; i++) {
		const Stmt *x = ins[i].stmt;
		N->slot[i] = -1;
		if (g->overflow || !isf[i] || !fence_nodes_only(x) || nqt_get(&U, x) != 1)
			continue;
		/* once in q, so once among the inserted items */
		nqt_put(&T, x, N->nslots);
		N->slot[i] = N->nslots;
		ok[N->nslots++] = 1;
	}
	int nhits = 0; /* the nodes of the slots' statements: hit[j] at slot node_slot[j] */
	const Stmt *last = NULL; /* the nodes of one statement are mostly consecutive */
	int last_sl = -1;
	const Event *ev = g->ev; /* in locals: the stores to ok (chars) would reload g and N */
	for (int v = 0, nv = N->nslots ? n : 0; v < nv; v++) {
		const Stmt *st = ev[v].stmt;
		if (st != last) {
			last = st;
			last_sl = st ? nqt_get(&T, st) : -1;
		}
		int sl = last_sl;
		if (sl < 0)
			continue;
		hit[nhits] = v;
		node_slot[nhits++] = sl;
		cnt[sl]++;
		ok[sl] &= ev[v].kind == EV_FENCE;
	}
	int k = 0;
	for (int sl = 0; sl < N->nslots; sl++) {
		N->vstart[sl] = k;
		if (ok[sl])
			k += cnt[sl];
		cnt[sl] = N->vstart[sl]; /* fill pointer */
	}
	N->vstart[N->nslots] = k;
	N->nvar = k;
	for (int j = 0; j < nhits; j++)
		if (ok[node_slot[j]])
			N->var[cnt[node_slot[j]]++] = hit[j];
	for (int i = 0; i < nins; i++)
		if (N->slot[i] >= 0 && !ok[N->slot[i]])
			N->slot[i] = -1;
	N->cut = N->nslots ? orc_sound_cut(g, N->var, N->nvar) : NULL;
	if (N->nslots && !N->cut && !(N->flip = calloc((size_t)n + 1, 1)))
		abort();
}

static void
nq_free(Nq *N)
{
	orc_sound_cut_free(N->cut);
	free(N->flip); /* the block is nq_scratch's */
}

/* 1/0: q without inserted item i is sound under o; -1: not answerable on the graph. */
static int
sound_without(Nq *N, int i, const OracleOptions *o)
{
	int sl = N->slot ? N->slot[i] : -1;
	if (sl < 0)
		return -1;
	if (N->cut) {
		uint64_t flip = 0;
		for (int j = N->vstart[sl]; j < N->vstart[sl + 1]; j++)
			flip |= (uint64_t)1 << j;
		return orc_sound_cut_query(N->cut, o, &flip);
	}
	for (int j = N->vstart[sl]; j < N->vstart[sl + 1]; j++)
		N->flip[N->var[j]] = 1;
	int r = orc_is_sound_graph(N->g, o, N->flip, NULL);
	for (int j = N->vstart[sl]; j < N->vstart[sl + 1]; j++)
		N->flip[N->var[j]] = 0;
	return r;
}

static inline int
necessity_query(Nq *N, const Inserted *ins, int i, const Func *q, const OracleOptions *o, Arena *scratch)
{
	int r = sound_without(N, i, o);
	if (r >= 0)
		return r;
	return orc_is_sound(orc_erase(q, &ins[i], 1, scratch), o);
}

/* What placement makes of the input function alone (its positions, its
 * candidate graph with the plan of its queries, the compiled cost walks),
 * kept from one output of it to the next within an input scope
 * (orc_input_epoch: p does not change there) under the same options: the
 * models of one program share one input.  The candidate graph is
 * kept_graph(1).  One entry: the last function judged. */
static struct {
	int valid;
	const Func *p;
	unsigned long epoch;
	OracleOptions o;
	Mn m; /* the fields of p alone; the others unused */
} pcache;

static void
pcache_save(const Mn *M, unsigned long epoch)
{
	pcache.valid = 1;
	pcache.p = M->p;
	pcache.epoch = epoch;
	pcache.o = *M->o;
	pcache.m = *M;
}

/* Frees what M holds of p alone (M's own, or the cache's once loaded);
 * its arrays go to kept_arrays when there is room. */
static void
p_state_free(Mn *M)
{
	if (!kept_arrays.pos && sizeof *M->pos * (size_t)M->cap <= KEEP_ARRAY)
		kept_arrays.pos = M->pos, kept_arrays.cap = M->cap;
	else
		free(M->pos);
	map_keep(&M->before_id, 0);
	map_keep(&M->end_id[0], 1);
	map_keep(&M->end_id[1], 2);
	orc_sound_plan_free(M->plan);
	if (M->gstate)
		graph_release(M->g);
	if (!kept_arrays.cnode && M->cnode_bytes <= KEEP_ARRAY) /* and cpos, on: one block */
		kept_arrays.cnode = M->cnode, kept_arrays.cnode_bytes = M->cnode_bytes;
	else
		free(M->cnode);
	if (!kept_arrays.tcs && sizeof *M->tcs * (size_t)M->captcs <= KEEP_ARRAY)
		kept_arrays.tcs = M->tcs, kept_arrays.captcs = M->captcs;
	else
		free(M->tcs);
}

/* M starts from the cache's state of p (1), or empty with the kept maps
 * (0; the cache is dropped). */
static int
pcache_load(Mn *M, unsigned long epoch)
{
	if (pcache.valid && epoch && pcache.epoch == epoch && pcache.p == M->p && same_options(&pcache.o, M->o)) {
		const Mn *c = &pcache.m;
		M->pos = c->pos, M->npos = c->npos, M->cap = c->cap, M->ncand = c->ncand;
		M->before_id = c->before_id, M->end_id[0] = c->end_id[0], M->end_id[1] = c->end_id[1];
		M->fn_end_id = c->fn_end_id, M->depth_overflow = c->depth_overflow;
		M->collected = c->collected, M->end_twice = c->end_twice;
		memcpy(M->cand_pos, c->cand_pos, sizeof M->cand_pos);
		M->gstate = c->gstate, M->g = c->g, M->cnode = c->cnode, M->cpos = c->cpos;
		M->cnode_bytes = c->cnode_bytes;
		M->ncand_nodes = c->ncand_nodes, M->on = c->on, M->plan = c->plan, M->has_classes = c->has_classes;
		M->tcs = c->tcs, M->ntcs = c->ntcs, M->captcs = c->captcs, M->tcdepth = c->tcdepth;
		M->tcs_ok = c->tcs_ok, M->compiled = c->compiled, M->mapped = c->mapped;
		pcache.valid = 0;
		return 1;
	}
	if (pcache.valid) {
		pcache.valid = 0;
		p_state_free(&pcache.m);
	}
	map_take(&M->before_id, 0);
	map_take(&M->end_id[0], 1);
	map_take(&M->end_id[1], 2);
	M->pos = kept_arrays.pos, M->cap = kept_arrays.cap;
	M->tcs = kept_arrays.tcs, M->captcs = kept_arrays.captcs;
	kept_arrays.pos = NULL, kept_arrays.tcs = NULL;
	return 0;
}

int
orc_minimality_graph(const Func *p, const Func *q, const EventGraph *gq, const OrcAlignment *al,
                     const OracleOptions *o, const char *model, FindingList *out,
                     MinimalityStatus *status)
{
	MinimalityStatus local;
	MinimalityStatus *st = status ? status : &local;
	memset(st, 0, sizeof *st);
	st->placement = ORC_PLACEMENT_SKIPPED;
	unsigned levels = o->enabled & (ORC_NECESSITY | ORC_PLACEMENT | ORC_ALIAS);
	if (!levels)
		return 0;
	int before = out->n;
	if (!scratch_arena)
		scratch_arena = ar_new();
	Mn M = {.p = p, .o = o, .scratch = scratch_arena, .fn_end_id = -1};
	unsigned long epoch = orc_input_epoch(p);
	M.epoch = epoch;
	pcache_load(&M, epoch);
	EventGraph *own = NULL;
	int built = 0;
	Nq N = {0};
	unsigned char *isf = NULL, isf_small[256];
	Inserted *ins = NULL;
	int nins = 0;
	int preserved;
	if (al) {
		preserved = al->preserved;
		ins = al->ins;
		nins = al->nins;
	} else {
		preserved = orc_align(p, q, M.scratch, &ins, &nins, NULL) == 0;
	}
	/* An alignment given for an output that is not preserved holds its
	 * shape alignment, when there is one (case_alignment, oracles.c). */
	if (!preserved && !(al && ins) && orc_align_shape(p, q, M.scratch, &ins, &nins) != 0) {
		fmt_put(st->note, sizeof st->note,
		        "skipped: the output does not align with the input (see preservation)");
		goto done;
	}
	st->aligned = 1;
	if (!gq) {
		own = kept_graph(0);
		orc_events_build(own, q);
		gq = own;
		built = 1;
	}
	N.g = gq;
	st->q_sound = orc_is_sound_graph(gq, o, NULL, NULL);
	isf = (size_t)nins + 1 <= sizeof isf_small ? isf_small : malloc((size_t)nins + 1);
	if (!isf)
		abort();
	for (int i = 0; i < nins; i++)
		st->inserted_fences += isf[i] = (unsigned char)is_fence(ins[i].stmt);
	M.isf = isf;

	/* Levels 1 and 3 ask only about inserted fences: none, no query. */
	if ((levels & (ORC_NECESSITY | ORC_ALIAS)) && !st->inserted_fences) {
		st->necessity_skipped = !st->q_sound;
	} else if (levels & (ORC_NECESSITY | ORC_ALIAS)) {
		OracleOptions plain = *o, aware = *o;
		plain.alias_aware = 0;
		aware.alias_aware = 1;
		/* Sound when any shared access counts is sound when footprints are
		 * compared (an alias-aware hazard is one of the plain search's, on
		 * the same path): only an unsound q asks. */
		int check_alias = (levels & ORC_ALIAS) &&
		                  ((!o->alias_aware && st->q_sound) || orc_is_sound_graph(gq, &aware, NULL, NULL));
		st->necessity_skipped = !st->q_sound;
		if (st->q_sound || check_alias) {
			nq_prepare(&N, q, ins, isf, nins);
		}
		for (int i = 0; i < nins && (st->q_sound || check_alias); i++) {
			if (!isf[i])
				continue;
			int removable = -1; /* under o */
			if (st->q_sound && (levels & ORC_NECESSITY)) {
				removable = necessity_query(&N, ins, i, q, o, M.scratch);
				if (removable)
					report_removable(out, &ins[i], model, 0);
			}
			if (check_alias) {
				int plain_ok = removable >= 0 && !o->alias_aware
				                   ? removable
				                   : necessity_query(&N, ins, i, q, &plain, M.scratch);
				if (!plain_ok && necessity_query(&N, ins, i, q, &aware, M.scratch))
					report_removable(out, &ins[i], model, 1);
			}
		}
	}

	if (levels & ORC_PLACEMENT) {
		int fences_only = preserved;
		for (int i = 0; i < nins; i++)
			fences_only &= isf[i];
		placement(&M, ins, nins, model, out, st, st->q_sound, fences_only);
	}
done:
	st->queries = M.queries;
	if (epoch)
		pcache_save(&M, epoch);
	else
		p_state_free(&M);
	/* M.kpos (and kstart, knode: one block) is ks_scratch's */
	orc_sound_cut_free(M.kcut);
	ar_reset(M.scratch);
	nq_free(&N);
	if (isf != isf_small)
		free(isf);
	if (built)
		graph_release(own);
	return out->n - before;
}

int
orc_minimality_status(const Func *p, const Func *q, const OracleOptions *o, const char *model,
                      FindingList *out, MinimalityStatus *status)
{
	return orc_minimality_graph(p, q, NULL, NULL, o, model, out, status);
}

int
orc_minimality(const Func *p, const Func *q, const OracleOptions *o, const char *model,
               FindingList *out)
{
	return orc_minimality_status(p, q, o, model, out, NULL);
}
