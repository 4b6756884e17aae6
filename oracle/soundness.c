/* soundness.c: no missing fence.proxy.async on any path (docs/semantics.md §5.2).
 *
 * Checks: on every control-flow path of one thread, between a generic-proxy
 * write of shared memory and a later async-proxy access (read or write),
 * and, with o->war, between a generic read and a later async WRITE, there is
 * a fence_proxy_async.  Generic read -> async read needs none.
 *
 * Method (deliberately not the pass's dataflow): reachability on the event
 * graph (events.c).  One multi-source breadth-first search per class of
 * sources (all generic writes; all generic reads) walks the edges without
 * entering a fence node; every async event it reaches is an unfenced
 * hazard.  A finite graph's reachability covers every path, any number of
 * loop iterations included, so each finding is proved for all paths of the
 * CFG (branch conditions and trip counts unknown unless constant).  With
 * o->alias_aware the sources are grouped by footprint and an async event
 * counts only when its footprint may overlap the class's (undecidable ->
 * overlap); more than MAX_CLASSES footprints of one kind fall back to one
 * class per allocation, and more allocations than that to a single class.
 * Parent pointers of the search give the witness: the path of statement
 * locations from the generic access to the unfenced async op.  The same
 * reachability as bit sets, the graph cut at every fence (fence_cut, kept
 * with the graph for the queries of minimality.c), answers first: a graph
 * it finds sound needs no search.
 *
 * Assumes: the fence is executed by the thread that issues the async op
 * (docs/semantics.md §3, profile `program-order`, the pass's own contract).
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "events.h"
#include "oracle.h"
#include "oracles.h"

enum { H_WR, H_WW, H_RW, NHAZ }; /* write->async read, write->async write, read->async write */
enum { MAX_CLASSES = 32 };

static const char RULE_W[] =
	"PTX ISA 9.1 \u00a78.6 (Proxies), \u00a79.7.13.4 (fence.proxy.async): a generic-proxy write of shared "
	"memory and a later async-proxy access of it (TMA, wgmma/tcgen05 operand) must be separated "
	"by fence.proxy.async";
static const char RULE_WAR[] =
	"PTX ISA 9.1 \u00a78.6 (Proxies), \u00a79.7.13.4 (fence.proxy.async): a generic-proxy read of shared "
	"memory and a later async-proxy write of it (TMA load) must be separated by fence.proxy.async "
	"(WAR across proxies, docs/semantics.md \u00a72 hazard 3; DeepEP #621/#632/#642, TransformerEngine #2695)";
static const char NOTE[] =
	"all paths of the control-flow graph; branch conditions and trip counts unknown unless constant";

typedef enum { MATCH_ANY, MATCH_ALLOC, MATCH_EXACT } Match;

typedef struct Class {
	EventKind src; /* EV_GWRITE or EV_GREAD */
	Match match;   /* which sources belong: all, same allocation, same footprint */
	Foot foot;     /* the footprint they share (alloc NULL: any) */
} Class;

typedef struct Search {
	const EventGraph *g;
	const OracleOptions *o;
	int *stamp, *parent, *queue, *path;
	int *cls;             /* by generic access: its class (classes()), -1 none */
	unsigned char *found; /* per site and hazard */
	int *gen, ngen;       /* the generic writes, then the generic reads, each in node order */
} Search;

static int
same_foot(const Foot *a, const Foot *b)
{
	return a->alloc == b->alloc && a->known == b->known && (!a->known || (a->lo == b->lo && a->hi == b->hi));
}

static int
member(const Class *c, const Event *e)
{
	if (e->kind != c->src)
		return 0;
	switch (c->match) {
	case MATCH_EXACT: return same_foot(&c->foot, &e->foot);
	case MATCH_ALLOC: return c->foot.alloc == e->foot.alloc;
	default: return 1;
	}
}

static unsigned
foot_hash(const Foot *f, Match m)
{
	uint64_t h = (uint64_t)(uintptr_t)f->alloc >> 4;
	if (m == MATCH_EXACT && f->known) /* same_foot reads lo and hi only when known */
		h = h * 31 + 1 + (uint64_t)f->lo * 131 + (uint64_t)f->hi * 8191;
	return (unsigned)((h * 0x9e3779b97f4a7c15ULL) >> 57); /* 7 bits */
}

/* Groups the sources of one kind into classes; returns the new count.
 * cls: NULL, or by node the class of each source of the kind.  A class is
 * found by its footprint (or allocation) in a table of 128 slots: the one
 * member() would find first, since no two classes of a kind share one. */
static int
group(const EventGraph *g, EventKind kind, Match m, Class *cl, int n, int *cls, const int *list, int nlist)
{
	int first = n;
	int count = list ? nlist : g->n;
	signed char table[128];
	if (m != MATCH_ANY)
		memset(table, -1, sizeof table);
	for (int x = 0; x < count; x++) {
		int i = list ? list[x] : x;
		const Event *e = &g->ev[i];
		if (e->kind != kind)
			continue;
		int j = first;
		unsigned h = 0;
		if (m != MATCH_ANY) {
			h = foot_hash(&e->foot, m);
			while (table[h] >= 0 && !member(&cl[first + table[h]], e))
				h = (h + 1) & 127;
			j = table[h] >= 0 ? first + table[h] : n;
		}
		if (cls)
			cls[i] = j;
		if (j < n)
			continue;
		if (n - first == MAX_CLASSES)
			return -1;
		cl[n].src = kind;
		cl[n].match = m;
		cl[n].foot = e->foot;
		if (m == MATCH_ALLOC)
			cl[n].foot.known = 0;
		if (m == MATCH_ANY)
			cl[n].foot = (Foot){0};
		else
			table[h] = (signed char)(n - first);
		n++;
	}
	return n;
}

/* The sources of the searches (classes()): by kind, and per footprint
 * when alias-aware (too many footprints: per allocation; too many
 * allocations: all as one).  cls: NULL, or by node the class of each
 * source (-1: none; only the generic accesses are written).  list: NULL,
 * or the generic accesses of g (the same classes, without a look at the
 * other nodes): its first nwrites entries the generic writes and the rest
 * the generic reads, each in node order (nwrites >= 0; -1: list in node
 * order), so that each kind's grouping reads its own part of the list only. */
static int
classes_split(const EventGraph *g, const OracleOptions *o, Class *cl, int *cls, const int *list, int nlist,
              int nwrites)
{
	int n = 0;
	EventKind kinds[2] = {EV_GWRITE, EV_GREAD};
	int count = list ? nlist : g->n;
	if (cls)
		for (int x = 0; x < count; x++)
			cls[list ? list[x] : x] = -1;
	for (int k = 0; k < (o->war ? 2 : 1); k++) {
		const int *part = list;
		int npart = nlist;
		if (list && nwrites >= 0) {
			part = k ? list + nwrites : list;
			npart = k ? nlist - nwrites : nwrites;
		}
		int m = -1;
		if (o->alias_aware)
			m = group(g, kinds[k], MATCH_EXACT, cl, n, cls, part, npart);
		if (o->alias_aware && m < 0)
			m = group(g, kinds[k], MATCH_ALLOC, cl, n, cls, part, npart);
		if (m < 0)
			m = group(g, kinds[k], MATCH_ANY, cl, n, cls, part, npart);
		n = m;
	}
	return n;
}

static int
hazard(const Class *c, const Event *t, int war)
{
	if (c->src == EV_GWRITE)
		return t->kind == EV_AREAD ? H_WR : t->kind == EV_AWRITE ? H_WW : -1;
	return war && t->kind == EV_AWRITE ? H_RW : -1;
}

/* As snprintf(buf, n, "%s bytes [%lld, %lld)", ...) and the like, without
 * format parsing (two per finding). */
static void
describe_foot(const Event *e, char *buf, size_t n)
{
	size_t k = 0;
	if (!n)
		return;
	if (!e->foot.alloc) {
		orc_put_str(buf, n, &k, "any shared memory");
	} else {
		orc_put_str(buf, n, &k, e->buf ? e->buf : e->foot.alloc->name);
		if (e->foot.known) {
			orc_put_str(buf, n, &k, " bytes [");
			orc_put_int(buf, n, &k, (long long)e->foot.lo);
			orc_put_str(buf, n, &k, ", ");
			orc_put_int(buf, n, &k, (long long)e->foot.hi);
			orc_put_str(buf, n, &k, ")");
		}
	}
	buf[k] = 0;
}

static void
report(Search *s, int target, int h, const char *model, FindingList *out)
{
	const EventGraph *g = s->g;
	const Event *t = &g->ev[target];
	int src = target;
	int len = 1;
	while (s->parent[src] >= 0)
		src = s->parent[src], len++;
	const Event *e = &g->ev[src];
	Finding *f = fl_add(out, h == H_RW ? FK_UNSOUND_WAR : FK_UNSOUND, model, "soundness",
	                    h == H_RW ? RULE_WAR : RULE_W, t->loc);
	/* The op's operands are consecutive nodes: name the one that overlaps. */
	for (int j = target; j >= 0 && g->ev[j].site == t->site && g->ev[j].kind == t->kind; j = g->ev[j].succ[0])
		if (orc_foot_overlap(&e->foot, &g->ev[j].foot)) {
			t = &g->ev[j];
			break;
		}
	char fs[160], ft[160], de[96], dt[96];
	describe_foot(e, fs, sizeof fs);
	describe_foot(t, ft, sizeof ft);
	orc_event_describe(e, de, sizeof de);
	orc_event_describe(t, dt, sizeof dt);
	if (!out->keys_only) { /* fl_set_message's text, made without its format */
		char msg[1024];
		size_t k = 0;
		orc_put_str(msg, sizeof msg, &k, de);
		orc_put_str(msg, sizeof msg, &k, " (");
		orc_put_str(msg, sizeof msg, &k, fs);
		orc_put_str(msg, sizeof msg, &k, ", line ");
		orc_put_int(msg, sizeof msg, &k, e->loc.line);
		orc_put_str(msg, sizeof msg, &k, ") reaches ");
		orc_put_str(msg, sizeof msg, &k, dt);
		orc_put_str(msg, sizeof msg, &k, " (");
		orc_put_str(msg, sizeof msg, &k, ft);
		orc_put_str(msg, sizeof msg, &k, ", line ");
		orc_put_int(msg, sizeof msg, &k, t->loc.line);
		orc_put_str(msg, sizeof msg, &k, ") with no fence.proxy.async on some path");
		f->message = ar_strdup(out->arena, msg);
	}
	int *path = s->path;
	for (int i = len - 1, v = target; i >= 0; i--, v = s->parent[v])
		path[i] = v;
	orc_events_witness(g, path, len, out, f);
	f->strength = STRENGTH_PROVED;
	f->strength_note = ar_strdup(out->arena, NOTE);
	fl_sign(f);
}

/* Returns the number of hazards found (stops at the first without out).
 * stamp: the class's number, whose members cls names.  dead: the stamp of
 * nodes known to reach no hazard of this class (-2: none); the search
 * does not enter them (what they reach is theirs too, so no hazard and no
 * node on a path to one is left out, and the rest is met in the same
 * order). */
static int
search(Search *s, const Class *c, int stamp, int dead, const char *model, FindingList *out)
{
	const EventGraph *g = s->g;
	int head = 0, tail = 0, hits = 0;
	for (int x = 0; x < s->ngen; x++) {
		int i = s->gen[x];
		if (s->cls[i] != stamp) /* member(c, node i) */
			continue;
		s->stamp[i] = stamp;
		s->parent[i] = -1;
		s->queue[tail++] = i;
	}
	while (head < tail) {
		int u = s->queue[head++];
		for (int k = 0; k < 2; k++) {
			int v = g->ev[u].succ[k];
			if (v < 0 || s->stamp[v] == stamp || s->stamp[v] == dead || g->ev[v].kind == EV_FENCE)
				continue;
			s->stamp[v] = stamp;
			s->parent[v] = u;
			s->queue[tail++] = v;
			const Event *t = &g->ev[v];
			int h = hazard(c, t, s->o->war);
			if (h < 0 || t->site < 0)
				continue;
			if (s->o->alias_aware && !orc_foot_overlap(&c->foot, &t->foot))
				continue;
			if (!out)
				return hits + 1; /* no mark is set without out: the first hit */
			unsigned char *mark = &s->found[t->site * NHAZ + h];
			if (*mark)
				continue;
			*mark = 1;
			hits++;
			report(s, v, h, model, out);
		}
	}
	return hits;
}

/* The options a soundness query reads (war, alias_aware), as an index of 4. */
static int
opt_key(const OracleOptions *o)
{
	return (o->war ? 2 : 0) | (o->alias_aware ? 1 : 0);
}

/* The searches' arrays, kept from call to call (grown, never shrunk): most
 * graphs are small, and a malloc and a calloc per call were a tenth of the
 * search.  One set per thread; the search calls nothing that searches. */
static _Thread_local struct {
	int *mem;
	unsigned char *found;
	size_t nmem, nfound;
} sbuf;

static int verdict_hits(const EventGraph *g, const OracleOptions *o);
static int fence_cut_sound(const EventGraph *g, const OracleOptions *o, int make);

static int
run_graph(const EventGraph *g, const Func *q, const OracleOptions *o, const char *model,
          FindingList *out)
{
	int known = g->overflow ? -1 : fence_cut_sound(g, o, out != NULL); /* the verdict, if at hand */
#ifndef FENCEFUZZ_PLACEMENT_SELFCHECK
	if (known >= 0) {
		((EventGraph *)g)->sound[opt_key(o)] = (signed char)known;
		if (known) /* no hazard: no finding */
			return 0;
		if (!out)
			return 1; /* the first hit only */
	}
#endif
	if (!out) { /* the first hit only: every class at once */
		int hits = verdict_hits(g, o) + g->overflow;
#ifdef FENCEFUZZ_PLACEMENT_SELFCHECK
		if (known >= 0 && known != (hits == 0))
			abort();
#endif
		((EventGraph *)g)->sound[opt_key(o)] = hits == 0;
		return hits;
	}
	int n = g->n;
	Search s = {g, o, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0};
	size_t nfound = (size_t)(g->nsites + 1) * NHAZ;
	sbuf.mem = orc_scratch_grow(sbuf.mem, &sbuf.nmem, sizeof *sbuf.mem * (size_t)(6 * n) + 1);
	sbuf.found = orc_scratch_grow(sbuf.found, &sbuf.nfound, nfound);
	int *mem = sbuf.mem;
	s.found = sbuf.found;
	memset(s.found, 0, nfound);
	Class cl[2 * MAX_CLASSES];
	s.stamp = mem, s.parent = mem + n, s.queue = mem + 2 * n, s.path = mem + 3 * n, s.cls = mem + 4 * n;
	s.gen = mem + 5 * n;
	int reads = 0, writes = 0; /* async reads and writes with a site: what a search can hit */
	int nw = 0, nr = 0; /* generic writes into gen, reads into queue (free until the searches) */
	memset(s.stamp, 0xff, sizeof *s.stamp * (size_t)n); /* -1 */
	for (int i = 0; i < n; i++) {
		EventKind k = g->ev[i].kind;
		if (k == EV_NOP)
			continue; /* the control nodes, most of the graph */
		if (k == EV_GWRITE)
			s.gen[nw++] = i;
		else if (k == EV_GREAD)
			s.queue[nr++] = i;
		reads |= k == EV_AREAD && g->ev[i].site >= 0;
		writes |= k == EV_AWRITE && g->ev[i].site >= 0;
	}
	if (nr)
		memcpy(s.gen + nw, s.queue, sizeof *s.gen * (size_t)nr); /* the reads after the writes */
	s.ngen = nw + nr;
	int nc = 0, hits = 0;
	if (o->alias_aware) {
		nc = classes_split(g, o, cl, s.cls, s.gen, s.ngen, nw);
	} else { /* classes() for MATCH_ANY: the writes one class, with war the reads the next */
		int w = nw ? nc++ : -1, r = o->war && nr ? nc++ : -1;
		if (w >= 0)
			cl[w] = (Class){EV_GWRITE, MATCH_ANY, {0}};
		if (r >= 0)
			cl[r] = (Class){EV_GREAD, MATCH_ANY, {0}};
		for (int x = 0; x < s.ngen; x++)
			s.cls[s.gen[x]] = x < nw ? w : r;
	}
	/* Without alias_aware the first class is every generic write, whose
	 * hazards are every async access: when its search hits none, the
	 * nodes it met reach no async access, and the next class (the generic
	 * reads) need not enter them. */
	int dead = -2; /* no stamp: every node is -1 or a class */
	for (int c = 0; c < nc; c++) {
		if (!writes && !(reads && cl[c].src == EV_GWRITE)) /* hazard() never holds */
			continue;
		int h = search(&s, &cl[c], c, dead, model, out);
		hits += h;
		if (c == 0 && !h && !o->alias_aware && cl[0].match == MATCH_ANY && cl[0].src == EV_GWRITE)
			dead = 0;
	}
	if (g->overflow) {
		Finding *f = fl_add(out, FK_UNSOUND, model, "soundness", RULE_W, q->body ? q->body->loc : (Loc){0, 0});
		fl_set_message(out, f, "program nests deeper than %d: only part of it was checked", IR_MAX_DEPTH);
		f->strength = STRENGTH_UNDECIDED;
		f->strength_note = ar_strdup(out->arena, "nesting depth limit");
		fl_sign(f);
	}
	hits += g->overflow;
#ifdef FENCEFUZZ_PLACEMENT_SELFCHECK
	if (known >= 0 && known != (hits == 0))
		abort();
#endif
	/* Every hazard searched for: the verdict of orc_is_sound_graph(g, o, NULL). */
	((EventGraph *)g)->sound[opt_key(o)] = hits == 0;
	return hits;
}

/* Whether the graph of a function can hold a hazard, from the function
 * alone: only a call whose effect is an async access (ER_ACCESS, not the
 * generic proxy) gives the graph async events, and only nesting past
 * IR_MAX_DEPTH marks it incomplete.  1 when it may (or the walk cannot
 * tell), 0 when neither: no hazard, no finding, no graph needed.  Depths
 * are counted as the graph builder counts them (a body or sequence item one
 * deeper than its statement, an operand one deeper than its expression),
 * over every expression field, so they bound the builder's from above. */
static int may_hazard_stmt(const Stmt *s, int depth);

static int
may_hazard_expr(const Expr *e, int depth)
{
	if (!e)
		return 0;
	if (depth > IR_MAX_DEPTH)
		return 1;
	if (e->kind == EX_CALL) {
		int argoff;
		const Effect *eff = orc_call_effect(e, &argoff);
		if (eff && eff->role == ER_ACCESS && eff->proxy != EP_GENERIC)
			return 1;
	}
	switch (e->kind) {
#define FX(m) if (may_hazard_expr(e->u.m, depth + 1)) return 1;
#define FXD(m) FX(m)
#define FXL(m) FX(m)
#define FXA(m) FX(m)
#define FXS(m, c)                                                             \
	for (int i_ = 0; i_ < e->u.c; i_++)                                   \
		if (may_hazard_expr(e->u.m[i_], depth + 1))                   \
			return 1;
#define EXPR(kind, name, fields) case kind: fields break;
#include "nodes.def"
	}
	return 0;
}

static int
may_hazard_stmt(const Stmt *s, int depth)
{
	if (!s)
		return 0;
	if (depth > IR_MAX_DEPTH)
		return 1;
	switch (s->kind) {
#define FX(m) if (may_hazard_expr(s->u.m, depth)) return 1;
#define FXD(m) FX(m)
#define FXL(m) FX(m)
#define FXA(m) FX(m)
#define FXS(m, c)                                                             \
	for (int i_ = 0; i_ < s->u.c; i_++)                                   \
		if (may_hazard_expr(s->u.m[i_], depth))                       \
			return 1;
#define FB(m) if (may_hazard_stmt(s->u.m, depth + 1)) return 1;
#define FBS(m, c)                                                             \
	for (int i_ = 0; i_ < s->u.c; i_++)                                   \
		if (may_hazard_stmt(s->u.m[i_], depth + 1))                   \
			return 1;
#define STMT(kind, name, word, fields) case kind: fields break;
#include "nodes.def"
	}
	return 0;
}

/* The graph of the function being judged on its own, rebuilt in place for
 * each call (its buffers kept: orc_events_build reuses them). */
static _Thread_local EventGraph own;
static _Thread_local int own_ready;

static int
run(const Func *q, const OracleOptions *o, const char *model, FindingList *out)
{
	if (!may_hazard_stmt(q->body, 0))
		return 0; /* what run_graph would find on its graph */
	if (!own_ready) {
		orc_events_init(&own);
		own_ready = 1;
	}
	orc_events_build(&own, q);
	return run_graph(&own, q, o, model, out);
}

int
orc_soundness_graph(const EventGraph *g, const Func *q, const OracleOptions *o,
                    const char *model, FindingList *out)
{
	return run_graph(g, q, o, model, out);
}

int
orc_soundness(const Func *q, const OracleOptions *o, const char *model, FindingList *out)
{
	return run(q, o, model, out);
}

int
orc_is_sound(const Func *q, const OracleOptions *o)
{
	return run(q, o, NULL, NULL) == 0;
}

static OrcSoundPlan *graph_plan(const EventGraph *g, const OracleOptions *o);

int
orc_is_sound_graph(const EventGraph *g, const OracleOptions *o, const unsigned char *on,
                   int *scratch)
{
	(void)scratch;
	if (g->overflow)
		return 0;
	if (!on && g->sound[opt_key(o)] >= 0)
		return g->sound[opt_key(o)]; /* found by a search on this graph */
	if (!on) /* one query: the plain search, which keeps its verdict */
		return run_graph(g, NULL, o, NULL, NULL) == 0;
	return orc_is_sound_plan(graph_plan(g, o), on);
}

/* ---- prepared queries ---------------------------------------------------------------------- */

/* The scratch of the mask searches (grown, never shrunk): per node two
 * ints and three words. */
static _Thread_local struct {
	int *ints;
	uint64_t *masks;
	size_t nints, nmasks;
} cbuf;

static void
cut_scratch(int n)
{
	cbuf.ints = orc_scratch_grow(cbuf.ints, &cbuf.nints, sizeof *cbuf.ints * (size_t)(2 * n) + 1);
	cbuf.masks = orc_scratch_grow(cbuf.masks, &cbuf.nmasks, sizeof *cbuf.masks * (size_t)(3 * n) + 1);
}

static int
is_async(const Event *e)
{
	return (e->kind == EV_AREAD || e->kind == EV_AWRITE) && e->site >= 0;
}

static void hazard_masks(const EventGraph *g, const OracleOptions *o, const Class *cl, int nc, const int *list,
                         int nlist, uint64_t *hm);


/* Many queries on one graph under one set of options (minimality's
 * placement search, its necessity queries) differ only in `on`: the source
 * classes and their members, and which nodes are each class's hazards, are
 * found once; the search reads compact arrays (successors, fence or not)
 * instead of the events, and its marks are told apart by an epoch instead
 * of being cleared for every query.  The same search as search() without
 * findings. */
struct OrcSoundPlan {
	const EventGraph *g;
	OracleOptions o;
	int n, nc;
	Class cl[2 * MAX_CLASSES];
	int *src, *src_start; /* members of class c: src[src_start[c] .. src_start[c + 1]) */
	int *succ;            /* 2 per node, -1 none */
	unsigned char *fence; /* by node: an EV_FENCE */
	uint64_t *hm;         /* by node: bit c, entering it is a hazard of class c */
	unsigned char nhaz[2 * MAX_CLASSES]; /* class c has some hazard (its search can hit) */
	int *stamp, *queue;
	int epoch;
	int ready; /* the above made (plan_prepare); a plan kept in a graph may be made later */
	/* The graph's cut at every fence (fence_cut), kept in one of its
	 * plans: 0 not made here, 1 made, -1 none (too large). */
	int fstate;
	OrcSoundCut *fcut;
};

static void plan_prepare(OrcSoundPlan *P, const EventGraph *g, const OracleOptions *o);

/* Plans freed, kept for the next ones (one is made with most graphs
 * judged, to keep their cut at every fence: fence_cut). */
enum { PLAN_SPARE = 4 };
static _Thread_local struct {
	OrcSoundPlan *p[PLAN_SPARE];
	int n;
} plan_spare;

/* A plan with nothing made yet. */
static OrcSoundPlan *
plan_new(const EventGraph *g)
{
	/* Not calloc: the classes (most of the struct) are written up to nc. */
	OrcSoundPlan *P = plan_spare.n ? plan_spare.p[--plan_spare.n] : malloc(sizeof *P);
	if (!P)
		abort();
	P->g = g;
	P->ready = 0;
	P->fstate = 0;
	P->fcut = NULL;
	return P;
}

OrcSoundPlan *
orc_sound_plan(const EventGraph *g, const OracleOptions *o)
{
	OrcSoundPlan *P = plan_new(g);
	plan_prepare(P, g, o);
	return P;
}

static void
plan_prepare(OrcSoundPlan *P, const EventGraph *g, const OracleOptions *o)
{
	P->ready = 1;
	P->epoch = 0;
	memset(P->nhaz, 0, sizeof P->nhaz);
	int n = g->n;
	P->g = g;
	P->o = *o;
	P->n = n;
	/* The generic writes, then the reads, each in node order, and from the
	 * end of list down the async accesses (the reads wait in cls until
	 * classes() writes there): only they need a look at the classes. */
	cut_scratch(n);
	int *list = cbuf.ints, *cls = cbuf.ints + n, nwrite = 0, nread = 0, na = 0;
	for (int i = 0; i < n; i++) {
		const Event *t = &g->ev[i];
		if (t->kind == EV_GWRITE)
			list[nwrite++] = i;
		else if (t->kind == EV_GREAD)
			cls[nread++] = i;
		else if (is_async(t))
			list[n - 1 - na++] = i;
	}
	memcpy(list + nwrite, cls, sizeof *cls * (size_t)nread);
	int ngen = nwrite + nread;
	P->nc = classes_split(g, o, P->cl, cls, list, ngen, nwrite);
	int nc = P->nc;
	uint64_t *hl = cbuf.masks; /* by async access: the classes it is a hazard of */
	hazard_masks(g, o, P->cl, nc, list + n - na, na, hl);
	/* One block: hm, then succ, stamp, queue, src (2n + 3n ints: a source
	 * is in one class at most, as group() makes them), src_start, then the
	 * fence bytes. */
	size_t ints = (size_t)5 * (size_t)n + (size_t)nc + 1;
	size_t bytes = (size_t)n + 1;
	P->hm = malloc(sizeof *P->hm * (size_t)n + sizeof(int) * ints + bytes);
	if (!P->hm)
		abort();
	int *mem = (int *)(P->hm + n);
	P->succ = mem;
	P->stamp = mem + 2 * n;
	P->queue = mem + 3 * n;
	P->src = mem + 4 * n;
	P->src_start = mem + 5 * n;
	P->fence = (unsigned char *)(mem + ints);
	memset(P->hm, 0, sizeof *P->hm * (size_t)n);
	for (int c = 0; c <= nc; c++)
		P->src_start[c] = 0;
	for (int i = 0; i < n; i++) {
		const Event *t = &g->ev[i];
		P->succ[2 * i] = t->succ[0];
		P->succ[2 * i + 1] = t->succ[1];
		P->fence[i] = t->kind == EV_FENCE;
		P->stamp[i] = -1;
	}
	uint64_t any = 0; /* the classes with some hazard */
	for (int a = 0; a < na; a++) {
		P->hm[list[n - na + a]] = hl[a];
		any |= hl[a];
	}
	for (; any; any &= any - 1)
		P->nhaz[__builtin_ctzll(any)] = 1;
	/* Members of a class in node order: a class holds sources of one kind,
	 * listed in node order. */
	for (int x = 0; x < ngen; x++)
		if (cls[list[x]] >= 0)
			P->src_start[cls[list[x]] + 1]++;
	for (int c = 0; c < nc; c++)
		P->src_start[c + 1] += P->src_start[c];
	int *fill = P->queue; /* free until the first query */
	for (int c = 0; c < nc; c++)
		fill[c] = P->src_start[c];
	for (int x = 0; x < ngen; x++)
		if (cls[list[x]] >= 0)
			P->src[fill[cls[list[x]]]++] = list[x];
}

void
orc_sound_plan_free(OrcSoundPlan *P)
{
	if (!P)
		return;
	if (P->ready)
		free(P->hm); /* the block */
	orc_sound_cut_free(P->fcut);
	if (plan_spare.n < PLAN_SPARE) {
		plan_spare.p[plan_spare.n++] = P;
		return;
	}
	free(P);
}

/* The graph's plan for the options' soundness (what a query reads of them:
 * war, alias_aware), made at its first query and kept in the graph until it
 * is rebuilt or freed (events.c): a cache, so the graph stays const to its
 * readers. */
static OrcSoundPlan *
graph_plan(const EventGraph *g, const OracleOptions *o)
{
	EventGraph *m = (EventGraph *)g;
	int k = opt_key(o);
	if (!m->plans[k])
		m->plans[k] = orc_sound_plan(g, o);
	else if (!m->plans[k]->ready) /* kept for the graph's cut at every fence */
		plan_prepare(m->plans[k], g, o);
	return m->plans[k];
}

/* The search of search() without findings: 1 when some hazard is reached. */
static int
plan_hit(OrcSoundPlan *P, int c, int stamp, const unsigned char *on)
{
	const int *succ = P->succ;
	const unsigned char *fence = P->fence;
	const uint64_t *hm = P->hm;
	int *st = P->stamp, *queue = P->queue;
	int head = 0, tail = 0;
	for (int j = P->src_start[c]; j < P->src_start[c + 1]; j++) {
		st[P->src[j]] = stamp;
		queue[tail++] = P->src[j];
	}
	while (head < tail) {
		int u = queue[head++];
		for (int k = 0; k < 2; k++) {
			int v = succ[2 * u + k];
			if (v < 0 || st[v] == stamp || fence[v] != (on && on[v]))
				continue;
			st[v] = stamp;
			queue[tail++] = v;
			if (hm[v] >> c & 1)
				return 1;
		}
	}
	return 0;
}

int
orc_is_sound_plan(OrcSoundPlan *P, const unsigned char *on)
{
	if (P->g->overflow)
		return 0;
	if (P->epoch > INT_MAX - 2 * MAX_CLASSES - 1) {
		for (int i = 0; i < P->n; i++)
			P->stamp[i] = -1;
		P->epoch = 0;
	}
	int base = P->epoch;
	P->epoch += P->nc;
	for (int c = 0; c < P->nc; c++)
		if (P->nhaz[c] && plan_hit(P, c, base + c, on)) /* no hazard: nothing to reach */
			return 0;
	return 1;
}

/* ---- queries over a few nodes read either way ---------------------------------------------- */

/* Many queries on one graph that differ only in which of a few given nodes
 * (fences or control nodes: never a source nor a hazard) are read the other
 * way round: necessity's "without this fence", placement's "with fences at
 * these positions".  A path from a source to a hazard passes given nodes or
 * not, and its stretches between them, through the other nodes, are the
 * same for every query.  So the graph is cut at the given nodes once: which
 * sources reach each given node and each hazard through the other nodes,
 * and which given nodes and hazards each given node reaches that way (the
 * edges of a graph over the given nodes).  The options then only say which
 * sources form a class and which hazards are the class's; a query is a
 * search over the open given nodes: the verdict of orc_is_sound_plan with
 * the same nodes read the other way round, the other nodes as they are.
 * Each of these sets is one machine word: at most 64 given nodes, sources
 * and hazards (else orc_sound_cut declines). */
typedef uint64_t CWord;

struct CutKey {
	int ready, nc;
	int asked;                    /* queries answered without the key (cut_search_pairs) */
	int direct;                   /* a source reaches a hazard of its class past no given node */
	CWord start[2 * MAX_CLASSES]; /* class c: the given nodes its sources reach */
	CWord haz[2 * MAX_CLASSES];   /* class c: the given nodes from which a hazard of c is reached */
	int nlive;
	unsigned char live[2 * MAX_CLASSES]; /* the classes with both sets non-empty */
	/* Bit i: live class i (i > 0) has no hazard node that live[0] lacks,
	 * so what live[0] reaches without a hit reaches no hazard of it. */
	CWord below;
};

struct OrcSoundCut {
	const EventGraph *g;
	int n, nvar, ngen, nasync, nsited;
	int overflow;       /* g->overflow, at hand for the queries */
	signed char exact[2]; /* without, with war: cut_exact's answer, -1 not known */
	int nwrites;        /* gen[0 .. nwrites): the generic writes, then the reads */
	int gen[64];        /* the generic accesses (sources), writes then reads, each in node order */
	int async[64];      /* the hazards: the async accesses with a site that a source or a
	                     * given node reaches, in node order (cut_forward, from sited) */
	CWord nop;          /* the given nodes that are no fence (open unless flipped) */
	CWord valid;        /* the nvar bits */
	CWord reach[64];    /* given node j: the given nodes it reaches */
	CWord srcv[64];     /* source i: the given nodes it reaches */
	CWord hazv[64];     /* hazard a: the given nodes reaching it */
	CWord asrc[64];     /* hazard a: the sources reaching it */
	int var[64];        /* the given nodes (of a cut at every fence: its fences, in node order) */
	int sited[64];      /* cut_fill's: every async access with a site, in node order (nsited) */
	struct CutKey key[4];
};

/* Forwards, two sets per node that is neither a fence nor given: the
 * sources and the given nodes reaching it past no fence and no given node
 * (a given node reaches through its own successors).  Each source's and
 * given node's bit is pushed to the successors in sweeps in node order (a
 * sweep again from the first node behind the sweep that grew; lo and hi:
 * the first and the last node that grew before the first), each node
 * only when it grew since it last pushed (grew: set by orc_sound_cut for
 * the sources and the given nodes).  What
 * enters given node k goes to vsrc[k] (the sources before it) and to
 * kin[k] (the given nodes before it); then the rows: the given nodes each
 * given node reaches (kin transposed), the given nodes each source reaches
 * (vsrc transposed), and a hazard's given nodes and sources (hazv, asrc).
 * Not inlined into cut_fill: its loop then keeps its registers to itself. */
static __attribute__((noinline)) void
cut_forward(OrcSoundCut *C, const int *vid, int lo, int hi) /* vid: -2 for the fences that are not given */
{
	const Event *ev = C->g->ev;
	int n = C->n;
	CWord *fm = cbuf.masks, *fv = cbuf.masks + n, kin[64], vsrc[64]; /* set up by orc_sound_cut */
	unsigned char *grew = (unsigned char *)(cbuf.masks + 2 * n); /* likewise */
	for (int j = 0; j < C->nvar; j++)
		vsrc[j] = kin[j] = 0;
	/* Every node that grew lies in [from, hi]: a sweep ends past the last
	 * one, and the next covers those that grew behind it. */
	for (int from = lo; from <= hi;) {
		int next = n, back = -1;
		for (int u = from; u <= hi; u++) {
			if (!grew[u])
				continue; /* nothing new to push since it was last swept */
			grew[u] = 0;
			CWord m = fm[u], mv = fv[u];
			for (int k = 0; k < 2; k++) {
				int w = ev[u].succ[k];
				if (w < 0)
					continue;
				int j = vid[w];
				if (j != -1) { /* a given node, or a fence */
					if (j >= 0) {
						vsrc[j] |= m;
						kin[j] |= mv;
					}
					continue;
				}
				CWord om = fm[w], ov = fv[w], nm = om | m, nv = ov | mv;
				if (nm == om && nv == ov)
					continue; /* nothing new */
				fm[w] = nm;
				fv[w] = nv;
				grew[w] = 1;
				if (w > u) {
					hi = w > hi ? w : hi;
				} else {
					next = w < next ? w : next;
					back = w > back ? w : back;
				}
			}
		}
		from = next;
		hi = back;
	}
	for (int i = 0; i < C->ngen; i++)
		C->srcv[i] = 0;
	for (int k = 0; k < C->nvar; k++) {
		for (CWord x = kin[k]; x; x &= x - 1)
			C->reach[__builtin_ctzll(x)] |= (CWord)1 << k;
		for (CWord x = vsrc[k]; x; x &= x - 1)
			C->srcv[__builtin_ctzll(x)] |= (CWord)1 << k;
	}
	int live = 0; /* a hazard that neither a source nor a given node reaches adds nothing to a key */
	for (int a = 0; a < C->nasync; a++) {
		int v = C->sited[a];
		if (!(fm[v] | fv[v]))
			continue;
		C->async[live] = v;
		C->asrc[live] = fm[v];
		C->hazv[live++] = fv[v];
	}
	C->nasync = live;
}

/* Cuts freed, kept for the next ones (a cut is a few kilobytes, made and
 * freed once or twice per output judged). */
enum { CUT_SPARE = 4 };
static _Thread_local struct {
	OrcSoundCut *c[CUT_SPARE];
	int n;
} cut_spare;

static OrcSoundCut *
cut_alloc(void)
{
	if (cut_spare.n)
		return cut_spare.c[--cut_spare.n];
	OrcSoundCut *C = malloc(sizeof *C);
	if (!C)
		abort();
	return C;
}

/* Cuts g at var[0 .. nvar) into C, or (var NULL) at every fence of g, in
 * node order; -1 when there are more than 64 given nodes, sources or
 * hazards (C then holds nothing). */
static int
cut_fill(OrcSoundCut *C, const EventGraph *g, const int *var, int nvar)
{
	int n = g->n;
	if (nvar > 64)
		return -1;
	cut_scratch(n);
	int *vid = cbuf.ints;
	CWord *fm = cbuf.masks, *fv = cbuf.masks + n;
	unsigned char *grew = (unsigned char *)(cbuf.masks + 2 * n);
	memset(grew, 0, (size_t)n);
	int ngen = 0, nasync = 0, nreads = 0, nfence = 0, reads[64];
	memset(vid, 0xff, sizeof *vid * (size_t)n); /* -1 */
	for (int v = 0; v < n; v++) {
		const Event *e = &g->ev[v];
		fm[v] = fv[v] = 0;
		if (e->kind == EV_NOP)
			continue; /* the control nodes, most of the graph */
		switch (e->kind) {
		case EV_FENCE:
			vid[v] = -2;
			if (!var && nfence < 64)
				C->var[nfence] = v;
			nfence++;
			break;
		case EV_GWRITE:
			if (ngen < 64)
				C->gen[ngen - nreads] = v;
			ngen++;
			break;
		case EV_GREAD:
			if (ngen < 64)
				reads[nreads++] = v;
			ngen++;
			break;
		case EV_AREAD:
		case EV_AWRITE:
			if (e->site < 0) /* is_async */
				break;
			if (nasync < 64)
				C->sited[nasync] = v;
			nasync++;
			break;
		default:
			break;
		}
	}
	if (!var)
		nvar = nfence, var = C->var;
	if (ngen > 64 || nasync > 64 || nvar > 64)
		return -1;
	C->nwrites = ngen - nreads;
	C->nsited = nasync;
	memcpy(C->gen + C->nwrites, reads, sizeof *reads * (size_t)nreads);
	/* The first and the last node that grew: the writes and the reads are
	 * each in node order, and so are the fences when var is NULL. */
	int nw = ngen - nreads, lo = n, hi = -1;
	if (nw)
		lo = C->gen[0], hi = C->gen[nw - 1];
	if (nreads) {
		lo = reads[0] < lo ? reads[0] : lo;
		hi = reads[nreads - 1] > hi ? reads[nreads - 1] : hi;
	}
	if (nvar && var == C->var) {
		lo = var[0] < lo ? var[0] : lo;
		hi = var[nvar - 1] > hi ? var[nvar - 1] : hi;
	}
	for (int j = 0; var != C->var && j < nvar; j++) {
		lo = var[j] < lo ? var[j] : lo;
		hi = var[j] > hi ? var[j] : hi;
	}
	for (int i = 0; i < ngen; i++) {
		int v = C->gen[i];
		fm[v] = (CWord)1 << i;
		grew[v] = 1;
	}
	for (int k = 0; k < 4; k++)
		C->key[k].ready = C->key[k].asked = 0;
	C->nop = 0;
	C->g = g, C->n = n, C->nvar = nvar, C->ngen = ngen, C->nasync = nasync;
	C->overflow = g->overflow;
	C->exact[0] = C->exact[1] = -1;
	C->valid = nvar == 64 ? ~(CWord)0 : ((CWord)1 << nvar) - 1;
	if (var != C->var)
		memcpy(C->var, var, sizeof *var * (size_t)nvar);
	for (int j = 0; j < nvar; j++) {
		C->reach[j] = 0;
		int v = var[j];
		vid[v] = j;
		fv[v] = (CWord)1 << j;
		grew[v] = 1;
		/* (var is C->var only in the cut at every fence: all fences) */
		if (var != C->var && g->ev[v].kind != EV_FENCE)
			C->nop |= (CWord)1 << j;
	}
	if (!nasync) { /* no hazard to reach: the rows are read by no key */
		memset(C->srcv, 0, sizeof *C->srcv * (size_t)ngen);
		return 0;
	}
	cut_forward(C, vid, lo, hi);
	return 0;
}

static int cut_project(OrcSoundCut *C, const OrcSoundCut *F, const int *var, int nvar);
static const OrcSoundCut *fence_cut(const EventGraph *g, int make);
#ifdef FENCEFUZZ_PLACEMENT_SELFCHECK
static void cut_check(const OrcSoundCut *C, const EventGraph *g, const int *var, int nvar);
#endif

OrcSoundCut *
orc_sound_cut(const EventGraph *g, const int *var, int nvar)
{
	if (nvar > 64)
		return NULL;
	/* Not calloc: the rows (most of the struct) are written up to nvar and
	 * a key's up to its classes. */
	OrcSoundCut *C = cut_alloc();
	const OrcSoundCut *F = fence_cut(g, 0);
	if (F && !cut_project(C, F, var, nvar)) {
#ifdef FENCEFUZZ_PLACEMENT_SELFCHECK
		cut_check(C, g, var, nvar);
#endif
		return C;
	}
	if (cut_fill(C, g, var, nvar) < 0) {
		orc_sound_cut_free(C);
		return NULL;
	}
	return C;
}

void
orc_sound_cut_free(OrcSoundCut *C)
{
	if (!C)
		return;
	if (cut_spare.n < CUT_SPARE) {
		cut_spare.c[cut_spare.n++] = C;
		return;
	}
	free(C);
}

/* Bit c added to the mask of allocation alloc among allocs[0 .. *na),
 * alloc appended (with an empty mask) when it is not there yet. */
static inline void
alloc_class_add(const Var **allocs, CWord *amask, int *na, const Var *alloc, int c)
{
	int a = 0;
	while (a < *na && allocs[a] != alloc)
		a++;
	if (a == *na)
		allocs[a] = alloc, amask[a] = 0, ++*na;
	amask[a] |= (CWord)1 << c;
}

/* Bit c of hm[i]: entering async node list[i] is a hazard of class c
 * (hazard(), and with alias_aware a footprint that may overlap the
 * class's); list NULL: every node, by node (0 for the nodes that are no
 * async access).  The classes are screened by the kinds they can hit, then
 * by allocation: a class of another allocation never overlaps, one of no
 * allocation (any shared memory) always does. */
static void
hazard_masks(const EventGraph *g, const OracleOptions *o, const Class *cl, int nc, const int *list,
             int nlist, uint64_t *hm)
{
	uint64_t wm = 0, rm = 0, anym = 0, amask[2 * MAX_CLASSES];
	const Var *allocs[2 * MAX_CLASSES];
	int na = 0;
	for (int c = 0; c < nc; c++) {
		if (cl[c].src == EV_GWRITE)
			wm |= (uint64_t)1 << c;
		else
			rm |= (uint64_t)1 << c;
		if (!cl[c].foot.alloc) {
			anym |= (uint64_t)1 << c;
			continue;
		}
		alloc_class_add(allocs, amask, &na, cl[c].foot.alloc, c); /* the classes by allocation */
	}
	uint64_t onwrite = wm | (o->war ? rm : 0);
	int count = list ? nlist : g->n;
	for (int i = 0; i < count; i++) {
		const Event *t = &g->ev[list ? list[i] : i];
		hm[i] = 0;
		if (!is_async(t))
			continue;
		uint64_t m = t->kind == EV_AREAD ? wm : onwrite;
		if (o->alias_aware && t->foot.alloc) {
			uint64_t keep = m & anym;
			int a = 0;
			while (a < na && allocs[a] != t->foot.alloc)
				a++;
			for (uint64_t x = a < na ? m & amask[a] : 0; x; x &= x - 1) {
				int c = __builtin_ctzll(x);
				if (orc_foot_overlap(&cl[c].foot, &t->foot))
					keep |= (uint64_t)1 << c;
			}
			m = keep;
		}
		hm[i] = m;
	}
}

/* 1 when some source reaches a hazard of its class on g as it is (the
 * searches of run_graph, stopped at the first hit), else 0.  Each source's
 * class (one bit of a mask) spreads over the nodes that are not fences, in
 * sweeps over the nodes in order (again from the first node behind the
 * sweep that grew). */
static int
verdict_hits(const EventGraph *g, const OracleOptions *o)
{
	Class cl[2 * MAX_CLASSES];
	const Event *ev = g->ev;
	int n = g->n, nwrite = 0, nread = 0, na = 0;
	cut_scratch(n);
	/* list: the generic writes, then the reads, each in node order, and
	 * from its end down the async accesses; the reads wait in cls until
	 * classes() writes there. */
	int *list = cbuf.ints, *cls = cbuf.ints + n;
	for (int v = 0; v < n; v++) {
		EventKind k = ev[v].kind;
		if (k == EV_GWRITE)
			list[nwrite++] = v;
		else if (k == EV_GREAD)
			cls[nread++] = v;
		else if (is_async(&ev[v]))
			list[n - 1 - na++] = v;
	}
	if (!na)
		return 0; /* no hazard to reach */
	memcpy(list + nwrite, cls, sizeof *cls * (size_t)nread);
	uint64_t *cm = cbuf.masks, *hm = cbuf.masks + n, *hl = cbuf.masks + 2 * n;
	int nc = classes_split(g, o, cl, cls, list, nwrite + nread, nwrite);
	hazard_masks(g, o, cl, nc, list + n - na, na, hl);
	memset(cm, 0, sizeof *cm * (size_t)(2 * n)); /* cm and hm */
	for (int x = 0; x < nwrite + nread; x++)
		if (cls[list[x]] >= 0)
			cm[list[x]] = (uint64_t)1 << cls[list[x]];
	for (int a = 0; a < na; a++)
		hm[list[n - na + a]] = hl[a];
	for (int from = 0; from < n;) {
		int next = n;
		for (int u = from; u < n; u++) {
			uint64_t m = cm[u];
			if (!m)
				continue;
			for (int k = 0; k < 2; k++) {
				int v = ev[u].succ[k];
				if (v < 0 || ev[v].kind == EV_FENCE)
					continue;
				uint64_t nw = m & ~cm[v];
				if (!nw)
					continue;
				if (nw & hm[v])
					return 1;
				cm[v] |= nw;
				if (v <= u && v < next)
					next = v;
			}
		}
		from = next;
	}
	return 0;
}

/* The classes of a key without alias_aware (classes() and hazard_masks()
 * for MATCH_ANY, without their look at the events): every generic write
 * one class, hazarded by every async access; with war every generic read
 * the next, hazarded by every async write; K->direct too.  Returns the
 * count. */
static int
cut_key_plain(const OrcSoundCut *C, struct CutKey *K, const OracleOptions *o)
{
	int nw = C->nwrites, nr = o->war ? C->ngen - nw : 0;
	CWord sw = 0, sr = 0, hw = 0, hr = 0, aw = 0, ar = 0; /* start, haz, sources reaching a hazard */
	for (int i = 0; i < nw; i++)
		sw |= C->srcv[i];
	for (int i = nw; i < nw + nr; i++)
		sr |= C->srcv[i];
	for (int a = 0; a < C->nasync; a++) {
		hw |= C->hazv[a];
		aw |= C->asrc[a];
		if (nr && C->g->ev[C->async[a]].kind == EV_AWRITE) {
			hr |= C->hazv[a];
			ar |= C->asrc[a];
		}
	}
	/* The sources are the cut's bits 0 .. nw (writes), nw .. nw + nr (reads). */
	CWord mw = nw == 64 ? ~(CWord)0 : ((CWord)1 << nw) - 1;
	CWord mr = (nw + nr == 64 ? ~(CWord)0 : ((CWord)1 << (nw + nr)) - 1) & ~mw;
	int nc = 0;
	K->direct = 0;
	if (nw) {
		K->start[nc] = sw, K->haz[nc++] = hw;
		K->direct |= (aw & mw) != 0;
	}
	if (nr) {
		K->start[nc] = sr, K->haz[nc++] = hr;
		K->direct |= (ar & mr) != 0;
	}
	return nc;
}

/* The classes of a key with alias_aware (classes() and hazard_masks() on
 * the cut's sources and hazards) when no kind has more than MAX_CLASSES
 * footprints: the sources of a kind grouped by footprint in order of
 * appearance, as group() makes them for MATCH_EXACT.  Only what the key
 * reads is found: a hazard's given nodes for the classes that reach some
 * given node (the others are never live), its sources for the classes of
 * those sources (direct).  The classes are screened by allocation as in
 * hazard_masks().  K->direct: some hazard is one of the class of a source
 * reaching it.  Returns the count, or -1 when a kind has more footprints
 * (then classes() falls back to allocations). */
static int
cut_key_aware(const OrcSoundCut *C, struct CutKey *K, const OracleOptions *o)
{
	const Event *ev = C->g->ev;
	const Foot *foot[2 * MAX_CLASSES];
	const Var *allocs[2 * MAX_CLASSES];
	CWord amask[2 * MAX_CLASSES], anym = 0, starts = 0; /* starts: the classes reaching some given node */
	unsigned char cls[64];
	signed char table[128]; /* a kind's classes by footprint, as in group() */
	int nsrc = o->war ? C->ngen : C->nwrites, nc = 0, first = 0, na = 0;
	memset(table, -1, sizeof table);
	for (int i = 0; i < nsrc; i++) {
		if (i == C->nwrites && i) { /* the reads' classes follow the writes' */
			first = nc;
			memset(table, -1, sizeof table);
		}
		const Foot *f = &ev[C->gen[i]].foot;
		unsigned h = foot_hash(f, MATCH_EXACT);
		while (table[h] >= 0 && !same_foot(foot[first + table[h]], f))
			h = (h + 1) & 127;
		int c = table[h] >= 0 ? first + table[h] : nc;
		if (c == nc) {
			if (nc - first == MAX_CLASSES)
				return -1;
			table[h] = (signed char)(nc - first);
			foot[nc] = f;
			K->start[nc] = K->haz[nc] = 0;
			if (!f->alloc) {
				anym |= (CWord)1 << nc;
			} else {
				alloc_class_add(allocs, amask, &na, f->alloc, nc);
			}
			nc++;
		}
		cls[i] = (unsigned char)c;
		K->start[c] |= C->srcv[i];
		if (C->srcv[i])
			starts |= (CWord)1 << c;
	}
	int nwc = C->nwrites < nsrc ? first : nc; /* the writes' classes: 0 .. nwc */
	CWord wmask = nwc == 64 ? ~(CWord)0 : ((CWord)1 << nwc) - 1;
	CWord all = nc == 64 ? ~(CWord)0 : ((CWord)1 << nc) - 1;
	CWord smask = nsrc == 64 ? ~(CWord)0 : ((CWord)1 << nsrc) - 1;
	/* What a hazard adds to a class's haz row is found per pair only for a
	 * class of its allocation; a hazard of no allocation adds to every
	 * class of its kinds, and one of an allocation to every class of no
	 * allocation: those are gathered by kind (any: every hazard, for the
	 * writes' classes; wr: the async writes, for the reads' too). */
	CWord none_any = 0, none_wr = 0, anyc_any = 0, anyc_wr = 0;
	int direct = 0;
	for (int a = 0; a < C->nasync; a++) {
		const Foot *t = &ev[C->async[a]].foot;
		int wr = ev[C->async[a]].kind != EV_AREAD;
		CWord kinds = wr ? all : wmask; /* hazard(): an async read, of the writes only */
		CWord hv = C->hazv[a];
		CWord mine = 0; /* the classes of the sources reaching it */
		for (CWord x = C->asrc[a] & smask; x; x &= x - 1)
			mine |= (CWord)1 << cls[__builtin_ctzll(x)];
		mine &= kinds;
		if (!t->alloc) { /* overlaps every class */
			direct |= mine != 0;
			none_any |= hv;
			none_wr |= wr ? hv : 0;
			continue;
		}
		direct |= (mine & anym) != 0;
		anyc_any |= hv;
		anyc_wr |= wr ? hv : 0;
		int k = 0;
		while (k < na && allocs[k] != t->alloc)
			k++;
		CWord pick = ((hv ? starts : 0) | mine) & kinds;
		/* A class of the same allocation: orc_foot_overlap() compares the
		 * byte ranges when both are known. */
		for (CWord x = k < na ? pick & amask[k] : 0; x; x &= x - 1) {
			int c = __builtin_ctzll(x);
			const Foot *fc = foot[c];
			if (t->known && fc->known && !(fc->lo < t->hi && t->lo < fc->hi))
				continue;
			direct |= (int)(mine >> c & 1);
			K->haz[c] |= hv;
		}
	}
	for (CWord x = starts; x; x &= x - 1) {
		int c = __builtin_ctzll(x);
		int w = c < nwc; /* a class of writes: every hazard counts (of reads: the async writes) */
		K->haz[c] |= w ? none_any : none_wr;
		if (anym >> c & 1)
			K->haz[c] |= w ? anyc_any : anyc_wr;
	}
	K->direct = direct;
	return nc;
}

/* cut_key_aware's classes when K->direct is known to be 0 (the caller's):
 * only what the live classes read, from the sources that reach some given
 * node (a class's start row is theirs alone) and the hazards that some
 * given node reaches (a haz row is theirs alone), grouped by footprint in
 * order of appearance; the other sources' classes, never live, are left
 * out, so the classes are numbered otherwise than cut_key_aware numbers
 * them, with the same live rows.  -1 when a kind has more than MAX_CLASSES
 * footprints. */
static int
cut_key_reach(const OrcSoundCut *C, struct CutKey *K, const OracleOptions *o)
{
	const Event *ev = C->g->ev;
	int nw = C->nwrites, nsrc = o->war ? C->ngen : nw;
	/* A kind of more sources than MAX_CLASSES: every one of them grouped,
	 * so that its footprints are counted (more than MAX_CLASSES of them:
	 * classes() groups the kind by allocation, and so does cut_key_make). */
	int every = nw > MAX_CLASSES;
	const Foot *foot[2 * MAX_CLASSES];
	const Var *allocs[2 * MAX_CLASSES];
	CWord amask[2 * MAX_CLASSES], anym = 0;
	signed char table[128]; /* a kind's classes by footprint, as in group() */
	int nc = 0, first = 0, nwc = 0, na = 0;
	memset(table, -1, sizeof table);
	for (int i = 0; i < nsrc; i++) {
		if (i == nw) { /* the reads' classes follow the writes' */
			nwc = first = nc;
			every = nsrc - nw > MAX_CLASSES;
			memset(table, -1, sizeof table);
		}
		if (!C->srcv[i] && !every)
			continue;
		const Foot *f = &ev[C->gen[i]].foot;
		unsigned h = foot_hash(f, MATCH_EXACT);
		while (table[h] >= 0 && !same_foot(foot[first + table[h]], f))
			h = (h + 1) & 127;
		if (table[h] >= 0) {
			K->start[first + table[h]] |= C->srcv[i];
			continue;
		}
		if (nc - first == MAX_CLASSES)
			return -1;
		table[h] = (signed char)(nc - first);
		foot[nc] = f;
		K->start[nc] = C->srcv[i];
		K->haz[nc] = 0;
		if (!f->alloc) {
			anym |= (CWord)1 << nc;
		} else {
			alloc_class_add(allocs, amask, &na, f->alloc, nc); /* the classes by allocation */
		}
		nc++;
	}
	if (nsrc == nw)
		nwc = nc;
	CWord all = nc == 64 ? ~(CWord)0 : ((CWord)1 << nc) - 1;
	CWord wmask = nwc == 64 ? ~(CWord)0 : ((CWord)1 << nwc) - 1;
	/* As in cut_key_aware: a hazard of no allocation adds to every class
	 * of its kinds, and one of an allocation to every class of no
	 * allocation, gathered by kind; a class of its allocation per pair. */
	CWord none_any = 0, none_wr = 0, anyc_any = 0, anyc_wr = 0;
	for (int a = 0; a < C->nasync; a++) {
		CWord hv = C->hazv[a];
		if (!hv)
			continue;
		const Foot *t = &ev[C->async[a]].foot;
		int wr = ev[C->async[a]].kind != EV_AREAD;
		if (!t->alloc) {
			none_any |= hv;
			none_wr |= wr ? hv : 0;
			continue;
		}
		anyc_any |= hv;
		anyc_wr |= wr ? hv : 0;
		int k = 0;
		while (k < na && allocs[k] != t->alloc)
			k++;
		for (CWord x = k < na ? amask[k] & (wr ? all : wmask) : 0; x; x &= x - 1) {
			int c = __builtin_ctzll(x);
			const Foot *fc = foot[c];
			if (!t->known || !fc->known || (fc->lo < t->hi && t->lo < fc->hi))
				K->haz[c] |= hv;
		}
	}
	for (int c = 0; c < nc; c++) {
		int w = c < nwc; /* a class of writes: every hazard counts (of reads: the async writes) */
		K->haz[c] |= w ? none_any : none_wr;
		if (anym >> c & 1)
			K->haz[c] |= w ? anyc_any : anyc_wr;
	}
	return nc;
}

/* The live classes of a key (those whose sources reach some given node and
 * with a hazard reached from one) from its start and haz rows, and which of
 * them are below the first; the key then ready. */
static void
key_live(struct CutKey *K)
{
	K->nlive = 0;
	K->below = 0;
	for (int c = 0; c < K->nc; c++) {
		if (!K->start[c] || !K->haz[c])
			continue;
		if (K->nlive && !(K->haz[c] & ~K->haz[K->live[0]]))
			K->below |= (CWord)1 << K->nlive;
		K->live[K->nlive++] = (unsigned char)c;
	}
	K->ready = 1;
}

/* The classes of a key from classes() and hazard_masks() themselves (an
 * alias-aware key with more than MAX_CLASSES footprints of a kind), and
 * K->direct; returns the count. */
static int
cut_key_classes(const OrcSoundCut *C, struct CutKey *K, const OracleOptions *o)
{
	CWord members[2 * MAX_CLASSES], hsrc[2 * MAX_CLASSES]; /* hsrc: the sources reaching a hazard of c */
	Class cl[2 * MAX_CLASSES];
	cut_scratch(C->n);
	int *cls = cbuf.ints;
	uint64_t *hm = cbuf.masks;
	int nc = classes_split(C->g, o, cl, cls, C->gen, C->ngen, C->nwrites);
	hazard_masks(C->g, o, cl, nc, C->async, C->nasync, hm);
	for (int c = 0; c < nc; c++)
		K->start[c] = K->haz[c] = members[c] = hsrc[c] = 0;
	for (int i = 0; i < C->ngen; i++) {
		int c = cls[C->gen[i]];
		if (c < 0)
			continue;
		members[c] |= (CWord)1 << i;
		K->start[c] |= C->srcv[i];
	}
	for (int a = 0; a < C->nasync; a++)
		for (uint64_t x = hm[a]; x; x &= x - 1) {
			int c = __builtin_ctzll(x);
			K->haz[c] |= C->hazv[a];
			hsrc[c] |= C->asrc[a];
		}
	K->direct = 0;
	for (int c = 0; c < nc; c++)
		K->direct |= (hsrc[c] & members[c]) != 0;
	return nc;
}

/* The options' part of a cut: the classes, the classes reaching each given
 * node, the hazards each given node reaches, and whether a class reaches a
 * hazard of its own past no given node (direct).  By class: the given
 * nodes its sources reach, and the given nodes from which a hazard of the
 * class is reached. */
static void
cut_key_make(OrcSoundCut *C, struct CutKey *K, const OracleOptions *o)
{
	int nc = o->alias_aware ? cut_key_aware(C, K, o) : cut_key_plain(C, K, o);
	if (nc < 0)
		nc = cut_key_classes(C, K, o);
	K->nc = nc;
	key_live(K);
}

/* K->direct of C's alias-aware key under o when known without the key, else
 * -1.  An alias-aware hazard is one of the plain key's, so a plain key of
 * the same war with no direct hit has none; and when every given node is a
 * fence (no nop), a direct hit is a hit on the graph as it is, whose
 * verdict the graph may hold. */
static int
aware_direct(const OrcSoundCut *C, const OracleOptions *o)
{
	const struct CutKey *P = &C->key[opt_key(o) & ~1];
	if (P->ready && !P->direct)
		return 0;
	if (!C->nop && C->g->sound[opt_key(o)] >= 0)
		return !C->g->sound[opt_key(o)];
	return -1;
}

/* cut_key_make for a query: an alias-aware key whose K->direct is known is
 * made of what its live classes read (cut_key_reach), or (a direct hit)
 * of nothing more. */
static void
cut_key_query(OrcSoundCut *C, struct CutKey *K, const OracleOptions *o)
{
	int d = o->alias_aware ? aware_direct(C, o) : -1;
	int nc = d > 0 ? 0 : d == 0 ? cut_key_reach(C, K, o) : -1;
	if (nc < 0) {
		cut_key_make(C, K, o);
		return;
	}
	K->direct = d;
	K->nc = nc;
	key_live(K);
}

/* 1 when live class i of key K of C hits a hazard through the open given
 * nodes go, else 0 and *reached: the given nodes it reached. */
static inline int
class_hits(const OrcSoundCut *C, const struct CutKey *K, int i, CWord go, CWord *reached)
{
	int c = K->live[i];
	CWord hz = K->haz[c], R = K->start[c] & go, F = R;
	if (R & hz)
		return 1;
	while (F) {
		int j = __builtin_ctzll(F);
		F &= F - 1;
		CWord nw = C->reach[j] & go & ~R;
		if (nw & hz)
			return 1;
		R |= nw;
		F |= nw;
	}
	*reached = R;
	return 0;
}

/* cut_search of a key of more than one live class.  Not inlined: the
 * search of one class keeps fewer registers without it. */
static __attribute__((noinline)) int
cut_search_many(const OrcSoundCut *C, const struct CutKey *K, CWord open)
{
	CWord first = 0; /* what live[0] reached */
	for (int i = 0; i < K->nlive; i++) {
		/* A class below live[0] need not enter what live[0] reached: no
		 * hazard of it is reached from there. */
		CWord go = K->below >> i & 1 ? open & ~first : open, R;
		if (class_hits(C, K, i, go, &R))
			return 0;
		if (!i)
			first = R;
	}
	return 1;
}

/* The search of cut_query on C's key K under o, made. */
static inline int
cut_search(const OrcSoundCut *C, const struct CutKey *K, const uint64_t *flip)
{
	if (K->direct)
		return 0;
	CWord open = (flip[0] ^ C->nop) & C->valid, R;
	if (K->nlive > 1)
		return cut_search_many(C, K, open);
	return !K->nlive || !class_hits(C, K, 0, open, &R);
}

/* cut_query under alias-aware o without a key, when no source reaches a
 * hazard of its class past no given node and each source's class is its
 * footprint (cut_exact): a hit is a source and a hazard that it may hit
 * (hazard(), and footprints that may overlap), the hazard reached from the
 * open given nodes that the source reaches through open given nodes.
 * open: the open given nodes. */
static int
cut_search_pairs(const OrcSoundCut *C, const OracleOptions *o, CWord open)
{
	const Event *ev = C->g->ev;
	int ha[64], nh = 0; /* the hazards reached from an open given node */
	CWord hor = 0;
	for (int a = 0; a < C->nasync; a++)
		if (C->hazv[a] & open)
			ha[nh++] = a, hor |= C->hazv[a];
	if (!nh)
		return 1;
	int nw = C->nwrites, nsrc = o->war ? C->ngen : nw;
	CWord last = 0, lastr = 0; /* the last closure: sources of one stretch share their rows */
	for (int i = 0; i < nsrc; i++) {
		CWord S = C->srcv[i] & open;
		if (!S)
			continue;
		if (S != last) {
			CWord R = S, F = S;
			while (F) {
				int j = __builtin_ctzll(F);
				F &= F - 1;
				CWord more = C->reach[j] & open & ~R;
				R |= more;
				F |= more;
			}
			last = S, lastr = R;
		}
		if (!(lastr & hor))
			continue;
		const Foot *f = &ev[C->gen[i]].foot;
		for (int x = 0; x < nh; x++) {
			int a = ha[x];
			const Event *t = &ev[C->async[a]];
			if (!(C->hazv[a] & lastr) || (i >= nw && t->kind != EV_AWRITE))
				continue; /* a generic read: only an async write is its hazard */
			if (orc_foot_overlap(f, &t->foot))
				return 0;
		}
	}
	return 1;
}

/* 1 when no kind of C's sources under o (war or not) has more than
 * MAX_CLASSES footprints, so that with alias_aware each source's class is
 * its footprint (classes() groups by MATCH_EXACT), else 0; kept in C.  A
 * kind of at most MAX_CLASSES sources is not looked at. */
static int
cut_exact(OrcSoundCut *C, const OracleOptions *o)
{
	int w = o->war != 0;
	if (C->exact[w] >= 0)
		return C->exact[w];
	const Event *ev = C->g->ev;
	int nw = C->nwrites, nsrc = w ? C->ngen : nw, ok = 1;
	for (int k = 0; k < 2 && ok; k++) {
		int lo = k ? nw : 0, hi = k ? nsrc : nw, nf = 0;
		if (hi - lo <= MAX_CLASSES)
			continue;
		const Foot *foot[MAX_CLASSES];
		signed char table[128]; /* the kind's footprints, as in group() */
		memset(table, -1, sizeof table);
		for (int i = lo; i < hi && ok; i++) {
			const Foot *f = &ev[C->gen[i]].foot;
			unsigned h = foot_hash(f, MATCH_EXACT);
			while (table[h] >= 0 && !same_foot(foot[table[h]], f))
				h = (h + 1) & 127;
			if (table[h] >= 0)
				continue;
			if (nf == MAX_CLASSES) {
				ok = 0;
			} else {
				table[h] = (signed char)nf;
				foot[nf++] = f;
			}
		}
	}
	return C->exact[w] = (signed char)ok;
}

/* K->direct of C's alias-aware key under o, from the pairs of a source and
 * a hazard that it reaches past no given node and may hit (as in
 * cut_search_pairs), when each source's class is its footprint
 * (cut_exact); else -1. */
static int
cut_direct_pairs(OrcSoundCut *C, const OracleOptions *o)
{
	const Event *ev = C->g->ev;
	int nw = C->nwrites, nr = o->war ? C->ngen - nw : 0;
	if (!cut_exact(C, o))
		return -1;
	CWord wmask = nw == 64 ? ~(CWord)0 : ((CWord)1 << nw) - 1;
	CWord smask = nw + nr == 64 ? ~(CWord)0 : ((CWord)1 << (nw + nr)) - 1;
	for (int a = 0; a < C->nasync; a++) {
		const Event *t = &ev[C->async[a]];
		CWord x = C->asrc[a] & (t->kind == EV_AWRITE ? smask : wmask);
		if (x && !t->foot.alloc)
			return 1;
		for (; x; x &= x - 1)
			if (orc_foot_overlap(&ev[C->gen[__builtin_ctzll(x)]].foot, &t->foot))
				return 1;
	}
	return 0;
}

/* Queries under one options' key answered without it (cut_search_pairs)
 * before it is made. */
enum { CUT_PAIR_QUERIES = 16 };

/* cut_query's queries under o before the key is made: the first few by
 * cut_search_pairs where it can, then the key made and searched.  Not
 * inlined: the queries after it keep no registers for it. */
static __attribute__((noinline)) int
cut_query_first(OrcSoundCut *C, const OracleOptions *o, const uint64_t *flip)
{
	struct CutKey *K = &C->key[opt_key(o)];
	if (o->alias_aware && K->asked < CUT_PAIR_QUERIES && !aware_direct(C, o) && cut_exact(C, o)) {
		K->asked++;
		return cut_search_pairs(C, o, (flip[0] ^ C->nop) & C->valid);
	}
	cut_key_query(C, K, o);
	return cut_search(C, K, flip);
}

static int
cut_query(OrcSoundCut *C, const OracleOptions *o, const uint64_t *flip)
{
	if (C->overflow)
		return 0;
	const struct CutKey *K = &C->key[opt_key(o)];
	if (!K->ready)
		return cut_query_first(C, o, flip);
	return cut_search(C, K, flip);
}

int
orc_sound_cut_query(OrcSoundCut *C, const OracleOptions *o, const uint64_t *flip)
{
#ifdef FENCEFUZZ_PLACEMENT_SELFCHECK
	/* The verdict of the plan's search on the graph with the given nodes
	 * flipped (the cut's rows, its projection and its keys all checked). */
	int r = cut_query(C, o, flip);
	unsigned char *on = calloc((size_t)C->n + 1, 1);
	if (!on)
		abort();
	for (int j = 0; j < C->nvar; j++)
		on[C->var[j]] = (unsigned char)(flip[0] >> j & 1);
	OrcSoundPlan *P = orc_sound_plan(C->g, o);
	if (orc_is_sound_plan(P, on) != r)
		abort();
	orc_sound_plan_free(P);
	free(on);
	return r;
#else
	return cut_query(C, o, flip);
#endif
}

/* ---- the cut at every fence ---------------------------------------------------------------- */

/* The cut of a graph at every one of its fences (cut_fill with var NULL),
 * kept in one of the graph's plans (one made for it when it has none,
 * its queries' part made at its first query: graph_plan), so that a
 * rebuilt or freed graph drops it with them.  Its verdicts are the graph's
 * soundness as it is (no fence read the other way round), and a cut of the
 * graph at some of its fences is this cut with the other fences' columns
 * left out (cut_project): a path that passes no fence passes no given
 * fence and no other, whichever the given ones are. */
static const OrcSoundCut *
fence_cut(const EventGraph *g, int make)
{
	EventGraph *m = (EventGraph *)g; /* a cache: the graph stays const to its readers */
	for (int k = 0; k < 4; k++)
		if (m->plans[k] && m->plans[k]->fstate)
			return m->plans[k]->fstate > 0 ? m->plans[k]->fcut : NULL;
	if (!make)
		return NULL;
	int k = 0;
	while (k < 4 && !m->plans[k])
		k++;
	if (k == 4)
		m->plans[k = 0] = plan_new(g);
	OrcSoundPlan *P = m->plans[k];
	P->fcut = cut_alloc();
	P->fstate = 1;
	if (cut_fill(P->fcut, g, NULL, 0) < 0) {
		orc_sound_cut_free(P->fcut);
		P->fcut = NULL;
		P->fstate = -1;
	}
	return P->fcut;
}

int
orc_sound_async_sites(const EventGraph *g, const int **list)
{
	const OrcSoundCut *F = fence_cut(g, 0);
	if (!F)
		return -1;
	*list = F->sited;
	return F->nsited;
}

/* 1 when g under o is sound as it is, 0 when not, -1 when the cut at
 * every fence is not at hand (make: made when it can be). */
static int
fence_cut_sound(const EventGraph *g, const OracleOptions *o, int make)
{
	OrcSoundCut *F = (OrcSoundCut *)fence_cut(g, make);
	if (!F)
		return -1;
	struct CutKey *K = &F->key[opt_key(o)];
	if (!K->ready) {
		int d = o->alias_aware ? cut_direct_pairs(F, o) : -1;
		if (d >= 0) /* the key left to its queries */
			return !d;
		cut_key_make(F, K, o);
	}
	return !K->direct;
}

/* C: the cut at var[0 .. nvar) of F's graph, from F, its cut at every
 * fence; -1 when some given node is no fence.  A row of given nodes keeps
 * the columns of var (given node j of C: column j); the hazards stay F's,
 * those that only left-out fences reach adding nothing to a key; the keys
 * are F's when var is every fence in node order. */
/* The set of F's given nodes x as a set of C's (col: the bit of each of
 * sel in C). */
static CWord
project(CWord x, CWord sel, const CWord *col)
{
	CWord r = 0;
	for (x &= sel; x; x &= x - 1)
		r |= col[__builtin_ctzll(x)];
	return r;
}

static int
cut_project(OrcSoundCut *C, const OrcSoundCut *F, const int *var, int nvar)
{
	CWord col[64], sel = 0; /* col[b]: the bit of F's given node b in C */
	int same = nvar == F->nvar;
	cut_scratch(F->n);
	int *fcol = cbuf.ints; /* by fence: its column in F (F's given nodes are every fence) */
	for (int b = 0; b < F->nvar; b++)
		fcol[F->var[b]] = b;
	for (int j = 0; j < nvar; j++) {
		int v = var[j];
		if (v < 0 || v >= F->n || F->g->ev[v].kind != EV_FENCE)
			return -1;
		int b = fcol[v];
		col[b] = (CWord)1 << j;
		sel |= (CWord)1 << b;
		same &= b == j;
	}
	C->g = F->g, C->n = F->n, C->nvar = nvar, C->ngen = F->ngen, C->nasync = F->nasync;
	C->overflow = F->overflow;
	C->exact[0] = F->exact[0], C->exact[1] = F->exact[1]; /* the same sources */
	C->nwrites = F->nwrites;
	C->nop = 0; /* every given node a fence */
	C->valid = nvar == 64 ? ~(CWord)0 : ((CWord)1 << nvar) - 1;
	memcpy(C->gen, F->gen, sizeof *C->gen * (size_t)F->ngen);
	memcpy(C->async, F->async, sizeof *C->async * (size_t)F->nasync);
	memcpy(C->asrc, F->asrc, sizeof *C->asrc * (size_t)F->nasync);
	memcpy(C->var, var, sizeof *var * (size_t)nvar);
	if (same) {
		memcpy(C->reach, F->reach, sizeof *C->reach * (size_t)nvar);
		memcpy(C->srcv, F->srcv, sizeof *C->srcv * (size_t)F->ngen);
		memcpy(C->hazv, F->hazv, sizeof *C->hazv * (size_t)F->nasync);
		for (int k = 0; k < 4; k++)
			if ((C->key[k].ready = F->key[k].ready))
				C->key[k] = F->key[k];
			else
				C->key[k].asked = 0;
		return 0;
	}
	for (int k = 0; k < 4; k++) {
		/* A key's rows are sets of given nodes, projected as the cut's; a
		 * class whose sources reach no given node of C is never live, so
		 * its hazards' columns, which F may have found for the left-out
		 * fences only, are never read. */
		const struct CutKey *K = &F->key[k];
		struct CutKey *P = &C->key[k];
		P->asked = 0;
		if (!(P->ready = K->ready))
			continue;
		P->nc = K->nc;
		P->direct = K->direct;
		for (int c = 0; c < K->nc; c++) {
			P->start[c] = project(K->start[c], sel, col);
			P->haz[c] = project(K->haz[c], sel, col);
		}
		key_live(P);
	}
	for (int b = 0; b < F->nvar; b++) {
		if (!(sel >> b & 1))
			continue;
		C->reach[__builtin_ctzll(col[b])] = project(F->reach[b], sel, col);
	}
	for (int i = 0; i < F->ngen; i++)
		C->srcv[i] = project(F->srcv[i], sel, col);
	for (int a = 0; a < F->nasync; a++)
		C->hazv[a] = project(F->hazv[a], sel, col);
	return 0;
}

#ifdef FENCEFUZZ_PLACEMENT_SELFCHECK
/* Aborts unless C, projected, holds what cut_fill makes of the same nodes:
 * the same rows, and each hazard of cut_fill's with the same sets, the
 * others reached from no given node nor source. */
static void
cut_check(const OrcSoundCut *C, const EventGraph *g, const int *var, int nvar)
{
	OrcSoundCut *D = malloc(sizeof *D);
	if (!D || cut_fill(D, g, var, nvar) < 0)
		abort();
	if (D->ngen != C->ngen || D->nwrites != C->nwrites || D->nvar != C->nvar || D->valid != C->valid ||
	    D->nop != C->nop)
		abort();
	for (int i = 0; i < D->ngen; i++)
		if (D->gen[i] != C->gen[i] || D->srcv[i] != C->srcv[i])
			abort();
	for (int j = 0; j < D->nvar; j++)
		if (D->reach[j] != C->reach[j])
			abort();
	int a = 0;
	for (int b = 0; b < C->nasync; b++) {
		if (a < D->nasync && D->async[a] == C->async[b]) {
			if (D->hazv[a] != C->hazv[b] || D->asrc[a] != C->asrc[b])
				abort();
			a++;
		} else if (C->hazv[b] || C->asrc[b]) {
			abort();
		}
	}
	if (a != D->nasync)
		abort();
	for (int k = 0; k < 4; k++) {
		const struct CutKey *P = &C->key[k], *K = &D->key[k];
		if (!P->ready)
			continue;
		OracleOptions o = {0};
		o.war = k >> 1;
		o.alias_aware = k & 1;
		cut_key_make(D, &D->key[k], &o);
		if (P->nc != K->nc || P->direct != K->direct || P->nlive != K->nlive || P->below != K->below)
			abort();
		for (int i = 0; i < K->nlive; i++)
			if (P->live[i] != K->live[i] || P->start[K->live[i]] != K->start[K->live[i]] ||
			    P->haz[K->live[i]] != K->haz[K->live[i]])
				abort();
	}
	free(D);
}
#endif
